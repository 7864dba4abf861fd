/**
 * The check table of JWT verification at exchange: the constants of the documents (size, skew,
 * lifetime, algorithms), each check with the requirement it decides and how, and `checkJwt`,
 * which makes them in the verification's order. Part of `rules/jwt.ts`.
 *
 * Times are NumericDates: seconds since the epoch (fractions allowed).
 */

import { type JwtClaims, type JwtHeader, utf8ByteLength } from './decoding.js';
import { EXCHANGE_VERIFICATION } from './verification.js';

// ---------------------------------------------------------------------------------------------
// Constants

/** Largest accepted assertion, in bytes of its UTF-8 encoding (16 KiB). JWT-SIZE-MAX, EXCH-ASSERTION-MAX. */
export const MAX_ASSERTION_BYTES = 16384;
/** Leeway on `exp`, `nbf` and `iat`, in seconds. JWT-SKEW-30S. */
export const CLOCK_SKEW_SECONDS = 30;
/** Issuer maximum JWT lifetime when the issuer configures none. JWT-LIFETIME-DEFAULT, ISSUER-MAX-LIFETIME-DEFAULT. */
export const DEFAULT_MAX_LIFETIME_SECONDS = 3600;
/** The only accepted signing algorithms. JWT-ALG-ACCEPTED. */
export const ACCEPTED_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
] as const;
/** Algorithms the documents name as rejected. JWT-ALG-HMAC-REJECTED, JWT-ALG-NONE-REJECTED. */
export const REJECTED_ALGORITHMS = ['HS256', 'HS384', 'HS512', 'none'] as const;

export type AcceptedAlgorithm = (typeof ACCEPTED_ALGORITHMS)[number];

/** Whether `alg` is one of the nine accepted algorithms (case-sensitive; anything else is rejected). */
export function isAcceptedAlgorithm(alg: unknown): alg is AcceptedAlgorithm {
  return typeof alg === 'string' && (ACCEPTED_ALGORITHMS as readonly string[]).includes(alg);
}

// ---------------------------------------------------------------------------------------------
// Check table

export type JwtCheckId =
  | 'size'
  | 'alg'
  | 'kid-present'
  | 'kid-known'
  | 'iss'
  | 'sub'
  | 'iat-present'
  | 'exp-present'
  | 'iat-not-future'
  | 'exp-not-past'
  | 'nbf'
  | 'lifetime';

export interface JwtIssuerFacts {
  /** The registered `issuer_url`. */
  readonly issuer_url: string;
  /** The issuer's configured maximum lifetime in seconds (field name not shown: UNSPEC-ISSUER-MAX-LIFETIME-FIELD). */
  readonly maxLifetimeSeconds?: number;
  /** Key ids of the issuer's current key set. */
  readonly kids: readonly string[];
}

export interface JwtCheckInput {
  /** The assertion exactly as received. */
  readonly assertion: string;
  readonly header: JwtHeader;
  readonly claims: JwtClaims;
  /** Current time, seconds since the epoch. */
  readonly now: number;
  readonly issuer: JwtIssuerFacts;
}

export interface JwtCheck {
  readonly id: JwtCheckId;
  readonly requirement: string;
  readonly rule: string;
  /**
   * What the check reads besides the assertion and the clock: nothing, the issuer record
   * (`issuer_url`, its maximum lifetime) or the issuer's key set (its key ids).
   */
  readonly needs: 'assertion' | 'issuer' | 'key-set';
  /** The requirement an input breaks (`requirement`, or a more precise one); null when it passes. Never throws. */
  readonly breaks: (input: JwtCheckInput) => string | null;
}

const isNumericDate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Each check: what it requires and how it is decided. Their order is the verification's (`EXCHANGE_VERIFICATION`). */
export const JWT_CHECK_BY_ID: { readonly [K in JwtCheckId]: JwtCheck & { readonly id: K } } = {
  size: {
    id: 'size',
    requirement: 'JWT-SIZE-MAX',
    rule: `assertion is at most ${MAX_ASSERTION_BYTES} bytes of UTF-8`,
    needs: 'assertion',
    // A UTF-16 code unit encodes as at most 3 bytes (a surrogate pair as 4): a string of at most a
    // third of the bound needs no counting.
    breaks: ({ assertion }) =>
      typeof assertion !== 'string' ||
      (assertion.length * 3 > MAX_ASSERTION_BYTES && utf8ByteLength(assertion) > MAX_ASSERTION_BYTES)
        ? 'JWT-SIZE-MAX'
        : null,
  },
  alg: {
    id: 'alg',
    requirement: 'JWT-ALG-ACCEPTED',
    rule: `header alg is one of ${ACCEPTED_ALGORITHMS.join(', ')}; ${REJECTED_ALGORITHMS.join(', ')} and any other value are rejected`,
    needs: 'assertion',
    breaks: ({ header: { alg } }) => {
      if (isAcceptedAlgorithm(alg)) return null;
      if (alg === 'none') return 'JWT-ALG-NONE-REJECTED';
      if (typeof alg === 'string' && (REJECTED_ALGORITHMS as readonly string[]).includes(alg))
        return 'JWT-ALG-HMAC-REJECTED';
      return 'JWT-ALG-ACCEPTED';
    },
  },
  'kid-present': {
    id: 'kid-present',
    requirement: 'JWT-KID-REQUIRED',
    rule: 'header carries a string kid',
    needs: 'assertion',
    breaks: ({ header }) => (typeof header.kid === 'string' ? null : 'JWT-KID-REQUIRED'),
  },
  'kid-known': {
    id: 'kid-known',
    requirement: 'JWT-KID-KNOWN',
    rule: "kid equals the kid of a key in the issuer's key set",
    needs: 'key-set',
    breaks: ({ header: { kid }, issuer }) =>
      typeof kid === 'string' && issuer.kids.includes(kid) ? null : 'JWT-KID-KNOWN',
  },
  iss: {
    id: 'iss',
    requirement: 'JWT-ISS-EXACT',
    rule: 'iss equals the registered issuer_url exactly',
    needs: 'issuer',
    breaks: ({ claims: { iss }, issuer }) =>
      typeof iss === 'string' && iss === issuer.issuer_url ? null : 'JWT-ISS-EXACT',
  },
  sub: {
    id: 'sub',
    requirement: 'JWT-SUB-REQUIRED',
    rule: 'sub is present (a string)',
    needs: 'assertion',
    breaks: ({ claims }) => (typeof claims.sub === 'string' ? null : 'JWT-SUB-REQUIRED'),
  },
  'iat-present': {
    id: 'iat-present',
    requirement: 'JWT-IAT-REQUIRED',
    rule: 'iat is present (a finite number)',
    needs: 'assertion',
    breaks: ({ claims }) => (isNumericDate(claims.iat) ? null : 'JWT-IAT-REQUIRED'),
  },
  'exp-present': {
    id: 'exp-present',
    requirement: 'JWT-EXP-REQUIRED',
    rule: 'exp is present (a finite number)',
    needs: 'assertion',
    breaks: ({ claims }) => (isNumericDate(claims.exp) ? null : 'JWT-EXP-REQUIRED'),
  },
  'iat-not-future': {
    id: 'iat-not-future',
    requirement: 'JWT-IAT-NOT-FUTURE',
    rule: `iat <= now + ${CLOCK_SKEW_SECONDS}`,
    needs: 'assertion',
    // A missing iat is the business of iat-present.
    breaks: ({ claims: { iat }, now }) =>
      isNumericDate(iat) && iat > now + CLOCK_SKEW_SECONDS ? 'JWT-IAT-NOT-FUTURE' : null,
  },
  'exp-not-past': {
    id: 'exp-not-past',
    requirement: 'JWT-EXP-FUTURE',
    rule: `exp > now - ${CLOCK_SKEW_SECONDS}`,
    needs: 'assertion',
    // A missing exp is the business of exp-present.
    breaks: ({ claims: { exp }, now }) =>
      isNumericDate(exp) && !(exp > now - CLOCK_SKEW_SECONDS) ? 'JWT-EXP-FUTURE' : null,
  },
  nbf: {
    id: 'nbf',
    requirement: 'JWT-NBF-SKEW',
    rule: `nbf, when present, is a finite number <= now + ${CLOCK_SKEW_SECONDS}`,
    needs: 'assertion',
    breaks: ({ claims: { nbf }, now }) =>
      nbf === undefined || (isNumericDate(nbf) && nbf <= now + CLOCK_SKEW_SECONDS) ? null : 'JWT-NBF-SKEW',
  },
  lifetime: {
    id: 'lifetime',
    requirement: 'JWT-LIFETIME-MAX',
    rule: `exp - iat <= the issuer maximum (default ${DEFAULT_MAX_LIFETIME_SECONDS})`,
    needs: 'issuer',
    // Missing times are the business of iat-present and exp-present.
    breaks: ({ claims: { iat, exp }, issuer }) =>
      isNumericDate(iat) && isNumericDate(exp) && exp - iat > maxLifetime(issuer) ? 'JWT-LIFETIME-MAX' : null,
  },
};

/** The checks in the order `checkJwt` makes them: the verification's order (signature and match left out). */
export const JWT_CHECKS: readonly JwtCheck[] = EXCHANGE_VERIFICATION.flatMap((s) =>
  s.checks.map((id) => JWT_CHECK_BY_ID[id]),
);

// ---------------------------------------------------------------------------------------------
// checkJwt

export type JwtCheckResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly check: JwtCheckId;
      readonly requirement: string;
      readonly message: string;
    };

const PASSED: JwtCheckResult = { ok: true };

/**
 * Makes the checks (by default every check of "JWT verification at exchange" except the signature
 * and `match`, in the order of `JWT_CHECKS`) and reports the first that fails. Never throws; the
 * message names the rule, never a claim value.
 */
export function checkJwt(input: JwtCheckInput, checks: readonly JwtCheck[] = JWT_CHECKS): JwtCheckResult {
  for (const check of checks) {
    const requirement = check.breaks(input);
    if (requirement !== null)
      return {
        ok: false,
        check: check.id,
        requirement,
        message: `JWT check ${check.id} failed: ${check.rule}`,
      };
  }
  return PASSED;
}

/** The issuer's maximum JWT lifetime: its configured value, else 3600 seconds. */
export function maxLifetime(issuer: Pick<JwtIssuerFacts, 'maxLifetimeSeconds'>): number {
  const configured = issuer.maxLifetimeSeconds;
  return configured !== undefined && Number.isFinite(configured) && configured > 0
    ? configured
    : DEFAULT_MAX_LIFETIME_SECONDS;
}
