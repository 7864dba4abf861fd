/**
 * The message-batch cases against the embedded reference server: they pass on the correct server
 * and fail with the seeded fault of the requirement they check switched on.
 */

import { createServer, ManualClock } from '@vendor-api/reference-server';
import { type FaultName, spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CAPABILITIES, referenceAdapter } from '../src/adapters/reference.js';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { cases } from '../src/cases/message-batches/index.js';
import { startEmbedded } from '../src/embedded.js';
import { requiredCapabilities } from '../src/needs.js';
import { runOne } from '../src/runner.js';
import { caseById } from './helpers.js';

const seed = Number(process.env.VENDOR_API_SEED ?? 1) | 0;
const byId = (id: CaseIdOf<typeof cases>) => caseById(cases, id);

/**
 * The reference server with no processing of its own: batches stay in progress until driven, so
 * the clock reaches their 24-hour deadline and unsent requests expire.
 */
async function startHeld(faults: readonly FaultName[]) {
  const app = createServer({
    testControl: true,
    seed,
    clock: new ManualClock(Date.parse('2026-01-01T00:00:00Z')),
    faults,
    timings: { batchProcessingMs: null },
  });
  const baseUrl = await app.reference.listenLocal(0);
  const { demo } = app.reference.state;
  return {
    target: {
      baseUrl,
      adminKey: demo.adminKey,
      workspace: { id: demo.workspaceId, apiKey: demo.workspaceKey },
      organizationId: demo.organizationId,
    },
    adapter: referenceAdapter(baseUrl, {
      testControlToken: app.reference.testControlToken ?? '',
      organizationId: demo.organizationId,
    }),
    close: () => app.close(),
  };
}

async function outcome(c: CaseDefinition, faults: readonly FaultName[] = [], held = false) {
  const e = held ? await startHeld(faults) : await startEmbedded({ seed, faults });
  try {
    const r = await runOne(c, {
      target: e.target,
      adapter: e.adapter,
      spec,
      settings: { seed, numRuns: 25, timeoutMs: 10_000 },
    });
    return r.outcome === 'failed' ? `failed: ${r.failure?.message}` : r.outcome;
  } finally {
    await e.close();
  }
}

describe('message-batch cases', () => {
  it('pass against the reference server', async () => {
    // A case needing a capability the reference adapter lacks (large-requests) is skipped.
    const reference = REFERENCE_CAPABILITIES;
    for (const c of cases) {
      const runnable = requiredCapabilities(c.needs).every((n) => reference.has(n));
      expect([c.id, await outcome(c)]).toEqual([c.id, runnable ? 'passed' : 'skipped']);
    }
  }, 300_000);

  it('the model passes when batches reach their deadline unprocessed (unsent requests expire)', async () => {
    expect(await outcome(byId('message-batches.lifecycle-model'), [], true)).toBe('passed');
  });

  it('the expiry case passes there, and fails when expired requests get no results line', async () => {
    expect(await outcome(byId('message-batches.expiry-24h'), [], true)).toBe('passed');
    expect(
      await outcome(byId('message-batches.expiry-24h'), ['BATCH_EXPIRED_RESULTS_MISSING'], true),
    ).toMatch(/^failed: .*no results line/);
  });

  it.each<readonly [CaseIdOf<typeof cases>, FaultName]>([
    ['message-batches.lifecycle-model', 'BATCH_COUNTS_DO_NOT_ADD_UP'],
    ['message-batches.lifecycle-model', 'BATCH_RESULTS_URL_EARLY'],
    ['message-batches.results-retention', 'BATCH_RESULTS_AFTER_RETENTION'],
    ['message-batches.list-pagination', 'BATCH_LIST_HAS_MORE_ON_LAST_PAGE'],
    ['message-batches.list-pagination', 'BATCH_LIST_LAST_ID_WRONG'],
    ['message-batches.default-workspaces-scoped', 'DEFAULT_WORKSPACES_SHARED'],
    ['message-batches.internal-errors-errored', 'BATCH_INTERNAL_ERROR_AS_INVALID_REQUEST'],
  ])(
    '%s fails with %s switched on',
    async (id, fault) => {
      expect(await outcome(byId(id), [fault])).toMatch(/^failed: /);
    },
    30_000,
  );
});
