/**
 * Issuer registration checks (the issuer endpoints are not shown, UNSPEC-FED-ISSUER-ENDPOINTS;
 * issuers are registered through test control): the URL rules of document 000 ("URL
 * validation") applied to the URLs the service will fetch, and only those (URL-ONLY-FETCHED,
 * URL-ISSUER-UNFETCHED-FREE), through the spec's `urls.validateIssuerUrls` with the server's
 * resolver. A failure is the rule's 400 `invalid_request_error` body, its message prefixed with
 * the field (URL-ERROR-400, URL-ERROR-FIELD-PREFIX).
 *
 * Seeded faults of the URL rules are applied here.
 */
import { type FederationJwks, jwt, urls } from '@vendor-api/spec';
import { faultOn } from '../faults/index.js';
import type { ServerState } from '../state.js';
import { federationOf } from './store.js';

type IssuerUrls = { readonly issuer_url: string; readonly jwks: FederationJwks };

/** The issuer with the port of every URL field removed (for the port fault only). */
function withoutPorts(issuer: IssuerUrls): IssuerUrls {
  const strip = (value: unknown) => {
    if (typeof value !== 'string' || !URL.canParse(value)) return value;
    const url = new URL(value);
    url.port = '';
    return url.toString();
  };
  const jwks = { ...(issuer.jwks as Record<string, unknown>) };
  if ('url' in jwks) jwks.url = strip(jwks.url);
  if ('discovery_base' in jwks) jwks.discovery_base = strip(jwks.discovery_base);
  return { issuer_url: String(strip(issuer.issuer_url)), jwks: jwks as FederationJwks };
}

/** Checks the URLs of an issuer; null when they pass, else the rule's rejection. */
export async function issuerUrlRejection(
  state: ServerState,
  issuer: IssuerUrls,
): Promise<Extract<urls.IssuerUrlValidation, { ok: false }> | null> {
  const resolve = federationOf(state).network.resolve;
  let result = await urls.validateIssuerUrls(issuer, { resolve });
  // Fault: the port is not checked (any port accepted).
  if (!result.ok && result.reason === 'port' && faultOn(state, 'URL_PORT_NOT_CHECKED')) {
    result = await urls.validateIssuerUrls(withoutPorts(issuer), { resolve });
  }
  // Fault: the resolved addresses are not checked (a name resolving to a private address passes).
  if (
    !result.ok &&
    result.reason === 'non-public-address' &&
    faultOn(state, 'URL_PRIVATE_ADDRESS_ACCEPTED')
  ) {
    return null;
  }
  if (!result.ok) return result;
  // Fault: issuer_url is held to the URL rules even when it is never fetched.
  if (!result.checked.includes('issuer_url') && faultOn(state, 'URL_UNFETCHED_ISSUER_URL_CHECKED')) {
    const extra = await urls.validateFetchUrl('issuer_url', issuer.issuer_url, { resolve });
    if (!extra.ok) return extra;
  }
  return null;
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
