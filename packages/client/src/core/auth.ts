/**
 * What the core sends to authenticate a request: the resolved credential of the client (an API
 * key, a bearer token, or a token provider such as federation) and an optional admin key used for
 * the operations that accept only an admin key.
 */
import { access, type Credential as CredentialKind } from '@vendor-api/spec';
import { CredentialsError } from './errors.js';
import type { OperationDescriptor } from './types.js';

/** Supplies bearer access tokens (federation exchange, or your own). */
export interface TokenProvider {
  /** A valid access token; `forceRefresh` skips every cache. */
  getToken(options?: { readonly forceRefresh?: boolean; readonly signal?: AbortSignal }): Promise<string>;
  /**
   * Drops `token` from the caches if it is still the current one (after a status that refuses it,
   * `access.CREDENTIAL_REFUSED_STATUSES`: 401, 431).
   */
  invalidate?(token: string): void;
}

export type Credential =
  | { readonly kind: 'api_key'; readonly key: string }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'token_provider'; readonly provider: TokenProvider }
  | { readonly kind: 'none'; readonly reason?: CredentialsError };

export interface AuthState {
  readonly credential: Credential;
  /** Admin key for operations that accept `admin_key` but not `workspace_key`. */
  readonly adminKey?: string | undefined;
}

/** What one attempt sends, and the bearer token used (so a refusal of it can invalidate it). */
export interface AppliedAuth {
  readonly headers: Record<string, string>;
  readonly provider?: TokenProvider;
  readonly token?: string;
}

/** A credential as its header (the spec's AUTH-*-HEADER and AUTH-ACCESS-TOKEN-BEARER rules). */
function sent(kind: CredentialKind, secret: string): Record<string, string> {
  const { name, value } = access.credentialHeader(kind, secret);
  return { [name]: value };
}

export async function applyAuth(
  state: AuthState,
  operation: OperationDescriptor,
  options: { readonly forceRefresh?: boolean; readonly signal?: AbortSignal | undefined } = {},
): Promise<AppliedAuth> {
  if (operation.auth.length === 0) return { headers: {} };
  const adminOnly = operation.auth.includes('admin_key') && !operation.auth.includes('workspace_key');
  if (state.adminKey !== undefined && (adminOnly || state.credential.kind === 'none')) {
    return { headers: sent('admin_key', state.adminKey) };
  }
  const c = state.credential;
  switch (c.kind) {
    case 'api_key':
      return { headers: sent('workspace_key', c.key) };
    case 'bearer':
      return { headers: sent('access_token', c.token) };
    case 'token_provider': {
      const token = await c.provider.getToken({
        ...(options.forceRefresh ? { forceRefresh: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { headers: sent('access_token', token), provider: c.provider, token };
    }
    case 'none':
      throw (
        c.reason ??
        new CredentialsError(
          'no_credentials',
          'No credential found: pass apiKey, authToken or credentials, set the API key or auth token environment variable, or configure a profile.',
        )
      );
  }
}
