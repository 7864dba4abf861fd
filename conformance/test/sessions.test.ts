/**
 * The session cases against the embedded reference server: each passes (or is skipped for a
 * capability the reference adapter lacks) on the correct server and fails with the seeded fault
 * that breaks the requirement it checks.
 */
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { CaseDefinition } from '../src/case.js';
import { cases } from '../src/cases/sessions/index.js';
import { startEmbedded } from '../src/embedded.js';
import { runOne } from '../src/runner.js';

const settings = { seed: 11, numRuns: 25, timeoutMs: 10_000 };

async function outcome(c: CaseDefinition, faults: readonly string[] = []) {
  const embedded = await startEmbedded({ seed: settings.seed, faults });
  try {
    return await runOne(c, { target: embedded.target, adapter: embedded.adapter, spec, settings });
  } finally {
    await embedded.close();
  }
}

const KILLS: readonly [fault: string, caseId: string][] = [
  ['SRES_DEFAULT_MOUNT_PATH_WRONG', 'sessions.file-resource-create'],
  ['SRES_ROTATION_ALLOWED_FOR_FILES', 'sessions.rotation-refused-for-files'],
  ['SRES_DELETE_CONFIRMATION_TYPE_WRONG', 'sessions.resource-delete'],
  ['SRES_LIST_LIMIT_OMITTED_ONE_PAGE', 'sessions.resource-list-pagination'],
  ['SRES_LIST_NEXT_PAGE_ON_LAST_PAGE', 'sessions.resource-list-pagination'],
];

describe('session cases', () => {
  it('every session case passes against the reference server, or is skipped with the reason', async () => {
    for (const c of cases) {
      const r = await outcome(c);
      if (r.outcome === 'skipped') expect(r.reason).toBeTruthy();
      else
        expect({ id: c.id, outcome: r.outcome, message: r.failure?.message }).toEqual({
          id: c.id,
          outcome: 'passed',
          message: undefined,
        });
    }
  }, 60_000);

  it.each(KILLS)(
    'the fault %s is caught by %s',
    async (fault, caseId) => {
      const c = cases.find((x) => x.id === caseId)!;
      expect((await outcome(c, [fault])).outcome).toBe('failed');
    },
    20_000,
  );
});
