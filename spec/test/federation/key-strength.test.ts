import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkKeyStrength, type KeyWeakness, NAMED_CURVES } from '../../src/rules/jwt.js';

/** base64url of a non-negative integer, big-endian, without leading zero bytes. */
function b64(n: bigint, bytes?: number): string {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (bytes !== undefined) hex = hex.padStart(bytes * 2, '0');
  return Buffer.from(hex, 'hex').toString('base64url');
}
const int = (member: string | undefined) =>
  BigInt(`0x${Buffer.from(member ?? '', 'base64url').toString('hex') || '0'}`);

const rsa = (bits: number, publicExponent = 65537): JsonWebKey =>
  generateKeyPairSync('rsa', { modulusLength: bits, publicExponent }).publicKey.export({ format: 'jwk' });
const ec = (namedCurve: string): JsonWebKey =>
  generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'jwk' });

const rsa2048 = { ...rsa(2048), kid: 'rsa', alg: 'RS256' };
const p256 = { ...ec('P-256'), kid: 'p256' };
const { p: P256 } = NAMED_CURVES['P-256'];

// Wycheproof-style key cases: each names what is wrong with the key and the weakness it must be refused for.
const weakKeys: readonly [string, unknown, KeyWeakness][] = [
  ['an RSA modulus of 1024 bits', rsa(1024), 'rsa-modulus-small'],
  ['an RSA modulus of 2047 bits', { ...rsa2048, n: b64(int(rsa2048.n) >> 1n) }, 'rsa-modulus-small'],
  ['public exponent 1 (every message is its own signature)', { ...rsa2048, e: b64(1n) }, 'rsa-exponent'],
  ['public exponent 3', rsa(2048, 3), 'rsa-exponent'],
  ['an even public exponent', { ...rsa2048, e: b64(65538n) }, 'rsa-exponent'],
  ['public exponent 65535 (below the standard range)', { ...rsa2048, e: b64(65535n) }, 'rsa-exponent'],
  ['a public exponent of 2^256 + 1', { ...rsa2048, e: b64(2n ** 256n + 1n) }, 'rsa-exponent'],
  ['an RSA key without n', { kty: 'RSA', e: 'AQAB' }, 'rsa-members'],
  ['an RSA key whose n is not base64url', { ...rsa2048, n: 'not base64url!' }, 'rsa-members'],
  ['an RSA key for an EC algorithm', { ...rsa2048, alg: 'ES256' }, 'rsa-alg'],
  ['an EC point not on its curve', { ...p256, y: b64((int(p256.y) + 1n) % P256, 32) }, 'ec-point-off-curve'],
  ['an EC point (0, 0)', { ...p256, x: b64(0n, 32), y: b64(0n, 32) }, 'ec-point-off-curve'],
  ['an EC coordinate equal to the prime', { ...p256, x: b64(P256, 32) }, 'ec-point-off-curve'],
  ['a P-384 point under P-256', { ...ec('P-384'), crv: 'P-256' }, 'ec-members'],
  ['a P-256 key for ES384 (the wrong curve for its alg)', { ...p256, alg: 'ES384' }, 'ec-curve-alg'],
  ['a P-521 key for ES256', { ...ec('P-521'), alg: 'ES256' }, 'ec-curve-alg'],
  ['an EC key on secp256k1', ec('secp256k1'), 'ec-curve'],
  ['an EC key without crv', { ...p256, crv: undefined }, 'ec-curve'],
  ['an EC key naming an inherited property as its curve', { ...p256, crv: 'toString' }, 'ec-curve'],
  ['a truncated x coordinate', { ...p256, x: b64(int(p256.x) & (2n ** 248n - 1n), 31) }, 'ec-members'],
];

describe('key strength of issuer keys (UNSPEC-FED-KEY-STRENGTH)', () => {
  it('trusts RSA keys of 2048 bits with exponent 65537, and EC keys on P-256, P-384 and P-521', () => {
    for (const key of [rsa2048, { ...rsa2048, alg: 'PS512' }, p256, ec('P-384'), ec('P-521')])
      expect(checkKeyStrength(key)).toEqual({ ok: true });
    for (const [crv, { alg }] of Object.entries(NAMED_CURVES))
      expect(checkKeyStrength({ ...ec(crv), alg })).toEqual({ ok: true });
  });

  it.each(weakKeys)('refuses %s', (_name, key, weakness) => {
    const check = checkKeyStrength(key);
    expect(check).toMatchObject({ ok: false, weakness });
    // The message never carries key material.
    if (!check.ok)
      for (const member of ['n', 'x', 'y'] as const) {
        const value = (key as Record<string, unknown>)[member];
        if (typeof value === 'string' && value.length > 8) expect(check.message).not.toContain(value);
      }
  });

  it('leaves keys of other types to the algorithm checks', () => {
    expect(checkKeyStrength({ kty: 'oct', k: 'c2VjcmV0' })).toEqual({ ok: true });
    expect(checkKeyStrength({ kty: 'OKP', crv: 'Ed25519', x: 'AAAA' })).toEqual({ ok: true });
  });
});
