/**
 * Seams of message batches: where results live and for how long a batch stays viewable, and how
 * the size limit and the deadlines are read.
 */
import { batchRules } from '@vendor-api/spec';
import { DAY_MS } from '../admin/usage.js';
import type { HasVariants } from './types.js';

// ---------------------------------------------------------------------------------------------
// Results and retention

/** Where this server serves a batch's results (UNSPEC-BATCH-RESULTS-LOCATION). */
export function resultsPathOf(variants: HasVariants['variants'], reference: (id: string) => string) {
  return variants.has('batch-results-other') ? (id: string) => `/v1/message_batch_results/${id}` : reference;
}

/** The content type of the results (UNSPEC-BATCH-RESULTS-LOCATION). */
export function resultsContentType(state: HasVariants, reference: string): string {
  return state.variants.has('batch-results-other') ? 'application/octet-stream' : reference;
}

/** Whether `results_url` stays set once the results are past their retention (UNSPEC-BATCH-RESULTS-AFTER-RETENTION). */
export function resultsUrlKeptAfterRetention(state: HasVariants): boolean {
  return !state.variants.has('batch-results-other');
}

/** Whether a batch is still viewable at `now` (UNSPEC-BATCH-VIEWABLE-PERIOD): always, or for 60 days. */
export function batchViewable(state: HasVariants, createdAtMs: number, now: number): boolean {
  return !state.variants.has('batch-results-other') || now < createdAtMs + 60 * DAY_MS;
}

// ---------------------------------------------------------------------------------------------
// Limits and deadlines

/** The documented size limit read with decimal megabytes (10^6 bytes). */
const DECIMAL_SIZE_LIMIT = batchRules.BATCH_SIZE_LIMIT_MB * 1_000_000;

/**
 * The limits a batch exceeds, with 256 MB read as the reference server reads it (2^20 bytes a
 * megabyte) or under `batch-limits-read-otherwise` as 10^6 (UNSPEC-BATCH-SIZE-UNIT).
 */
export function batchLimitsExceeded(
  state: HasVariants,
  reference: readonly batchRules.BatchLimit[],
  bytes: number,
): readonly batchRules.BatchLimit[] {
  if (!state.variants.has('batch-limits-read-otherwise')) return reference;
  const others = reference.filter((l) => l.limit !== 'bytes');
  const size = batchRules.BATCH_LIMITS.find((l) => l.limit === 'bytes');
  return size && bytes > DECIMAL_SIZE_LIMIT ? [...others, { ...size, max: DECIMAL_SIZE_LIMIT }] : others;
}

/**
 * The instant a batch expires (UNSPEC-BATCH-DEADLINE-INSTANT): at its `expires_at`, or just after
 * it.
 */
export function batchExpiryInstant(state: HasVariants, expiresAtMs: number): number {
  return state.variants.has('batch-limits-read-otherwise') ? expiresAtMs + 1 : expiresAtMs;
}

/**
 * The clock as the retention check reads it (UNSPEC-BATCH-DEADLINE-INSTANT): results are gone at
 * the instant 29 days after creation, or only after it.
 */
export function retentionClock(state: HasVariants, now: number): number {
  return state.variants.has('batch-limits-read-otherwise') ? now - 1 : now;
}
