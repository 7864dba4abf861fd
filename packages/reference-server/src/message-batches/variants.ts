/**
 * Variants of message batches: where results live and for how long a batch stays viewable, and
 * how the size limit and the deadlines are read.
 */
import { batchRules } from '@vendor-api/spec';
import { named, type VariantPatches } from '../choices/table.js';
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
} satisfies VariantPatches);
