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

export interface JwtCheck {
  readonly id: JwtCheckId;
  readonly requirement: string;
  readonly rule: string;
}

/**
 * The checks in the order `checkJwt` makes them (the first failing one is reported). Signature
 * verification (JWT-SIGNATURE) sits between `kid-known` and the claim checks and is done by jose.
 */
export const JWT_CHECKS: readonly JwtCheck[] = [
  {
    id: 'size',
    requirement: 'JWT-SIZE-MAX',
    rule: `assertion is at most ${MAX_ASSERTION_BYTES} bytes of UTF-8`,
  },
  {
    id: 'alg',
    requirement: 'JWT-ALG-ACCEPTED',
    rule: `header alg is one of ${ACCEPTED_ALGORITHMS.join(', ')}; ${REJECTED_ALGORITHMS.join(', ')} and any other value are rejected`,
  },
  { id: 'kid-present', requirement: 'JWT-KID-REQUIRED', rule: 'header carries a string kid' },
  {
    id: 'kid-known',
    requirement: 'JWT-KID-KNOWN',
    rule: "kid equals the kid of a key in the issuer's key set",
  },
  { id: 'iss', requirement: 'JWT-ISS-EXACT', rule: 'iss equals the registered issuer_url exactly' },
  { id: 'sub', requirement: 'JWT-SUB-REQUIRED', rule: 'sub is present (a string)' },
  { id: 'iat-present', requirement: 'JWT-IAT-REQUIRED', rule: 'iat is present (a finite number)' },
  { id: 'exp-present', requirement: 'JWT-EXP-REQUIRED', rule: 'exp is present (a finite number)' },
  {
    id: 'iat-not-future',
    requirement: 'JWT-IAT-NOT-FUTURE',
    rule: `iat <= now + ${CLOCK_SKEW_SECONDS}`,
  },
  { id: 'exp-not-past', requirement: 'JWT-EXP-FUTURE', rule: `exp > now - ${CLOCK_SKEW_SECONDS}` },
  {
    id: 'nbf',
    requirement: 'JWT-NBF-SKEW',
    rule: `nbf, when present, is a finite number <= now + ${CLOCK_SKEW_SECONDS}`,
  },
  {
    id: 'lifetime',
    requirement: 'JWT-LIFETIME-MAX',
    rule: `exp - iat <= the issuer maximum (default ${DEFAULT_MAX_LIFETIME_SECONDS})`,
  },
];

const CHECK_BY_ID = new Map(JWT_CHECKS.map((c) => [c.id, c] as const));

// ---------------------------------------------------------------------------------------------
// checkJwt

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

export type JwtCheckResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly check: JwtCheckId;
      readonly requirement: string;
      readonly message: string;
    };

const isNumericDate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function fail(id: JwtCheckId, requirement?: string): JwtCheckResult {
  const check = CHECK_BY_ID.get(id)!;
  return {
    ok: false,
    check: id,
    requirement: requirement ?? check.requirement,
    message: `JWT check ${id} failed: ${check.rule}`,
  };
}

/**
 * Runs every check of "JWT verification at exchange" except the signature and `match`, in the
 * order of `JWT_CHECKS`, and reports the first that fails. Never throws; the message names the
 * rule, never a claim value.
 */
export function checkJwt(input: JwtCheckInput): JwtCheckResult {
  const { assertion, header, claims, now, issuer } = input;

  if (typeof assertion !== 'string' || utf8ByteLength(assertion) > MAX_ASSERTION_BYTES) return fail('size');

  const alg = header.alg;
  if (!isAcceptedAlgorithm(alg)) {
    if (alg === 'none') return fail('alg', 'JWT-ALG-NONE-REJECTED');
    if (typeof alg === 'string' && (REJECTED_ALGORITHMS as readonly string[]).includes(alg)) {
      return fail('alg', 'JWT-ALG-HMAC-REJECTED');
    }
    return fail('alg');
  }

  const kid = header.kid;
  if (typeof kid !== 'string') return fail('kid-present');
  if (!issuer.kids.includes(kid)) return fail('kid-known');

  if (claims.iss !== issuer.issuer_url || typeof claims.iss !== 'string') return fail('iss');

  if (typeof claims.sub !== 'string') return fail('sub');

  const { iat, exp, nbf } = claims;
  if (!isNumericDate(iat)) return fail('iat-present');
  if (!isNumericDate(exp)) return fail('exp-present');
  if (iat > now + CLOCK_SKEW_SECONDS) return fail('iat-not-future');
  if (!(exp > now - CLOCK_SKEW_SECONDS)) return fail('exp-not-past');
  if (nbf !== undefined && !(isNumericDate(nbf) && nbf <= now + CLOCK_SKEW_SECONDS)) return fail('nbf');

  const max = maxLifetime(issuer);
  if (exp - iat > max) return fail('lifetime');

  return { ok: true };
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

/** Strict unpadded base64url decoding; null for a character outside the alphabet or an impossible length. */
export function base64UrlDecode(segment: string): Uint8Array | null {
  if (!B64URL.test(segment) || segment.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((segment.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  // By index: the pattern above admits ASCII only (iterating the string would make a string per character).
  for (let i = 0; i < segment.length; i++) {
    value = (value << 6) | (B64_VALUE[segment.charCodeAt(i)] ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero in a canonical encoding.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out.subarray(0, index);
}

function decodeJsonSegment(
  segment: string,
  what: 'header' | 'payload',
): { ok: true; value: Record<string, unknown> } | { ok: false; reason: DecodeFailure; message: string } {
  const bytes = base64UrlDecode(segment);
  if (!bytes) return { ok: false, reason: 'base64url', message: `JWT ${what} is not valid base64url` };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { ok: false, reason: 'utf8', message: `JWT ${what} is not valid UTF-8` };
  }
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

/** Which exchange cause a failed JWT check is (unlisted checks are `other-jwt-check`). */
export function causeOfCheck(check: JwtCheckId): ExchangeFailureCause {
  switch (check) {
    case 'iss':
      return 'iss-mismatch';
    case 'kid-known':
      return 'key-not-in-set';
    case 'exp-not-past':
      return 'exp-past';
    default:
      return 'other-jwt-check';
  }
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
