/**
 * The negative family: its generated inputs are all rejected by the spec's validator, operations
 * with no invalid input get no case, and the cases fail a server that accepts anything.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases } from '../src/cases/negative/index.js';
import {
  hasInvalidInput,
  invalidAttempts,
  rejected,
  requestRequirements,
} from '../src/cases/negative/inputs.js';
import { runOne } from '../src/runner.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1) | 0;
const endpoint = (id: string) => spec.endpoints.find((e) => e.id === id)!;

describe('negative inputs', () => {
  it('are rejected by the spec validator for every operation that has a case', () => {
    for (const e of spec.endpoints.filter(hasInvalidInput)) {
      for (const a of fc.sample(invalidAttempts(e), { numRuns: 30, seed }))
        expect([e.id, rejected(e, a)]).toEqual([e.id, true]);
    }
  });

  it('leave out operations with no invalid input (no body, query or constrained path)', () => {
    expect(hasInvalidInput(endpoint('messages.batches.results'))).toBe(false);
    expect(hasInvalidInput(endpoint('sessions.resources.retrieve'))).toBe(false);
    expect(hasInvalidInput(endpoint('messages.create'))).toBe(true);
    expect(cases.map((c) => c.id)).not.toContain('negative.messages-batches-results');
  });

  it('cite only requirement ids of the catalog', () => {
    const known = new Set(spec.requirements.map((r) => r.id));
    for (const c of cases) {
      expect(c.requirements.length).toBeGreaterThan(0);
      for (const id of c.requirements) expect(known.has(id)).toBe(true);
    }
    expect(requestRequirements(endpoint('messages.batches.create'))).toContain(
      'BATCH-ITEM-CUSTOM-ID-PATTERN',
    );
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

  it('fail it', async () => {
    const c = cases.find((x) => x.id === 'negative.messages-batches-create')!;
    const r = await runOne(c, {
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
    expect(r.outcome).toBe('failed');
    expect(r.failure?.message).toContain('expected a 4xx status');
  });
});
