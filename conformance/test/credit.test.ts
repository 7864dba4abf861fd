/**
 * No credit without observation (observed.ts): a server that refuses every request passes every
 * refusal the suite sends and earns no requirement; a requirement observed only through a capability
 * is not credited without it; a run's refusals of an operation count only beside that operation
 * accepted somewhere in the run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import { REFERENCE_CAPABILITIES } from '../src/adapters/reference.js';
import { defineCase } from '../src/case.js';
import { allCases } from '../src/cases/index.js';
import { startEmbedded } from '../src/embedded.js';
import type { Observations } from '../src/observed.js';
import { runCoverage } from '../src/report/console.js';
import { type CaseResult, creditRun, runCases, runOne } from '../src/runner.js';
import { pinSettings } from './helpers.js';

/** A server that answers every request 400 with a well-formed error body. */
let refuser: Server;
let target: Target;
beforeAll(async () => {
  refuser = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_refused' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'no' } }));
    });
  });
  await new Promise<void>((resolve) => refuser.listen(0, '127.0.0.1', resolve));
  const { port } = refuser.address() as AddressInfo;
  target = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminKey: `${spec.vendor.prefixes.adminKey}01-refused`,
    workspace: { id: 'wrkspc_refused', apiKey: 'sk-refused-workspace-key' },
    organizationId: '00000000-0000-4000-8000-000000000000',
  };
});
afterAll(() => new Promise<void>((resolve) => refuser.close(() => resolve())));

const noAdapter: Adapter = { name: 'none', capabilities: new Set() } as Adapter;

describe('no credit without observation', () => {
  it('a server that refuses everything earns no requirement, whatever passes', async () => {
    const results = await runCases(allCases, {
      target,
      adapter: noAdapter,
      spec,
      settings: { ...pinSettings(), numRuns: 3 },
      concurrency: 4,
    });
    // Refusals pass (negative cases, credential checks) ...
    expect(results.filter((r) => r.outcome === 'passed').length).toBeGreaterThan(10);
    // ... and count for nothing.
    const coverage = runCoverage(results);
    expect(coverage.checked).toBe(0);
    expect(coverage.verdict).not.toBe('conformant');
    expect(results.flatMap((r) => r.credited)).toEqual([]);
  }, 300_000);

  it("a refusal of an operation counts only beside that operation's acceptance in the run", () => {
    const observed = (accepted: string[], refused: string[]): Observations => ({
      accepted,
      refused,
      anyAccepted: accepted.length > 0,
      refusedOther: false,
    });
    const result = (id: string, observations: Observations): CaseResult => ({
      id,
      family: 'negative',
      title: id,
      requirements: [`${id.toUpperCase()}-REQ`],
      credited: [`${id.toUpperCase()}-REQ`],
      outcome: 'passed',
      durationMs: 1,
      requests: 1,
      observations,
    });
    const run = creditRun([
      result('refuses', observed([], ['oauth.token', 'messages.create'])),
      result('accepts', observed(['messages.create'], [])),
    ]);
    expect(run[0]?.credited).toEqual([]);
    expect(run[0]?.uncredited).toMatch(/no valid request of oauth\.token accepted/);
    expect(run[1]?.credited).toEqual(['ACCEPTS-REQ']);
    const backed = creditRun([
      result('refuses', observed([], ['messages.create'])),
      result('accepts', observed(['messages.create'], [])),
    ]);
    expect(backed[0]?.credited).toEqual(['REFUSES-REQ']);
  });

  it('a requirement observed only through a capability is not credited without it', async () => {
    const c = allCases.find((x) => x.id === 'dreams.pipeline-session-readable')!;
    const embedded = await startEmbedded({ seed: 7 });
    try {
      const run = (capabilities: ReadonlySet<string>) =>
        runOne(c, {
          target: embedded.target,
          adapter: { ...embedded.adapter, capabilities } as Adapter,
          spec,
          settings: pinSettings(),
        });
      const all = await run(REFERENCE_CAPABILITIES);
      expect(all.outcome).toBe('passed');
      expect(all.credited).toContain('DREAM-PIPELINE-SESSION-ARCHIVED');
      const without = await run(new Set([...REFERENCE_CAPABILITIES].filter((x) => x !== 'session-state')));
      expect(without.outcome).toBe('passed');
      expect(without.credited).not.toContain('DREAM-PIPELINE-SESSION-ARCHIVED');
      expect(without.credited.length).toBe(c.requirements.length - 1);
      expect(without.uncredited).toMatch(/session-state/);
    } finally {
      await embedded.close();
    }
  }, 120_000);
});

describe("a fault of the suite is not the server's", () => {
  it('a case that uses a capability its needs do not name is skipped with the suite error, never failed', async () => {
    const undeclared = defineCase({
      id: 'framework.undeclared-capability',
      family: 'framework',
      title: 'uses a capability its needs do not name',
      requirements: [],
      async run(ctx) {
        await ctx.property(fc.constant(1), async () => {
          await ctx.fixture('sessions', 'createSession', ctx.target.workspace);
        });
      },
    });
    const embedded = await startEmbedded({ seed: 7 });
    try {
      const r = await runOne(undeclared, {
        target: embedded.target,
        adapter: embedded.adapter,
        spec,
        settings: pinSettings(),
      });
      expect(r.outcome).toBe('skipped');
      expect(r.suiteError).toMatch(/internal error of the suite, not of the server.*sessions/);
      expect(runCoverage([r]).verdict).toBe('partial');
    } finally {
      await embedded.close();
    }
  });
});
