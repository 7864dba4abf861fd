/**
 * The seams variants act at. The request pipeline and the handlers call these where the documents
 * leave a choice open; with no variant on, each returns its input unchanged (the reference
 * server's own choice).
 *
 * - `admitRequest`: what of a request is taken into account (unknown fields, unshown kinds), and
 *   what the schemas cannot judge, set aside for the handler (more parameters, other bodies);
 * - `versionHeaderRequired`, `betaHeaderValue`: header admission;
 * - `unstatedOrder`: lists whose order the documents do not state;
 * - `answer`: the status and body of a success;
 * - `errorAnswer`: the status and body of an error;
 * - and the choices a handler names, by area, in the modules re-exported below.
 */
import { access, type Endpoint, errors } from '@vendor-api/spec';
import { errorDetailField } from './federation.js';
import type { HasVariants } from './types.js';

export * from './access.js';
export * from './admin.js';
export { type Admission, admitRequest, type RequestParts } from './admission.js';
export * from './dreams.js';
export * from './federation.js';
export * from './lists.js';
export * from './message-batches.js';
export * from './messages.js';
export * from './sessions.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * Whether a request without the version header (or with another value) is refused
 * (UNSPEC-VERSION-HEADER-MISSING, UNSPEC-VERSION-HEADER-OTHER-VALUE). The token exchange serves a
 * request that carries none (clients of the API family send none there); `version-header-strict`
 * requires it there too, `version-header-optional` nowhere.
 */
export function versionHeaderRequired(
  state: HasVariants,
  endpoint: Endpoint,
  value: string | undefined,
): boolean {
  if (state.variants.has('version-header-optional')) return false;
  return value !== undefined || !isTokenExchange(endpoint) || state.variants.has('version-header-strict');
}

/** Whether an endpoint is the token exchange (the one operation that takes no credential). */
const isTokenExchange = (endpoint: Endpoint): boolean => endpoint.path === access.TOKEN_EXCHANGE_PATH;

/**
 * The beta header as admitted (UNSPEC-BETA-UNKNOWN): identifiers outside the allowed list are
 * ignored, unless `betas-strict` keeps them (and the header check refuses them).
 */
export function betaHeaderValue(state: HasVariants, value: string | undefined): string | undefined {
  if (value === undefined || state.variants.has('betas-strict')) return value;
  const known = access.parseBetaHeader(value).filter(access.isBetaIdentifier).join(',');
  // A header left with nothing known is as if it were absent.
  return known === '' ? undefined : known;
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

/** An error as the pipeline and the handlers raised it. */
export interface RaisedError {
  readonly status: number;
  readonly type: string;
  /** The message, detail included. */
  readonly message: string;
  /** The message without the detail. */
  readonly reason: string;
  /** A detail the documents give the error (`workspace_id_required`), or null. */
  readonly detail: string | null;
  readonly documented: boolean;
  readonly requestId: string;
}

/** The status and body of an error answer. */
export function errorAnswer(
  state: HasVariants,
  endpoint: Endpoint,
  error: RaisedError,
): { status: number; body: unknown } {
  const v = state.variants;
  let { status, type } = error;
  const known = documented(endpoint, status, type, error.documented);
  if (!known && v.has('other-error-statuses')) status = OTHER_STATUS[status] ?? status;
  if (!known && v.has('other-error-types'))
    type = type === errors.ERRORS.bad_request.type ? 'validation_failed' : `${type}_variant`;
  // Where a documented detail travels is not shown (UNSPEC-EXCH-DETAIL-LOCATION).
  const detail = error.detail !== null && errorDetailField(state) ? { detail: error.detail } : {};
  const message = 'detail' in detail ? error.reason : error.message;
  const body: JsonObject = v.has('error-type-only')
    ? { error: { type, ...detail } }
    : { type: 'error', error: { type, message, ...detail } };
  // Where the request id travels is not shown (UNSPEC-EXCH-REQUEST-ID-LOCATION).
  if (v.has('request-id-elsewhere')) body.request_id = error.requestId;
  return { status, body: records(state, body) };
}

/** The response header that carries the request id (UNSPEC-ERROR-REQUEST-ID-SOURCE). */
export function requestIdHeader(state: HasVariants, reference: string): string {
  return state.variants.has('request-id-elsewhere') ? 'x-request-id' : reference;
}
