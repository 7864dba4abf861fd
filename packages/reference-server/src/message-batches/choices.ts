/**
 * Choice points of message batches: the machine, processing, results and where they live, the
 * limits and deadlines, the list, and the rate limits (HTTP requests, enqueued requests).
 */
import {
  type AnyMachine,
  type batchRules,
  type MessageBatchRequestCounts,
  type MessageBatchResult,
  messageBatchesMachine,
} from '@vendor-api/spec';
import { point } from '../choices/point.js';

type ResultLines = <T extends { readonly result: MessageBatchResult['result'] }>(results: T[]) => T[];
type Counts = (counts: MessageBatchRequestCounts) => MessageBatchRequestCounts;

/** Path of a batch's results on the reference server. */
export const resultsPath = (batchId: string) => `/v1/messages/batches/${batchId}/results`;

/** The batch list's page bounds. */
export interface BatchListLimits {
  readonly byDefault: number;
  readonly cap: number;
  /** Whether a `limit` above the cap is refused (else the page is capped). */
  readonly refusedAboveCap: boolean;
}

export const messageBatches = {
  /** The batch machine the server steps (its rows cite their requirements). */
  batchesMachine: point<AnyMachine>([], messageBatchesMachine.machine),
  /** The error type of a batch request that met an internal error. */
  internalErrorResultType: point<(type: string) => string>(
    ['BATCH-RESULT-ERRORED-CAUSES', 'UNSPEC-BATCH-ERRORED-TYPES'],
    (type) => type,
  ),
  /** A batch's request counts, tallied from its results. */
  requestCounts: point<Counts>(['BATCH-COUNTS-SUM'], (tally) => tally),
  /** The request counts of a batch ended by the 24-hour expiry. */
  countsAtExpiry: point<Counts>(['BATCH-COUNTS-SUM'], (counts) => counts),
  /** Whether a batch request asking for streaming is served as a stream. */
  batchItemStreamed: point<boolean>(['BATCH-ITEM-NON-STREAMING'], false),
  /** Whether the 24-hour expiry processes the unsent requests instead of expiring them. */
  expiryProcessesUnsent: point<boolean>(['BATCH-EXPIRY-UNSENT-EXPIRED'], false),
  /** The result lines a batch keeps. */
  resultLines: point<ResultLines>(['BATCH-EXPIRY-UNSENT-EXPIRED'], (results) => results),
  /** Whether `results_url` is set while the batch is in progress. */
  resultsUrlWhileInProgress: point<boolean>(['BATCH-OBJECT-RESULTS-URL-NULL'], false),
  /** Where the server serves a batch's results. */
  resultsPath: point<(batchId: string) => string>(['UNSPEC-BATCH-RESULTS-LOCATION'], resultsPath),
  /** The content type of the results, from the documented one. */
  resultsContentType: point<(documented: string) => string>(
    ['UNSPEC-BATCH-RESULTS-LOCATION'],
    (type) => type,
  ),
  /** Whether `results_url` stays set once the results are past their retention. */
  resultsUrlKeptAfterRetention: point<boolean>(['UNSPEC-BATCH-RESULTS-AFTER-RETENTION'], true),
  /** How long after its creation a batch stays viewable (null: always). */
  batchViewableMs: point<number | null>(['UNSPEC-BATCH-VIEWABLE-PERIOD'], null),
  /** The limits a batch exceeds, from the limits the spec's rule finds exceeded (256 MB read as 2^28 bytes). */
  batchLimitsExceeded: point<
    (reference: readonly batchRules.BatchLimit[], bytes: number) => readonly batchRules.BatchLimit[]
  >(['UNSPEC-BATCH-SIZE-UNIT'], (reference) => reference),
  /** Whether a deadline passes only after its instant (else at it): the 24-hour expiry, the 29-day retention. */
  deadlinesPassAfterInstant: point<boolean>(['UNSPEC-BATCH-DEADLINE-INSTANT'], false),
  /** Default and largest page of the batch list; a larger `limit` is capped. */
  batchListLimits: point<BatchListLimits>(['UNSPEC-BATCH-LIST-LIMIT'], {
    byDefault: 20,
    cap: 1000,
    refusedAboveCap: false,
  }),
  /** Whether an `after_id` naming no batch answers an empty page (else a 400). */
  unknownCursorIsEmptyPage: point<boolean>(['UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN'], false),
  /** Whether an empty page repeats its `after_id` as `last_id` (else null). */
  emptyPageKeepsCursor: point<boolean>(['UNSPEC-BATCH-LIST-LAST-ID'], false),
  /** Whether the batch list answers `first_id` beside `last_id`. */
  firstIdListed: point<boolean>(['UNSPEC-BATCH-LIST-BACKWARD'], false),
  /** Whether the batch endpoints' HTTP requests are limited by the `batch` group's `requests_per_minute`. */
  batchRequestsLimited: point<boolean>(['BATCH-RATE-LIMIT-HTTP'], true),
  /** Whether a workspace's `enqueued_batch_requests` override applies. */
  enqueuedLimitOverrideApplies: point<boolean>(['BATCH-RATE-LIMIT-ENQUEUED'], true),
  /** Whether the batches of an archived workspace count toward its organization's enqueued requests. */
  archivedWorkspaceBatchesEnqueued: point<boolean>(['UNSPEC-BATCH-ENQUEUED-COUNT'], true),
};
