/**
 * What is decided from the headers alone, before the body is read: background catch-up, the
 * version and beta headers, the credential (`identify`: API keys, and access tokens minted by the
 * exchange) and whether it may call the endpoint (`authorize`: kinds, scopes).
 */
import { access, type Endpoint } from '@vendor-api/spec';
import type { FastifyRequest } from 'fastify';
import { apiError, refused } from '../errors.js';
import { federationOf } from '../federation/store.js';
import type { Caller, ServerState } from '../state.js';
import { isExchangeEndpoint } from './answers.js';

type PresentedCredential = access.PresentedCredential;

/** What a request without a credential presents. */
export const NO_CREDENTIAL: PresentedCredential = { kind: 'none' };

/** A request header, several values joined. */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * What is decided from the headers alone, before the body is read: background catch-up, version
 * and beta headers, the credential and whether it may call the endpoint. The caller, or null on
 * an endpoint that takes none.
 */
export function callerOf(state: ServerState, endpoint: Endpoint, request: FastifyRequest): Caller | null {
  state.catchUp();
  const v = state.vendor;
  const c = state.choices;

  const versionValue = header(request, v.headers.version);
  // Whether a request without it is served is not shown (UNSPEC-VERSION-HEADER-MISSING).
  if (c.versionHeaderRequired(versionValue, isExchangeEndpoint(endpoint))) {
    const version = access.checkVersionHeader(versionValue, v);
    if (!version.ok) throw refused(version);
  }
  // Whether session creation requires a beta is not stated (UNSPEC-SESS-CREATE-BETA).
  const required = c.requiredBetas(endpoint);
  const betaValue = c.betaHeaderAdmitted(header(request, v.headers.beta));
  // BETA-DREAMS-BOTH, BETA-IDENTIFIERS-ALLOWED
  const beta = c.checkBetaHeader(endpoint, required, betaValue, v);
  if (!beta.ok) throw refused(beta);

  const caller = identify(state, endpoint, request);
  const decision = access.authorize(endpoint, caller?.presented ?? NO_CREDENTIAL);
  if (!decision.allowed) deny(decision);
  return caller;
}

/**
 * Looks the presented credential up in the store: unknown, revoked or expired secrets are 401.
 * Revoked keys (archiving a workspace revokes its keys, WSARCH-KEYS-REVOKED) stop working at
 * once; an access token only lives until its expiry (FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE) and
 * only while its workspace is not archived (the server's choice: the documents say nothing about
 * tokens of an archived workspace).
 */
function identify(state: ServerState, endpoint: Endpoint, request: FastifyRequest): Caller | null {
  const v = state.vendor;
  const c = state.choices;
  if (endpoint.auth.length === 0 && !c.exchangeCredentialRead) return null;
  const sent = presentedHeaders(
    header(request, access.API_KEY_HEADER),
    header(request, access.AUTHORIZATION_HEADER),
    c.requestTolerance.oneCredential,
    c.bearerSyntaxAccepted,
    (token) => federationOf(state).accessTokens.get(token) !== undefined,
    v,
  );
  if (sent.authorization !== undefined && !c.bearerSyntaxAccepted(sent.authorization)) {
    throw apiError('bearer_syntax', { header: access.AUTHORIZATION_HEADER });
  }
  const parsed = access.credentialFromHeaders(sent, v);
  if (!parsed.ok) throw refused(parsed);
  if (parsed.kind === 'none' || parsed.secret === null) return null;
  if (parsed.kind === 'access_token') {
    const token = federationOf(state).accessTokens.get(parsed.secret);
    const expired = token !== undefined && c.accessTokenExpired(state.clock.now(), token.expiresAt);
    // A token of an archived workspace is refused too (UNSPEC-WS-ARCHIVED-ACCESS-TOKEN).
    const archived = workspaceArchived(state, token?.workspaceId ?? null) && c.archivedWorkspaceTokensRefused;
    if (!token || expired || archived) {
      throw apiError('access_token_invalid');
    }
    // SCOPE-OUTSIDE-403: the token's own scope.
    const scope = c.tokenScope(token.scope, endpoint);
    return {
      kind: 'access_token',
      organizationId: token.organizationId,
      workspaceId: token.workspaceId,
      presented: {
        kind: 'access_token',
        scope,
        workspaceId: token.workspaceId,
        organizationId: token.organizationId,
      },
      apiKeyId: null,
    };
  }
  const key = state.store.apiKeys.get(parsed.secret);
  // Archiving a workspace revokes its keys (the archive handler sets `revokedAt`, WSARCH-KEYS-REVOKED);
  // a revoked key is 401 (UNSPEC-WS-REVOKED-KEY-ERROR).
  const revoked = key !== undefined && c.keyRevoked(key.revokedAt);
  if (!key || revoked || key.kind !== parsed.kind) {
    throw apiError('api_key_invalid', { header: access.API_KEY_HEADER });
  }
  const presented: PresentedCredential =
    key.kind === 'admin_key'
      ? { kind: 'admin_key' }
      : { kind: 'workspace_key', workspaceId: key.workspaceId, organizationId: key.organizationId };
  return {
    kind: key.kind,
    organizationId: key.organizationId,
    workspaceId: key.workspaceId,
    presented,
    apiKeyId: key.id,
  };
}

/**
 * The credential headers as read. Tolerant (`oneCredential`, where the documents are silent):
 * with both headers `x-api-key` is read and `Authorization` ignored (UNSPEC-AUTH-BOTH-HEADERS;
 * generated clients send both on operations that take either), and a bearer value without the
 * access-token prefix is read as an API key (UNSPEC-AUTH-KEY-AS-BEARER; clients of the API family
 * send keys so; a token the exchange minted stays a token, whatever its form). Else both as sent.
 */
function presentedHeaders(
  apiKey: string | undefined,
  authorization: string | undefined,
  oneCredential: boolean,
  bearerSyntaxAccepted: (value: string) => boolean,
  minted: (token: string) => boolean,
  v: ServerState['vendor'],
): { apiKey: string | undefined; authorization: string | undefined } {
  if (!oneCredential || authorization === undefined) return { apiKey, authorization };
  if (apiKey !== undefined) return { apiKey, authorization: undefined };
  if (!bearerSyntaxAccepted(authorization)) return { apiKey, authorization };
  const bearer = access.parseAuthorization(authorization, v);
  return bearer.ok && !bearer.accessTokenPrefix && !minted(bearer.token)
    ? { apiKey: bearer.token, authorization: undefined }
    : { apiKey, authorization };
}

/** Whether a (non-default) workspace is archived. */
function workspaceArchived(state: ServerState, workspaceId: string | null): boolean {
  if (workspaceId === null) return false;
  const workspace = state.store.workspaces.get(workspaceId);
  return workspace !== undefined && workspace.archivedAt !== null;
}

function deny(decision: ReturnType<typeof access.authorize>): never {
  if (decision.allowed) throw new Error('deny called on an allowed decision');
  // SCOPE-OUTSIDE-403 (scope_outside): the one error status the documents give for every operation.
  const byDecision = { status: decision.status, errorType: decision.referenceErrorType };
  switch (decision.reason) {
    case 'unauthenticated': {
      const headers = {
        apiKeyHeader: access.API_KEY_HEADER,
        authorizationHeader: access.AUTHORIZATION_HEADER,
      };
      throw apiError('credential_missing', headers, byDecision);
    }
    case 'outside_scope':
      throw apiError('scope_outside', {}, byDecision);
    case 'credential_kind_not_accepted':
      throw apiError('credential_kind_refused', {}, byDecision);
    case 'other_workspace':
      throw apiError('other_workspace', {}, byDecision);
  }
}
