/** The stand-in model's tokenizer: the ASCII scan finds exactly the tokens of the pattern. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textTokens, tokenizers, truncateTokens } from '../src/messages/model.js';

const { scanAscii, scanPattern } = tokenizers;

/** Text made mostly of the characters the two classes and their edges care about. */
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'ab_Z09 .,!\t\n\v\f\r-\u0000\u007f'.split('')), maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom('a', ' ', 'é', '\u00a0', '\u2003', '٣', '😀', '.'), maxLength: 20 }),
);
const max = fc.oneof(fc.nat(12), fc.constant(Number.POSITIVE_INFINITY));

describe('stand-in model tokens', () => {
  it('the ASCII scan agrees with the pattern wherever it answers', () => {
    fc.assert(
      fc.property(text, max, (t, m) => {
        const ascii = scanAscii(t, m);
        if (ascii !== null) expect(ascii).toEqual(scanPattern(t, m));
        // It answers for every ASCII text.
        if (/^[\0-\x7f]*$/.test(t)) expect(ascii).not.toBeNull();
      }),
    );
  });

  it('counts words and single punctuation marks, and truncates at whole tokens', () => {
    expect(textTokens('Hello, world! snake_case 42')).toBe(6);
    expect(textTokens('Grüße, 世界')).toBe(3);
    expect(truncateTokens('one two, three', 2)).toEqual({ text: 'one two', tokens: 2, truncated: true });
    expect(truncateTokens('one two', 2)).toEqual({ text: 'one two', tokens: 2, truncated: false });
    expect(truncateTokens('  ', 0)).toEqual({ text: '  ', tokens: 0, truncated: false });
    expect(truncateTokens('été à', 1)).toEqual({ text: 'été', tokens: 1, truncated: true });
  });
});
