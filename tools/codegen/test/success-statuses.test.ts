/**
 * Success statuses the documents leave open: the OpenAPI document lists, beside the status an
 * operation records, every other success status a correct server may answer, and the reference
 * server (with or without its variants) answers only statuses the document lists.
 */
import { spec, VARIANTS } from '@vendor-api/spec';
import { validateResponse } from '@vendor-api/validators';
import { describe, expect, it } from 'vitest';
import { ChoiceSet } from '../../../packages/reference-server/src/choices/index.js';
import { buildOpenApi } from '../src/openapi.js';

type Responses = Record<string, { description: string; content?: unknown; 'x-unspecified'?: unknown }>;

const doc = buildOpenApi(spec) as { paths: Record<string, Record<string, { operationId?: string }>> };
const responsesOf = (id: string): Responses => {
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item))
      if (op.operationId === id) return (op as { responses: Responses }).responses;
  throw new Error(`no operation ${id} in the document`);
};
const successKeys = (r: Responses) => Object.keys(r).filter((k) => /^2\d\d$/.test(k));

/** The Unspecified items of the catalog that leave an operation's success status open. */
const OPEN_STATUS = new Set<string>(VARIANTS.find((v) => v.name === 'other-success-statuses')!.unspecified);

/** Servers with the documented choices, the success-status variant, and every variant at once. */
const SERVERS = [[], ['other-success-statuses'], VARIANTS.map((v) => v.name)].map((names) => ({
  names: names.join(',') || 'no variant',
  successStatus: new ChoiceSet(names).current.successStatus,
}));

describe('success statuses the documents leave open', () => {
  it('a server answers only success statuses the document lists, each other one marked with the item that leaves it open', () => {
    let others = 0;
    for (const e of spec.endpoints) {
      const responses = responsesOf(e.id);
      const cited = e.unspecified.filter((id) => OPEN_STATUS.has(id));
      for (const server of SERVERS) {
        const status = server.successStatus(e, e.success.status);
        const at = `${e.id} (${server.names}) answers ${status}`;
        expect(successKeys(responses), at).toContain(String(status));
        if (status === e.success.status) continue;
        others++;
        const listed = responses[String(status)]!;
        expect(cited, at).toContain(listed['x-unspecified']);
        expect(listed.description, at).toContain(String(listed['x-unspecified']));
        expect(listed.content, at).toEqual(responses[String(e.success.status)]!.content);
      }
    }
    // The variant answers another status for some operations (creations and ends), on its own and with all.
    expect(others).toBeGreaterThanOrEqual(2);
  });

  it('lists other success statuses only where an Unspecified item leaves the status open, as the spec records them', () => {
    for (const e of spec.endpoints) {
      const responses = responsesOf(e.id);
      const cited = e.unspecified.filter((id) => OPEN_STATUS.has(id));
      const recorded = e.success.others ?? [];
      expect(successKeys(responses), e.id).toEqual(
        [e.success.status, ...recorded.map((o) => o.status)].sort().map(String),
      );
      for (const other of recorded) {
        expect(cited, e.id).toContain(other.unspecified);
        expect(responses[String(other.status)]!['x-unspecified'], e.id).toBe(other.unspecified);
      }
      if (cited.length === 0) expect(recorded, e.id).toEqual([]);
    }
  });

  it('the validators judge the body of another success status by the success schema, in every mode', () => {
    let checked = 0;
    for (const e of spec.endpoints) {
      for (const { status } of e.success.others ?? []) {
        for (const mode of ['strict', 'lenient', 'contract'] as const) {
          // Not a body of any success schema: refused where the documents show the body, else accepted.
          const result = validateResponse(e.id, status, [], { mode });
          expect(result.ok, `${e.id} ${status} ${mode}`).toBe(e.success.response.schema === undefined);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
