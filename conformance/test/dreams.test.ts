import type { FaultName } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { cases } from '../src/cases/dreams/index.js';
import { caseById, itPassesAndCatches, type Kills, outcomeOf, pinSettings } from './helpers.js';

const settings = pinSettings(7);

const byId = (id: CaseIdOf<typeof cases>) => caseById(cases, id);

const outcome = (c: CaseDefinition, faults: readonly FaultName[] = []) => outcomeOf(c, faults, settings);

const KILLS: Kills<typeof cases> = [
  ['DREAM_CANCEL_COMPLETED_OK', 'dreams.cancel-completed-is-400'],
  ['DREAM_CANCEL_FAILED_OK', 'dreams.cancel-failed-is-400'],
  ['DREAM_CANCEL_CANCELED_400', 'dreams.cancel-canceled-is-noop'],
  ['DREAM_ARCHIVE_RUNNING_OK', 'dreams.archive-running-is-400'],
  ['DREAM_LIST_INCLUDES_ARCHIVED', 'dreams.list-invariants'],
  ['DREAM_LIST_OLDEST_FIRST', 'dreams.list-invariants'],
  ['DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE', 'dreams.output-store-delete-running-is-400'],
  ['DREAM_INPUT_STORE_LOSS_WRONG_ERROR', 'dreams.input-store-archived-mid-run-fails'],
  ['DREAM_INPUT_SESSION_LOSS_IGNORED', 'dreams.input-session-deleted-mid-run-fails'],
  ['DREAM_USAGE_NOT_UPDATED', 'dreams.pipeline-progress-updates-usage'],
  ['DREAM_ENDED_AT_NOT_SET', 'dreams.cancel-pending'],
  ['BETA_DREAMS_ONE_ENOUGH', 'dreams.beta-headers-required'],
];

describe('dream cases', () => {
  itPassesAndCatches('dream', cases, KILLS, settings);

  it('the state-machine model alone catches the faults of the cancel, archive and pipeline rows', async () => {
    const model = byId('dreams.state-machine');
    const faults: readonly FaultName[] = [
      'DREAM_CANCEL_COMPLETED_OK',
      'DREAM_CANCEL_FAILED_OK',
      'DREAM_ARCHIVE_RUNNING_OK',
      'DREAM_ENDED_AT_NOT_SET',
      'DREAM_USAGE_NOT_UPDATED',
    ];
    const missed: string[] = [];
    for (const fault of faults) if ((await outcome(model, [fault])).outcome !== 'failed') missed.push(fault);
    expect(missed).toEqual([]);
  }, 300_000);
});
