/**
 * The negative family: each generated input is a valid request with exactly one documented
 * constraint broken, rejected by the contract form of the spec's request validator; inputs the
 * documents are silent about (unknown fields and query parameters, unshown kinds) are never
 * generated; a case cites exactly the requirements its constraints break; and the cases fail a
 * server that accepts anything.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spec } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakableConstraints,
  breaking,
  constraintsOf,
  validRequests,
} from '../src/cases/negative/constraints.js';
import { cases } from '../src/cases/negative/index.js';
import { rejected } from '../src/cases/negative/inputs.js';
import { runOne } from '../src/runner.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1) | 0;
const endpoint = (id: string) => spec.endpoints.find((e) => e.id === id)!;

describe('negative inputs', () => {
  it('are valid requests with one constraint broken, rejected by the contract (seed printed on failure)', () => {
    for (const e of spec.endpoints) {
      const valid = validRequests(e, seed);
      for (const a of valid) expect([e.id, seed, rejected(e, a, 'contract')]).toEqual([e.id, seed, false]);
      for (const c of breakableConstraints(e)) {
        const a = breaking(e, c, valid) ?? breaking(e, c, validRequests(e, 1));
        expect([e.id, c.what, seed, a !== null && rejected(e, a, 'contract')]).toEqual([
          e.id,
          c.what,
          seed,
          true,
        ]);
      }
    }
  });

  it('never break what the documents leave open: unknown fields and parameters, unshown kinds', () => {
    const count = endpoint('messages.count_tokens');
    const [valid] = validRequests(count, 1);
    const withUnknown = { ...valid!, body: { ...(valid!.body as object), unknown_field: 1 } };
    expect(rejected(count, withUnknown, 'contract')).toBe(false);
    expect(rejected(count, withUnknown, 'strict')).toBe(true);
    const whats = spec.endpoints.flatMap((e) => constraintsOf(e).map((c) => c.what));
    expect(whats.some((w) => /unknown/.test(w))).toBe(false);
  });

  it('cite exactly the requirements their constraints break', () => {
    const known = new Set(spec.requirements.map((r) => r.id));
    for (const c of cases) {
      for (const id of c.requirements) expect(known.has(id)).toBe(true);
    }
    const batches = cases.find((c) => c.id === 'negative.messages-batches-create')!;
    expect(batches.requirements).toContain('BATCH-ITEM-CUSTOM-ID-PATTERN');
    expect(batches.requirements).toContain('BATCH-CREATE-MAX-REQUESTS');
    // An operation with no documented constraint and no body has no case.
    expect(cases.map((c) => c.id)).not.toContain('negative.messages-batches-results');
  });
});

describe('negative cases against a server that accepts anything', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (id: string) =>
    runOne(cases.find((x) => x.id === id)!, {
      target: {
        baseUrl: url,
        adminKey: 'sk-admin',
        workspace: { id: 'wrkspc_x', apiKey: 'key' },
        organizationId: '00000000-0000-4000-8000-000000000000',
      },
      adapter: { name: 'none', capabilities: new Set() },
      spec,
      settings: { seed, numRuns: 5, timeoutMs: 5000 },
    });

  it('fail it where the documents answer invalid requests', async () => {
    const r = await run('negative.messages-create');
    expect(r.outcome).toBe('failed');
    expect(r.failure?.message).toContain('expected a 4xx status');
  });

  it('advise it, never fail it, where the documents show no HTTP-level errors (the suite policy)', async () => {
    for (const id of ['negative.messages-batches-create', 'negative.messages-count-tokens']) {
      const r = await run(id);
      expect(r.outcome, id).toBe('passed');
      expect(
        r.advisories?.map((a) => a.unspecified),
        id,
      ).toEqual([id.endsWith('create') ? 'UNSPEC-BATCH-CREATE-ERRORS' : 'UNSPEC-TOKENS-ERRORS']);
      expect(r.advisories?.[0]?.message, id).toContain('expected a 4xx status');
      // What the advisory checks would have observed is not credited.
      expect(r.credited, id).not.toContain('ERROR-BODY-ERROR-TYPE');
    }
  });
});
