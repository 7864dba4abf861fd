/**
 * Seeded faults of the token exchange: the JWT check table patched, the signature and match
 * stages swapped, the exchange's answers, workspace choice and rule state bent, the key-set cache
 * kept forever, the issuer URL rules loosened or tightened. `src/federation/` reads the table
 * and reads as the documented behaviour only.
 */
import { errors, type FederationJwks, jwt, TokenExchangeParams, urls } from '@vendor-api/spec';
import { compactVerify, importJWK, type JWK } from 'jose';
import type { Override } from '../choices/point.js';
import { type Choices, type FaultPatches, named, type Patch } from '../choices/table.js';

type Checks = Choices['jwtChecks'];
type Breaks = jwt.JwtCheck['breaks'];
type IssuerUrls = Parameters<typeof urls.validateIssuerUrls>[0];

/** Checks of the table replaced: each given the documented one. */
const checksPatched = (patches: Partial<Record<jwt.JwtCheckId, Override<Breaks>>>): Patch => ({
  jwtChecks: (documented) => {
    const checks: Record<string, jwt.JwtCheck> = { ...documented };
    for (const [id, patch] of Object.entries(patches)) {
      const check = checks[id] as jwt.JwtCheck;
      checks[id] = { ...check, breaks: patch(check.breaks) };
    }
    return checks as Checks;
  },
});

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const stripSlash = (s: string) => s.replace(/\/+$/, '');
const passes = () => () => null;
/** A check passed by a header without `kid` (any key of the set may verify it). */
const kidOptional: Override<Breaks> = (documented) => (input) =>
  input.header.kid === undefined ? null : documented(input);

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

export const faults = named({
  // No leeway on `exp`: a token is refused as soon as `exp <= now`.
  JWT_EXP_SKEW_IGNORED: checksPatched({
    'exp-not-past': (documented) => (input) =>
      typeof input.claims.exp === 'number' && input.claims.exp <= input.now
        ? 'JWT-SKEW-30S'
        : documented(input),
  }),
  // The 30 s leeway is applied twice to `exp` (60 s).
  JWT_EXP_SKEW_DOUBLED: checksPatched({
    'exp-not-past': (documented) => (input) =>
      documented({ ...input, now: input.now - jwt.CLOCK_SKEW_SECONDS }),
  }),
  JWT_IAT_FUTURE_ACCEPTED: checksPatched({ 'iat-not-future': passes }),
  JWT_NBF_IGNORED: checksPatched({ nbf: passes }),
  JWT_LIFETIME_MAX_IGNORED: checksPatched({ lifetime: passes }),
  // `iss` compared ignoring trailing slashes instead of byte for byte.
  JWT_ISS_TRAILING_SLASH_LOOSE: checksPatched({
    iss: (documented) => (input) =>
      typeof input.claims.iss === 'string' &&
      stripSlash(input.claims.iss) === stripSlash(input.issuer.issuer_url)
        ? null
        : documented(input),
  }),
  // HS256 passes the algorithm check and is verified with an `oct` key of the set.
  JWT_HS256_ACCEPTED: {
    ...checksPatched({
      alg: (documented) => (input) => (input.header.alg === 'HS256' ? null : documented(input)),
    }),
    signature: (documented) => async (assertion, header, keySet) => {
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
    },
  },
  JWT_KID_MISSING_ACCEPTED: checksPatched({ 'kid-present': kidOptional, 'kid-known': kidOptional }),
  // A `*` anywhere in `subject_prefix` ends the prefix (not only a trailing one).
  MATCH_SUBJECT_STAR_ANYWHERE: {
    match: (documented) => (match, claims) => {
      const prefix = match.subject_prefix;
      const star = typeof prefix === 'string' ? prefix.indexOf('*') : -1;
      if (typeof prefix !== 'string' || star < 0) return documented(match, claims);
      return documented({ ...match, subject_prefix: prefix.slice(0, star + 1) }, claims);
    },
  },
  // An array `aud` is ignored (never satisfies `audience`).
  MATCH_AUDIENCE_ARRAY_IGNORED: {
    match: (documented) => (match, claims) => {
      if (!Array.isArray(claims.aud)) return documented(match, claims);
      const { aud: _aud, ...rest } = claims;
      return documented(match, rest);
    },
  },
  // `claims` compared after converting the claim to a string (123 equals "123").
  MATCH_CLAIMS_NON_STRING: {
    match: (documented) => (match, claims) => {
      if (match.claims === undefined) return documented(match, claims);
      const converted: Record<string, unknown> = { ...claims };
      for (const name of Object.keys(match.claims)) {
        const value = claims[name];
        if (typeof value === 'number' || typeof value === 'boolean') converted[name] = String(value);
      }
      return documented(match, converted);
    },
  },
  // A condition that errors or is not boolean counts as a match.
  MATCH_CEL_ERROR_IS_MATCH: {
    match: (documented) => (match, claims) => {
      const result = documented(match, claims);
      const erred =
        !result.ok &&
        result.matcher === 'condition' &&
        (result.reason === 'error' || result.reason === 'not-boolean');
      return erred ? { ok: true } : result;
    },
  },
  // The `invalid_grant` answer names its cause.
  // A body missing a required field answered as a refused grant.
  EXCH_MISSING_FIELD_INVALID_GRANT: {
    exchangeBodyErrorType: (documented) => (body, type) =>
      isObject(body) && (TokenExchangeParams.required ?? []).some((f) => body[f] === undefined)
        ? errors.ERRORS.exchange_invalid_grant.type
        : documented(body, type),
  },
  EXCH_INVALID_GRANT_REVEALS_CAUSE: {
    invalidGrantBody: (documented) => (body, cause) => {
      const answered = documented(body, cause);
      return { ...answered, error: { ...answered.error, message: `${answered.error.message} (${cause})` } };
    },
  },
  // The default lifetime is answered whatever the token's.
  EXCH_EXPIRES_IN_NOT_FROM_RULE: { expiresInAnswered: () => (_lifetime, defaultLifetime) => defaultLifetime },
  EXCH_TOKEN_PREFIX_WRONG: {
    accessTokenPrefix: () => (_documented, vendorName) => `sk-${vendorName}-oat02-`,
  },
  // The first of several enabled workspaces is chosen when the body names none.
  EXCH_WORKSPACE_ID_NOT_REQUIRED: { workspaceOfSeveral: () => (enabled) => enabled[0] ?? null },
  EXCH_ARCHIVED_RULE_ACCEPTED: { archivedRulesRefused: () => false },
  KEYSET_NEVER_REFRESHED: { staleKeySetsUsed: () => true },
  // The port is not checked (any port accepted).
  URL_PORT_NOT_CHECKED: {
    issuerUrlRules: (documented) => async (issuer, options) => {
      const result = await documented(issuer, options);
      return !result.ok && result.reason === 'port' ? documented(withoutPorts(issuer), options) : result;
    },
  },
  // The resolved addresses are not checked (a name resolving to a private address passes).
  URL_PRIVATE_ADDRESS_ACCEPTED: {
    issuerUrlRules: (documented) => async (issuer, options) => {
      const result = await documented(issuer, options);
      return !result.ok && result.reason === 'non-public-address' ? { ok: true, checked: [] } : result;
    },
  },
  // issuer_url is held to the URL rules even when it is never fetched.
  URL_UNFETCHED_ISSUER_URL_CHECKED: {
    issuerUrlRules: (documented) => async (issuer, options) => {
      const result = await documented(issuer, options);
      if (!result.ok || result.checked.includes('issuer_url')) return result;
      const extra = await urls.validateFetchUrl('issuer_url', issuer.issuer_url, options);
      return extra.ok ? result : extra;
    },
  },
} satisfies FaultPatches);
