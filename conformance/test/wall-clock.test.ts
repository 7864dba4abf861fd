/**
 * Wall-clock mode: the batch and dream lifecycle cases against a reference server that runs on the
 * wall clock with its own background processing, through an adapter without the clock, the
 * drive-batches and the drive-dreams capabilities. The cases poll the documented API as a client
 * would (bounded by the run's maximum wait) and pass; only what needs 24 hours or 29 days of
 * server time, or a happening the server must be driven to, is skipped, with that reason. A seeded
 * fault still fails a case that waits on the wall clock.
 */
import { createServer, realClock } from '@vendor-api/reference-server';
import { type FaultName, spec } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import type { Capability } from '../src/capabilities.js';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { cases as dreamCases } from '../src/cases/dreams/index.js';
import { allCases } from '../src/cases/index.js';
import { cases as batchCases } from '../src/cases/message-batches/index.js';
import { type CaseResult, runCases } from '../src/runner.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1) | 0;

/**
 * Background timings of the server (ms): batches and dreams end while the cases poll. A dream
 * runs long enough that a case polling for a running dream sees it (a generous window, not a
 * measure of speed: a case that acts on a dream that ended meanwhile is judged by the row of the
 * state it reached).
 */
const TIMINGS = { batchProcessingMs: 200, dreamStartMs: 200, dreamRunMs: 2_000 } as const;

/** Generous: the server ends everything within about two seconds. */
const settings = { seed, numRuns: 5, timeoutMs: 15_000, maxWaitMs: 60_000 };

/** What the adapter withholds: the clock and every drive of the server's own progress. */
const WITHHELD: readonly Capability[] = ['clock', 'drive-batches', 'drive-dreams', 'batch-internal-errors'];

/** The reference adapter without some capabilities (and the methods that go with them). */
function withheld(inner: Adapter, lacks: readonly Capability[]): Adapter {
  const {
    advanceClock: _advanceClock,
    now: _now,
    driveBatch: _driveBatch,
    driveDream: _driveDream,
    setup: _setup,
    teardown: _teardown,
    ...rest
  } = inner;
  return {
    ...rest,
    name: `${inner.name} without ${lacks.join(', ')}`,
    capabilities: new Set([...inner.capabilities].filter((c) => !lacks.includes(c))),
  };
}

/** Cases skipped on the wall clock, with (part of) the reason each gives. */
const SKIPPED: Readonly<Record<string, string>> = {
  'message-batches.expiry-24h': 'needs 24 hours of server time: the control API offers no clock',
  'message-batches.results-retention': 'needs 29 days of server time: the control API offers no clock',
  'message-batches.internal-errors-errored':
    'needs batch requests that meet an internal error on demand: the control API offers no drive-batches',
  // Cases that judge what only driving shows (requests held unsent, the output store at each
  // ending, a streaming item's processing): they need the drives, on any clock.
  'message-batches.expired-unsent': 'the control API offers no clock',
  'message-batches.streaming-item-not-streamed': 'the control API offers no drive-batches',
  'dreams.store-effects': 'the control API offers no drive-dreams',
  'dreams.pipeline-session-readable': 'the control API offers no drive-dreams',
  'message-batches.creation-limits': 'off unless the run opts in',
  'dreams.pipeline-timeout': 'needs a dream pipeline failing with a chosen error type',
  'dreams.pipeline-org-limit': 'needs a dream pipeline failing with a chosen error type',
  'dreams.pipeline-input-too-large': 'needs a dream pipeline failing with a chosen error type',
  'dreams.pipeline-progress-updates-usage': 'needs a running dream consuming chosen tokens',
};

describe('wall-clock mode: no clock, no drives', () => {
  let app: ReturnType<typeof createServer>;
  let target: Target;
  let inner: Adapter;
  let adapter: Adapter;

  beforeAll(async () => {
    app = createServer({ testControl: true, seed, clock: realClock, timings: TIMINGS });
    const baseUrl = await app.reference.listenLocal(0);
    const { demo } = app.reference.state;
    target = {
      baseUrl,
      adminKey: demo.adminKey,
      workspace: { id: demo.workspaceId, apiKey: demo.workspaceKey },
      organizationId: demo.organizationId,
    };
    inner = referenceAdapter(baseUrl, {
      testControlToken: app.reference.testControlToken ?? '',
      organizationId: demo.organizationId,
    });
    adapter = withheld(inner, WITHHELD);
  });
  afterAll(async () => {
    await app?.close();
  });

  const run = (cases: readonly CaseDefinition[], concurrency = 6): Promise<CaseResult[]> =>
    runCases(cases, {
      target,
      adapter,
      spec,
      settings,
      concurrency,
      // What the suite says of a control API that lacks capabilities.
      missingReason: (m) => `the control API offers no ${m.join(', ')}`,
    });

  it('runs the batch and dream lifecycle cases by polling, and skips only what needs server time or a drive', async () => {
    const results = await run([...batchCases, ...dreamCases]);
    const outcomes = results.map((r) => ({
      id: r.id,
      outcome: r.outcome,
      ...(r.outcome === 'skipped' ? { reason: r.reason } : {}),
      ...(r.failure ? { failure: r.failure.message.slice(0, 600) } : {}),
    }));
    expect(outcomes).toEqual(
      results.map((r) =>
        Object.hasOwn(SKIPPED, r.id)
          ? { id: r.id, outcome: 'skipped', reason: expect.stringContaining(SKIPPED[r.id]!) }
          : { id: r.id, outcome: 'passed' },
      ),
    );
    // The lifecycle cases did run: their requests include the polls.
    for (const id of [
      'message-batches.lifecycle-model',
      'message-batches.max-tokens-zero-errored',
      'dreams.state-machine',
      'dreams.cancel-completed-is-400',
    ])
      expect(results.find((r) => r.id === id)?.requests).toBeGreaterThan(0);
  }, 240_000);

  it.each<readonly [CaseIdOf<[...typeof batchCases, ...typeof dreamCases]>, FaultName]>([
    ['message-batches.max-tokens-zero-errored', 'BATCH_COUNTS_DO_NOT_ADD_UP'],
    ['dreams.cancel-completed-is-400', 'DREAM_CANCEL_COMPLETED_OK'],
  ])(
    '%s, waiting on the wall clock, still fails the server with %s',
    async (id, fault) => {
      await inner.setFaults!([fault]);
      try {
        const [r] = await run([...batchCases, ...dreamCases].filter((c) => c.id === id));
        expect(r?.outcome).toBe('failed');
      } finally {
        await inner.setFaults!([]);
      }
    },
    60_000,
  );
});

/** The reference adapter without its clock (every drive kept). */
function withoutClock(inner: Adapter): Adapter {
  const { advanceClock: _advance, now: _now, setup: _setup, teardown: _teardown, ...rest } = inner;
  return {
    ...rest,
    name: `${inner.name} without clock`,
    capabilities: new Set([...inner.capabilities].filter((c) => c !== 'clock')),
  };
}

/** With only the clock withheld: what still needs server time the wall clock cannot give in a run. */
const SKIPPED_WITHOUT_CLOCK: Readonly<Record<string, RegExp>> = {
  'message-batches.expiry-24h': /^needs 24 hours of server time: the control API offers no clock$/,
  'message-batches.results-retention': /^needs 29 days of server time: the control API offers no clock$/,
  'message-batches.expired-unsent': /the control API offers no clock/,
  'message-batches.creation-limits': /^off unless the run opts in/,
  'federation.fetched-key-sets': /^needs a minute of server time .*: the control API offers no clock$/,
  'federation.inline-keys-update': /^needs a minute of server time .*: the control API offers no clock$/,
  'federation.token-expiry': /^needs an access token's lifetime .*: the control API offers no clock$/,
};

describe('wall-clock mode: the clock withheld, every other capability offered', () => {
  it('runs every case of the suite but those needing hours, days or minutes of server time, and they pass', async () => {
    const app = createServer({
      testControl: true,
      seed,
      clock: realClock,
      timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
    });
    try {
      const baseUrl = await app.reference.listenLocal(0);
      const { demo } = app.reference.state;
      const target: Target = {
        baseUrl,
        adminKey: demo.adminKey,
        workspace: { id: demo.workspaceId, apiKey: demo.workspaceKey },
        organizationId: demo.organizationId,
      };
      const inner = referenceAdapter(baseUrl, {
        testControlToken: app.reference.testControlToken ?? '',
        organizationId: demo.organizationId,
      });
      const results = await runCases(allCases, {
        target,
        adapter: withoutClock(inner),
        spec,
        settings,
        concurrency: 4,
        missingReason: (m) => `the control API offers no ${m.join(', ')}`,
      });
      expect(
        results
          .filter((r) => r.outcome !== 'passed')
          .map((r) => ({
            id: r.id,
            outcome: r.outcome,
            reason: r.reason ?? r.failure?.message.slice(0, 400),
          })),
      ).toEqual(
        Object.entries(SKIPPED_WITHOUT_CLOCK)
          .map(([id, reason]) => ({ id, outcome: 'skipped', reason: expect.stringMatching(reason) }))
          .sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
    } finally {
      await app.close();
    }
  }, 480_000);
});
