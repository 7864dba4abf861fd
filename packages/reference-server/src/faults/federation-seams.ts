/**
 * The seeded faults of the token exchange (catalog: `federation.ts`), applied at the seams of the
 * federation code: a patched copy of the spec's JWT check table, the signature and match stages
 * swapped, the exchange's answers, workspace choice and rule state bent, the key-set cache kept
 * forever, the issuer URL rules loosened or tightened. The federation code hands each seam its
 * documented behaviour and gets it back unchanged while no fault of the seam is on, so it reads as
 * the documented behaviour only.
 */
import {
  type ErrorBody,
  type FaultNameIn,
  type FederationJwks,
  jwt,
  type matchers,
  urls,
} from '@vendor-api/spec';
import { compactVerify, importJWK, type JWK } from 'jose';
import type { VerificationStages } from '../federation/verify.js';
import { faultOn } from './index.js';

/** What the exchange's seams read: the server's fault set, asked by name (`faultOn`). */
type HasFaults = Parameters<typeof faultOn>[0];

// ---------------------------------------------------------------------------------------------
// Verification

/** One check of the table replaced: its `breaks` given the documented one. */
type CheckPatch = (documented: jwt.JwtCheck['breaks']) => jwt.JwtCheck['breaks'];

const stripSlash = (s: string) => s.replace(/\/+$/, '');
const passes = () => null;

/** The faults that replace a check of the table, with the check each replaces. */
const CHECK_FAULTS: readonly (readonly [FaultNameIn<'federation'>, jwt.JwtCheckId, CheckPatch])[] = [
  // `iss` compared ignoring trailing slashes instead of byte for byte.
  [
    'JWT_ISS_TRAILING_SLASH_LOOSE',
    'iss',
    (documented) => (input) =>
      typeof input.claims.iss === 'string' &&
      stripSlash(input.claims.iss) === stripSlash(input.issuer.issuer_url)
        ? null
        : documented(input),
  ],
  // An `iat` in the future is accepted.
  ['JWT_IAT_FUTURE_ACCEPTED', 'iat-not-future', () => passes],
  // The 30 s leeway is applied twice to `exp` (60 s).
  [
    'JWT_EXP_SKEW_DOUBLED',
    'exp-not-past',
    (documented) => (input) => documented({ ...input, now: input.now - jwt.CLOCK_SKEW_SECONDS }),
  ],
  // No leeway on `exp`: a token is refused as soon as `exp <= now`.
  [
    'JWT_EXP_SKEW_IGNORED',
    'exp-not-past',
    (documented) => (input) =>
      typeof input.claims.exp === 'number' && input.claims.exp <= input.now
        ? 'JWT-SKEW-30S'
        : documented(input),
  ],
  // `nbf` is not checked.
  ['JWT_NBF_IGNORED', 'nbf', () => passes],
  // The issuer's maximum lifetime is not enforced.
  ['JWT_LIFETIME_MAX_IGNORED', 'lifetime', () => passes],
  // A header without `kid` is accepted (any key of the set may verify it).
  [
    'JWT_KID_MISSING_ACCEPTED',
    'kid-present',
    (documented) => (input) => (input.header.kid === undefined ? null : documented(input)),
  ],
  [
    'JWT_KID_MISSING_ACCEPTED',
    'kid-known',
    (documented) => (input) => (input.header.kid === undefined ? null : documented(input)),
  ],
  // HS256 passes the algorithm check (and is verified with an `oct` key of the set, below).
  [
    'JWT_HS256_ACCEPTED',
    'alg',
    (documented) => (input) => (input.header.alg === 'HS256' ? null : documented(input)),
  ],
];

/** The signature stage under JWT_HS256_ACCEPTED: an HS256 token is verified with an `oct` key of the set. */
const hs256Accepted =
  (documented: VerificationStages['signature']): VerificationStages['signature'] =>
  async (assertion, header, keySet) => {
    if (header.alg !== 'HS256') return documented(assertion, header, keySet);
    const oct = keySet.keys.find(
      (k) => k.kty === 'oct' && (header.kid === undefined || k.kid === header.kid),
    );
    if (!oct) return false;
    try {
      await compactVerify(assertion, await importJWK(oct as JWK, 'HS256'), { algorithms: ['HS256'] });
      return true;
    } catch {
      return false;
    }
  };

/** The match stage with the matcher faults that are on. */
const bentMatch =
  (state: HasFaults, documented: VerificationStages['match']): VerificationStages['match'] =>
  (match, claims) => {
    let m = match;
    let c = claims;
    // A `*` anywhere in `subject_prefix` ends the prefix (not only a trailing one).
    if (faultOn(state, 'MATCH_SUBJECT_STAR_ANYWHERE') && typeof m.subject_prefix === 'string') {
      const star = m.subject_prefix.indexOf('*');
      if (star >= 0) m = { ...m, subject_prefix: m.subject_prefix.slice(0, star + 1) };
    }
    // An array `aud` is ignored (never satisfies `audience`).
    if (faultOn(state, 'MATCH_AUDIENCE_ARRAY_IGNORED') && Array.isArray(c.aud)) {
      const { aud: _aud, ...rest } = c;
      c = rest;
    }
    // `claims` compared after converting the claim to a string (123 equals "123").
    if (faultOn(state, 'MATCH_CLAIMS_NON_STRING') && m.claims !== undefined) {
      const converted: Record<string, unknown> = { ...c };
      for (const name of Object.keys(m.claims)) {
        const value = c[name];
        if (typeof value === 'number' || typeof value === 'boolean') converted[name] = String(value);
      }
      c = converted;
    }
    const result: matchers.MatchResult = documented(m, c);
    // A condition that errors or is not boolean counts as a match.
    if (
      !result.ok &&
      result.matcher === 'condition' &&
      (result.reason === 'error' || result.reason === 'not-boolean') &&
      faultOn(state, 'MATCH_CEL_ERROR_IS_MATCH')
    ) {
      return { ok: true };
    }
    return result;
  };

/**
 * The verification's stages as this server runs them: `documented` while no fault is on, else a
 * copy with the check table patched and the signature and match stages swapped by the faults
 * that are on.
 */
export function verificationStages(state: HasFaults, documented: VerificationStages): VerificationStages {
  // The common case costs one question.
  if (state.faults.size === 0) return documented;
  const checks: Record<jwt.JwtCheckId, jwt.JwtCheck> = { ...documented.checks };
  for (const [fault, id, patch] of CHECK_FAULTS) {
    if (faultOn(state, fault)) checks[id] = { ...checks[id], breaks: patch(checks[id].breaks) };
  }
  return {
    checks,
    signature: faultOn(state, 'JWT_HS256_ACCEPTED')
      ? hs256Accepted(documented.signature)
      : documented.signature,
    match: bentMatch(state, documented.match),
  };
}

// ---------------------------------------------------------------------------------------------
// The exchange's answers

/** The body of an `invalid_grant` answer: under EXCH_INVALID_GRANT_REVEALS_CAUSE it names the cause. */
export function invalidGrantBody(
  state: HasFaults,
  body: ErrorBody,
  cause: jwt.ExchangeFailureCause,
): ErrorBody {
  if (!faultOn(state, 'EXCH_INVALID_GRANT_REVEALS_CAUSE')) return body;
  return { ...body, error: { ...body.error, message: `${body.error.message} (${cause})` } };
}

/**
 * The workspace chosen when the rule is enabled for several and the body names none: none (it is
 * required), or under EXCH_WORKSPACE_ID_NOT_REQUIRED the first one.
 */
export function workspaceOfSeveral(state: HasFaults, enabled: readonly string[]): string | null {
  return faultOn(state, 'EXCH_WORKSPACE_ID_NOT_REQUIRED') ? (enabled[0] ?? null) : null;
}

/** Whether an archived rule is treated as archived (not under EXCH_ARCHIVED_RULE_ACCEPTED). */
export function archivedRuleRefused(state: HasFaults): boolean {
  return !faultOn(state, 'EXCH_ARCHIVED_RULE_ACCEPTED');
}

/** The prefix of a minted access token: another one under EXCH_TOKEN_PREFIX_WRONG. */
export function accessTokenPrefix(state: HasFaults, documented: string, vendorName: string): string {
  return faultOn(state, 'EXCH_TOKEN_PREFIX_WRONG') ? `sk-${vendorName}-oat02-` : documented;
}

/** The `expires_in` answered: under EXCH_EXPIRES_IN_NOT_FROM_RULE the default lifetime whatever the token's. */
export function expiresInAnswered(state: HasFaults, lifetime: number, defaultLifetime: number): number {
  return faultOn(state, 'EXCH_EXPIRES_IN_NOT_FROM_RULE') ? defaultLifetime : lifetime;
}

/** Whether expired access tokens may be forgotten: not while ACCESS_TOKEN_NEVER_EXPIRES keeps them working. */
export function expiredTokensForgotten(state: HasFaults): boolean {
  return !faultOn(state, 'ACCESS_TOKEN_NEVER_EXPIRES');
}

// ---------------------------------------------------------------------------------------------
// Key sets and issuer URLs

/** Whether a cached key set is used as it is: when fresh, or always under KEYSET_NEVER_REFRESHED. */
export function cachedKeySetUsed(state: HasFaults, fresh: boolean): boolean {
  return fresh || faultOn(state, 'KEYSET_NEVER_REFRESHED');
}

type IssuerUrlRules = typeof urls.validateIssuerUrls;
type IssuerUrls = Parameters<IssuerUrlRules>[0];

/** The issuer with the port of every URL field removed. */
function withoutPorts(issuer: IssuerUrls): IssuerUrls {
  const strip = (value: unknown) => {
    if (typeof value !== 'string' || !URL.canParse(value)) return value;
    const url = new URL(value);
    url.port = '';
    return url.toString();
  };
  const issuer_url = String(strip(issuer.issuer_url));
  if (issuer.jwks === undefined) return { ...issuer, issuer_url };
  const jwks = { ...(issuer.jwks as Record<string, unknown>) };
  if ('url' in jwks) jwks.url = strip(jwks.url);
  if ('discovery_base' in jwks) jwks.discovery_base = strip(jwks.discovery_base);
  return { ...issuer, issuer_url, jwks: jwks as FederationJwks };
}

/** The URL rules an issuer is registered under: `documented`, or a copy bent by the URL faults that are on. */
export function issuerUrlRules(state: HasFaults, documented: IssuerUrlRules): IssuerUrlRules {
  const portIgnored = faultOn(state, 'URL_PORT_NOT_CHECKED');
  const privateAccepted = faultOn(state, 'URL_PRIVATE_ADDRESS_ACCEPTED');
  const unfetchedChecked = faultOn(state, 'URL_UNFETCHED_ISSUER_URL_CHECKED');
  if (!portIgnored && !privateAccepted && !unfetchedChecked) return documented;
  return async (issuer, options) => {
    let result = await documented(issuer, options);
    // The port is not checked (any port accepted).
    if (!result.ok && result.reason === 'port' && portIgnored)
      result = await documented(withoutPorts(issuer), options);
    // The resolved addresses are not checked (a name resolving to a private address passes).
    if (!result.ok && result.reason === 'non-public-address' && privateAccepted)
      return { ok: true, checked: [] };
    if (!result.ok) return result;
    // issuer_url is held to the URL rules even when it is never fetched.
    if (!result.checked.includes('issuer_url') && unfetchedChecked) {
      const extra = await urls.validateFetchUrl('issuer_url', issuer.issuer_url, options);
      if (!extra.ok) return extra;
    }
    return result;
  };
}
