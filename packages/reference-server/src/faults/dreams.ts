/**
 * Seeded faults of dreams: each breaks one requirement of the dream state machine, list or
 * pipeline (document 001, "States and transitions > Dream", "Endpoints > Dreams").
 */
import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [
  {
    name: 'DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED',
    requirement: 'AUTH-KEY-ONE-WORKSPACE',
    description:
      'Dream creation accepts a memory store or session of another workspace or organization (or an unknown id) as an input, and the dream runs on it.',
  },
  {
    name: 'DREAM_PIPELINE_SESSION_NOT_ARCHIVED',
    requirement: 'DREAM-PIPELINE-SESSION-ARCHIVED',
    description: 'A dream that ends (completed, failed or canceled) leaves its pipeline session active.',
  },
  {
    name: 'DREAM_CANCEL_COMPLETED_OK',
    requirement: 'DREAM-CANCEL-COMPLETED-400',
    description: 'Cancel of a completed dream answers 200 (the dream stays completed) instead of 400.',
  },
  {
    name: 'DREAM_CANCEL_FAILED_OK',
    requirement: 'DREAM-CANCEL-FAILED-400',
    description: 'Cancel of a failed dream answers 200 (the dream stays failed) instead of 400.',
  },
  {
    name: 'DREAM_CANCEL_CANCELED_400',
    requirement: 'DREAM-CANCEL-CANCELED-NOOP',
    description: 'Cancel of a canceled dream answers 400 instead of being an idempotent no-op.',
  },
  {
    name: 'DREAM_ARCHIVE_RUNNING_OK',
    requirement: 'DREAM-ARCHIVE-RUNNING-400',
    description: 'Archive of a running dream answers 200 (nothing changes) instead of 400.',
  },
  {
    name: 'DREAM_LIST_INCLUDES_ARCHIVED',
    requirement: 'DREAM-LIST-DEFAULT-NON-ARCHIVED',
    description: 'The dream list returns archived dreams even without include_archived=true.',
  },
  {
    name: 'DREAM_LIST_OLDEST_FIRST',
    requirement: 'DREAM-LIST-NEWEST-FIRST',
    description: 'The dream list is ordered oldest first.',
  },
  {
    name: 'DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE',
    requirement: 'MEMSTORE-OUTPUT-DELETE-ACTIVE-400',
    description: 'Deleting the output store of a pending or running dream succeeds instead of 400.',
  },
  {
    name: 'DREAM_INPUT_STORE_LOSS_WRONG_ERROR',
    requirement: 'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
    description:
      'A dream whose input store is archived or deleted mid-run fails with error.type internal_error instead of input_memory_store_unavailable.',
  },
  {
    name: 'DREAM_INPUT_SESSION_LOSS_IGNORED',
    requirement: 'DREAM-INPUT-SESSION-LOST-FAILS',
    description: 'Archiving or deleting an input session of a running dream does not fail the dream.',
  },
  {
    name: 'DREAM_USAGE_NOT_UPDATED',
    requirement: 'DREAM-USAGE-UPDATED-WHILE-RUNNING',
    description: 'The usage counts of a dream stay 0 while its pipeline runs.',
  },
  {
    name: 'DREAM_ENDED_AT_NOT_SET',
    requirement: 'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
    description: 'ended_at stays null when a dream reaches a terminal state.',
  },
  {
    name: 'DREAM_LIST_LIMIT_OVER_100_ACCEPTED',
    requirement: 'DREAM-LIST-LIMIT-MAX',
    description:
      'The dream list accepts a `limit` above 100 (and returns that many) instead of rejecting it.',
  },
];
