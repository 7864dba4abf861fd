import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeBetas } from '../../src/internal/headers.js';
import { redactPatterns, SecretRegistry } from '../../src/internal/redact.js';
import { backoffMs, isRetryableStatus, retryAfterMs } from '../../src/internal/retry.js';
import { encodeQuery, fillPath, joinURL } from '../../src/internal/url.js';

describe('retry policy', () => {
  it('retries 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422, 200].some(isRetryableStatus)).toBe(false);
  });

  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    expect(retryAfterMs({ 'retry-after-ms': '150' })).toBe(150);
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': '3600' })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
  });

  it('backs off exponentially with up to 25 % jitter, capped', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.double({ min: 0, max: 0.999, noNaN: true }), (retry, r) => {
        const base = Math.min(500 * 2 ** retry, 8000);
        const ms = backoffMs(retry, { random: () => r });
        expect(ms).toBeLessThanOrEqual(base);
        expect(ms).toBeGreaterThanOrEqual(Math.floor(base * 0.75));
      }),
    );
  });
});

describe('headers and URLs', () => {
  it('merges betas in order without duplicates or blanks', () => {
    expect(mergeBetas(['a', 'b'], undefined, ['b, c', ' ', 'a'])).toBe('a,b,c');
    expect(mergeBetas([], [])).toBeUndefined();
  });

  it('fills paths and encodes queries', () => {
    expect(fillPath('/v1/x/{id}/y', { id: 'a/b' })).toBe('/v1/x/a%2Fb/y');
    expect(() => fillPath('/v1/x/{id}', {})).toThrow(/id/);
    expect(encodeQuery({ 'workspace_ids[]': ['w1', 'w2'], include_archived: true, n: null })).toBe(
      '?workspace_ids%5B%5D=w1&workspace_ids%5B%5D=w2&include_archived=true',
    );
    expect(joinURL('http://h/base/', '/v1/x')).toBe('http://h/base/v1/x');
  });
});

describe('redaction', () => {
  it('removes registered secrets and secret-looking strings', () => {
    const s = new SecretRegistry();
    s.add('my-plain-secret');
    expect(s.redact('a my-plain-secret b')).toBe('a [redacted] b');
    expect(redactPatterns('key sk-vendor-api03-abcdefgh and eyJhbGciOi.eyJzdWIi.c2ln, Bearer xyz')).toBe(
      'key [redacted] and [redacted], Bearer [redacted]',
    );
  });
});
