/**
 * Seeded faults of message batches: each breaks one requirement of the batch object, its
 * lifecycle, its results, its list or its rate limit (document 001, "Message batch", "Endpoints >
 * Message batches", "Limits").
 */
import type { FaultDefinition } from './types.js';

// No fault serves results before the end (BATCH-RESULTS-AFTER-END): `results_url` is null until
// the batch ends, so no client, and no black-box suite, can ask for them earlier. Such a fault
// could never be killed; BATCH_RESULTS_URL_EARLY covers the observable side.
export const faults: readonly FaultDefinition[] = [
  {
    name: 'BATCH_INTERNAL_ERROR_AS_INVALID_REQUEST',
    requirement: 'BATCH-RESULT-ERRORED-CAUSES',
    description:
      'A request that met an internal error ends errored with invalid_request_error, the type of an invalid request.',
  },
  {
    name: 'BATCH_COUNTS_DO_NOT_ADD_UP',
    requirement: 'BATCH-COUNTS-SUM',
    description:
      'Once a batch ends, request_counts.succeeded is one too many, so the counts exceed the requests.',
  },
  {
    name: 'BATCH_EXPIRED_RESULTS_MISSING',
    requirement: 'BATCH-EXPIRY-UNSENT-EXPIRED',
    description:
      'At the 24-hour expiry, the unsent requests get no result line (the counts still say expired).',
  },
  {
    name: 'BATCH_RESULTS_AFTER_RETENTION',
    requirement: 'BATCH-RESULTS-RETENTION',
    description: 'The results of a batch can still be downloaded 29 days after its creation.',
  },
  {
    name: 'BATCH_RESULTS_URL_EARLY',
    requirement: 'BATCH-OBJECT-RESULTS-URL-NULL',
    description: 'results_url is set while the batch is still in progress.',
  },
  {
    name: 'BATCH_LIST_HAS_MORE_ON_LAST_PAGE',
    requirement: 'BATCH-LIST-ENVELOPE',
    description: 'The batch list answers has_more=true on a non-empty last page.',
  },
  {
    name: 'BATCH_LIST_LAST_ID_WRONG',
    requirement: 'BATCH-LIST-QUERY',
    description:
      'last_id is the first id of the page instead of the last, so paging with after_id=last_id repeats batches.',
  },
  {
    name: 'BATCH_ENQUEUED_LIMIT_IGNORES_OVERRIDE',
    requirement: 'BATCH-RATE-LIMIT-ENQUEUED',
    description:
      "Batch creation ignores a workspace's enqueued_batch_requests override: only the organization's limit applies.",
  },
  {
    name: 'BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED',
    requirement: 'BATCH-ITEM-CUSTOM-ID-UNIQUE',
    description: 'Batch creation accepts two requests with the same `custom_id`.',
  },
];
