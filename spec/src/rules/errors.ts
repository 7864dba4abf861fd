/**
 * The error table: every error a server of this spec raises by code, with its HTTP status, its
 * `error.type`, a message template and the ids it answers to. The documents name a status and a
 * type for a few errors (the `requirements` of an entry); for the rest they show neither the type
 * nor the message (UNSPEC-ERROR-BODY-FIELDS, UNSPEC-ERROR-OTHER-ENDPOINTS): those entries are the
 * reference server's choices and cite the Unspecified ids that leave them open, so the suite never
 * asserts them.
 *
 * A message template names its parameters in braces: `{what}` is the value as text, `{id:json}`
 * the value as a JSON string. `errorMessage(code, params)` fills one; its parameters are typed
 * from the template, so a missing or misspelt parameter does not compile.
 */
import { KNOWN_ERROR_TYPES } from '../resources/common.js';
import { INVALID_GRANT_MESSAGE } from './jwt.js';

/**
 * The error types the table uses: the documented ones (`KNOWN_ERROR_TYPES`) and the reference
 * server's names for the statuses the documents leave unnamed (UNSPEC-ERROR-OTHER-ENDPOINTS).
 */
export const ERROR_TYPES = [
  ...KNOWN_ERROR_TYPES,
  'authentication_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'not_implemented_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ErrorEntry {
  readonly status: number;
  readonly type: ErrorType;
  /** The message, `{name}` and `{name:json}` standing for its parameters. */
  readonly message: string;
  /** A detail the documents give the error (`workspace_id_required`); see UNSPEC-EXCH-DETAIL-LOCATION. */
  readonly detail?: string;
  /** Requirement ids that document this error's status or type. */
  readonly requirements: readonly string[];
  /** Unspecified ids of what the reference server chose here. */
  readonly unspecified: readonly string[];
  /** The documents give this error's status for every operation, not only those that list it. */
  readonly everyOperation?: boolean;
}

const BODY = 'UNSPEC-ERROR-BODY-FIELDS';
const OTHER = 'UNSPEC-ERROR-OTHER-ENDPOINTS';

/**
 * The table. The first entry of each status among the generic ones (`bad_request` ...
 * `not_implemented`) is that status's error when nothing more specific applies
 * (`errorTypeOfStatus`).
 */
export const ERRORS = {
  // Generic, one per status: what a request gets when no more specific entry applies.
  bad_request: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem}',
    requirements: ['ERROR-BODY-ERROR-TYPE'],
    unspecified: [BODY, OTHER],
  },
  authentication: {
    status: 401,
    type: 'authentication_error',
    message: '{problem}',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  permission: {
    status: 403,
    type: 'permission_error',
    message: '{problem}',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  not_found: {
    status: 404,
    type: 'not_found_error',
    message: '{what} {id:json} was not found',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  no_route: {
    status: 404,
    type: 'not_found_error',
    message: 'no route for {method} {path}',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  conflict: {
    status: 409,
    type: 'invalid_request_error',
    message: '{problem}',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  content_too_large: {
    status: 413,
    type: 'request_too_large',
    message: '{problem}',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-REQUEST-BODY-SIZE'],
  },
  rate_limited: {
    status: 429,
    type: 'rate_limit_error',
    message: '{problem}',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  internal: {
    status: 500,
    type: 'api_error',
    message: 'internal server error',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  not_implemented: {
    status: 501,
    type: 'not_implemented_error',
    message: '{operation} is not implemented by the reference server yet',
    requirements: [],
    unspecified: [BODY, OTHER],
  },

  // The request itself: body, query, cursors.
  body_malformed: {
    status: 400,
    type: 'invalid_request_error',
    message: 'malformed JSON body: {problem}',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-EXCH-OTHER-VALIDATION'],
  },
  body_too_deep: {
    status: 400,
    type: 'invalid_request_error',
    message: '{path}: nests deeper than {depth} levels',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-REQUEST-JSON-DEPTH', 'UNSPEC-EXCH-OTHER-VALIDATION'],
  },
  query_limit: {
    status: 400,
    type: 'invalid_request_error',
    message: 'query.limit: {problem}',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-DREAM-LIST-LIMIT-MIN', 'UNSPEC-SRES-LIMIT-MIN', 'UNSPEC-WS-LIST-LIMIT'],
  },
  cursor_malformed: {
    status: 400,
    type: 'invalid_request_error',
    message: '{where}: not a valid page cursor',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN'],
  },
  cursor_unknown: {
    status: 400,
    type: 'invalid_request_error',
    message: '{where}: unknown cursor',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN'],
  },
  cursor_foreign: {
    status: 400,
    type: 'invalid_request_error',
    message: '{where}: not a cursor this server issued',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-RL-PAGE-CURSOR'],
  },

  // The connection: what Node's HTTP parser refuses, and a request not received in time.
  http_malformed: {
    status: 400,
    type: 'invalid_request_error',
    message: 'malformed HTTP request ({code})',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  http_host_missing: {
    status: 400,
    type: 'invalid_request_error',
    message: 'an HTTP/1.1 request must carry a Host header',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  http_headers_too_large: {
    status: 431,
    type: 'invalid_request_error',
    message: 'request headers too large',
    requirements: [],
    unspecified: [BODY, OTHER],
  },
  http_request_timeout: {
    status: 408,
    type: 'invalid_request_error',
    message:
      'request not received in time: the headers within {headersMs} ms, the whole request within {requestMs} ms',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-REQUEST-TIME-LIMITS'],
  },

  // Credentials and access (the pipeline; `deny` maps `access.authorize`'s reasons here).
  credential_required: {
    status: 401,
    type: 'authentication_error',
    message: 'a credential is required',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-MISSING-CREDENTIAL'],
  },
  credential_missing: {
    status: 401,
    type: 'authentication_error',
    message: 'send a credential in {apiKeyHeader} or {authorizationHeader}',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-MISSING-CREDENTIAL'],
  },
  bearer_syntax: {
    status: 401,
    type: 'authentication_error',
    message: '{header} must be "Bearer <access token>"',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-BEARER-SYNTAX'],
  },
  access_token_invalid: {
    status: 401,
    type: 'authentication_error',
    message: 'invalid or expired access token',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-INVALID-CREDENTIAL', 'UNSPEC-WS-ARCHIVED-ACCESS-TOKEN'],
  },
  api_key_invalid: {
    status: 401,
    type: 'authentication_error',
    message: 'invalid {header}',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-INVALID-CREDENTIAL', 'UNSPEC-WS-REVOKED-KEY-ERROR'],
  },
  scope_outside: {
    status: 403,
    type: 'permission_error',
    message: 'the access token does not grant this endpoint',
    requirements: ['SCOPE-OUTSIDE-403'],
    unspecified: [BODY, 'UNSPEC-AUTH-403-ERROR-TYPE'],
    everyOperation: true,
  },
  credential_kind_refused: {
    status: 403,
    type: 'permission_error',
    message: 'this credential kind is not accepted by this endpoint',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-WRONG-KIND'],
  },
  other_workspace: {
    status: 404,
    type: 'not_found_error',
    message: 'not found',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-AUTH-CROSS-WORKSPACE'],
  },
  beta_unneeded: {
    status: 400,
    type: 'invalid_request_error',
    message: 'beta identifier not used by this endpoint',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-BETA-UNNEEDED'],
  },

  // Models and rate limits.
  model_not_active: {
    status: 404,
    type: 'not_found_error',
    message: 'model {model:json} is not an active model',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MSG-UNKNOWN-MODEL'],
  },
  model_no_rate_limit_group: {
    status: 404,
    type: 'not_found_error',
    message: 'model {model:json} matches no rate-limit group',
    requirements: ['RL-ORG-MODEL-404'],
    unspecified: [BODY, 'UNSPEC-RL-404-BODY'],
  },
  rate_limit_model_without_group: {
    status: 400,
    type: 'invalid_request_error',
    message: 'query: `model` only goes with `group_type=model_group`',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-RL-MODEL-WITH-GROUP-TYPE'],
  },
  enqueued_batch_requests_over: {
    status: 429,
    type: 'rate_limit_error',
    message:
      "the batch's {count} requests would bring the {who}'s enqueued batch requests to {total}, over its {limiter} limit of {limit}",
    requirements: [],
    unspecified: [BODY, 'UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR'],
  },
  batch_requests_per_minute: {
    status: 429,
    type: 'rate_limit_error',
    message: "the {who}'s batch requests of the last minute reached its {limiter} limit of {limit}",
    requirements: ['BATCH-RATE-LIMIT-HTTP'],
    unspecified: [BODY, 'UNSPEC-BATCH-HTTP-RATE-COUNT'],
  },
  dreams_per_minute: {
    status: 429,
    type: 'rate_limit_error',
    message: 'at most {perMinute} dreams per minute per workspace',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-DREAM-RATE-LIMITS'],
  },

  // Resources and their state machines. A machine row gives the status (and sometimes the type)
  // of a refused event; these entries give the message and the type where the row names none.
  event_refused: {
    status: 400,
    type: 'invalid_request_error',
    message: '{event} refused',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-DREAM-400-ERROR-TYPE'],
  },
  dream_event_refused: {
    status: 400,
    type: 'invalid_request_error',
    message: 'cannot {verb} a {status} dream',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-DREAM-400-ERROR-TYPE'],
  },
  workspace_archive_refused: {
    status: 400,
    type: 'invalid_request_error',
    message: 'cannot archive',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-WS-ARCHIVE-ARCHIVED'],
  },
  dream_session_twice: {
    status: 400,
    type: 'invalid_request_error',
    message: 'body.inputs: a session is named twice',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-DREAM-VALIDATION-ERRORS'],
  },
  batch_results_unavailable: {
    status: 404,
    type: 'not_found_error',
    message: 'the results of batch {id} are not available',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-BATCH-RESULTS-BEFORE-END', 'UNSPEC-BATCH-RESULTS-AFTER-RETENTION'],
  },
  user_exists: {
    status: 409,
    type: 'invalid_request_error',
    message: 'user {id:json} exists',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-USER-ID'],
  },
  // Refusals of the admin endpoints the documents do not show (by Unspecified id: UNSPECIFIED_REFUSALS).
  workspace_archive_default: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-WS-ARCHIVE-DEFAULT'],
  },
  workspace_admin_credential_rejected: {
    status: 403,
    type: 'permission_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED'],
  },
  workspace_cap_exceeded: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-WS-CAP-EXCEEDED'],
  },
  workspace_create_non_admin: {
    status: 403,
    type: 'permission_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-WS-CREATE-NON-ADMIN'],
  },
  member_change_rejected: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-CHANGE-REJECTED'],
  },
  member_add_inherited: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-ADD-INHERITED'],
  },
  member_add_existing: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-ADD-EXISTING'],
  },
  member_not_a_member: {
    status: 404,
    type: 'not_found_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-NOT-A-MEMBER'],
  },
  member_archived_workspace: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-ARCHIVED-WORKSPACE'],
  },
  // Refusals only a variant makes (the reference server answers these cases with success).
  workspace_archive_archived: {
    status: 409,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-WS-ARCHIVE-ARCHIVED'],
  },
  member_update_same_role: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem} ({unspecified})',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-UPDATE-SAME-ROLE'],
  },
  // The wire values of the member roles the schema does not name (UNSPEC-MEMBER-ROLE-WIRE-*).
  member_role_unknown: {
    status: 400,
    type: 'invalid_request_error',
    message: 'body.workspace_role: unknown role',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-ROLE-WIRE-USER', 'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER'],
  },
  member_role_billing_assigned: {
    status: 403,
    type: 'permission_error',
    message: 'body.workspace_role: the billing role cannot be assigned manually',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-MEMBER-ROLE-WIRE-BILLING'],
  },

  // The token exchange.
  exchange_invalid_body: {
    status: 400,
    type: 'invalid_request',
    message: '{problem}',
    requirements: ['EXCH-ERR-FIELD-MISSING'],
    unspecified: [BODY, 'UNSPEC-EXCH-OTHER-VALIDATION'],
  },
  /**
   * An exchange body over its cap (`access.BODY_LIMITS`), refused before it is read: every failure
   * the documents give the exchange is a 400, an assertion over 16 KiB within the cap is the
   * malformed body it answers `invalid_request`, so a larger one is answered the same way.
   */
  exchange_body_too_large: {
    status: 400,
    type: 'invalid_request',
    message: 'request body larger than {limit} bytes, the limit of the token exchange',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-REQUEST-BODY-SIZE', 'UNSPEC-EXCH-OTHER-VALIDATION'],
  },
  /** Every refused assertion: one body whatever the cause (`jwt.invalidGrantBody`). */
  exchange_invalid_grant: {
    status: 400,
    type: 'invalid_grant',
    message: INVALID_GRANT_MESSAGE,
    requirements: ['EXCH-ERR-GRANT-MERGED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    unspecified: [BODY],
  },
  exchange_jwt_check_failed: {
    status: 400,
    type: 'invalid_request',
    message: 'assertion: the JWT check {check} failed',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-EXCH-JWT-CHECK-ERRORS'],
  },
  exchange_workspace_id_required: {
    status: 400,
    type: 'invalid_request',
    message: 'the rule is enabled for more than one workspace; send workspace_id',
    detail: 'workspace_id_required',
    requirements: ['EXCH-ERR-WORKSPACE-ID-REQUIRED'],
    unspecified: [BODY, 'UNSPEC-EXCH-DETAIL-LOCATION'],
  },
  exchange_workspace_not_enabled: {
    status: 400,
    type: 'invalid_request',
    message: 'the token cannot be scoped to this workspace',
    detail: 'workspace_not_enabled',
    requirements: [],
    unspecified: [BODY, 'UNSPEC-EXCH-DETAIL-LOCATION', 'UNSPEC-EXCH-CHECK-ORDER'],
  },

  // Test control (no documented endpoint: every entry is the reference server's own).
  test_control_host: {
    status: 403,
    type: 'permission_error',
    message: 'test control answers only requests addressed to 127.0.0.1, localhost or [::1]',
    requirements: [],
    unspecified: [],
  },
  test_control_token: {
    status: 401,
    type: 'authentication_error',
    message: 'test control needs the token the server printed at start, in the {header} header',
    requirements: [],
    unspecified: [],
  },
  test_control_invalid: {
    status: 400,
    type: 'invalid_request_error',
    message: '{problem}',
    requirements: [],
    unspecified: [],
  },
  test_control_impossible: {
    status: 409,
    type: 'invalid_request_error',
    message: '{what} cannot happen now',
    requirements: [],
    unspecified: [],
  },
  test_control_clock_fixed: {
    status: 409,
    type: 'invalid_request_error',
    message: 'this server runs on a clock test control cannot move',
    requirements: [],
    unspecified: [],
  },
  test_control_clock_manual: {
    status: 409,
    type: 'invalid_request_error',
    message: 'a manual clock moves only when advanced',
    requirements: [],
    unspecified: [],
  },
  test_control_network_key_sets: {
    status: 409,
    type: 'invalid_request_error',
    message: 'this server fetches key sets from the real network',
    requirements: [],
    unspecified: [],
  },
} as const satisfies Readonly<Record<string, ErrorEntry>>;

/** The code of an error of the table (`not_found`, `scope_outside`). */
export type ErrorCode = keyof typeof ERRORS;

/**
 * The code of each refusal the documents do not show, by the Unspecified id the spec's rules and
 * machine rows cite when they meet it (its message names the id: `{problem} ({unspecified})`).
 */
export const UNSPECIFIED_REFUSALS = {
  'UNSPEC-WS-ARCHIVE-DEFAULT': 'workspace_archive_default',
  'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED': 'workspace_admin_credential_rejected',
  'UNSPEC-WS-CAP-EXCEEDED': 'workspace_cap_exceeded',
  'UNSPEC-WS-CREATE-NON-ADMIN': 'workspace_create_non_admin',
  'UNSPEC-MEMBER-CHANGE-REJECTED': 'member_change_rejected',
  'UNSPEC-MEMBER-ADD-INHERITED': 'member_add_inherited',
  'UNSPEC-MEMBER-ADD-EXISTING': 'member_add_existing',
  'UNSPEC-MEMBER-NOT-A-MEMBER': 'member_not_a_member',
  'UNSPEC-MEMBER-ARCHIVED-WORKSPACE': 'member_archived_workspace',
} as const satisfies Readonly<Record<string, ErrorCode>>;

/** The parameter names of a message template: `{what} {id:json}` → `'what' | 'id'`. */
export type TemplateParams<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${infer N}:json` ? N : P) | TemplateParams<Rest>
  : never;

/** The parameters an error's message takes (an empty object when it takes none). */
export type ErrorParams<C extends ErrorCode> = {
  readonly [K in TemplateParams<(typeof ERRORS)[C]['message']>]: string | number;
};

/** Whether a string is a code of the table. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** An error's message, its template filled with the parameters. */
export function errorMessage<C extends ErrorCode>(code: C, params: ErrorParams<C>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return ERRORS[code].message.replace(/\{([a-zA-Z]+)(:json)?\}/g, (_, name: string, json?: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`error ${code}: no value for {${name}}`);
    return json ? JSON.stringify(value) : String(value);
  });
}

/** The generic entry of each status: the first entry of the table with that status. */
const GENERIC: ReadonlyMap<number, ErrorType> = new Map(
  Object.values(ERRORS as Readonly<Record<string, ErrorEntry>>)
    .reverse()
    .map((e) => [e.status, e.type]),
);

/**
 * The error type of a status no entry of the table names (a framework's 4xx, a malformed HTTP
 * request): the type of the status's generic entry, else `api_error` for 5xx and
 * `invalid_request_error` for the rest (UNSPEC-ERROR-OTHER-ENDPOINTS).
 */
export function errorTypeOfStatus(status: number): ErrorType {
  const known = GENERIC.get(status);
  if (known !== undefined) return known;
  return status >= 500 ? ERRORS.internal.type : ERRORS.bad_request.type;
}

export const requirementIds: readonly string[] = [
  ...new Set(Object.values(ERRORS as Readonly<Record<string, ErrorEntry>>).flatMap((e) => e.requirements)),
];
