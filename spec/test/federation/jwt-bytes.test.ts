/**
 * The byte counting behind the 16 KiB assertion limit (JWT-SIZE-MAX) and the strict base64url
 * decoding agree with the platform's own UTF-8 encoder and base64url decoder.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlDecode, utf8ByteLength } from '../../src/rules/jwt.js';

describe('JWT-SIZE-MAX: UTF-8 byte length', () => {
  it('equals TextEncoder for any string, lone surrogates included', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary-ascii' }),
        ),
        (s) => {
          expect(utf8ByteLength(s)).toBe(encoder.encode(s).byteLength);
        },
      ),
    );
    for (const s of ['\ud800', 'a\udc00b', '\ud83d\ude00', '\ud83d', '€', '']) {
      expect(utf8ByteLength(s), JSON.stringify(s)).toBe(encoder.encode(s).byteLength);
    }
  });
});

describe('base64url decoding', () => {
  it('round-trips any bytes encoded by the platform', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(base64UrlDecode(text)).toEqual(new Uint8Array(bytes));
      }),
    );
  });

  it('refuses characters outside the alphabet and impossible lengths', () => {
    for (const bad of ['a+b', 'ab/c', 'ab=', 'a', 'abcde', 'é']) expect(base64UrlDecode(bad), bad).toBeNull();
  });
});
