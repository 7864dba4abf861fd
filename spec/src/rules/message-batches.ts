/**
 * Cross-field rules of message batches that JSON Schema cannot say: unique `custom_id`, the
 * request-count and body-size limits, the 24-hour expiry and 29-day retention instants, request
 * counts, result types, retry advice, billing and batch prices.
 *
 * Every function takes possibly invalid input and answers a result (or `false`); none throws.
 */
import type {
  MessageBatch,
  MessageBatchProcessingStatus,
  MessageBatchRequestCounts,
} from '../resources/message-batches.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'BATCH-ITEM-CUSTOM-ID-PATTERN',
  'BATCH-ITEM-CUSTOM-ID-LENGTH',
  'BATCH-ITEM-CUSTOM-ID-UNIQUE',
  'BATCH-CREATE-MAX-REQUESTS',
  'BATCH-CREATE-MAX-SIZE',
  'BATCH-CREATE-LIMIT-FIRST-REACHED',
  'BATCH-OBJECT-EXPIRES-AT',
  'BATCH-OBJECT-ENDED-AT-NULL',
  'BATCH-OBJECT-ENDED-AT-SET',
  'BATCH-OBJECT-RESULTS-URL-NULL',
  'BATCH-END-RESULTS-READY',
  'BATCH-EXPIRY-24H',
  'BATCH-EXPIRY-UNSENT-EXPIRED',
  'BATCH-RESULTS-AFTER-END',
  'BATCH-RESULTS-RETENTION',
  'BATCH-CREATE-PROCESSING-COUNT',
  'BATCH-COUNTS-SUM',
  'BATCH-ENDED-NONE-PROCESSING',
  'BATCH-RESULT-TYPES',
  'BATCH-RESULT-SUCCEEDED',
  'BATCH-RESULT-ERRORED',
  'BATCH-RESULT-ERRORED-CAUSES',
  'BATCH-RESULT-CANCELED',
  'BATCH-RESULT-EXPIRED',
  'BATCH-RESULT-ERRORED-FIX-INVALID',
  'BATCH-RESULT-ERRORED-RETRY-OTHER',
  'BATCH-BILLED-SUCCEEDED',
  'BATCH-NOT-BILLED-ERRORED',
  'BATCH-NOT-BILLED-CANCELED',
  'BATCH-NOT-BILLED-EXPIRED',
  'BATCH-PRICE-HALF',
  'BATCH-PRICE-OPUS-4-5-TO-4-7',
  'BATCH-PRICE-OPUS-4-AND-4-1',
  'BATCH-PRICE-SONNET',
  'BATCH-PRICE-HAIKU-4-5',
  'BATCH-PRICE-HAIKU-3-5',
];

/** A rule's answer: a value, or a clear reason the input was not usable. */
export type RuleResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

const ok = <T>(value: T): RuleResult<T> => ({ ok: true, value });
const fail = <T>(error: string): RuleResult<T> => ({ ok: false, error });
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

// ---------------------------------------------------------------------------------------------
// custom_id

/** `custom_id` pattern (BATCH-ITEM-CUSTOM-ID-PATTERN, BATCH-ITEM-CUSTOM-ID-LENGTH). */
export const CUSTOM_ID_REGEXP = /^[a-zA-Z0-9_-]{1,64}$/;

/** Whether a value is a valid `custom_id`: 1 to 64 of ASCII letters, digits, `_`, `-`. */
export function isValidCustomId(id: unknown): boolean {
  return typeof id === 'string' && CUSTOM_ID_REGEXP.test(id);
}

/**
 * The `custom_id` values that occur more than once among the request items, each once, in the
 * order their second occurrence appears (BATCH-ITEM-CUSTOM-ID-UNIQUE). Empty when all are unique.
 * An item that is not an object with a string `custom_id` is an error.
 *
 * It runs on every batch request over up to 100,000 ids, so the ids are found in an open-addressed
 * table of item indexes (one typed array; a `Set` of strings costs several times as much, mostly in
 * allocation). A probe sequence longer than `MAX_PROBES` (ids crafted to collide) hands the rest of
 * the work to a `Set`, so the cost stays linear whatever the ids.
 */
export function duplicateCustomIds(requests: unknown): RuleResult<string[]> {
  if (!Array.isArray(requests)) return fail('requests must be an array');
  const n = requests.length;
  let size = 16;
  while (size < n * 2) size *= 2;
  const mask = size - 1;
  /** 1 + the index of the first item holding the id hashed there; 0 for an empty slot. */
  const slots = new Int32Array(size);
  const duplicates: string[] = [];
  let reported: Set<string> | undefined;
  for (let i = 0; i < n; i++) {
    const item: unknown = requests[i];
    if (!isObject(item) || typeof item.custom_id !== 'string') {
      return fail(`requests[${i}] must be an object with a string custom_id`);
    }
    const id = item.custom_id;
    let slot = hashString(id) & mask;
    for (let probes = 0; ; probes++) {
      const held = slots[slot]!;
      if (held === 0) {
        slots[slot] = i + 1;
        break;
      }
      if ((requests[held - 1] as { custom_id: string }).custom_id === id) {
        reported ??= new Set();
        if (!reported.has(id)) {
          reported.add(id);
          duplicates.push(id);
        }
        break;
      }
      if (probes === MAX_PROBES) return duplicateCustomIdsWithSet(requests);
      slot = (slot + 1) & mask;
    }
  }
  return ok(duplicates);
}

/** Longest probe sequence of `duplicateCustomIds` before it falls back to a `Set`. */
const MAX_PROBES = 64;

/** FNV-1a over the UTF-16 code units of a string (32 bits). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `duplicateCustomIds` with a `Set`: the same answer, for ids that defeat the table. */
function duplicateCustomIdsWithSet(requests: readonly unknown[]): RuleResult<string[]> {
  const seen = new Set<string>();
  const reported = new Set<string>();
  const duplicates: string[] = [];
  for (let i = 0; i < requests.length; i++) {
    const item = requests[i];
    if (!isObject(item) || typeof item.custom_id !== 'string') {
      return fail(`requests[${i}] must be an object with a string custom_id`);
    }
    const id = item.custom_id;
    if (!seen.has(id)) seen.add(id);
    else if (!reported.has(id)) {
      reported.add(id);
      duplicates.push(id);
    }
  }
  return ok(duplicates);
}

// ---------------------------------------------------------------------------------------------
// Limits

/** A limit of batch creation. */
export interface BatchLimit {
  readonly limit: 'requests' | 'bytes';
  /** Largest allowed value (inclusive). */
  readonly max: number;
  readonly description: string;
  readonly requirements: readonly string[];
}

/**
 * The two creation limits; both apply, whichever is reached first limits the batch
 * (BATCH-CREATE-LIMIT-FIRST-REACHED). 256 MB is read as 256 x 2^20 bytes of the UTF-8 JSON body
 * (UNSPEC-BATCH-SIZE-UNIT).
 */
/** The batch size limit, in the documents' unit: 256 MB (BATCH-CREATE-MAX-SIZE). */
export const BATCH_SIZE_LIMIT_MB = 256;
/** Bytes in a megabyte as the reference reads "MB" (2^20; the unit is not stated: UNSPEC-BATCH-SIZE-UNIT). */
export const BYTES_PER_MB = 1024 * 1024;

export const BATCH_LIMITS: readonly BatchLimit[] = [
  {
    limit: 'requests',
    max: 100_000,
    description: 'At most 100,000 requests per batch.',
    requirements: ['BATCH-CREATE-MAX-REQUESTS'],
  },
  {
    limit: 'bytes',
    max: BATCH_SIZE_LIMIT_MB * BYTES_PER_MB,
    description: 'At most 256 MB of request body.',
    requirements: ['BATCH-CREATE-MAX-SIZE'],
  },
];

/** Number of UTF-8 bytes of a request body. */
export function bodyByteLength(body: string): number {
  return new TextEncoder().encode(body).byteLength;
}

/**
 * The limits a batch exceeds: empty when it is within both (BATCH-CREATE-MAX-REQUESTS,
 * BATCH-CREATE-MAX-SIZE, BATCH-CREATE-LIMIT-FIRST-REACHED). Inputs must be non-negative integers.
 */
export function exceededBatchLimits(requestCount: unknown, bodyBytes: unknown): RuleResult<BatchLimit[]> {
  if (!isCount(requestCount)) return fail('requestCount must be a non-negative integer');
  if (!isCount(bodyBytes)) return fail('bodyBytes must be a non-negative integer');
  const value = { requests: requestCount, bytes: bodyBytes };
  return ok(BATCH_LIMITS.filter((l) => value[l.limit] > l.max));
}

// ---------------------------------------------------------------------------------------------
// Time

/** Processing deadline after creation: 24 hours (BATCH-OBJECT-EXPIRES-AT, BATCH-EXPIRY-24H). */
export const PROCESSING_DEADLINE_MS = 24 * 60 * 60 * 1000;
/** Results retention after creation: 29 days (BATCH-RESULTS-RETENTION). */
export const RESULTS_RETENTION_MS = 29 * 24 * 60 * 60 * 1000;

function instant(value: unknown, name: string): RuleResult<number> {
  if (typeof value !== 'string' && !(value instanceof Date)) return fail(`${name} must be a timestamp`);
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isFinite(ms) ? ok(ms) : fail(`${name} is not a valid timestamp: ${String(value)}`);
}

function plus(createdAt: unknown, ms: number): RuleResult<string> {
  const t = instant(createdAt, 'createdAt');
  return t.ok ? ok(new Date(t.value + ms).toISOString()) : t;
}

/** `expires_at` of a batch: 24 hours after `created_at` (BATCH-OBJECT-EXPIRES-AT). */
export function expiresAt(createdAt: string | Date): RuleResult<string> {
  return plus(createdAt, PROCESSING_DEADLINE_MS);
}

/** The instant results stop being downloadable: 29 days after creation (BATCH-RESULTS-RETENTION). */
export function resultsRetainedUntil(createdAt: string | Date): RuleResult<string> {
  return plus(createdAt, RESULTS_RETENTION_MS);
}

/**
 * Whether the 24-hour expiry has been reached at `now`: at or after `created_at` + 24 h
 * (BATCH-EXPIRY-24H; the side of the instant is UNSPEC-BATCH-DEADLINE-INSTANT).
 */
export function isExpiryDue(createdAt: string | Date, now: string | Date): RuleResult<boolean> {
  const c = instant(createdAt, 'createdAt');
  if (!c.ok) return c;
  const n = instant(now, 'now');
  if (!n.ok) return n;
  return ok(n.value >= c.value + PROCESSING_DEADLINE_MS);
}

/**
 * Whether results can be downloaded at `now`: the batch has ended and `now` is strictly before
 * `created_at` + 29 days (BATCH-RESULTS-AFTER-END, BATCH-RESULTS-RETENTION).
 */
export function resultsAvailable(
  batch: { readonly processing_status: MessageBatchProcessingStatus; readonly created_at: string },
  now: string | Date,
): RuleResult<boolean> {
  if (!isObject(batch)) return fail('batch must be an object');
  const c = instant(batch.created_at, 'created_at');
  if (!c.ok) return c;
  const n = instant(now, 'now');
  if (!n.ok) return n;
  return ok(batch.processing_status === 'ended' && n.value < c.value + RESULTS_RETENTION_MS);
}

// ---------------------------------------------------------------------------------------------
// Request counts and result types

/** The four result types (BATCH-RESULT-TYPES). */
export type BatchResultType = 'succeeded' | 'errored' | 'canceled' | 'expired';
/** Where a request stands: still processing, or finished with a result type. */
export type BatchRequestState = 'processing' | BatchResultType;

/** What each result type means and whether it is billed. */
export interface ResultTypeFacts {
  readonly type: BatchResultType;
  readonly meaning: string;
  readonly carriesMessage: boolean;
  readonly billed: boolean;
  readonly requirements: readonly string[];
}

export const RESULT_TYPES: readonly ResultTypeFacts[] = [
  {
    type: 'succeeded',
    meaning: 'The request succeeded; the result carries the message.',
    carriesMessage: true,
    billed: true,
    requirements: ['BATCH-RESULT-SUCCEEDED', 'BATCH-BILLED-SUCCEEDED'],
  },
  {
    type: 'errored',
    meaning: 'Invalid request or internal server error; no message.',
    carriesMessage: false,
    billed: false,
    requirements: ['BATCH-RESULT-ERRORED', 'BATCH-RESULT-ERRORED-CAUSES', 'BATCH-NOT-BILLED-ERRORED'],
  },
  {
    type: 'canceled',
    meaning: 'The batch was canceled before the request was sent to the model.',
    carriesMessage: false,
    billed: false,
    requirements: ['BATCH-RESULT-CANCELED', 'BATCH-NOT-BILLED-CANCELED'],
  },
  {
    type: 'expired',
    meaning: 'The 24-hour expiry was reached before the request was sent to the model.',
    carriesMessage: false,
    billed: false,
    requirements: ['BATCH-RESULT-EXPIRED', 'BATCH-NOT-BILLED-EXPIRED'],
  },
];

const COUNT_KEYS = ['processing', 'succeeded', 'errored', 'canceled', 'expired'] as const;

/** Request counts at creation: every request processing (BATCH-CREATE-PROCESSING-COUNT). */
export function initialRequestCounts(total: unknown): RuleResult<MessageBatchRequestCounts> {
  if (!isCount(total)) return fail('total must be a non-negative integer');
  return ok({ processing: total, succeeded: 0, errored: 0, canceled: 0, expired: 0 });
}

/** Request counts of a batch whose requests stand as given, one entry per request. */
export function tallyRequestCounts(
  states: readonly BatchRequestState[],
): RuleResult<MessageBatchRequestCounts> {
  if (!Array.isArray(states)) return fail('states must be an array');
  const counts = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
  for (const [i, s] of (states as readonly unknown[]).entries()) {
    const key = COUNT_KEYS.find((k) => k === s);
    if (key === undefined) return fail(`states[${i}] is not a request state: ${String(s)}`);
    counts[key] += 1;
  }
  return ok(counts);
}

/**
 * Whether request counts are consistent with the number of requests: five non-negative integers
 * adding up to `total` (BATCH-COUNTS-SUM). False for any malformed input.
 */
export function requestCountsConsistent(counts: unknown, total: unknown): boolean {
  if (!isObject(counts) || !isCount(total)) return false;
  let sum = 0;
  for (const key of COUNT_KEYS) {
    const n = counts[key];
    if (!isCount(n)) return false;
    sum += n;
  }
  return sum === total;
}

/**
 * Counts after the 24-hour expiry: the requests not yet sent get `expired` results, so the
 * `processing` count moves to `expired` (BATCH-EXPIRY-UNSENT-EXPIRED; requests in flight:
 * UNSPEC-BATCH-EXPIRY-IN-FLIGHT, none in the reference server).
 */
export function countsAfterExpiry(counts: MessageBatchRequestCounts): RuleResult<MessageBatchRequestCounts> {
  if (!isObject(counts) || !COUNT_KEYS.every((k) => isCount(counts[k])))
    return fail('malformed request counts');
  return ok({ ...counts, processing: 0, expired: counts.expired + counts.processing });
}

/** What happened to one request of a batch. */
export interface RequestFate {
  /** The request was sent to the model and finished (a validation failure also finishes it). */
  readonly processed: boolean;
  /** Its `params` passed the asynchronous validation. */
  readonly paramsValid: boolean;
  /** Processing met an internal server error. */
  readonly internalError: boolean;
  /** For an unprocessed request: what stopped the batch first, if anything. */
  readonly stoppedBy: 'cancel' | 'deadline' | null;
}

/** A result type, with the error type of an `errored` result. */
export interface ResultDecision {
  readonly type: BatchResultType;
  /** `invalid_request_error` for an invalid request; null when the rule does not name it. */
  readonly errorType: string | null;
}

/**
 * The result type of a request from what happened to it (BATCH-RESULT-*):
 * - processed, params invalid: `errored` with `invalid_request_error`;
 * - processed, internal error: `errored` (type not named: UNSPEC-BATCH-ERRORED-TYPES);
 * - processed otherwise: `succeeded`;
 * - not processed, batch canceled first: `canceled`; deadline reached first: `expired`;
 * - not processed and not stopped: still processing, no result yet (an error result).
 */
export function resultTypeFor(fate: RequestFate): RuleResult<ResultDecision> {
  if (!isObject(fate)) return fail('fate must be an object');
  if (fate.processed) {
    if (!fate.paramsValid) return ok({ type: 'errored', errorType: 'invalid_request_error' });
    if (fate.internalError) return ok({ type: 'errored', errorType: null });
    return ok({ type: 'succeeded', errorType: null });
  }
  if (fate.stoppedBy === 'cancel') return ok({ type: 'canceled', errorType: null });
  if (fate.stoppedBy === 'deadline') return ok({ type: 'expired', errorType: null });
  return fail('the request is still processing: it has no result yet');
}

/** Advice for an `errored` request. */
export type RetryAdvice = 'fix_before_resending' | 'retry_directly';

/**
 * What to do with a request that errored with this error type: `invalid_request_error` must be
 * fixed before resending; any other type may be retried directly
 * (BATCH-RESULT-ERRORED-FIX-INVALID, BATCH-RESULT-ERRORED-RETRY-OTHER).
 */
export function retryAdvice(errorType: unknown): RuleResult<RetryAdvice> {
  if (typeof errorType !== 'string' || errorType === '') return fail('errorType must be a non-empty string');
  return ok(errorType === 'invalid_request_error' ? 'fix_before_resending' : 'retry_directly');
}

/** Whether a request that errored with this type may be resent unchanged. */
export function isRetryable(errorType: string): boolean {
  const advice = retryAdvice(errorType);
  return advice.ok && advice.value === 'retry_directly';
}

/** Whether a request with this result type is billed: only `succeeded` (BATCH-BILLED-SUCCEEDED). */
export function isBilled(type: BatchResultType): boolean {
  return RESULT_TYPES.find((r) => r.type === type)?.billed ?? false;
}

// ---------------------------------------------------------------------------------------------
// Pricing (informative)

/** Batches cost 50 % of standard prices (BATCH-PRICE-HALF). */
export const BATCH_PRICE_FACTOR = 0.5;

/** Batch price from a standard price (USD); an invalid price is an error. */
export function batchPrice(standardPrice: unknown): RuleResult<number> {
  if (typeof standardPrice !== 'number' || !Number.isFinite(standardPrice) || standardPrice < 0) {
    return fail('standardPrice must be a non-negative finite number');
  }
  return ok(standardPrice * BATCH_PRICE_FACTOR);
}

/** Batch prices per million tokens, as listed (display names, not model identifiers). */
export interface BatchPrice {
  readonly models: readonly string[];
  readonly inputUsdPerMTok: number;
  readonly outputUsdPerMTok: number;
  readonly note?: string;
  readonly requirements: readonly string[];
}

export const BATCH_PRICES: readonly BatchPrice[] = [
  {
    models: ['Opus 4.7', 'Opus 4.6', 'Opus 4.5'],
    inputUsdPerMTok: 2.5,
    outputUsdPerMTok: 12.5,
    requirements: ['BATCH-PRICE-OPUS-4-5-TO-4-7'],
  },
  {
    models: ['Opus 4.1', 'Opus 4'],
    inputUsdPerMTok: 7.5,
    outputUsdPerMTok: 37.5,
    note: 'deprecated',
    requirements: ['BATCH-PRICE-OPUS-4-AND-4-1'],
  },
  {
    models: ['Sonnet 4.6', 'Sonnet 4.5', 'Sonnet 4'],
    inputUsdPerMTok: 1.5,
    outputUsdPerMTok: 7.5,
    note: 'Sonnet 4 deprecated',
    requirements: ['BATCH-PRICE-SONNET'],
  },
  {
    models: ['Haiku 4.5'],
    inputUsdPerMTok: 0.5,
    outputUsdPerMTok: 2.5,
    requirements: ['BATCH-PRICE-HAIKU-4-5'],
  },
  {
    models: ['Haiku 3.5'],
    inputUsdPerMTok: 0.4,
    outputUsdPerMTok: 2,
    note: 'retired except on two cloud marketplaces',
    requirements: ['BATCH-PRICE-HAIKU-3-5'],
  },
];

// ---------------------------------------------------------------------------------------------
// Batch record consistency

/**
 * Cross-field problems of a batch record; empty when consistent:
 * - `expires_at` is `created_at` + 24 h (BATCH-OBJECT-EXPIRES-AT);
 * - `in_progress`: `ended_at` and `results_url` null (BATCH-OBJECT-ENDED-AT-NULL,
 *   BATCH-OBJECT-RESULTS-URL-NULL);
 * - `ended`: `ended_at` and `results_url` set, nothing processing (BATCH-OBJECT-ENDED-AT-SET,
 *   BATCH-END-RESULTS-READY, BATCH-ENDED-NONE-PROCESSING);
 * - with `total` given, the counts add up to it (BATCH-COUNTS-SUM).
 */
export function batchRecordProblems(batch: MessageBatch, total?: number): string[] {
  if (!isObject(batch)) return ['batch must be an object'];
  const problems: string[] = [];
  const created = instant(batch.created_at, 'created_at');
  const expires = instant(batch.expires_at, 'expires_at');
  if (!created.ok) problems.push(created.error);
  if (!expires.ok) problems.push(expires.error);
  if (created.ok && expires.ok && expires.value !== created.value + PROCESSING_DEADLINE_MS) {
    problems.push('expires_at must be 24 hours after created_at');
  }
  if (batch.processing_status === 'in_progress') {
    if (batch.ended_at !== null) problems.push('ended_at must be null while in_progress');
    if (batch.results_url !== null) problems.push('results_url must be null while in_progress');
  } else if (batch.processing_status === 'ended') {
    if (batch.ended_at === null) problems.push('ended_at must be set once ended');
    if (batch.results_url === null) problems.push('results_url must be set once ended');
    if (isObject(batch.request_counts) && batch.request_counts.processing !== 0) {
      problems.push('request_counts.processing must be 0 once ended');
    }
  } else problems.push(`unknown processing_status ${String(batch.processing_status)}`);
  if (total !== undefined && !requestCountsConsistent(batch.request_counts, total)) {
    problems.push(`request_counts must add up to ${total}`);
  }
  return problems;
}
