/**
 * Issuer registration checks (the issuer endpoints are not shown, UNSPEC-FED-ISSUER-ENDPOINTS;
 * issuers are registered through test control): the URL rules of document 000 ("URL
 * validation") applied to the URLs the service will fetch, and only those (URL-ONLY-FETCHED,
 * URL-ISSUER-UNFETCHED-FREE), through the spec's `urls.validateIssuerUrls` with the server's
 * resolver. A failure is the rule's 400 `invalid_request_error` body, its message prefixed with
 * the field (URL-ERROR-400, URL-ERROR-FIELD-PREFIX); a URL carrying user information is one
 * (UNSPEC-FED-URL-USERINFO).
 */
import { type FederationJwks, jwt, type urls } from '@vendor-api/spec';
import type { ServerState } from '../state.js';
import { federationOf } from './store.js';

type IssuerUrls = { readonly issuer_url: string; readonly jwks: FederationJwks };

/** Checks the URLs of an issuer; null when they pass, else the rule's rejection. */
export async function issuerUrlRejection(
  state: ServerState,
  issuer: IssuerUrls,
): Promise<Extract<urls.IssuerUrlValidation, { ok: false }> | null> {
  const resolve = federationOf(state).network.resolve;
  const result = await state.choices.issuerUrlRules(issuer, { resolve });
  return result.ok ? null : result;
}

/**
 * The refusal of an issuer whose inline key set holds a weak key (`jwt.checkKeyStrength`,
 * UNSPEC-FED-KEY-STRENGTH), prefixed with the key's place; null when every key is strong enough.
 * Fetched key sets are judged as they load (weak keys are left out of them).
 */
export function weakKeyRejection(jwks: unknown): string | null {
  const set = jwks as { type?: unknown; keys?: unknown } | null;
  if (set?.type !== 'inline' || !Array.isArray(set.keys)) return null;
  for (const [i, key] of set.keys.entries()) {
    const check = jwt.checkKeyStrength(key);
    if (!check.ok) return `jwks.keys[${i}]: ${check.message}`;
  }
  return null;
}
