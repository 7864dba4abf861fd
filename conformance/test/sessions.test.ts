import { describe, expect, it } from 'vitest';
import type { CaseDefinition } from '../src/case.js';
import { cases } from '../src/cases/sessions/index.js';
import { outcomeOf, pinSettings } from './helpers.js';

const settings = pinSettings(11);

const outcome = (c: CaseDefinition, faults: readonly string[] = []) => outcomeOf(c, faults, settings);

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
