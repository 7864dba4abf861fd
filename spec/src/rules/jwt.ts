/**
 * JWT verification at exchange (document 000, "Authentication > JWT verification at exchange"):
 * the decision procedure on decoded data. Signature mathematics is the JOSE library's job (jose);
 * this module decides everything around it: size, algorithm, key id, claims, skew, lifetime and
 * issuer, plus how each failure maps to the exchange error table.
 *
 * Times are NumericDates: seconds since the epoch (fractions allowed).
 */

import { jsonDepthViolation, MAX_JSON_DEPTH } from './json-depth.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'JWT-SIZE-MAX',
  'JWT-ALG-ACCEPTED',
  'JWT-ALG-HMAC-REJECTED',
  'JWT-ALG-NONE-REJECTED',
  'JWT-KID-REQUIRED',
  'JWT-KID-KNOWN',
  'JWT-SUB-REQUIRED',
  'JWT-IAT-REQUIRED',
  'JWT-IAT-NOT-FUTURE',
  'JWT-EXP-REQUIRED',
  'JWT-EXP-FUTURE',
  'JWT-NBF-SKEW',
  'JWT-SKEW-30S',
  'JWT-LIFETIME-MAX',
  'JWT-LIFETIME-DEFAULT',
  'JWT-ISS-EXACT',
  'ISSUER-MAX-LIFETIME-DEFAULT',
  'ISSUER-MAX-LIFETIME-CONFIGURABLE',
  'EXCH-ASSERTION-MAX',
  'EXCH-ERR-ISS-MISMATCH',
  'EXCH-ERR-KEYSET-FETCH-FAILED',
  'EXCH-ERR-KEYSET-STALE',
  'EXCH-ERR-KEY-NOT-IN-SET',
  'EXCH-ERR-EXPIRED',
  'EXCH-ERR-MATCH-FAILED',
  'EXCH-ERR-RULE-NOT-FOUND',
  'EXCH-ERR-RULE-ARCHIVED',
  'EXCH-ERR-NOT-AUTHORIZED',
  'EXCH-ERR-GRANT-MERGED',
  'EXCH-ERR-GRANT-CAUSE-HIDDEN',
  'EXCH-ERROR-BODY',
];

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

/** Size of a string in bytes of its UTF-8 encoding. */
export function utf8ByteLength(text: string): number {
  // Counted without encoding: 1 to 4 bytes per code point; a lone surrogate encodes as U+FFFD (3).
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Key hygiene

/**
 * Smallest RSA modulus of an issuer key, in bits. The documents give no key strength
 * (UNSPEC-FED-KEY-STRENGTH); a key anyone can forge signatures for is no key of the issuer, so a
 * token it "signs" is one not signed by a key of the set (JWT-SIGNATURE, EXCH-ERR-KEY-NOT-IN-SET).
 */
export const RSA_MIN_MODULUS_BITS = 2048;
/**
 * RSA public exponents accepted: odd, above 2^16 and below 2^256 (FIPS 186-5, A.1.1); 65537 is
 * the one in use. e = 1 makes every message its own signature; e = 3 and other small exponents
 * are outside the standard range.
 */
export const RSA_EXPONENT_RANGE = { minExclusive: 2n ** 16n, maxExclusive: 2n ** 256n } as const;

/** A named curve of the accepted EC algorithms: its algorithm, coordinate size, prime and `b` (a = -3). */
export interface NamedCurve {
  readonly alg: AcceptedAlgorithm;
  readonly bytes: number;
  readonly p: bigint;
  readonly b: bigint;
}

/** The curve of each accepted EC algorithm (RFC 7518 section 3.4; SEC 2 / FIPS 186-5 parameters). */
export const NAMED_CURVES: Readonly<Record<'P-256' | 'P-384' | 'P-521', NamedCurve>> = {
  'P-256': {
    alg: 'ES256',
    bytes: 32,
    p: 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n,
    b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  },
  'P-384': {
    alg: 'ES384',
    bytes: 48,
    p: 2n ** 384n - 2n ** 128n - 2n ** 96n + 2n ** 32n - 1n,
    b: 0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aefn,
  },
  'P-521': {
    alg: 'ES512',
    bytes: 66,
    p: 2n ** 521n - 1n,
    b: 0x0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00n,
  },
};

export type KeyWeakness =
  | 'rsa-members'
  | 'rsa-modulus-small'
  | 'rsa-exponent'
  | 'rsa-alg'
  | 'ec-members'
  | 'ec-curve'
  | 'ec-curve-alg'
  | 'ec-point-off-curve';

export type KeyCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly weakness: KeyWeakness; readonly message: string };

const big = (bytes: Uint8Array): bigint => bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
const modulo = (a: bigint, m: bigint) => ((a % m) + m) % m;
const weak = (weakness: KeyWeakness, message: string): KeyCheck => ({ ok: false, weakness, message });

/** Bits of a positive integer (0 for 0). */
const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/**
 * Whether a JWK of an issuer's key set is strong enough to trust (UNSPEC-FED-KEY-STRENGTH): an RSA
 * key has a modulus of at least RSA_MIN_MODULUS_BITS bits and a public exponent in
 * RSA_EXPONENT_RANGE, and an `alg`, when given, of an RSA algorithm; an EC key names a curve of
 * NAMED_CURVES, its point lies on that curve, and its `alg`, when given, is the curve's. Keys of
 * other types are not judged here (no accepted algorithm uses them). Messages never carry key
 * material.
 */
export function checkKeyStrength(jwk: unknown): KeyCheck {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return { ok: true };
  const key = jwk as Readonly<Record<string, unknown>>;
  const decode = (member: string) => (typeof key[member] === 'string' ? base64UrlDecode(key[member]) : null);
  if (key.kty === 'RSA') {
    const n = decode('n');
    const e = decode('e');
    if (!n || !e) return weak('rsa-members', 'an RSA key needs base64url `n` and `e`');
    const bits = bitLength(big(n));
    if (bits < RSA_MIN_MODULUS_BITS)
      return weak('rsa-modulus-small', `an RSA modulus of ${bits} bits is below ${RSA_MIN_MODULUS_BITS}`);
    const exponent = big(e);
    const { minExclusive, maxExclusive } = RSA_EXPONENT_RANGE;
    if (exponent % 2n === 0n || exponent <= minExclusive || exponent >= maxExclusive)
      return weak('rsa-exponent', 'the RSA public exponent must be odd, above 2^16 and below 2^256 (65537)');
    if (key.alg !== undefined && !(typeof key.alg === 'string' && /^(RS|PS)(256|384|512)$/.test(key.alg)))
      return weak('rsa-alg', 'an RSA key is for RS* or PS* algorithms only');
    return { ok: true };
  }
  if (key.kty === 'EC') {
    const name = String(key.crv);
    const curve = Object.hasOwn(NAMED_CURVES, name)
      ? NAMED_CURVES[name as keyof typeof NAMED_CURVES]
      : undefined;
    if (!curve) return weak('ec-curve', 'an EC key names P-256, P-384 or P-521 as its crv');
    if (key.alg !== undefined && key.alg !== curve.alg)
      return weak('ec-curve-alg', `a ${name} key is for ${curve.alg} only`);
    const x = decode('x');
    const y = decode('y');
    if (!x || !y || x.length !== curve.bytes || y.length !== curve.bytes)
      return weak('ec-members', `an EC key needs base64url \`x\` and \`y\` of ${curve.bytes} bytes`);
    const [px, py] = [big(x), big(y)];
    const { p, b } = curve;
    // y^2 = x^3 - 3x + b (mod p), with both coordinates reduced.
    if (px >= p || py >= p || modulo(py * py - (px * px * px - 3n * px + b), p) !== 0n)
      return weak('ec-point-off-curve', `the point is not on ${name}`);
    return { ok: true };
  }
  return { ok: true };
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

/** Decoded JOSE header (untrusted: any member may be missing or of the wrong type). */
export type JwtHeader = Readonly<Record<string, unknown>>;
/** Decoded claim set (untrusted). */
export type JwtClaims = Readonly<Record<string, unknown>>;

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

/** Each check: what it requires and how it is decided. Their order is the verification's, below. */
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

// ---------------------------------------------------------------------------------------------
// The order of verification

/** Guards of the federation-rule machine that the exchange's verification decides, one per step. */
export type VerificationGuard =
  | 'jwtAuthorized'
  | 'otherJwtChecksPass'
  | 'issMatches'
  | 'keySetFetched'
  | 'keySetFresh'
  | 'signedByKnownKey'
  | 'notExpired'
  | 'claimsMatch';

/**
 * How a step is decided: the request's authorization for the rule, JWT checks of the table
 * above, the issuer's key set (fetched, then fresh), the signature (after the step's checks) or
 * the rule's `match` (`matchers.matchClaims`).
 */
export type VerificationStage =
  | 'authorization'
  | 'jwt-checks'
  | 'key-set-fetched'
  | 'key-set-fresh'
  | 'signature'
  | 'match';

export interface VerificationStep {
  /** The machine's guard: true when the step passes. */
  readonly guard: VerificationGuard;
  readonly stage: VerificationStage;
  /** The JWT checks the step makes, in order (a `signature` step makes them before the signature). */
  readonly checks: readonly JwtCheckId[];
  /** Whether an assertion that does not decode as a compact JWS fails this step (UNSPEC-EXCH-JWT-CHECK-ERRORS). */
  readonly undecodable?: true;
  /** The exchange failure when the step fails. */
  readonly cause: ExchangeFailureCause;
  /** The Unspecified item of the answer when the error table lists none for this failure. */
  readonly unspecified?: string;
  /** Requirement ids of the failure row. */
  readonly requirements: readonly string[];
  /** The guard, as the machine describes it. */
  readonly description: string;
  /** The failure row's note. */
  readonly note: string;
}

/**
 * The exchange's verification against an active rule, in order: the first step that fails is the
 * answer, every later one is not looked at. The federation-rule machine's chain of `oauth.token`
 * rows and the order of `JWT_CHECKS` (so of `checkJwt`) are both read from here.
 *
 * Which check wins when several fail is not shown (UNSPEC-EXCH-CHECK-ORDER). This order makes the
 * checks that need nothing but the assertion (and that the error table does not list) first, then
 * the documented `invalid_grant` causes: `iss`, the key set, the signing key, `exp`, `match`.
 */
export const EXCHANGE_VERIFICATION: readonly VerificationStep[] = [
  {
    guard: 'jwtAuthorized',
    stage: 'authorization',
    checks: [],
    cause: 'not-authorized',
    requirements: ['EXCH-ERR-NOT-AUTHORIZED', 'EXCH-ERR-GRANT-MERGED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description:
      "The JWT is authorized for the rule: issued by the rule's issuer, for the rule's organization, service account and an enabled workspace (UNSPEC-EXCH-NOT-AUTHORIZED-MEANING).",
    note: 'JWT not authorized for the rule: same body as a nonexistent or archived rule.',
  },
  {
    guard: 'otherJwtChecksPass',
    stage: 'jwt-checks',
    checks: [
      'size',
      'alg',
      'kid-present',
      'sub',
      'iat-present',
      'exp-present',
      'iat-not-future',
      'nbf',
      'lifetime',
    ],
    undecodable: true,
    cause: 'other-jwt-check',
    unspecified: 'UNSPEC-EXCH-JWT-CHECK-ERRORS',
    requirements: [
      'JWT-SIZE-MAX',
      'JWT-ALG-ACCEPTED',
      'JWT-ALG-HMAC-REJECTED',
      'JWT-ALG-NONE-REJECTED',
      'JWT-KID-REQUIRED',
      'JWT-SUB-REQUIRED',
      'JWT-IAT-REQUIRED',
      'JWT-EXP-REQUIRED',
      'JWT-IAT-NOT-FUTURE',
      'JWT-NBF-SKEW',
      'JWT-LIFETIME-MAX',
    ],
    description:
      'Every JWT check the error table does not list passes: the assertion decodes, size, algorithm, `kid` present, `sub`, `iat` (present, not in the future beyond skew), `exp` present, `nbf`, lifetime.',
    note: 'Rejected, but the error table does not list these checks; the reference server answers 400 invalid_grant.',
  },
  {
    guard: 'issMatches',
    stage: 'jwt-checks',
    checks: ['iss'],
    cause: 'iss-mismatch',
    requirements: ['EXCH-ERR-ISS-MISMATCH', 'JWT-ISS-EXACT', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: 'The JWT `iss` equals the registered `issuer_url` byte for byte.',
    note: '`iss` differs from the registered `issuer_url`.',
  },
  {
    guard: 'keySetFetched',
    stage: 'key-set-fetched',
    checks: [],
    cause: 'keyset-fetch-failed',
    requirements: ['EXCH-ERR-KEYSET-FETCH-FAILED', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: "The issuer's key set could be fetched (always true in `inline` mode).",
    note: 'Key-set fetch failed.',
  },
  {
    guard: 'keySetFresh',
    stage: 'key-set-fresh',
    checks: [],
    cause: 'keyset-stale',
    requirements: ['EXCH-ERR-KEYSET-STALE', 'KEYCACHE-ROTATION-DELAY', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: "The issuer's key set is not stale (UNSPEC-FED-KEYSET-STALE).",
    note: 'Key set stale.',
  },
  {
    guard: 'signedByKnownKey',
    stage: 'signature',
    checks: ['kid-known'],
    cause: 'key-not-in-set',
    requirements: [
      'EXCH-ERR-KEY-NOT-IN-SET',
      'JWT-KID-KNOWN',
      'JWT-SIGNATURE',
      'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    ],
    description: 'The JWT header `kid` names a key of the key set and its signature verifies with it.',
    note: 'Signed by a key not in the key set.',
  },
  {
    guard: 'notExpired',
    stage: 'jwt-checks',
    checks: ['exp-not-past'],
    cause: 'exp-past',
    requirements: ['EXCH-ERR-EXPIRED', 'JWT-EXP-FUTURE', 'JWT-SKEW-30S', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: 'The JWT `exp` is not in the past beyond the 30-second skew.',
    note: '`exp` in the past beyond the 30-second skew.',
  },
  {
    guard: 'claimsMatch',
    stage: 'match',
    checks: [],
    cause: 'match-failed',
    requirements: ['EXCH-ERR-MATCH-FAILED', 'JWT-MATCH', 'MATCH-AND', 'EXCH-ERR-GRANT-CAUSE-HIDDEN'],
    description: "The verified claims satisfy the rule's `match`.",
    note: "Claims do not satisfy the rule's `match`.",
  },
];

/** The step that makes a JWT check. */
const STEP_OF_CHECK = new Map(EXCHANGE_VERIFICATION.flatMap((s) => s.checks.map((id) => [id, s] as const)));

/** The verification step that makes a check (every check is made by exactly one). */
export function stepOfCheck(check: JwtCheckId): VerificationStep {
  return STEP_OF_CHECK.get(check)!;
}

/** The step decided at a stage (the first, for `jwt-checks`). */
export function stepAt(stage: VerificationStage): VerificationStep {
  return EXCHANGE_VERIFICATION.find((s) => s.stage === stage)!;
}

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

// ---------------------------------------------------------------------------------------------
// Decoding a compact JWS

export type DecodeResult =
  | {
      readonly ok: true;
      readonly header: JwtHeader;
      readonly claims: JwtClaims;
      /** `<header>.<payload>`: the bytes the signature covers. */
      readonly signingInput: string;
      readonly signature: string;
    }
  | { readonly ok: false; readonly reason: DecodeFailure; readonly message: string };

export type DecodeFailure = 'not-a-string' | 'segments' | 'base64url' | 'utf8' | 'json' | 'not-an-object';

const B64URL = /^[A-Za-z0-9_-]*$/;
const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Value of each base64url character by char code (the check above rules out the others). */
const B64_VALUE = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < B64_ALPHABET.length; i++) table[B64_ALPHABET.charCodeAt(i)] = i;
  return table;
})();
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The runtime's native decoder, where there is one (Node's `Buffer`: several times faster than the
 * loop below on a JWT's segments). The checks before it are the same either way: it only runs on a
 * segment already known to be canonical base64url.
 */
interface NativeBytes extends Uint8Array {
  toString(encoding?: 'latin1'): string;
}
interface NativeDecoder {
  from(text: string, encoding: 'base64url'): NativeBytes;
  isEncoding?(encoding: string): boolean;
  prototype: NativeBytes;
}
/** A `Buffer` that decodes base64url (browser polyfills of `Buffer` may not: they fall back). */
const NATIVE = ((b) => (b?.isEncoding?.('base64url') === true ? b : undefined))(
  (globalThis as { Buffer?: NativeDecoder }).Buffer,
);

/** Strict unpadded base64url decoding; null for a character outside the alphabet or an impossible length. */
export function base64UrlDecode(segment: string): Uint8Array | null {
  if (!canonicalBase64Url(segment)) return null;
  const bytes = decodeCanonical(segment);
  // A plain view of the bytes, whichever decoder made them.
  return bytes.constructor === Uint8Array
    ? bytes
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * Whether a segment is canonical unpadded base64url: the alphabet only, a possible length, and the
 * bits the last character carries beyond the last whole byte zero.
 */
function canonicalBase64Url(segment: string): boolean {
  if (!B64URL.test(segment) || segment.length % 4 === 1) return false;
  // 6 bits a character: 4 characters are 3 whole bytes; 2 leave 4 bits over, 3 leave 2.
  const spare = (segment.length * 6) % 8;
  return (
    spare === 0 || ((B64_VALUE[segment.charCodeAt(segment.length - 1)] as number) & ((1 << spare) - 1)) === 0
  );
}

function decodeCanonical(segment: string): Uint8Array {
  if (NATIVE !== undefined) return NATIVE.from(segment, 'base64url');
  const out = new Uint8Array(Math.floor((segment.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  // By index: the alphabet is ASCII (iterating the string would make a string per character).
  for (let i = 0; i < segment.length; i++) {
    value = (value << 6) | (B64_VALUE[segment.charCodeAt(i)] as number);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, index);
}

/** A character of a latin1 reading that is not ASCII (a byte of 0x80 or more). */
const NOT_ASCII = /[\u0080-\u00ff]/;

/** Strict UTF-8 decoding (null for invalid UTF-8); ASCII, the common case, read as latin1 natively. */
function utf8Text(bytes: Uint8Array): string | null {
  if (NATIVE !== undefined && bytes instanceof (NATIVE as unknown as typeof Uint8Array)) {
    const latin1 = (bytes as NativeBytes).toString('latin1');
    if (!NOT_ASCII.test(latin1)) return latin1;
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

function decodeJsonSegment(
  segment: string,
  what: 'header' | 'payload',
): { ok: true; value: Record<string, unknown> } | { ok: false; reason: DecodeFailure; message: string } {
  if (!canonicalBase64Url(segment)) {
    return { ok: false, reason: 'base64url', message: `JWT ${what} is not valid base64url` };
  }
  const bytes = decodeCanonical(segment);
  const text = utf8Text(bytes);
  if (text === null) return { ok: false, reason: 'utf8', message: `JWT ${what} is not valid UTF-8` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json', message: `JWT ${what} is not valid JSON` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'not-an-object', message: `JWT ${what} is not a JSON object` };
  }
  // Nothing walks claims deeper than the bound (UNSPEC-REQUEST-JSON-DEPTH).
  if (jsonDepthViolation(value, MAX_JSON_DEPTH, what) !== null) {
    return { ok: false, reason: 'json', message: `JWT ${what} nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Decodes the header and payload of a compact JWS (`header.payload.signature`) without verifying
 * anything. Never throws: bad segment count, base64url, UTF-8 or JSON give a failure naming which.
 */
export function decodeCompactJws(token: unknown): DecodeResult {
  if (typeof token !== 'string') return { ok: false, reason: 'not-a-string', message: 'JWT is not a string' };
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, reason: 'segments', message: 'JWT does not have three dot-separated segments' };
  }
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJsonSegment(h, 'header');
  if (!header.ok) return header;
  const claims = decodeJsonSegment(p, 'payload');
  if (!claims.ok) return claims;
  if (!B64URL.test(s))
    return { ok: false, reason: 'base64url', message: 'JWT signature is not valid base64url' };
  return { ok: true, header: header.value, claims: claims.value, signingInput: `${h}.${p}`, signature: s };
}

// ---------------------------------------------------------------------------------------------
// Exchange failures: which are `invalid_grant`, which are merged

/** Causes of a failed exchange after the body was accepted. */
export type ExchangeFailureCause =
  | 'iss-mismatch'
  | 'keyset-fetch-failed'
  | 'keyset-stale'
  | 'key-not-in-set'
  | 'exp-past'
  | 'match-failed'
  | 'rule-not-found'
  | 'rule-archived'
  | 'not-authorized'
  /** A JWT check the error table does not list (UNSPEC-EXCH-JWT-CHECK-ERRORS). */
  | 'other-jwt-check';

export interface ExchangeFailure {
  readonly cause: ExchangeFailureCause;
  readonly status: 400;
  readonly errorType: 'invalid_grant';
  /** Whether the error table documents this cause (false: the reference server's choice). */
  readonly documented: boolean;
  /** Causes deliberately merged to prevent enumeration (same body, by design). */
  readonly mergedAgainstEnumeration: boolean;
  readonly requirement: string;
}

const failure = (
  cause: ExchangeFailureCause,
  requirement: string,
  documented = true,
  mergedAgainstEnumeration = false,
): ExchangeFailure => ({
  cause,
  status: 400,
  errorType: 'invalid_grant',
  documented,
  mergedAgainstEnumeration,
  requirement,
});

/** Every `invalid_grant` cause of the exchange error table (plus the undocumented JWT checks). */
export const INVALID_GRANT_CAUSES: readonly ExchangeFailure[] = [
  failure('iss-mismatch', 'EXCH-ERR-ISS-MISMATCH'),
  failure('keyset-fetch-failed', 'EXCH-ERR-KEYSET-FETCH-FAILED'),
  failure('keyset-stale', 'EXCH-ERR-KEYSET-STALE'),
  failure('key-not-in-set', 'EXCH-ERR-KEY-NOT-IN-SET'),
  failure('exp-past', 'EXCH-ERR-EXPIRED'),
  failure('match-failed', 'EXCH-ERR-MATCH-FAILED'),
  failure('rule-not-found', 'EXCH-ERR-RULE-NOT-FOUND', true, true),
  failure('rule-archived', 'EXCH-ERR-RULE-ARCHIVED', true, true),
  failure('not-authorized', 'EXCH-ERR-NOT-AUTHORIZED', true, true),
  failure('other-jwt-check', 'EXCH-ERR-GRANT-CAUSE-HIDDEN', false),
];

/** The failure entry of a cause. */
export function exchangeFailure(cause: ExchangeFailureCause): ExchangeFailure {
  return INVALID_GRANT_CAUSES.find((f) => f.cause === cause)!;
}

/** Whether the cause is one of the three merged to prevent rule enumeration (EXCH-ERR-GRANT-MERGED). */
export function isMergedAgainstEnumeration(cause: ExchangeFailureCause): boolean {
  return exchangeFailure(cause).mergedAgainstEnumeration;
}

/** Which exchange cause a failed JWT check is: its verification step's (unlisted checks are `other-jwt-check`). */
export function causeOfCheck(check: JwtCheckId): ExchangeFailureCause {
  return stepOfCheck(check).cause;
}

/** Message of every `invalid_grant` body: the cause is never exposed (EXCH-ERR-GRANT-CAUSE-HIDDEN). */
export const INVALID_GRANT_MESSAGE = 'The assertion could not be exchanged.';

/**
 * The error body of any `invalid_grant` failure. It ignores its argument on purpose: every cause
 * gives the identical body (EXCH-ERR-GRANT-CAUSE-HIDDEN, EXCH-ERR-GRANT-MERGED).
 */
export function invalidGrantBody(_cause?: ExchangeFailureCause): {
  type: 'error';
  error: { type: 'invalid_grant'; message: string };
} {
  return { type: 'error', error: { type: 'invalid_grant', message: INVALID_GRANT_MESSAGE } };
}
