/**
 * Key hygiene: whether a key of an issuer's key set is strong enough to trust
 * (UNSPEC-FED-KEY-STRENGTH). Part of `rules/jwt.ts`.
 */

import type { AcceptedAlgorithm } from './checks.js';
import { base64UrlDecode } from './decoding.js';

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
