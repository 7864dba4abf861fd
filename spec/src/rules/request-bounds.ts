/**
 * Bounds on what a server reads of a request: how deeply a JSON body may nest and how many bytes
 * a body of each operation may carry. The documents give neither (UNSPEC-REQUEST-JSON-DEPTH,
 * UNSPEC-REQUEST-BODY-SIZE) except for two operations: a batch carries at most 256 MB of body
 * (BATCH-CREATE-MAX-SIZE) and the exchange's assertion at most 16 KiB (EXCH-ASSERTION-MAX); the
 * other caps are derived from those. Exported through `access`.
 */
import { MAX_ASSERTION_BYTES } from './jwt.js';
import { BATCH_SIZE_LIMIT_MB, BYTES_PER_MB } from './message-batches.js';

/**
 * Deepest nesting of objects and arrays a JSON body may have: the top-level value is depth 1
 * (UNSPEC-REQUEST-JSON-DEPTH). Deep enough for any JSON Schema in `tools[].input_schema`; shallow
 * enough that nothing walking a body recursively can exhaust the stack.
 */
export const MAX_JSON_DEPTH = 128;

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
} as const satisfies Readonly<Record<string, number>>;

/** The body limit of an operation (UNSPEC-REQUEST-BODY-SIZE). */
export function bodyLimit(operationId: string): number {
  return Object.hasOwn(BODY_LIMITS, operationId)
    ? BODY_LIMITS[operationId as keyof typeof BODY_LIMITS]
    : BODY_LIMITS.default;
}

/** A value met while walking a body: its depth and how it is reached (a path built only when needed). */
interface Visit {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Visit | null;
  readonly key: string | number;
}

/** `body.tools[0]["a b"]`: the path of a visited value. */
function pathOf(visit: Visit): string {
  const parts: string[] = [];
  for (let v: Visit | null = visit; v !== null; v = v.parent) {
    const key = v.key;
    if (v.parent === null) parts.push(String(key));
    else if (typeof key === 'number') parts.push(`[${key}]`);
    else parts.push(/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
  }
  return parts.reverse().join('');
}

/**
 * Where a JSON value nests deeper than `max` (UNSPEC-REQUEST-JSON-DEPTH): the path of the first
 * object or array found at depth `max + 1` (`body.tools[0].input_schema.properties`), or null when
 * it is within the bound. Iterative: it never recurses, whatever the depth.
 */
export function jsonDepthViolation(
  value: unknown,
  max: number = MAX_JSON_DEPTH,
  root = 'body',
): string | null {
  const stack: Visit[] = [{ value, depth: 1, parent: null, key: root }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const v = top.value;
    if (v === null || typeof v !== 'object') continue;
    if (top.depth > max) return pathOf(top);
    const depth = top.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        if (item !== null && typeof item === 'object')
          stack.push({ value: item, depth, parent: top, key: i });
      }
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const item = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') stack.push({ value: item, depth, parent: top, key });
      }
    }
  }
  return null;
}
