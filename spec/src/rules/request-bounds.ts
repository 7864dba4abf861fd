/**
 * Bounds on what a server reads of a request: how deeply a JSON body may nest, how many bytes a
 * body of each operation may carry, and how long a client may take to send it. The documents give
 * none of them (UNSPEC-REQUEST-JSON-DEPTH, UNSPEC-REQUEST-BODY-SIZE, UNSPEC-REQUEST-TIME-LIMITS)
 * except for two sizes: a batch carries at most 256 MB of body (BATCH-CREATE-MAX-SIZE) and the
 * exchange's assertion at most 16 KiB (EXCH-ASSERTION-MAX); the other caps are derived from those.
 * Exported through `access`.
 */
import type { OperationId } from '../index.js';
import { MAX_ASSERTION_BYTES } from './jwt.js';

export { jsonDepthViolation, MAX_JSON_DEPTH } from './json-depth.js';

import { BATCH_SIZE_LIMIT_MB, BYTES_PER_MB } from './message-batches.js';

/** Room for the fields beside a bounded one (envelope, other members, whitespace). */
const KIB = 1024;

/**
 * Largest body, in bytes, per operation (UNSPEC-REQUEST-BODY-SIZE); a larger one is refused with
 * 413 before it is read (400 on the exchange, whose documented failures are all 400s).
 * `default` covers every operation not listed (small fixed shapes).
 */
export const BODY_LIMITS = {
  /** The batch limit (BATCH-CREATE-MAX-SIZE) plus room, so a body just over it gets the batch's own 400. */
  'messages.batches.create': BATCH_SIZE_LIMIT_MB * BYTES_PER_MB + BYTES_PER_MB,
  /** One request of a batch: an eighth of the batch limit. */
  'messages.create': (BATCH_SIZE_LIMIT_MB * BYTES_PER_MB) / 8,
  'messages.count_tokens': (BATCH_SIZE_LIMIT_MB * BYTES_PER_MB) / 8,
  /** The assertion (EXCH-ASSERTION-MAX) plus room for the other fields and one byte more of it. */
  'oauth.token': MAX_ASSERTION_BYTES + 4 * KIB,
  default: 1024 * KIB,
} as const satisfies Partial<Record<OperationId, number>> & { readonly default: number };

/** The body limit of an operation (UNSPEC-REQUEST-BODY-SIZE). */
export function bodyLimit(operationId: OperationId): number {
  return Object.hasOwn(BODY_LIMITS, operationId)
    ? BODY_LIMITS[operationId as keyof typeof BODY_LIMITS]
    : BODY_LIMITS.default;
}

/**
 * How long a client may take to send a request (UNSPEC-REQUEST-TIME-LIMITS), counted from the
 * request's first byte (a new connection's opening for its first request). One not received by
 * then is answered 408 with the error body and its connection closed; a slow client holds a
 * socket no longer than this.
 */
export const REQUEST_TIME_LIMITS = {
  /** To the end of the headers: a client sends them at once, a slow one is not waited on for long. */
  headersMs: 10_000,
  /**
   * To the last byte of the body: the largest body (`BODY_LIMITS`, a batch of 257 MiB) at 2.5 MiB
   * a second, far below what a client on the same machine sends.
   */
  requestMs: 120_000,
} as const;
