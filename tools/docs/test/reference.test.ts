/**
 * The annotated copy the reference is rendered from: each operation's description names the
 * operations its responses link to, the machine rows it drives and what the documents leave open;
 * the published document is not changed.
 */
import { document } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { operationHref } from '../src/html.js';
import { annotate, UNSPECIFIED_MARK } from '../src/reference.js';

type Obj = Record<string, any>;
const before = JSON.stringify(document);
const annotated = annotate(document, spec);
const operations = Object.values(annotated.paths as Obj).flatMap((item) =>
  ['get', 'post', 'delete'].filter((m) => item[m]).map((m) => item[m] as Obj),
);

describe('the annotated reference', () => {
  it('describes each response link once, pointing at the target operation', () => {
    let links = 0;
    for (const op of operations) {
      const withLinks = Object.entries(op.responses as Obj).filter(([, r]) => r.links);
      expect(op.description.split('**Links.**').length - 1, op.operationId).toBe(withLinks.length);
      for (const [status, response] of withLinks)
        for (const link of Object.values(response.links as Obj)) {
          const target = spec.endpoints.find((e) => e.id === link.operationId)!;
          expect(op.description, `${op.operationId} ${status}`).toContain(`(${operationHref(target)})`);
          links++;
        }
    }
    expect(links).toBeGreaterThan(0);
  });

  it('names the machine rows an operation drives and links the machine page', () => {
    for (const m of Object.values(spec.machines))
      for (const event of Object.values(m.events as Record<string, { operation?: string }>)) {
        if (!event.operation) continue;
        const op = operations.find((o) => o.operationId === event.operation)!;
        expect(op.description).toContain(`(machines/${m.id}.html)`);
      }
  });

  it("tells an operation's machine rows apart (rows from one state differ by their condition)", () => {
    let rows = 0;
    for (const op of operations) {
      const lines = (op.description as string).split('\n').filter((l) => l.startsWith('- `'));
      rows += lines.length;
      expect(new Set(lines).size, op.operationId).toBe(lines.length);
    }
    // the exchange's chain alone has rows that differ only by their guards
    expect(operations.find((o) => o.operationId === 'oauth.token')?.description).toContain('(when ');
    expect(rows).toBeGreaterThan(0);
  });

  it('marks every unspecified item of every operation, and every response whose body is not shown', () => {
    for (const e of spec.endpoints) {
      const op = operations.find((o) => o.operationId === e.id)!;
      if (e.unspecified.length) expect(op.description).toContain(UNSPECIFIED_MARK);
      for (const id of e.unspecified) expect(op.description).toContain(`(unspecified.html#${id})`);
      for (const response of Object.values(op.responses as Obj))
        if (response['x-unspecified']) expect(response.description).toContain(UNSPECIFIED_MARK);
    }
  });

  it('leaves the published document unchanged', () => {
    expect(JSON.stringify(document)).toBe(before);
  });
});
