/**
 * Token minting: claims valid for an instant, JWTs signed with a key pair, with HMAC or unsecured,
 * tampered, truncated or sized to the byte.
 */
import { jwt } from '@vendor-api/spec';
import { type JWTHeaderParameters, SignJWT } from 'jose';
import type { KeyPair } from './keys.js';

/**
 * The issuer URL of the fixtures: an internal host on a non-standard port. Inline issuers never
 * fetch it, so it is only compared with `iss` (URL-ISSUER-UNFETCHED-FREE, ISSUER-URL-STRING-COMPARE).
 */
export const ISSUER_URL = 'https://idp.internal.test:8443/realm/';
export const SUBJECT = 'repo:acme/app:ref:refs/heads/main';

export type Claims = Record<string, unknown>;

/** Claims valid for `now` (seconds): iss, sub, aud, iat = now, exp = now + 600. */
export function validClaims(now: number, overrides: Claims = {}): Claims {
  return {
    iss: ISSUER_URL,
    sub: SUBJECT,
    aud: 'vendor-api',
    iat: Math.floor(now),
    exp: Math.floor(now) + 600,
    ...overrides,
  };
}

/** Claims without the named members. */
export function without(claims: Claims, ...names: string[]): Claims {
  const out = { ...claims };
  for (const n of names) delete out[n];
  return out;
}

export interface SignOptions {
  /** Drop `kid` from the header. */
  readonly noKid?: boolean;
  /** Header members added or replaced. */
  readonly header?: Record<string, unknown>;
}

/** Signs claims with a key pair (header `alg` and `kid` from the key). */
export function sign(key: KeyPair, claims: Claims, options: SignOptions = {}): Promise<string> {
  const header = { alg: key.alg, ...(options.noKid ? {} : { kid: key.kid }), ...options.header };
  return new SignJWT(claims).setProtectedHeader(header as JWTHeaderParameters).sign(key.privateKey);
}

/** The rejected algorithms that sign with a shared secret (every one but `none`). */
export type HmacAlgorithm = Exclude<(typeof jwt.REJECTED_ALGORITHMS)[number], 'none'>;
export const HMAC_ALGORITHMS: readonly HmacAlgorithm[] = jwt.REJECTED_ALGORITHMS.filter(
  (alg): alg is HmacAlgorithm => alg !== 'none',
);

/** Signs with an HMAC algorithm and a raw secret. */
export function signHmac(
  alg: HmacAlgorithm,
  secret: Uint8Array,
  kid: string,
  claims: Claims,
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, kid }).sign(secret);
}

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** An unsecured JWT (`alg: none`, empty signature). */
export function unsecured(kid: string, claims: Claims): string {
  return `${b64url(JSON.stringify({ alg: 'none', kid }))}.${b64url(JSON.stringify(claims))}.`;
}

/** A JWT whose payload is replaced after signing (the signature no longer covers it). */
export function tamper(token: string, claims: Claims): string {
  const [h, , s] = token.split('.');
  return `${h}.${b64url(JSON.stringify(claims))}.${s}`;
}

/** The token with its signature cut short. */
export function truncate(token: string, chars = 4): string {
  return token.slice(0, -chars);
}

/**
 * A JWT of exactly `bytes` bytes signed by `key`: a `pad` claim and a header member `pad` are sized
 * until the compact serialization has that length (base64url cannot hit every length with the
 * payload alone).
 */
export async function signToSize(key: KeyPair, claims: Claims, bytes: number): Promise<string> {
  for (let headerPad = 0; headerPad < 4; headerPad++) {
    const header = headerPad === 0 ? {} : { pad: 'h'.repeat(headerPad) };
    let n = 0;
    for (let round = 0; round < 12; round++) {
      const token = await sign(key, { ...claims, pad: 'p'.repeat(n) }, { header });
      const length = jwt.utf8ByteLength(token);
      if (length === bytes) return token;
      const step = Math.trunc(((bytes - length) * 3) / 4);
      if (step === 0) break;
      n = Math.max(0, n + step);
    }
  }
  throw new Error(`could not sign a JWT of exactly ${bytes} bytes`);
}
