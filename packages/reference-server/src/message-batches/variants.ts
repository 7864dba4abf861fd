/**
 * Variants of message batches: where results live and for how long a batch stays viewable, how
 * the size limit and the deadlines are read, what counts as enqueued, and the list's cursors,
 * limits and paging.
 */
import { batchRules } from '@vendor-api/spec';
import { named, type VariantPatches } from '../choices/table.js';
import { limitAtLeastOne, setAside } from '../pipeline/choices.js';
import { DAY_MS } from '../usage/report.js';

/** The documented size limit read with decimal megabytes (10^6 bytes). */
const DECIMAL_SIZE_LIMIT = batchRules.BATCH_SIZE_LIMIT_MB * 1_000_000;

export const variants = named({
  'batch-results-other': {
    resultsPath: () => (id) => `/v1/message_batch_results/${id}`,
    resultsContentType: () => () => 'application/octet-stream',
    resultsUrlKeptAfterRetention: () => false,
    batchViewableMs: () => 60 * DAY_MS,
  },
  'batch-limits-read-otherwise': {
    batchLimitsExceeded: (documented) => (reference, bytes) => {
      const others = documented(reference, bytes).filter((l) => l.limit !== 'bytes');
      const size = batchRules.BATCH_LIMITS.find((l) => l.limit === 'bytes');
      return size && bytes > DECIMAL_SIZE_LIMIT ? [...others, { ...size, max: DECIMAL_SIZE_LIMIT }] : others;
    },
    deadlinesPassAfterInstant: () => true,
  },
  'archived-workspaces-other': { archivedWorkspaceBatchesEnqueued: () => false },
  'lenient-cursors': { unknownCursorIsEmptyPage: () => true, emptyPageKeepsCursor: () => true },
  // 7 by default, a `limit` above 50 refused, one below 1 taken as 1.
  'other-list-limits': {
    admit: limitAtLeastOne('messages.batches.list'),
    batchListLimits: () => ({ byDefault: 7, cap: 50, refusedAboveCap: true }),
  },
  'more-paging': { admit: setAside('messages.batches.list', ['before_id']), firstIdListed: () => true },
} satisfies VariantPatches);
