/**
 * Requests of the negative cases as the server receives them, and the oracle that judges them:
 * the spec's request validator (`validateRequest`), fed JSON bodies after a JSON round trip, path
 * values decoded and query values as strings (a repeated key an array). See constraints.ts for
 * the invalid inputs themselves.
 */
import { type Operation, publishedForm, spec, type Vendor, vendor } from '@vendor-api/spec';
import { validateRequest } from '@vendor-api/validators';
import type { ArbitraryContext } from '@vendor-api/validators/arbitrary';
import fc from 'fast-check';

/** One request of a negative case. */
export interface Attempt {
  readonly what: string;
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: unknown;
  /** Sent as is (malformed JSON). */
  readonly rawBody?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas of any shape
type Schema = Record<string, any>;

export const arbitraryContext: ArbitraryContext = {
  refs: spec.schemas as Record<string, Schema>,
  maxItems: 3,
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A query or path leaf as text on the wire. */
export const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

export function queryText(q: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!isObject(q)) return out;
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.map(asText) : asText(v);
  }
  return out;
}

/** The query as the server parses it: a key given once is a string, repeated an array. */
function receivedQuery(q: Attempt['query']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    if (typeof v === 'string') out[k] = v;
    else if (v.length === 1) out[k] = v[0];
    else if (v.length > 1) out[k] = [...v];
  }
  return out;
}

/**
 * Longest path value sent: URL length limits are an HTTP matter the documents do not touch (a
 * server may answer 414 with a body of its own for a longer one).
 */
const MAX_PATH_VALUE = 64;

/** A path value that routes to the operation at all: non-empty, not a dot segment, encodable, short. */
export function routable(value: string): boolean {
  if (value === '' || value === '.' || value === '..' || value.length > MAX_PATH_VALUE) return false;
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** Version and beta headers as the published validators name them (always right here). */
const headersOf = (e: Operation) => ({
  [vendor.headers.version]: vendor.apiVersion,
  ...(e.betas.length ? { [vendor.headers.beta]: e.betas.join(',') } : {}),
});

/**
 * Whether the spec's request validator rejects the attempt: in `contract` mode (the default) only
 * a documented constraint makes it reject (unknown fields and unshown kinds are allowed); in
 * `strict` mode, the reference server's own choice, anything not described does.
 */
export function rejected(
  e: Operation,
  a: Attempt,
  mode: 'contract' | 'strict' = 'contract',
  v: Vendor = vendor,
): boolean {
  if (a.rawBody !== undefined) return true;
  // Names derived from another vendor name read as the published ones the validators know.
  const body = a.body === undefined ? undefined : publishedForm(v, JSON.parse(JSON.stringify(a.body)));
  const r = validateRequest(
    e.id,
    { path: { ...a.path }, query: receivedQuery(a.query), headers: headersOf(e), body },
    { mode },
  );
  return !r.ok;
}

const MALFORMED = ['{', '{"a":', '[1,]', "{'a':1}", 'nul', '{"a":1}}', '{"a" 1}', '\u0000'];

/**
 * The request with a body that is not JSON at all (bodies are JSON: VERSION-JSON-BODIES), the rest
 * as it was: a malformed text, or a proper prefix of the body's text.
 */
export function malformed(a: Attempt, seed: number): Attempt {
  const text = JSON.stringify(a.body ?? {});
  const [rawBody] = fc.sample(
    fc.oneof(
      fc.constantFrom(...MALFORMED),
      fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((k) => text.slice(0, k)),
    ),
    { numRuns: 1, seed },
  );
  return { what: 'malformed JSON', path: a.path, query: a.query, rawBody: rawBody ?? '{' };
}
