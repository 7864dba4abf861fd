/**
 * Choice points of the request pipeline: credentials, the version and beta headers, what of a
 * request is admitted and validated, and the shape of every answer.
 */
import { access, type Endpoint, type OperationId, type Vendor } from '@vendor-api/spec';
import { validateRequest } from '@vendor-api/validators';
import { type Override, point } from '../choices/point.js';
import type { IdGenerator, IdKind } from '../ids.js';
import type { SomeHandlers } from '../state.js';

type TokenScope = Extract<access.PresentedCredential, { kind: 'access_token' }>['scope'];
type JsonObject = Record<string, unknown>;

/** The header every answer carries the request id in. */
export const REQUEST_ID_HEADER = 'request-id';

export interface RequestParts {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string | undefined>;
  readonly body: unknown;
}

/**
 * A request as admitted: the parts the validators see, and what is handed to the handler after
 * validation: values as sent where the validators saw stand-ins (`path`, `query`, `body`), and
 * what the documents do not show at all, by name (`unshown`).
 */
export interface Admission {
  readonly parts: RequestParts;
  readonly after: {
    readonly path?: Record<string, unknown>;
    readonly query?: Record<string, unknown>;
    readonly body?: unknown;
    readonly unshown?: Record<string, unknown>;
  };
}

type Admit = (endpoint: Endpoint, parts: RequestParts) => Admission;

/**
 * A patch of `admit` that adds one admission after the earlier ones (null: it does not apply to
 * the request); what it sets aside joins theirs.
 */
export const alsoAdmit =
  (admit: (endpoint: Endpoint, parts: RequestParts) => Admission | null): Override<Admit> =>
  (earlier) =>
  (endpoint, parts) => {
    const first = earlier(endpoint, parts);
    const next = admit(endpoint, first.parts);
    if (next === null) return first;
    const body = 'body' in next.after ? next.after : first.after;
    return {
      parts: next.parts,
      after: {
        path: { ...first.after.path, ...next.after.path },
        query: { ...first.after.query, ...next.after.query },
        unshown: { ...first.after.unshown, ...next.after.unshown },
        ...('body' in body ? { body: body.body } : {}),
      },
    };
  };

/** A patch of `admit` setting query parameters of an operation the documents do not show aside for its handler. */
export const setAside = (operation: OperationId, names: readonly string[]): Override<Admit> =>
  alsoAdmit((endpoint, parts) => {
    const sent = names.filter((name) => endpoint.id === operation && parts.query[name] !== undefined);
    if (sent.length === 0) return null;
    const query = { ...parts.query };
    const unshown: Record<string, unknown> = {};
    for (const name of sent) {
      unshown[name] = query[name];
      delete query[name];
    }
    return { parts: { ...parts, query }, after: { unshown } };
  });

/** A patch of `admit` taking an operation's well-formed integer `limit` below 1 as 1 (anything else is left to the validators). */
export const limitAtLeastOne = (operation: OperationId): Override<Admit> =>
  alsoAdmit((endpoint, parts) => {
    const sent = parts.query.limit;
    const integer =
      (typeof sent === 'string' && /^-?\d+$/.test(sent)) ||
      (typeof sent === 'number' && Number.isInteger(sent));
    if (endpoint.id !== operation || !integer || Number(sent) >= 1) return null;
    return { parts: { ...parts, query: { ...parts.query, limit: '1' } }, after: {} };
  });

/** The beta header with the identifiers outside the allowed list left out (nothing left: absent). */
function knownBetas(value: string | undefined): string | undefined {
  if (value === undefined) return value;
  const known = access.parseBetaHeader(value).filter(access.isBetaIdentifier).join(',');
  return known === '' ? undefined : known;
}

/** What an error answer is made of. */
export interface ErrorParts {
  readonly type: string;
  /** The message, without the detail when the detail travels apart. */
  readonly message: string;
  /** A documented detail (`workspace_id_required`), when it travels apart from the message. */
  readonly detail: { readonly detail: string } | Record<string, never>;
  readonly requestId: string;
}

type Order = <T>(items: T[]) => T[];

/** What the server tolerates where the documents are silent (the `requestTolerance` choice point). */
export interface Tolerance {
  /** Body fields (at any depth) and query parameters the documents do not show are ignored; else refused. */
  readonly unknownFields: boolean;
  /**
   * Content blocks, tools, thinking configs and image sources of kinds the documents do not show
   * are accepted (and counted as input); else refused.
   */
  readonly openKinds: boolean;
  /**
   * Fields the documents list without marking them required may be left out (`max_tokens`: the
   * spec's `MAX_TOKENS_WHEN_OMITTED`, a session's `resources`: none), forms clients send beside the
   * shown ones are read (`system` as text blocks, a tool without `description` or
   * `input_schema.required`), a batch item's `stream` is ignored and a batch may hold no requests;
   * else each is refused.
   */
  readonly unmarkedOptional: boolean;
  /** A path id without the form its kind documents (`msgbatch_…`) is answered like an unknown id (404); else refused (400). */
  readonly malformedIdsUnknown: boolean;
  /**
   * With both credential headers, `x-api-key` is read and `Authorization` ignored; an API key sent
   * as `Authorization: Bearer` (a value without the access-token prefix) is read as that key.
   * Else both headers are refused (400) and a key as a bearer credential is an invalid token (401).
   */
  readonly oneCredential: boolean;
}

export const pipeline = {
  // Credentials

  /** Whether the token exchange, which takes no credential, looks at one that is sent. */
  exchangeCredentialRead: point<boolean>(['UNSPEC-AUTH-EXCHANGE-CREDENTIAL'], true),
  /** Whether an `Authorization` value may be read as a bearer credential (any case, spaces after it). */
  bearerSyntaxAccepted: point<(value: string) => boolean>(['UNSPEC-AUTH-BEARER-SYNTAX'], () => true),
  /** Whether an access token is past its expiry. */
  accessTokenExpired: point<(now: number, expiresAt: number) => boolean>(
    ['FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE'],
    (now, expiresAt) => now >= expiresAt,
  ),
  /** Whether an access token scoped to an archived workspace is refused. */
  archivedWorkspaceTokensRefused: point<boolean>(['UNSPEC-WS-ARCHIVED-ACCESS-TOKEN'], true),
  /** The scope an access token is admitted with on an endpoint. */
  tokenScope: point<(granted: TokenScope, endpoint: Endpoint) => TokenScope>(
    ['SCOPE-OUTSIDE-403'],
    (granted) => granted,
  ),
  /** Whether a key is revoked. */
  keyRevoked: point<(revokedAt: number | null) => boolean>(
    ['WSARCH-KEYS-REVOKED'],
    (revokedAt) => revokedAt !== null,
  ),
  /** Whether resources are told apart by organization as well as by workspace. */
  organizationsToldApart: point<boolean>(['AUTH-KEY-ONE-WORKSPACE'], true),
  /** The form of a minted id of a kind. */
  mintedId: point<(kind: IdKind, id: string) => string>(['UNSPEC-SESS-ID-SHAPES'], (_kind, id) => id),
  /** A workspace key, from the reference server's form (`sk-<vendor>-api03-…`). */
  workspaceKey: point<(reference: string, ids: IdGenerator) => string>(
    ['UNSPEC-AUTH-WORKSPACE-KEY-FORMAT'],
    (reference) => reference,
  ),

  // Headers

  /** Whether a request without the version header (or with another value) is refused; the token exchange serves one without it. */
  versionHeaderRequired: point<(value: string | undefined, exchange: boolean) => boolean>(
    ['UNSPEC-VERSION-HEADER-MISSING', 'UNSPEC-VERSION-HEADER-OTHER-VALUE'],
    (value, exchange) => value !== undefined || !exchange,
  ),
  /** The beta header as admitted: identifiers outside the allowed list ignored. */
  betaHeaderAdmitted: point<(value: string | undefined) => string | undefined>(
    ['UNSPEC-BETA-UNKNOWN', 'UNSPEC-BETA-SYNTAX'],
    knownBetas,
  ),
  /** The betas an operation requires. */
  requiredBetas: point<(endpoint: Endpoint) => readonly string[]>(
    ['UNSPEC-SESS-CREATE-BETA'],
    (endpoint) => endpoint.betas,
  ),
  /** The check of a request's beta header against the betas its endpoint requires. */
  checkBetaHeader: point<
    (
      endpoint: Endpoint,
      required: readonly string[],
      value: string | undefined,
      v: Vendor,
    ) => ReturnType<typeof access.checkBetaHeader>
  >(['BETA-IDENTIFIERS-ALLOWED', 'BETA-DREAMS-BOTH'], (_endpoint, required, value, v) =>
    access.checkBetaHeader(required, value, v),
  ),

  // Admission and validation

  /** What of a request the validators see, and what is set aside for the handler: the request as sent. */
  admit: point<Admit>([], (_endpoint, parts) => ({ parts, after: {} })),
  /**
   * What the server tolerates where the documents are silent, so that real clients of the API
   * family are served: each `true` is the reference server's choice, each `false` a strict
   * variant's (the suite passes both).
   */
  requestTolerance: point<Tolerance>(
    [
      'UNSPEC-REQUEST-UNKNOWN-FIELDS',
      'UNSPEC-MSG-CREATE-OTHER-PARAMS',
      'UNSPEC-SESS-CREATE-FIELDS',
      'UNSPEC-RL-WS-MODEL-PARAM',
      'UNSPEC-MSG-CONTENT-BLOCK-KINDS',
      'UNSPEC-MSG-TOOL-KINDS',
      'UNSPEC-MSG-THINKING-CONFIG-KINDS',
      'UNSPEC-MSG-IMAGE-SOURCE-KINDS',
      'UNSPEC-MSG-CREATE-REQUIRED',
      'UNSPEC-MSG-SYSTEM-FORMS',
      'UNSPEC-MSG-TOOL-FIELDS-OPTIONAL',
      'UNSPEC-BATCH-PARAMS-STREAMING',
      'UNSPEC-BATCH-REQUESTS-MIN',
      'UNSPEC-SESS-CREATE-REQUIRED',
      'UNSPEC-REQUEST-PATH-ID-MALFORMED',
      'UNSPEC-AUTH-BOTH-HEADERS',
      'UNSPEC-AUTH-KEY-AS-BEARER',
    ],
    {
      unknownFields: true,
      openKinds: true,
      unmarkedOptional: true,
      malformedIdsUnknown: true,
      oneCredential: true,
    },
  ),
  /** The validation of a request's parts (the precompiled validators). */
  validateRequest: point<typeof validateRequest>([], validateRequest),

  // Answers

  /** Each operation's handler (a handler wrapped rewrites its request or its answer). */
  operations: point<(handlers: SomeHandlers) => SomeHandlers>([], (handlers) => handlers),
  /** The body of a success answer (JSON-lines bodies as text). */
  successBody: point<(endpoint: Endpoint, body: unknown) => unknown>(
    ['UNSPEC-DREAM-LIST-ENVELOPE', 'UNSPEC-RL-ENTRY-ORDER', 'UNSPEC-BATCH-RESULTS-ORDER'],
    (_endpoint, body) => body,
  ),
  /** Every JSON object an answer holds (`lines`: a JSON-lines body, as text). */
  responseRecords: point<(body: unknown, lines: boolean) => unknown>(
    ['UNSPEC-ERROR-BODY-FIELDS', 'UNSPEC-VERSION-TIMESTAMP-FORM'],
    (body) => body,
  ),
  /** The status of a success answer. */
  successStatus: point<(endpoint: Endpoint, status: number) => number>(
    ['UNSPEC-WS-ADMIN-SUCCESS-STATUS', 'UNSPEC-MSG-SUCCESS-STATUS', 'UNSPEC-BATCH-SUCCESS-STATUS'],
    (_endpoint, status) => status,
  ),
  /** A list whose order the documents do not state, in the order the server answers it. */
  unstatedOrder: point<Order>(
    ['UNSPEC-BATCH-LIST-ORDER', 'UNSPEC-SRES-LIST-ORDER-DIRECTION', 'UNSPEC-DREAM-LIST-ORDER-TIES'],
    (items) => items,
  ),
  /** The status of an error whose status the documents do not give for the operation. */
  undocumentedErrorStatus: point<(status: number) => number>(
    ['UNSPEC-ERROR-OTHER-ENDPOINTS', 'UNSPEC-WS-ADMIN-ERRORS', 'UNSPEC-SRES-ERRORS'],
    (status) => status,
  ),
  /** The type of an error whose type the documents do not give for the operation. */
  undocumentedErrorType: point<(type: string) => string>(
    ['UNSPEC-ERROR-OTHER-ENDPOINTS', 'UNSPEC-AUTH-403-ERROR-TYPE', 'UNSPEC-DREAM-400-ERROR-TYPE'],
    (type) => type,
  ),
  /** Whether a documented detail travels as `error.detail` instead of in the message. */
  errorDetailApart: point<boolean>(['UNSPEC-EXCH-DETAIL-LOCATION'], false),
  /** The body of an error answer. */
  errorBody: point<(error: ErrorParts) => JsonObject>(
    ['UNSPEC-ERROR-BODY-FIELDS', 'UNSPEC-EXCH-REQUEST-ID-LOCATION'],
    ({ type, message, detail }) => ({ type: 'error', error: { type, message, ...detail } }),
  ),
  /** The response header that carries the request id. */
  requestIdHeader: point<string>(['UNSPEC-ERROR-REQUEST-ID-SOURCE'], REQUEST_ID_HEADER),
  /** Whether an error answer of the token exchange carries the request id. */
  exchangeErrorsCarryRequestId: point<boolean>(['ERROR-EXCHANGE-TYPED-REQUEST-ID'], true),
};
