/**
 * Decoding a compact JWS (`header.payload.signature`) without verifying anything: strict
 * base64url, strict UTF-8, JSON objects of bounded depth; and the size of a string in bytes of
 * UTF-8 (the bound of an assertion). Part of `rules/jwt.ts`.
 */

import { jsonDepthViolation, MAX_JSON_DEPTH } from '../json-depth.js';

/** Decoded JOSE header (untrusted: any member may be missing or of the wrong type). */
export type JwtHeader = Readonly<Record<string, unknown>>;
/** Decoded claim set (untrusted). */
export type JwtClaims = Readonly<Record<string, unknown>>;

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
