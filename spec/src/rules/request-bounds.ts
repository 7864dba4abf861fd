/**
 * Bounds on what a server reads of a request: how deeply a JSON body may nest and how many bytes
 * a body of each operation may carry. The documents give neither (UNSPEC-REQUEST-JSON-DEPTH,
 * UNSPEC-REQUEST-BODY-SIZE) except for two operations: a batch carries at most 256 MB of body
 * (BATCH-CREATE-MAX-SIZE) and the exchange's assertion at most 16 KiB (EXCH-ASSERTION-MAX); the
 * other caps are derived from those. Exported through `access`.
 */
import type { OperationId } from '../index.js';
import { MAX_ASSERTION_BYTES } from './jwt.js';

export { jsonDepthViolation, MAX_JSON_DEPTH } from './json-depth.js';

import { BATCH_SIZE_LIMIT_MB, BYTES_PER_MB } from './message-batches.js';

/** Room for the fields beside a bounded one (envelope, other members, whitespace). */
const KIB = 1024;

/**
 * Largest body, in bytes, per operation (UNSPEC-REQUEST-BODY-SIZE); a larger one is refused with
 * 413 before it is read. `default` covers every operation not listed (small fixed shapes).
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
