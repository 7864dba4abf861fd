/**
 * Seeded faults of message batches: the batch object, its lifecycle, its results, its list and
 * its rate limit (document 001, "Message batch", "Endpoints > Message batches", "Limits").
 *
 * No fault serves results before the end (BATCH-RESULTS-AFTER-END): `results_url` is null until
 * the batch ends, so no client, and no black-box suite, can ask for them earlier. Such a fault
 * could never be killed; BATCH_RESULTS_URL_EARLY covers the observable side.
 */
import { errors } from '@vendor-api/spec';
import { replaceRows } from '../choices/machine-rows.js';
import { dataOf, rewriteBody, wrapOperation } from '../choices/operations.js';
import { type FaultPatches, named } from '../choices/table.js';
import { apiError } from '../errors.js';

export const faults = named({
  BATCH_INTERNAL_ERROR_AS_INVALID_REQUEST: {
    internalErrorResultType: () => () => errors.ERRORS.bad_request.type,
  },
  // One succeeded request too many.
  BATCH_COUNTS_DO_NOT_ADD_UP: {
    requestCounts: (documented) => (tally) => ({ ...documented(tally), succeeded: tally.succeeded + 1 }),
  },
  // The expired requests get no result line (the counts still include them).
  BATCH_EXPIRED_RESULTS_MISSING: {
    resultLines: (documented) => (results) => documented(results).filter((r) => r.result.type !== 'expired'),
  },
  BATCH_STREAMING_ITEM_STREAMED: { batchItemStreamed: () => true },
  // The params of the items are read at creation: one asking for streaming fails the batch.
  BATCH_STREAMING_ITEM_REFUSED_AT_CREATION: wrapOperation('messages.batches.create', (handler) => (ctx) => {
    // `stream` is a parameter the documents do not show.
    if (ctx.body.requests.some((r) => (r.params as { stream?: unknown }).stream === true))
      throw apiError('bad_request', { problem: 'requests: a batch request is non-streaming' });
    return handler(ctx);
  }),
  BATCH_EXPIRY_PROCESSES_UNSENT: { expiryProcessesUnsent: () => true },
  BATCH_EXPIRY_COUNTS_ALL_EXPIRED: {
    countsAtExpiry: (documented) => (counts) => {
      const c = documented(counts);
      const total = c.processing + c.succeeded + c.errored + c.canceled + c.expired;
      return { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: total };
    },
  },
  BATCH_RESULTS_AFTER_RETENTION: {
    batchesMachine: (m) =>
      replaceRows(m, 'messages.batches.results', ['ended:past_retention'], {
        outcome: { kind: 'ok', status: 200 },
      }),
  },
  BATCH_RESULTS_URL_EARLY: { resultsUrlWhileInProgress: () => true },
  BATCH_LIST_HAS_MORE_ON_LAST_PAGE: rewriteBody('messages.batches.list', (body) => ({
    ...body,
    has_more: body.has_more === true || dataOf(body).length > 0,
  })),
  // `last_id` names the first batch of the page.
  BATCH_LIST_LAST_ID_WRONG: rewriteBody('messages.batches.list', (body) => {
    const first = dataOf(body)[0];
    return first === undefined ? body : { ...body, last_id: first.id };
  }),
  BATCH_ENQUEUED_LIMIT_IGNORES_OVERRIDE: { enqueuedLimitOverrideApplies: () => false },
  BATCH_HTTP_REQUESTS_NOT_LIMITED: { batchRequestsLimited: () => false },
  BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED: {
    // The cross-field rules (unique custom ids) are not checked at batch creation.
    validateRequest: (documented) => (id, parts, options) =>
      documented(
        id,
        parts,
        id === 'messages.batches.create' ? { ...options, crossFieldRules: false } : options,
      ),
  },
} satisfies FaultPatches);
