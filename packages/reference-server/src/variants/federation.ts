/**
 * Seams of the token exchange and JWT verification: the exchange's answers where its error table
 * is silent, the order of its checks, the reading of time claims, the access-token lifetime and
 * the key-set cache age.
 */
import { errors, jwt, RULE_TOKEN_LIFETIME_MIN_SECONDS, TokenExchangeParams } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import type { HasVariants } from './types.js';

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** RFC 6749 section 5.2: the grant type is not supported by the authorization server. */
const UNSUPPORTED_GRANT_TYPE = 'unsupported_grant_type';

/**
 * The error type of an exchange body that fails validation. The documents give `invalid_request`
 * to a missing field and a malformed `federation_rule_id`; for any other failure
 * (UNSPEC-EXCH-OTHER-VALIDATION) the reference server gives the same type, `exchange-other-errors`
 * another one. `body` is undefined for a body that is not JSON.
 */
export function exchangeBodyErrorType(state: HasVariants, body: unknown, documentedType: string): string {
  if (!state.variants.has('exchange-other-errors')) return documentedType;
  if (isObject(body)) {
    const missing = (TokenExchangeParams.required ?? []).some((f) => body[f] === undefined);
    const ruleId = body.federation_rule_id;
    if (missing || !validateSchema('FederationRuleId', ruleId).ok) return documentedType;
    if (body.grant_type !== TokenExchangeParams.properties.grant_type.const) return UNSUPPORTED_GRANT_TYPE;
  }
  return errors.ERRORS.bad_request.type;
}

/** Where the detail of an exchange error travels: in the message, or as `error.detail`. */
export function errorDetailField(state: HasVariants): boolean {
  return state.variants.has('exchange-other-errors') || state.variants.has('error-type-only');
}

/**
 * JWT checks that need nothing but the assertion and the clock, and that the error table does not
 * list (their step of the spec's verification has no documented answer): an expired JWT, say, is
 * a documented `invalid_grant` (EXCH-ERR-EXPIRED), so `exp` is not among them.
 */
const SELF_CONTAINED: ReadonlySet<jwt.JwtCheckId> = new Set(
  jwt.JWT_CHECKS.filter(
    (c) => c.needs === 'assertion' && jwt.stepOfCheck(c.id).unspecified !== undefined,
  ).map((c) => c.id),
);

/**
 * Under `exchange-assertion-checked-first`, the assertion's failure of a check that needs no rule
 * and that the error table does not list, found before the rule is looked up
 * (UNSPEC-EXCH-CHECK-ORDER, UNSPEC-EXCH-JWT-CHECK-ERRORS): `'undecodable'`, the failing check,
 * or null (nothing to refuse yet: the checks run in their usual order). `check` runs the JWT
 * checks as the exchange does (faults and the other seams included).
 */
export function assertionRefusedFirst(
  state: HasVariants,
  assertion: string,
  check: (input: jwt.JwtCheckInput) => jwt.JwtCheckResult,
  now: number,
): 'undecodable' | jwt.JwtCheckId | null {
  if (!state.variants.has('exchange-assertion-checked-first')) return null;
  const decoded = jwt.decodeCompactJws(assertion);
  if (!decoded.ok) return 'undecodable';
  const claims = claimsAsChecked(state, decoded.claims);
  const kid = decoded.header.kid;
  // An issuer that the assertion fully agrees with: only the self-contained checks can fail.
  const result = check({
    assertion,
    header: decoded.header,
    claims,
    now,
    issuer: {
      issuer_url: typeof claims.iss === 'string' ? claims.iss : '',
      kids: typeof kid === 'string' ? [kid] : [],
      maxLifetimeSeconds: Number.MAX_SAFE_INTEGER,
    },
  });
  return !result.ok && SELF_CONTAINED.has(result.check) ? result.check : null;
}

/**
 * Whether a workspace the rule is not enabled for (or that the service account is not a member
 * of) is refused only once the JWT is verified, with its own answer, instead of counting as "not
 * authorized for the rule" (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING).
 */
export function workspaceRefusedAfterVerification(state: HasVariants): boolean {
  return state.variants.has('exchange-workspace-refused-explicitly');
}

/**
 * How long an access token lives, in seconds (UNSPEC-EXCH-EXPIRES-IN-VALUE): the rule's lifetime,
 * or under `tokens-capped-by-assertion` no longer than the assertion (`exp`, seconds since the
 * epoch) but at least the shortest rule lifetime.
 */
export function accessTokenLifetime(
  state: HasVariants,
  ruleLifetime: number,
  assertionExp: unknown,
  nowSeconds: number,
): number {
  if (!state.variants.has('tokens-capped-by-assertion') || typeof assertionExp !== 'number')
    return ruleLifetime;
  const left = Math.floor(assertionExp - nowSeconds);
  return Math.min(ruleLifetime, Math.max(RULE_TOKEN_LIFETIME_MIN_SECONDS, left));
}

/**
 * The instant the JWT time checks compare with (seconds). `jwt-time-claims-other` takes every skew
 * boundary the other way (UNSPEC-FED-SKEW-BOUNDARY) by checking half a millisecond earlier: `iat`
 * or `nbf` exactly 30 s ahead is then refused, `exp` exactly 30 s past accepted; no value a
 * millisecond clock can tell apart moves across.
 */
export function jwtCheckInstant(state: HasVariants, nowSeconds: number): number {
  return state.variants.has('jwt-time-claims-other') ? nowSeconds - 0.0005 : nowSeconds;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** The claims as the time checks read them: decimal strings as numbers under `jwt-time-claims-other` (UNSPEC-FED-CLAIM-TYPES). */
export function claimsAsChecked(state: HasVariants, claims: jwt.JwtClaims): jwt.JwtClaims {
  if (!state.variants.has('jwt-time-claims-other')) return claims;
  const out: Record<string, unknown> = { ...claims };
  for (const name of ['iat', 'exp', 'nbf']) {
    const value = out[name];
    if (typeof value === 'string' && DECIMAL.test(value)) out[name] = Number(value);
  }
  return out;
}

/** Age at which a fetched key set is fetched again (UNSPEC-FED-KEYSET-STALE; at most a minute, KEYCACHE-ROTATION-DELAY). */
export function keySetMaxAgeMs(state: HasVariants, reference: number): number {
  return state.variants.has('keysets-refreshed-sooner') ? 10_000 : reference;
}
