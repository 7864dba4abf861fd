/**
 * Invalid inputs of an operation, generated from the spec's request schemas with
 * @vendor-api/validators/arbitrary: values near the body, query and path schemas, then broken
 * (`mutate`: a required field dropped, an unknown one added, a leaf replaced by any JSON value),
 * bodies of the wrong JSON type, a missing body, and malformed JSON text. The oracle is the spec's
 * own request validator (`validateRequest`), fed what the server receives: JSON bodies after a
 * JSON round trip, path values decoded, query values as strings (a repeated key an array). Only
 * inputs it rejects are kept.
 */
import { type Endpoint, spec, vendor } from '@vendor-api/spec';
import { validateRequest } from '@vendor-api/validators';
import { type ArbitraryContext, mutate, near } from '@vendor-api/validators/arbitrary';
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

const arbitraryContext: ArbitraryContext = { refs: spec.schemas as Record<string, Schema>, maxItems: 3 };

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A query or path leaf as text on the wire. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryText(q: unknown): Record<string, string | string[]> {
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
function routable(value: string): boolean {
  if (value === '' || value === '.' || value === '..' || value.length > MAX_PATH_VALUE) return false;
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** Version and beta headers as the published validators name them (always right here). */
const headersOf = (e: Endpoint) => ({
  [vendor.headers.version]: vendor.apiVersion,
  ...(e.betas.length ? { [vendor.headers.beta]: e.betas.join(',') } : {}),
});

/** Whether the spec's validator rejects the attempt. */
export function rejected(e: Endpoint, a: Attempt): boolean {
  if (a.rawBody !== undefined) return true;
  const body = a.body === undefined ? undefined : JSON.parse(JSON.stringify(a.body));
  const r = validateRequest(e.id, {
    path: { ...a.path },
    query: receivedQuery(a.query),
    headers: headersOf(e),
    body,
  });
  return !r.ok;
}

/**
 * Whether any invalid input exists for the operation: a body that is not even an object, an
 * unknown query parameter or a path value of the wrong shape is refused by its schemas. An
 * operation with no body, query or path (the results download) has none.
 */
export function hasInvalidInput(e: Endpoint): boolean {
  const pathKeys = Object.keys(e.params.path?.properties ?? {});
  const probes: Attempt[] = [
    ...(e.body ? [{ what: 'probe', path: {}, query: {}, body: 'not an object' }] : []),
    ...(e.params.query ? [{ what: 'probe', path: {}, query: { __unknown_parameter: 'x' } }] : []),
    ...(pathKeys.length
      ? [{ what: 'probe', path: Object.fromEntries(pathKeys.map((k) => [k, '!'])), query: {} }]
      : []),
  ];
  return probes.some((p) => rejected(e, p));
}

/** A proper prefix of a JSON object's text: never valid JSON. */
const truncated = (text: string) =>
  fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((k) => text.slice(0, k));

const MALFORMED = ['{', '{"a":', '[1,]', "{'a':1}", 'nul', '{"a":1}}', '{"a" 1}', '\u0000'];

/** Invalid attempts for an operation (inputs the spec's validator rejects). */
export function invalidAttempts(e: Endpoint): fc.Arbitrary<Attempt> {
  const pathSchema = e.params.path as Schema | undefined;
  const querySchema = e.params.query as Schema | undefined;
  const bodySchema = e.body?.schema as Schema | undefined;
  const path = pathSchema
    ? near(pathSchema, arbitraryContext).map((p) =>
        Object.fromEntries(Object.entries(isObject(p) ? p : {}).map(([k, v]) => [k, asText(v)])),
      )
    : fc.constant({} as Record<string, string>);
  const query = querySchema ? near(querySchema, arbitraryContext).map(queryText) : fc.constant({});
  const body = bodySchema ? near(bodySchema, arbitraryContext) : fc.constant(undefined);
  const base = fc.record({ path, query, body }).map(
    (b): Attempt => ({
      what: 'near',
      path: b.path,
      query: b.query,
      ...(bodySchema ? { body: b.body } : {}),
    }),
  );
  return base
    .chain((b) => {
      const variants: fc.Arbitrary<Attempt>[] = [fc.constant(b)];
      if (bodySchema) {
        variants.push(
          mutate(b.body).map((body) => ({ ...b, what: 'body mutated', body })),
          fc
            .jsonValue({ maxDepth: 2 })
            .filter((v) => !isObject(v))
            .map((body) => ({ ...b, what: 'body of the wrong type', body })),
          fc.constant({ what: 'no body', path: b.path, query: b.query }),
          fc
            .oneof(fc.constantFrom(...MALFORMED), truncated(JSON.stringify(b.body ?? {})))
            .map((rawBody) => ({ what: 'malformed JSON', path: b.path, query: b.query, rawBody })),
        );
      }
      if (querySchema)
        variants.push(mutate(b.query).map((q) => ({ ...b, what: 'query mutated', query: queryText(q) })));
      const keys = Object.keys(b.path);
      if (keys.length) {
        variants.push(
          fc.constantFrom(...keys).chain((k) =>
            mutate(b.path[k]).map((v) => ({
              ...b,
              what: `path ${k} mutated`,
              path: { ...b.path, [k]: asText(v) },
            })),
          ),
        );
      }
      return fc.oneof(...variants);
    })
    .filter((a) => Object.values(a.path).every(routable) && rejected(e, a));
}

/**
 * Requirement ids the operation's request schemas implement (`x-requirements` anywhere in the
 * body, query and path schemas, through `$ref`s), all ids of the catalog.
 */
export function requestRequirements(e: Endpoint): string[] {
  const known = new Set(spec.requirements.map((r) => r.id));
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const x of node) visit(x);
      return;
    }
    const s = node as Schema;
    if (Array.isArray(s['x-requirements']))
      for (const id of s['x-requirements']) if (known.has(id)) out.add(id);
    if (typeof s.$ref === 'string') visit(spec.schemas[s.$ref]);
    for (const v of Object.values(s)) visit(v);
  };
  visit(e.body?.schema);
  visit(e.params.query);
  visit(e.params.path);
  return [...out].sort();
}
