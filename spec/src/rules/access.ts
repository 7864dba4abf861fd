/**
 * Credentials on the wire, OAuth scopes, workspace scoping, the version and beta headers, and the
 * error body (document 000 "Authentication", "Versioning", "Errors"; document 001
 * "Authentication", "Versioning").
 *
 * `authorize` decides a request from an endpoint's table fields (`auth`, `scope`) and the
 * credential presented; the header parsers turn raw header values into what it needs. Statuses
 * the documents do not give are the reference server's treatment: the result says so
 * (`documented: false` with the Unspecified id), and the conformance suite never asserts them.
 * Messages never contain a key, token or assertion.
 */
import { fillPath, pathParams } from '../path-template.js';
import type { ErrorBody } from '../resources/common.js';
import {
  API_PATH_PREFIX,
  BETA_IDENTIFIERS,
  type BetaIdentifierValue,
  DREAM_BETAS,
  SESSION_RESOURCE_BETAS,
} from '../resources/versioning.js';
import type { Credential, Endpoint, OAuthScope } from '../types.js';
import type { Vendor } from '../vendor.js';

export * from './request-bounds.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'AUTH-ADMIN-KEY-PREFIX',
  'AUTH-ACCESS-TOKEN-PREFIX',
  'AUTH-KEY-ONE-WORKSPACE',
  'AUTH-TOKEN-ONE-WORKSPACE',
  'AUTH-ENDPOINTS-USE-HEADERS',
  'AUTH-WORKSPACE-KEY-HEADER',
  'AUTH-WORKSPACE-KEY-STANDARD-ENDPOINTS',
  'AUTH-ADMIN-KEY-HEADER',
  'AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS',
  'AUTH-ACCESS-TOKEN-BEARER',
  'AUTH-ACCESS-TOKEN-STANDARD-IN-SCOPE',
  'AUTH-STANDARD-ENDPOINT-CREDENTIALS',
  'AUTH-KEY-WORKSPACE-BATCHES-FILES-SKILLS',
  'AUTH-WORKSPACE-SCOPED-RESOURCES',
  'SCOPE-VALUES',
  'SCOPE-WORKSPACE-DEVELOPER-GRANTS',
  'SCOPE-WORKSPACE-DEVELOPER-RULE-WORKSPACE',
  'SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY',
  'SCOPE-WORKSPACE-DEVELOPER-NOT-ADMINISTRATIVE',
  'SCOPE-MANAGE-TUNNELS-GRANTS',
  'SCOPE-OUTSIDE-403',
  'SCOPE-TUNNELS-TOKEN-ONLY',
  'VERSION-PATH-V1',
  'VERSION-HEADER-EVERY-REQUEST',
  'VERSION-HEADER-VALUE',
  'VERSION-MESSAGES-SAME-SCHEME',
  'BETA-HEADER-OPTIONAL',
  'BETA-HEADER-COMMA-SEPARATED',
  'BETA-IDENTIFIERS-ALLOWED',
  'BETA-DREAMING-IDENTIFIER',
  'BETA-SESSION-RESOURCES-MANAGED-AGENTS',
  'BETA-DREAMS-BOTH',
  'ERROR-EXCHANGE-STANDARD-BODY',
  'ERROR-BODY-ERROR-TYPE',
  'ERROR-EXCHANGE-TYPED-CLIENT',
  'ERROR-EXCHANGE-TYPED-STATUS',
  'ERROR-EXCHANGE-TYPED-BODY',
  'ERROR-EXCHANGE-TYPED-REQUEST-ID',
];

// ---------------------------------------------------------------------------------------------
// Credentials and their headers

/** The header that carries API keys, workspace and admin alike. */
export const API_KEY_HEADER = 'x-api-key';
/** The header that carries an access token as `Bearer <token>`. */
export const AUTHORIZATION_HEADER = 'authorization';

/**
 * Statuses that refuse the credential a request carried, not the request: 401 (a credential
 * unknown, expired or revoked, UNSPEC-AUTH-INVALID-CREDENTIAL) and 431 (the headers are too large
 * to read: an access token that cannot be sent is as unusable as one refused). A client holding
 * an access token from a token provider (the federation exchange) drops it on these, exchanges a
 * fresh one and retries the request once; every other status answers the request.
 */
export const CREDENTIAL_REFUSED_STATUSES: readonly number[] = [401, 431];

/** How each credential kind is sent (AUTH-WORKSPACE-KEY-HEADER, AUTH-ADMIN-KEY-HEADER, AUTH-ACCESS-TOKEN-BEARER). */
export const CREDENTIAL_HEADERS: Readonly<
  Record<
    Credential,
    { readonly header: string; readonly scheme: 'Bearer' | null; readonly requirements: readonly string[] }
  >
> = {
  workspace_key: { header: API_KEY_HEADER, scheme: null, requirements: ['AUTH-WORKSPACE-KEY-HEADER'] },
  admin_key: { header: API_KEY_HEADER, scheme: null, requirements: ['AUTH-ADMIN-KEY-HEADER'] },
  access_token: {
    header: AUTHORIZATION_HEADER,
    scheme: 'Bearer',
    requirements: ['AUTH-ACCESS-TOKEN-BEARER'],
  },
};

/** The header a client sends for a credential: `x-api-key: <key>` or `authorization: Bearer <token>`. */
export function credentialHeader(
  kind: Credential,
  secret: string,
): { readonly name: string; readonly value: string } {
  const { header, scheme } = CREDENTIAL_HEADERS[kind];
  return { name: header, value: scheme ? `${scheme} ${secret}` : secret };
}

/**
 * The headers every request carries (VERSION-HEADER-EVERY-REQUEST, VERSION-HEADER-VALUE), plus
 * the beta header when betas are given (BETA-HEADER-OPTIONAL, BETA-HEADER-COMMA-SEPARATED).
 */
export function versioningHeaders(
  v: Vendor,
  betas: readonly string[] = [],
): Readonly<Record<string, string>> {
  const unique = [...new Set(betas)];
  return {
    [v.headers.version]: v.apiVersion,
    ...(unique.length > 0 ? { [v.headers.beta]: unique.join(',') } : {}),
  };
}

/** What an `x-api-key` value is (AUTH-ADMIN-KEY-PREFIX; UNSPEC-AUTH-WORKSPACE-KEY-FORMAT). */
export type ApiKeyClass =
  | { readonly kind: 'admin_key' }
  | { readonly kind: 'workspace_key' }
  | { readonly kind: 'invalid'; readonly reason: 'missing' | 'empty' | 'access_token_in_api_key_header' };

/**
 * Classifies an `x-api-key` value by prefix: the admin prefix makes an admin key; an access token
 * is not an API key (UNSPEC-AUTH-HEADER-MISUSE); any other non-empty value is a workspace-key
 * candidate (workspace keys have no documented prefix).
 */
export function classifyApiKey(value: string | undefined, v: Vendor): ApiKeyClass {
  if (value === undefined) return { kind: 'invalid', reason: 'missing' };
  if (value === '') return { kind: 'invalid', reason: 'empty' };
  if (value.startsWith(v.prefixes.adminKey)) return { kind: 'admin_key' };
  if (value.startsWith(v.prefixes.accessToken))
    return { kind: 'invalid', reason: 'access_token_in_api_key_header' };
  return { kind: 'workspace_key' };
}

export type AuthorizationParse =
  | {
      readonly ok: true;
      readonly token: string;
      /** Whether the token has the exchange's access-token prefix (AUTH-ACCESS-TOKEN-PREFIX). */
      readonly accessTokenPrefix: boolean;
    }
  | { readonly ok: false; readonly reason: 'missing' | 'malformed' };

const BEARER = /^[ \t]*bearer +([^\s]+)[ \t]*$/i;

/**
 * Parses `Authorization: Bearer <token>` (AUTH-ACCESS-TOKEN-BEARER). The scheme matches
 * case-insensitively; one or more spaces separate it from a token without whitespace
 * (UNSPEC-AUTH-BEARER-SYNTAX). The result of a malformed header does not echo it.
 */
export function parseAuthorization(header: string | undefined, v?: Vendor): AuthorizationParse {
  if (header === undefined) return { ok: false, reason: 'missing' };
  const match = BEARER.exec(header);
  if (!match) return { ok: false, reason: 'malformed' };
  const token = match[1] as string;
  return { ok: true, token, accessTokenPrefix: v ? token.startsWith(v.prefixes.accessToken) : false };
}

/** A credential taken from request headers, before the server looks it up. */
export type HeaderCredential =
  | { readonly ok: true; readonly kind: Credential | 'none'; readonly secret: string | null }
  | {
      readonly ok: false;
      readonly status: number;
      readonly errorType: string;
      readonly message: string;
      readonly unspecified: string;
    };

/**
 * Which credential a request presents: `x-api-key` (admin or workspace key by prefix) or a bearer
 * `Authorization` (access token), or none. Both headers at once: UNSPEC-AUTH-BOTH-HEADERS; a
 * malformed header or an access token in `x-api-key`: UNSPEC-AUTH-INVALID-CREDENTIAL,
 * UNSPEC-AUTH-HEADER-MISUSE. Error messages never carry the secret.
 */
export function credentialFromHeaders(
  headers: { readonly apiKey?: string | undefined; readonly authorization?: string | undefined },
  v: Vendor,
): HeaderCredential {
  const hasKey = headers.apiKey !== undefined;
  const hasAuth = headers.authorization !== undefined;
  if (hasKey && hasAuth) {
    return {
      ok: false,
      status: 400,
      errorType: 'invalid_request_error',
      message: `send either ${API_KEY_HEADER} or ${AUTHORIZATION_HEADER}, not both`,
      unspecified: 'UNSPEC-AUTH-BOTH-HEADERS',
    };
  }
  if (hasKey) {
    const c = classifyApiKey(headers.apiKey, v);
    if (c.kind === 'invalid') {
      return {
        ok: false,
        status: 401,
        errorType: 'authentication_error',
        message:
          c.reason === 'access_token_in_api_key_header'
            ? `an access token is sent as ${AUTHORIZATION_HEADER}: Bearer, not in ${API_KEY_HEADER}`
            : `${API_KEY_HEADER} is empty`,
        unspecified:
          c.reason === 'access_token_in_api_key_header'
            ? 'UNSPEC-AUTH-HEADER-MISUSE'
            : 'UNSPEC-AUTH-INVALID-CREDENTIAL',
      };
    }
    return { ok: true, kind: c.kind, secret: headers.apiKey as string };
  }
  if (hasAuth) {
    const p = parseAuthorization(headers.authorization, v);
    if (!p.ok) {
      return {
        ok: false,
        status: 401,
        errorType: 'authentication_error',
        message: `${AUTHORIZATION_HEADER} must be "Bearer <access token>"`,
        unspecified: 'UNSPEC-AUTH-BEARER-SYNTAX',
      };
    }
    return { ok: true, kind: 'access_token', secret: p.token };
  }
  return { ok: true, kind: 'none', secret: null };
}

// ---------------------------------------------------------------------------------------------
// Scopes

/** What each OAuth scope grants (SCOPE-VALUES). */
export const SCOPE_GRANTS: Readonly<
  Record<
    OAuthScope,
    {
      readonly grants: readonly string[];
      /** Whether the scope reaches the endpoints a workspace key reaches, in the token's workspace. */
      readonly sameAsWorkspaceKey: boolean;
      readonly requirements: readonly string[];
    }
  >
> = {
  'workspace:developer': {
    grants: [
      'messages (including streaming and token counting)',
      'models',
      'managed agents and their sessions',
      'files',
      'skills',
    ],
    sameAsWorkspaceKey: true,
    requirements: [
      'SCOPE-WORKSPACE-DEVELOPER-GRANTS',
      'SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY',
      'SCOPE-WORKSPACE-DEVELOPER-NOT-ADMINISTRATIVE',
      'SCOPE-WORKSPACE-DEVELOPER-RULE-WORKSPACE',
    ],
  },
  'org:manage_tunnels': {
    grants: [
      'list tunnels',
      'get tunnels',
      'register CA certificates',
      'archive CA certificates',
      'reveal the tunnel token',
      'rotate the tunnel token',
      'archive tunnels',
    ],
    sameAsWorkspaceKey: false,
    requirements: ['SCOPE-MANAGE-TUNNELS-GRANTS', 'SCOPE-TUNNELS-TOKEN-ONLY'],
  },
};

export const OAUTH_SCOPES = Object.keys(SCOPE_GRANTS) as readonly OAuthScope[];

/** The token-exchange path: it takes no credential header (UNSPEC-AUTH-EXCHANGE-CREDENTIAL). */
export const TOKEN_EXCHANGE_PATH = `${API_PATH_PREFIX}/oauth/token`;
/** Organization (administrative) endpoints live under this prefix (AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS). */
export const ORGANIZATION_PATH_PREFIX = `${API_PATH_PREFIX}/organizations/`;

export type EndpointClass = 'token_exchange' | 'administrative' | 'standard';

/** The class of an endpoint by its path (a URL taken from a response field is standard). */
export function endpointClass(endpoint: Pick<Endpoint, 'path'>): EndpointClass {
  if (endpoint.path === TOKEN_EXCHANGE_PATH) return 'token_exchange';
  if (endpoint.path?.startsWith(ORGANIZATION_PATH_PREFIX)) return 'administrative';
  return 'standard';
}

/**
 * The `auth` and `scope` an endpoint must declare, from its class: the exchange none; an
 * organization endpoint the admin key only (AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS,
 * SCOPE-WORKSPACE-DEVELOPER-NOT-ADMINISTRATIVE); a standard endpoint a workspace key or an access
 * token with `workspace:developer` (AUTH-STANDARD-ENDPOINT-CREDENTIALS,
 * SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY). No documented endpoint belongs to `org:manage_tunnels`
 * (UNSPEC-AUTH-TUNNELS-API).
 */
export function expectedAccess(endpoint: Pick<Endpoint, 'path'>): {
  readonly auth: readonly Credential[];
  readonly scope: OAuthScope | null;
} {
  switch (endpointClass(endpoint)) {
    case 'token_exchange':
      return { auth: [], scope: null };
    case 'administrative':
      return { auth: ['admin_key'], scope: null };
    case 'standard':
      return { auth: ['workspace_key', 'access_token'], scope: 'workspace:developer' };
  }
}

/**
 * Problems of an endpoint's access and versioning fields against the documents: `auth`/`scope`
 * as `expectedAccess` says, the `/v1` prefix (VERSION-PATH-V1), known betas only
 * (BETA-IDENTIFIERS-ALLOWED), and the betas of session resources and dreams
 * (BETA-SESSION-RESOURCES-MANAGED-AGENTS, BETA-DREAMS-BOTH).
 */
export function endpointAccessProblems(
  endpoint: Pick<Endpoint, 'id' | 'path' | 'auth' | 'scope' | 'betas'>,
): string[] {
  const problems: string[] = [];
  const expected = expectedAccess(endpoint);
  const sorted = (xs: readonly string[]) => [...xs].sort().join(',');
  if (sorted(endpoint.auth) !== sorted(expected.auth)) {
    problems.push(
      `${endpoint.id}: auth [${endpoint.auth.join(', ')}], expected [${expected.auth.join(', ')}]`,
    );
  }
  if (endpoint.scope !== expected.scope) {
    problems.push(`${endpoint.id}: scope ${endpoint.scope}, expected ${expected.scope}`);
  }
  if (endpoint.path !== null && !isVersionedPath(endpoint.path)) {
    problems.push(`${endpoint.id}: path does not start with ${API_PATH_PREFIX}/`);
  }
  for (const b of unknownBetas(endpoint.betas.join(','))) problems.push(`${endpoint.id}: unknown beta ${b}`);
  const path = endpoint.path ?? '';
  const required: readonly string[] = path.startsWith(`${API_PATH_PREFIX}/dreams`)
    ? DREAM_BETAS
    : fillPath(path, () => '{}').startsWith(`${API_PATH_PREFIX}/sessions/{}/resources`)
      ? SESSION_RESOURCE_BETAS
      : [];
  for (const b of missingBetas(required, endpoint.betas.join(','))) {
    problems.push(`${endpoint.id}: missing required beta ${b}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Authorization

/**
 * The credential a request presents, as the server knows it after lookup. `workspaceId` null: the
 * Default Workspace, which has no identifier, so every organization's looks the same; with
 * `organizationId` given, a workspace is told apart by its organization too.
 */
export type PresentedCredential =
  | { readonly kind: 'workspace_key'; readonly workspaceId: string | null; readonly organizationId?: string }
  | { readonly kind: 'admin_key' }
  | {
      readonly kind: 'access_token';
      readonly scope: OAuthScope;
      readonly workspaceId: string | null;
      readonly organizationId?: string;
    }
  | { readonly kind: 'none' };

export interface AccessContext {
  /**
   * Workspace owning the addressed resource (null: the Default Workspace); omitted when the
   * request addresses no workspace-owned resource (creation, lists of the caller's workspace).
   */
  readonly resourceWorkspaceId?: string | null | undefined;
  /**
   * Organization owning the addressed resource: when both it and the credential's are given and
   * differ, the resource is another workspace's, Default Workspaces included.
   */
  readonly resourceOrganizationId?: string | undefined;
}

/** Whether a resource of (organization, workspace) is of another workspace than the credential's. */
function otherWorkspace(
  credential: { readonly workspaceId: string | null; readonly organizationId?: string },
  context: AccessContext,
): boolean {
  if (context.resourceWorkspaceId === undefined) return false;
  if (context.resourceWorkspaceId !== credential.workspaceId) return true;
  return (
    context.resourceOrganizationId !== undefined &&
    credential.organizationId !== undefined &&
    context.resourceOrganizationId !== credential.organizationId
  );
}

export type AccessDenialReason =
  | 'unauthenticated'
  | 'outside_scope'
  | 'credential_kind_not_accepted'
  | 'other_workspace';

export type AccessDecision =
  | { readonly allowed: true; readonly requirements: readonly string[] }
  | {
      readonly allowed: false;
      readonly reason: AccessDenialReason;
      readonly status: number;
      /** Error type the documents name (null: not named). */
      readonly errorType: string | null;
      /** Error type the reference server sends. */
      readonly referenceErrorType: string;
      /** Whether the documents give this status (otherwise only "a 4xx" may be asserted). */
      readonly documented: boolean;
      readonly requirements: readonly string[];
      readonly unspecified: readonly string[];
    };

/**
 * Decides a request from the endpoint's `auth` and `scope` and the presented credential:
 *
 * - the token exchange takes no credential: always allowed (UNSPEC-AUTH-EXCHANGE-CREDENTIAL);
 * - no credential: 401 `authentication_error` (UNSPEC-AUTH-MISSING-CREDENTIAL);
 * - an access token on an endpoint whose scope is not the token's (or that takes no tokens):
 *   403 (SCOPE-OUTSIDE-403), type not named (UNSPEC-AUTH-403-ERROR-TYPE);
 * - an API key of a kind the endpoint does not accept: 403 `permission_error`
 *   (UNSPEC-AUTH-WRONG-KIND);
 * - a workspace key or token addressing another workspace's resource: 404 `not_found_error`
 *   (AUTH-KEY-ONE-WORKSPACE, SCOPE-WORKSPACE-DEVELOPER-RULE-WORKSPACE, UNSPEC-AUTH-CROSS-WORKSPACE).
 */
export function authorize(
  endpoint: Pick<Endpoint, 'auth' | 'scope'>,
  credential: PresentedCredential,
  context: AccessContext = {},
): AccessDecision {
  if (endpoint.auth.length === 0) return { allowed: true, requirements: [] };
  if (credential.kind === 'none') {
    return {
      allowed: false,
      reason: 'unauthenticated',
      status: 401,
      errorType: null,
      referenceErrorType: 'authentication_error',
      documented: false,
      requirements: ['AUTH-ENDPOINTS-USE-HEADERS'],
      unspecified: ['UNSPEC-AUTH-MISSING-CREDENTIAL'],
    };
  }
  if (credential.kind === 'access_token') {
    if (
      !endpoint.auth.includes('access_token') ||
      endpoint.scope === null ||
      endpoint.scope !== credential.scope
    ) {
      return {
        allowed: false,
        reason: 'outside_scope',
        status: 403,
        errorType: null,
        referenceErrorType: 'permission_error',
        documented: true,
        requirements: ['SCOPE-OUTSIDE-403', 'AUTH-ACCESS-TOKEN-STANDARD-IN-SCOPE'],
        unspecified: ['UNSPEC-AUTH-403-ERROR-TYPE'],
      };
    }
  } else if (!endpoint.auth.includes(credential.kind)) {
    return {
      allowed: false,
      reason: 'credential_kind_not_accepted',
      status: 403,
      errorType: null,
      referenceErrorType: 'permission_error',
      documented: false,
      requirements:
        credential.kind === 'admin_key'
          ? ['AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS']
          : ['AUTH-WORKSPACE-KEY-STANDARD-ENDPOINTS'],
      unspecified: ['UNSPEC-AUTH-WRONG-KIND'],
    };
  }
  if (credential.kind !== 'admin_key') {
    if (otherWorkspace(credential, context)) {
      return {
        allowed: false,
        reason: 'other_workspace',
        status: 404,
        errorType: null,
        referenceErrorType: 'not_found_error',
        documented: false,
        requirements:
          credential.kind === 'workspace_key'
            ? ['AUTH-KEY-ONE-WORKSPACE', 'AUTH-WORKSPACE-SCOPED-RESOURCES']
            : ['SCOPE-WORKSPACE-DEVELOPER-RULE-WORKSPACE', 'AUTH-TOKEN-ONE-WORKSPACE'],
        unspecified: ['UNSPEC-AUTH-CROSS-WORKSPACE'],
      };
    }
  }
  const requirements: Record<Exclude<PresentedCredential['kind'], 'none'>, readonly string[]> = {
    workspace_key: ['AUTH-WORKSPACE-KEY-STANDARD-ENDPOINTS', 'AUTH-KEY-ONE-WORKSPACE'],
    admin_key: ['AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS'],
    access_token: ['AUTH-ACCESS-TOKEN-STANDARD-IN-SCOPE', 'SCOPE-WORKSPACE-DEVELOPER-SAME-AS-KEY'],
  };
  return { allowed: true, requirements: requirements[credential.kind] };
}

// ---------------------------------------------------------------------------------------------
// Ownership of named resources

/**
 * Resources an operation names in its body, beside those its path parameters name. The caller
 * must own every resource an operation names, by path or in its body: the same workspace of the
 * same organization (AUTH-KEY-ONE-WORKSPACE, AUTH-TOKEN-ONE-WORKSPACE; for attached memory stores
 * also the sessions rules' memory-store ownership); `authorize` with the resource's owner decides,
 * and a resource of another workspace or organization is answered as an unknown id would be
 * (UNSPEC-AUTH-CROSS-WORKSPACE; the dreams' unspecified items say how dream inputs are refused).
 */
export const BODY_RESOURCE_REFERENCES: Readonly<Record<string, readonly string[]>> = {
  'dreams.create': ['inputs[].memory_store_id', 'inputs[].session_ids[]'],
  'sessions.create': ['resources[].memory_store_id'],
  'sessions.resources.create': ['file_id'],
};

/**
 * The resources an operation names: its path parameters (`path.dream_id`), then its body
 * references (`body.inputs[].memory_store_id`). Empty for an operation that names none.
 */
export function namedResources(endpoint: Pick<Endpoint, 'id' | 'path'>): string[] {
  const params = pathParams(endpoint.path ?? '').map((name) => `path.${name}`);
  return [...params, ...(BODY_RESOURCE_REFERENCES[endpoint.id] ?? []).map((field) => `body.${field}`)];
}

// ---------------------------------------------------------------------------------------------
// Versioning

/** Whether a path starts with `/v1/` (VERSION-PATH-V1, VERSION-MESSAGES-SAME-SCHEME). */
export const isVersionedPath = (path: string) => path.startsWith(`${API_PATH_PREFIX}/`);

export type HeaderCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly status: 400;
      readonly errorType: 'invalid_request_error';
      readonly documented: false;
      readonly message: string;
      readonly unspecified: string;
    };

const badRequest = (reason: string, message: string, unspecified: string): HeaderCheck => ({
  ok: false,
  reason,
  status: 400,
  errorType: 'invalid_request_error',
  documented: false,
  message,
  unspecified,
});

/**
 * Checks the version header: present and equal to `v.apiVersion` (VERSION-HEADER-EVERY-REQUEST,
 * VERSION-HEADER-VALUE). Missing or other value: 400 `invalid_request_error`, not documented
 * (UNSPEC-VERSION-HEADER-MISSING, UNSPEC-VERSION-HEADER-OTHER-VALUE).
 */
export function checkVersionHeader(value: string | undefined, v: Vendor): HeaderCheck {
  if (value === undefined) {
    return badRequest(
      'missing',
      `the ${v.headers.version} header is required`,
      'UNSPEC-VERSION-HEADER-MISSING',
    );
  }
  if (value.trim() !== v.apiVersion) {
    return badRequest(
      'unsupported',
      `the ${v.headers.version} header must be ${v.apiVersion}`,
      'UNSPEC-VERSION-HEADER-OTHER-VALUE',
    );
  }
  return { ok: true };
}

/**
 * Parses the beta header: comma-separated identifiers (BETA-HEADER-COMMA-SEPARATED), each
 * trimmed, empty items ignored, duplicates collapsed in first-seen order, case kept
 * (UNSPEC-BETA-SYNTAX). An absent header is no betas (BETA-HEADER-OPTIONAL).
 */
export function parseBetaHeader(value: string | undefined): string[] {
  if (value === undefined) return [];
  const out: string[] = [];
  for (const item of value.split(',')) {
    const id = item.trim();
    if (id !== '' && !out.includes(id)) out.push(id);
  }
  return out;
}

const KNOWN_BETAS: ReadonlySet<string> = new Set(BETA_IDENTIFIERS);

/** Whether a string is an allowed beta identifier (BETA-IDENTIFIERS-ALLOWED, BETA-DREAMING-IDENTIFIER). */
export const isBetaIdentifier = (value: string): value is BetaIdentifierValue => KNOWN_BETAS.has(value);

/** The required betas the header lacks (BETA-SESSION-RESOURCES-MANAGED-AGENTS, BETA-DREAMS-BOTH). */
export function missingBetas(required: readonly string[], header: string | undefined): string[] {
  const present = new Set(parseBetaHeader(header));
  return [...new Set(required)].filter((b) => !present.has(b));
}

/** The header's identifiers that are not allowed beta identifiers (UNSPEC-BETA-UNKNOWN). */
export function unknownBetas(header: string | undefined): string[] {
  return parseBetaHeader(header).filter((b) => !isBetaIdentifier(b));
}

/**
 * Checks a request's beta header against an endpoint's required betas: unknown identifiers
 * first (UNSPEC-BETA-UNKNOWN), then missing ones (UNSPEC-BETA-MISSING), both 400
 * `invalid_request_error`, not documented. Allowed betas the endpoint does not need are accepted
 * (UNSPEC-BETA-UNNEEDED).
 */
export function checkBetaHeader(
  required: readonly string[],
  header: string | undefined,
  v: Vendor,
): HeaderCheck {
  const unknown = unknownBetas(header);
  if (unknown.length > 0) {
    return badRequest(
      'unknown_beta',
      `unknown value(s) in the ${v.headers.beta} header: ${unknown.join(', ')}`,
      'UNSPEC-BETA-UNKNOWN',
    );
  }
  const missing = missingBetas(required, header);
  if (missing.length > 0) {
    return badRequest(
      'missing_beta',
      `this endpoint requires the ${v.headers.beta} header to include ${missing.join(', ')}`,
      'UNSPEC-BETA-MISSING',
    );
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Error body and the typed exchange error

/**
 * Whether a value has the standard error body's shape: `type: "error"` and `error.type` and
 * `error.message` strings; further fields allowed (ERROR-EXCHANGE-STANDARD-BODY,
 * ERROR-BODY-ERROR-TYPE, UNSPEC-ERROR-BODY-FIELDS).
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const body = value as { type?: unknown; error?: unknown };
  if (body.type !== 'error') return false;
  if (typeof body.error !== 'object' || body.error === null || Array.isArray(body.error)) return false;
  const error = body.error as { type?: unknown; message?: unknown };
  return typeof error.type === 'string' && typeof error.message === 'string';
}

/** Builds a standard error body. */
export const errorBody = (type: string, message: string): ErrorBody => ({
  type: 'error',
  error: { type, message },
});

/**
 * The typed exchange error a client raises: HTTP status, body and `request_id`
 * (ERROR-EXCHANGE-TYPED-CLIENT, ERROR-EXCHANGE-TYPED-STATUS, ERROR-EXCHANGE-TYPED-BODY,
 * ERROR-EXCHANGE-TYPED-REQUEST-ID); `error_type` and the message are the project's additions
 * (UNSPEC-ERROR-EXCHANGE-ERROR-SHAPE).
 */
export interface ExchangeErrorInfo {
  readonly name: 'ExchangeError';
  readonly status: number;
  /** The parsed error body, or the raw text when the response is not a standard error body. */
  readonly body: ErrorBody | string;
  /** From the `request-id` response header when present (UNSPEC-ERROR-REQUEST-ID-SOURCE). */
  readonly request_id: string | null;
  readonly error_type: string | null;
  /** Names the status and error type; never the body's message (it may echo request data). */
  readonly message: string;
}

/** Builds the typed exchange error from an HTTP response's status, body text and request id. */
export function exchangeError(response: {
  readonly status: number;
  readonly bodyText: string;
  readonly requestId?: string | null | undefined;
}): ExchangeErrorInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.bodyText);
  } catch {
    parsed = undefined;
  }
  const body = isErrorBody(parsed) ? parsed : response.bodyText;
  const errorType = typeof body === 'string' ? null : body.error.type;
  return {
    name: 'ExchangeError',
    status: response.status,
    body,
    request_id: response.requestId ?? null,
    error_type: errorType,
    message: `token exchange failed with HTTP ${response.status}${errorType ? ` (${errorType})` : ''}`,
  };
}
