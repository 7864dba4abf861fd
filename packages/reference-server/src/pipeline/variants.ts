/**
 * Variants of every endpoint: credentials and the forms of identifiers and keys, the request
 * headers, what of a request is admitted, the order of lists whose order is not stated, and the
 * status and body of every answer.
 */
import { errors } from '@vendor-api/spec';
import { named, type VariantPatches } from '../choices/table.js';
import type { IdKind } from '../ids.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The name of the field an unshown body is wrapped in. */
const WRAP_FIELD = 'result';

/** The field added to every object of every answer. */
export const ADDITIONAL_FIELD = 'variant_extension';

/** Status used for an undocumented error status. */
const OTHER_STATUS: Readonly<Record<number, number>> = {
  400: 422,
  401: 403,
  403: 401,
  404: 410,
  409: 422,
  429: 400,
};

/** Every JSON object of a value rewritten by `object`, and every string under a key by `text` (depth-bounded). */
function walk(
  value: unknown,
  object: (o: JsonObject) => JsonObject,
  text: (s: string, key: string) => string,
) {
  const go = (x: unknown, key: string | null, depth: number): unknown => {
    if (depth > 64) return x;
    if (Array.isArray(x)) return x.map((i) => go(i, null, depth + 1));
    if (isObject(x)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(x)) out[k] = go(v, k, depth + 1);
      return object(out);
    }
    return typeof x === 'string' && key !== null ? text(x, key) : x;
  };
  return go(value, null, 0);
}

/** A rewrite of every record of an answer, JSON-lines bodies line by line. */
const eachRecord =
  (rewrite: (value: unknown) => unknown) =>
  (documented: (body: unknown, lines: boolean) => unknown) =>
  (body: unknown, lines: boolean): unknown => {
    const out = documented(body, lines);
    if (!lines || typeof out !== 'string') return rewrite(out);
    return out
      .split('\n')
      .filter(Boolean)
      .map((l) => `${JSON.stringify(rewrite(JSON.parse(l)))}\n`)
      .join('');
  };

/** `2026-01-01T00:00:00Z` as `2026-01-01T00:00:00.000+00:00` (the same instant). */
function withOffset(text: string): string {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(text)) return text;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString().replace(/Z$/, '+00:00');
}

const same = (s: string) => s;

/** `Bearer`, exactly, one space and a token. */
const EXACT_BEARER = /^Bearer [^\s]+$/;

/** Other prefixes of the identifiers whose shape is not shown. */
const OTHER_PREFIXES: Partial<Record<IdKind, string>> = { session: 'session_', file: 'file-' };

export const variants = named({
  'additional-fields': {
    responseRecords: eachRecord((value) =>
      walk(value, (o) => ({ ...o, [ADDITIONAL_FIELD]: { note: 'a field the documents do not show' } }), same),
    ),
  },
  'error-type-only': {
    errorBody:
      () =>
      ({ type, detail }) => ({ error: { type, ...detail } }),
    errorDetailApart: () => true,
  },
  'timestamps-with-offset': {
    responseRecords: eachRecord((value) =>
      walk(
        value,
        (o) => o,
        (s, key) => (key.endsWith('_at') ? withOffset(s) : s),
      ),
    ),
  },
  'other-error-statuses': {
    undocumentedErrorStatus: (documented) => (status) => OTHER_STATUS[status] ?? documented(status),
  },
  'other-error-types': {
    undocumentedErrorType: (documented) => (type) =>
      type === errors.ERRORS.bad_request.type ? 'validation_failed' : `${documented(type)}_variant`,
  },
  // The other success status the spec lists for the operation (201 for a creation, 202 for an end).
  'other-success-statuses': {
    successStatus: (documented) => (endpoint, status) =>
      endpoint.success.others?.[0]?.status ?? documented(endpoint, status),
  },
  // Refused where the reference server is tolerant because the documents are silent (tolerance.ts).
  'strict-unknown-fields': { requestTolerance: (documented) => ({ ...documented, unknownFields: false }) },
  'strict-kinds': { requestTolerance: (documented) => ({ ...documented, openKinds: false }) },
  'strict-required-fields': {
    requestTolerance: (documented) => ({ ...documented, unmarkedOptional: false }),
  },
  'malformed-ids-refused': {
    requestTolerance: (documented) => ({ ...documented, malformedIdsUnknown: false }),
  },
  'credential-headers-exclusive': {
    requestTolerance: (documented) => ({ ...documented, oneCredential: false }),
  },
  'version-header-optional': { versionHeaderRequired: () => () => false },
  // The token exchange is held to the header as every other operation is.
  'version-header-strict': {
    versionHeaderRequired: (documented) => (value) => documented(value, false),
  },
  'betas-strict': { betaHeaderAdmitted: () => (value) => value },
  'request-id-elsewhere': {
    requestIdHeader: () => 'x-request-id',
    errorBody: (documented) => (error) => ({ ...documented(error), request_id: error.requestId }),
  },
  'reversed-orders': {
    unstatedOrder: (documented) => (items) => documented(items).reverse(),
    successBody: (documented) => (endpoint, body) => {
      const out = documented(endpoint, body);
      if (typeof out === 'string' && endpoint.success.response.contentType === 'application/x-ndjson') {
        return out
          .split('\n')
          .filter(Boolean)
          .reverse()
          .map((l) => `${l}\n`)
          .join('');
      }
      if (!endpoint.id.endsWith('rate_limits.list') || !isObject(out) || !Array.isArray(out.data)) return out;
      const data = [...out.data].reverse();
      return {
        ...out,
        data: data.map((e) =>
          isObject(e) && Array.isArray(e.limits) ? { ...e, limits: [...e.limits].reverse() } : e,
        ),
      };
    },
  },
  'other-unshown-bodies': {
    successBody: (documented) => (endpoint, body) => {
      const out = documented(endpoint, body);
      if (!endpoint.success.response.unspecified) return out;
      return isObject(out) && Array.isArray(out.data) ? { items: out.data } : { [WRAP_FIELD]: out };
    },
  },
  'credential-headers-other': {
    exchangeCredentialRead: () => false,
    bearerSyntaxAccepted: () => (value) => EXACT_BEARER.test(value),
  },
  'archived-workspaces-other': { archivedWorkspaceTokensRefused: () => false },
  'other-id-forms': {
    mintedId: (documented) => (kind, id) => {
      const minted = documented(kind, id);
      const other = OTHER_PREFIXES[kind];
      return other === undefined ? minted : other + minted.slice(minted.indexOf('_') + 1);
    },
    // 48 hexadecimal digits.
    workspaceKey: () => (_reference, ids) => ids.secret(24),
  },
} satisfies VariantPatches);
