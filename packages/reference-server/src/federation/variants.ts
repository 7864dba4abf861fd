/**
 * Variants of the token exchange and JWT verification: the exchange's answers where its error
 * table is silent, the order of its checks, the reading of time claims, the access-token lifetime
 * and the key-set cache age.
 */
import { errors, jwt, RULE_TOKEN_LIFETIME_MIN_SECONDS, TokenExchangeParams } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import { named, type VariantPatches } from '../choices/table.js';

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** RFC 6749 section 5.2: the grant type is not supported by the authorization server. */
const UNSUPPORTED_GRANT_TYPE = 'unsupported_grant_type';

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

const DECIMAL = /^\d+(\.\d+)?$/;

export const variants = named({
  'exchange-other-errors': {
    // The documents give `invalid_request` to a missing field and a malformed `federation_rule_id`;
    // another `grant_type` is `unsupported_grant_type`, any other failure `invalid_request_error`.
    exchangeBodyErrorType: (documented) => (body, type) => {
      if (isObject(body)) {
        const missing = (TokenExchangeParams.required ?? []).some((f) => body[f] === undefined);
        if (missing || !validateSchema('FederationRuleId', body.federation_rule_id).ok)
          return documented(body, type);
        if (body.grant_type !== TokenExchangeParams.properties.grant_type.const)
          return UNSUPPORTED_GRANT_TYPE;
      }
      return errors.ERRORS.bad_request.type;
    },
    errorDetailApart: () => true,
  },
  'exchange-assertion-checked-first': {
    // An issuer that the assertion fully agrees with: only the self-contained checks can fail.
    assertionRefusedFirst: () => (assertion, check, now, claimsAsChecked) => {
      const decoded = jwt.decodeCompactJws(assertion);
      if (!decoded.ok) return 'undecodable';
      const claims = claimsAsChecked(decoded.claims);
      const kid = decoded.header.kid;
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
    },
  },
  'exchange-workspace-refused-explicitly': { workspaceRefusedAfterVerification: () => true },
  // No longer than the assertion (`exp`, seconds since the epoch), but at least the shortest rule lifetime.
  'tokens-capped-by-assertion': {
    accessTokenLifetime: (documented) => (ruleLifetime, assertionExp, nowSeconds) => {
      const lifetime = documented(ruleLifetime, assertionExp, nowSeconds);
      if (typeof assertionExp !== 'number') return lifetime;
      return Math.min(
        lifetime,
        Math.max(RULE_TOKEN_LIFETIME_MIN_SECONDS, Math.floor(assertionExp - nowSeconds)),
      );
    },
  },
  'jwt-time-claims-other': {
    // Every skew boundary taken the other way, by checking half a millisecond earlier: `iat` or
    // `nbf` exactly 30 s ahead is refused, `exp` exactly 30 s past accepted; no value a millisecond
    // clock can tell apart moves across.
    jwtCheckInstant: (documented) => (now) => documented(now) - 0.0005,
    // Decimal strings read as numbers.
    claimsAsChecked: (documented) => (claims) => {
      const out: Record<string, unknown> = { ...documented(claims) };
      for (const name of ['iat', 'exp', 'nbf']) {
        const value = out[name];
        if (typeof value === 'string' && DECIMAL.test(value)) out[name] = Number(value);
      }
      return out;
    },
  },
  'keysets-refreshed-sooner': { keySetMaxAgeMs: () => 10_000 },
  // 43 base64url characters after the prefix.
  'other-id-forms': {
    accessTokenBody: () => (_reference, ids) =>
      Buffer.from(ids.secret(32), 'hex').toString('base64url').slice(0, 43),
  },
} satisfies VariantPatches);
