/**
 * Wall-clock mode: the batch and dream lifecycle cases against a reference server that runs on the
 * wall clock with its own background processing, through an adapter without the clock, the
 * drive-batches and the drive-dreams capabilities. The cases poll the documented API as a client
 * would (bounded by the run's maximum wait) and pass; only what needs 24 hours or 29 days of
 * server time, or a happening the server must be driven to, is skipped, with that reason. A seeded
 * fault still fails a case that waits on the wall clock.
 */
import { createServer, realClock } from '@vendor-api/reference-server';
import { spec } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import type { Capability } from '../src/capabilities.js';
import type { CaseDefinition } from '../src/case.js';
import { cases as dreamCases } from '../src/cases/dreams/index.js';
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

  it.each([
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
