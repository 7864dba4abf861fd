/**
 * The seams variants act at. The request pipeline and the handlers call these where the documents
 * leave a choice open; with no variant on, each returns its input unchanged (the reference
 * server's own choice).
 *
 * - `admitRequest`: what of a request is taken into account (unknown fields, unshown kinds);
 * - `versionHeaderRequired`, `betaHeaderValue`: header admission;
 * - `unstatedOrder`: lists whose order the documents do not state;
 * - `answer`: the status and body of a success;
 * - `errorAnswer`: the status and body of an error.
 */
import { access, type Endpoint, type VendorSpec } from '@vendor-api/spec';
import type { VariantSet } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas of any shape
type TSchema = Record<string, any>;

interface HasVariants {
  readonly variants: VariantSet;
  readonly spec: VendorSpec;
}

type Json = unknown;
type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------------------------------------------------------------------------------------------
// Requests

interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** Whether a request without the version header (or with another value) is served. */
export function versionHeaderRequired(state: HasVariants): boolean {
  return !state.variants.has('version-header-optional');
}

/** The beta header as admitted: unknown identifiers dropped under `betas-lenient`. */
export function betaHeaderValue(state: HasVariants, value: string | undefined): string | undefined {
  if (value === undefined || !state.variants.has('betas-lenient')) return value;
  return access.parseBetaHeader(value).filter(access.isBetaIdentifier).join(',');
}

/**
 * The request parts as admitted: under `lenient-unknown-fields` unknown body fields and query
 * parameters are dropped; under `open-kinds-accepted` array items and fields of kinds the
 * documents do not show are dropped (the server ignores them). The strict validators then see only
 * what the documents describe.
 */
export function admitRequest(state: HasVariants, endpoint: Endpoint, parts: RequestParts): RequestParts {
  const unknownFields = state.variants.has('lenient-unknown-fields');
  const openKinds = state.variants.has('open-kinds-accepted');
  if (!unknownFields && !openKinds) return parts;
  const pruner = new Pruner(state.spec.schemas as Record<string, TSchema>, { unknownFields, openKinds });
  const query = { ...parts.query };
  const known = endpoint.params.query?.properties ?? {};
  if (unknownFields) for (const k of Object.keys(query)) if (!(k in known)) delete query[k];
  const body =
    endpoint.body && parts.body !== undefined ? pruner.prune(endpoint.body.schema, parts.body) : parts.body;
  return { ...parts, query, body: body === DROP ? parts.body : body };
}

/** A marker: the value is of a kind the documents do not show, and is dropped by its container. */
const DROP = Symbol('drop');

class Pruner {
  constructor(
    private readonly refs: Record<string, TSchema>,
    private readonly options: { unknownFields: boolean; openKinds: boolean },
  ) {}

  private resolve(schema: TSchema): TSchema {
    let s = schema;
    for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
      const target = this.refs[s.$ref.replace(/^#\/components\/schemas\//, '')];
      if (!target) break;
      s = target;
    }
    return s;
  }

  /** The union member a value's `type` selects; `DROP` for a kind no member has; undefined if not a kinded union. */
  private member(members: readonly TSchema[], value: JsonObject): TSchema | typeof DROP | undefined {
    const kinds = new Map<string, TSchema>();
    for (const m of members.map((x) => this.resolve(x))) {
      const tag = (m.properties as Record<string, TSchema> | undefined)?.type?.const;
      if (typeof tag !== 'string') return undefined;
      kinds.set(tag, m);
    }
    if (typeof value.type !== 'string') return undefined;
    return kinds.get(value.type) ?? (this.options.openKinds ? DROP : undefined);
  }

  prune(schema: TSchema, value: Json, depth = 0): Json | typeof DROP {
    if (depth > 64) return value;
    const s = this.resolve(schema);
    const union = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
    if (union && isObject(value)) {
      const m = this.member(union, value);
      if (m === DROP) return DROP;
      if (m) return this.prune(m, value, depth + 1);
      const objects = union.map((x) => this.resolve(x)).filter((x) => x.type === 'object');
      return objects.length === 1 ? this.prune(objects[0]!, value, depth + 1) : value;
    }
    if (Array.isArray(value) && s.type === 'array' && s.items && !Array.isArray(s.items)) {
      const out: Json[] = [];
      for (const item of value) {
        const p = this.prune(s.items as TSchema, item, depth + 1);
        if (p !== DROP) out.push(p);
      }
      return out;
    }
    if (isObject(value) && s.type === 'object' && isObject(s.properties)) {
      const props = s.properties as Record<string, TSchema>;
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) {
        const prop = props[k];
        if (prop === undefined) {
          if (!(this.options.unknownFields && s.additionalProperties === false)) out[k] = v;
          continue;
        }
        const p = this.prune(prop, v, depth + 1);
        if (p !== DROP) out[k] = p;
      }
      return out;
    }
    return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Orders

/** A list whose order the documents do not state, in the order the server answers it. */
export function unstatedOrder<T>(state: HasVariants, items: T[]): T[] {
  return state.variants.has('reversed-orders') ? items.reverse() : items;
}

// ---------------------------------------------------------------------------------------------
// Success answers

/** Operations that create a record (answered 201 under `other-success-statuses`). */
const CREATES = /\.create$/;
/** Operations that end or remove something (answered 202 under `other-success-statuses`). */
const ENDS = new Set(['organizations.workspaces.archive', 'organizations.workspaces.members.delete']);

/** The name of the field an unshown body is wrapped in under `other-unshown-bodies`. */
const WRAP_FIELD = 'result';

/** The status and body of a successful answer (JSON bodies; JSON-lines bodies are text). */
export function answer(
  state: HasVariants,
  endpoint: Endpoint,
  status: number,
  body: unknown,
): { status: number; body: unknown } {
  const v = state.variants;
  if (v.size === 0) return { status, body };
  let out = body;
  if (typeof out === 'string' && endpoint.success.response.contentType === 'application/x-ndjson') {
    let lines = out.split('\n').filter(Boolean);
    if (v.has('reversed-orders')) lines = lines.reverse();
    out = lines.map((l) => `${JSON.stringify(records(state, JSON.parse(l)))}\n`).join('');
    return { status, body: out };
  }
  if (endpoint.id === 'dreams.list' && v.has('dream-list-envelope') && isObject(out)) {
    out = { dreams: out.data, next_cursor: out.next_page };
  }
  if (endpoint.success.response.unspecified && v.has('other-unshown-bodies')) {
    out = Array.isArray((out as JsonObject | null)?.data)
      ? { items: (out as JsonObject).data }
      : { [WRAP_FIELD]: out };
  }
  if (v.has('reversed-orders') && endpoint.id.endsWith('rate_limits.list') && isObject(out)) {
    const data = Array.isArray(out.data) ? [...out.data].reverse() : out.data;
    out = {
      ...out,
      data: Array.isArray(data)
        ? data.map((e) =>
            isObject(e) && Array.isArray(e.limits) ? { ...e, limits: [...e.limits].reverse() } : e,
          )
        : data,
    };
  }
  out = records(state, out);
  let s = status;
  if (v.has('other-success-statuses')) {
    if (CREATES.test(endpoint.id) && endpoint.method === 'POST') s = 201;
    else if (ENDS.has(endpoint.id)) s = 202;
  }
  return { status: s, body: out };
}

/** The field `additional-fields` adds to every object. */
export const ADDITIONAL_FIELD = 'variant_extension';

/** Record-level rewrites of a JSON value: additional fields, the timestamp form. */
function records(state: HasVariants, value: unknown): unknown {
  const extra = state.variants.has('additional-fields');
  const offset = state.variants.has('timestamps-with-offset');
  if (!extra && !offset) return value;
  const walk = (x: unknown, key: string | null, depth: number): unknown => {
    if (depth > 64) return x;
    if (Array.isArray(x)) return x.map((i) => walk(i, null, depth + 1));
    if (isObject(x)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(x)) out[k] = walk(v, k, depth + 1);
      if (extra) out[ADDITIONAL_FIELD] = { note: 'a field the documents do not show' };
      return out;
    }
    if (offset && typeof x === 'string' && key?.endsWith('_at')) return withOffset(x);
    return x;
  };
  return walk(value, null, 0);
}

/** `2026-01-01T00:00:00Z` as `2026-01-01T00:00:00.000+00:00` (the same instant). */
function withOffset(text: string): string {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(text)) return text;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString().replace(/Z$/, '+00:00');
}

// ---------------------------------------------------------------------------------------------
// Error answers

/** Status used for an undocumented error status under `other-error-statuses`. */
const OTHER_STATUS: Readonly<Record<number, number>> = {
  400: 422,
  401: 403,
  403: 401,
  404: 410,
  409: 422,
  429: 400,
};

/**
 * Whether the documents give this error's status and type for the operation: an entry of the
 * endpoint's error table with the same status (and type, when it names one), or an error the
 * pipeline marked documented (a token outside its scope).
 */
function documented(endpoint: Endpoint, status: number, type: string, marked: boolean): boolean {
  if (marked) return true;
  return endpoint.errors.some((e) => e.status === status && (e.type === null || e.type === type));
}

/** The status and body of an error answer. */
export function errorAnswer(
  state: HasVariants,
  endpoint: Endpoint,
  error: { status: number; type: string; message: string; documented: boolean },
): { status: number; body: unknown } {
  const v = state.variants;
  let { status, type } = error;
  const known = documented(endpoint, status, type, error.documented);
  if (!known && v.has('other-error-statuses')) status = OTHER_STATUS[status] ?? status;
  if (!known && v.has('other-error-types'))
    type = type === 'invalid_request_error' ? 'validation_failed' : `${type}_variant`;
  const body = v.has('error-type-only')
    ? { error: { type } }
    : { type: 'error', error: { type, message: error.message } };
  return { status, body: records(state, body) };
}
