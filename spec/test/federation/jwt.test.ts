/**
 * JWT verification at exchange: every check on both sides of its boundary, decoding of compact
 * JWS, and the merged `invalid_grant` causes.
 */
import fc from 'fast-check';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { guardNames } from '../../src/machines/federation-rules.js';
import {
  ACCEPTED_ALGORITHMS,
  base64UrlDecode,
  CLOCK_SKEW_SECONDS,
  causeOfCheck,
  checkJwt,
  DEFAULT_MAX_LIFETIME_SECONDS,
  decodeCompactJws,
  EXCHANGE_VERIFICATION,
  exchangeFailure,
  INVALID_GRANT_CAUSES,
  invalidGrantBody,
  isMergedAgainstEnumeration,
  JWT_CHECK_BY_ID,
  JWT_CHECKS,
  type JwtCheckInput,
  MAX_ASSERTION_BYTES,
  maxLifetime,
  REJECTED_ALGORITHMS,
  requirementIds,
  stepOfCheck,
} from '../../src/rules/jwt.js';

const NOW = 1_750_000_000;
const ISSUER = 'https://token.actions.example.com';

function input(overrides: {
  assertion?: string;
  header?: Record<string, unknown>;
  claims?: Record<string, unknown>;
  now?: number;
  maxLifetimeSeconds?: number;
  issuer_url?: string;
}): JwtCheckInput {
  return {
    assertion: overrides.assertion ?? 'aaa.bbb.ccc',
    header: { alg: 'ES256', kid: 'k1', ...overrides.header },
    claims: {
      iss: ISSUER,
      sub: 'repo:acme/app:ref:refs/heads/main',
      iat: NOW - 10,
      exp: NOW + 300,
      ...overrides.claims,
    },
    now: overrides.now ?? NOW,
    issuer: {
      issuer_url: overrides.issuer_url ?? ISSUER,
      kids: ['k0', 'k1'],
      ...(overrides.maxLifetimeSeconds === undefined
        ? {}
        : { maxLifetimeSeconds: overrides.maxLifetimeSeconds }),
    },
  };
}

const failedCheck = (i: JwtCheckInput) => {
  const result = checkJwt(i);
  return result.ok ? null : result.check;
};

describe('constants', () => {
  it('states the documented limits', () => {
    expect(MAX_ASSERTION_BYTES).toBe(16 * 1024);
    expect(CLOCK_SKEW_SECONDS).toBe(30);
    expect(DEFAULT_MAX_LIFETIME_SECONDS).toBe(3600);
    expect([...ACCEPTED_ALGORITHMS].sort()).toEqual(
      ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512'].sort(),
    );
    expect([...REJECTED_ALGORITHMS]).toEqual(['HS256', 'HS384', 'HS512', 'none']);
  });
  it('cites a requirement for every check, all implemented by the module', () => {
    for (const check of JWT_CHECKS) expect(requirementIds).toContain(check.requirement);
  });
});

describe('the order of verification', () => {
  it("makes every check in exactly one step, and checkJwt in the steps' order", () => {
    const ordered = EXCHANGE_VERIFICATION.flatMap((s) => s.checks);
    expect([...ordered].sort()).toEqual(Object.keys(JWT_CHECK_BY_ID).sort());
    expect(new Set(ordered).size).toBe(ordered.length);
    expect(JWT_CHECKS.map((c) => c.id)).toEqual(ordered);
    for (const id of ordered) expect(stepOfCheck(id).checks).toContain(id);
  });
  it('gives the federation-rule machine its guard order', () => {
    const guards = EXCHANGE_VERIFICATION.map((s) => s.guard);
    expect(guardNames.filter((g) => (guards as readonly string[]).includes(g))).toEqual(guards);
    expect(new Set(guards).size).toBe(guards.length);
  });
  it('makes the checks that need only the assertion before any documented invalid_grant cause', () => {
    const firstDocumented = EXCHANGE_VERIFICATION.findIndex(
      (s) => s.stage !== 'authorization' && s.unspecified === undefined,
    );
    for (const [i, step] of EXCHANGE_VERIFICATION.entries())
      for (const id of step.checks)
        if (step.unspecified !== undefined && JWT_CHECK_BY_ID[id].needs === 'assertion')
          expect(i).toBeLessThan(firstDocumented);
  });
  it('fails an undecodable assertion at exactly one step, one the error table does not list', () => {
    const steps = EXCHANGE_VERIFICATION.filter((s) => s.undecodable);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.unspecified).toBe('UNSPEC-EXCH-JWT-CHECK-ERRORS');
  });
});

describe('checkJwt', () => {
  it('accepts a valid token', () => {
    expect(checkJwt(input({}))).toEqual({ ok: true });
  });

  describe('size', () => {
    it('accepts exactly 16384 bytes and rejects 16385', () => {
      expect(failedCheck(input({ assertion: 'a'.repeat(16384) }))).toBeNull();
      expect(failedCheck(input({ assertion: 'a'.repeat(16385) }))).toBe('size');
    });
    it('counts UTF-8 bytes, not characters', () => {
      // 8192 two-byte characters are 16384 bytes; one more ASCII byte is over.
      expect(failedCheck(input({ assertion: 'é'.repeat(8192) }))).toBeNull();
      expect(failedCheck(input({ assertion: `${'é'.repeat(8192)}a` }))).toBe('size');
      expect(failedCheck(input({ assertion: '€'.repeat(5462) }))).toBe('size'); // 16386 bytes, 5462 characters
    });
  });

  describe('algorithm', () => {
    it.each(ACCEPTED_ALGORITHMS)('accepts %s', (alg) => {
      expect(failedCheck(input({ header: { alg } }))).toBeNull();
    });
    it.each([
      ['HS256', 'JWT-ALG-HMAC-REJECTED'],
      ['HS384', 'JWT-ALG-HMAC-REJECTED'],
      ['HS512', 'JWT-ALG-HMAC-REJECTED'],
      ['none', 'JWT-ALG-NONE-REJECTED'],
      ['EdDSA', 'JWT-ALG-ACCEPTED'],
      ['es256', 'JWT-ALG-ACCEPTED'],
      ['', 'JWT-ALG-ACCEPTED'],
    ])('rejects %j citing %s', (alg, requirement) => {
      expect(checkJwt(input({ header: { alg } }))).toMatchObject({ ok: false, check: 'alg', requirement });
    });
    it('rejects a missing or non-string alg', () => {
      expect(failedCheck(input({ header: { alg: undefined } }))).toBe('alg');
      expect(failedCheck(input({ header: { alg: ['ES256'] } }))).toBe('alg');
    });
  });

  describe('kid', () => {
    it('rejects a header without kid', () => {
      expect(failedCheck(input({ header: { kid: undefined } }))).toBe('kid-present');
      expect(failedCheck(input({ header: { kid: 1 } }))).toBe('kid-present');
    });
    it('rejects a kid not in the key set, and accepts one that is', () => {
      expect(failedCheck(input({ header: { kid: 'k2' } }))).toBe('kid-known');
      expect(failedCheck(input({ header: { kid: 'K1' } }))).toBe('kid-known');
      expect(failedCheck(input({ header: { kid: 'k0' } }))).toBeNull();
    });
  });

  describe('iss', () => {
    it.each([
      'https://token.actions.example.com/',
      'http://token.actions.example.com',
      'https://token.actions.example.com:443',
      'https://TOKEN.actions.example.com',
      ' https://token.actions.example.com',
    ])('rejects %j (byte for byte)', (iss) => {
      expect(checkJwt(input({ claims: { iss } }))).toMatchObject({
        ok: false,
        check: 'iss',
        requirement: 'JWT-ISS-EXACT',
      });
    });
    it('rejects a missing iss', () => {
      expect(failedCheck(input({ claims: { iss: undefined } }))).toBe('iss');
    });
    it('compares an internal issuer_url as a plain string', () => {
      const internal = 'http://idp.internal:8080/';
      expect(failedCheck(input({ issuer_url: internal, claims: { iss: internal } }))).toBeNull();
    });
  });

  describe('claims presence', () => {
    it('requires sub, iat and exp', () => {
      expect(failedCheck(input({ claims: { sub: undefined } }))).toBe('sub');
      expect(failedCheck(input({ claims: { iat: undefined } }))).toBe('iat-present');
      expect(failedCheck(input({ claims: { exp: undefined } }))).toBe('exp-present');
    });
    it('treats claims of the wrong type as missing', () => {
      expect(failedCheck(input({ claims: { sub: 42 } }))).toBe('sub');
      expect(failedCheck(input({ claims: { iat: String(NOW) } }))).toBe('iat-present');
      expect(failedCheck(input({ claims: { exp: Number.NaN } }))).toBe('exp-present');
      expect(failedCheck(input({ claims: { exp: Number.POSITIVE_INFINITY } }))).toBe('exp-present');
    });
    it('accepts an empty sub (present) and fractional NumericDates', () => {
      expect(failedCheck(input({ claims: { sub: '' } }))).toBeNull();
      expect(failedCheck(input({ claims: { iat: NOW - 0.5, exp: NOW + 0.5 } }))).toBeNull();
    });
  });

  describe('iat', () => {
    it('accepts iat up to 30 s in the future and rejects 31 s', () => {
      expect(failedCheck(input({ claims: { iat: NOW + 30 } }))).toBeNull();
      expect(failedCheck(input({ claims: { iat: NOW + 29 } }))).toBeNull();
      expect(failedCheck(input({ claims: { iat: NOW + 31 } }))).toBe('iat-not-future');
      expect(failedCheck(input({ claims: { iat: NOW + 30.001 } }))).toBe('iat-not-future');
    });
    it('holds for any offset (property)', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
          fc.integer({ min: -600, max: 600 }),
          (now, d) => {
            const i = input({ now, claims: { iat: now + d, exp: now + 700 } });
            expect(failedCheck(i) === null).toBe(d <= CLOCK_SKEW_SECONDS);
          },
        ),
      );
    });
  });

  describe('exp', () => {
    it('accepts exp 29 s in the past and rejects 31 s', () => {
      expect(failedCheck(input({ claims: { exp: NOW - 29, iat: NOW - 100 } }))).toBeNull();
      expect(failedCheck(input({ claims: { exp: NOW - 31, iat: NOW - 100 } }))).toBe('exp-not-past');
    });
    it('rejects exp exactly 30 s in the past (token must still be valid with the leeway)', () => {
      expect(failedCheck(input({ claims: { exp: NOW - 30, iat: NOW - 100 } }))).toBe('exp-not-past');
    });
    it('maps an expired token to the documented invalid_grant cause', () => {
      const result = checkJwt(input({ claims: { exp: NOW - 31, iat: NOW - 100 } }));
      expect(result).toMatchObject({ ok: false, requirement: 'JWT-EXP-FUTURE' });
      if (!result.ok) expect(causeOfCheck(result.check)).toBe('exp-past');
    });
    it('holds for any offset (property)', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
          fc.integer({ min: -600, max: 600 }),
          (now, d) => {
            const i = input({ now, claims: { iat: now - 1000, exp: now + d } });
            expect(failedCheck(i) === null).toBe(d > -CLOCK_SKEW_SECONDS);
          },
        ),
      );
    });
  });

  describe('nbf', () => {
    it('is optional', () => {
      expect(failedCheck(input({ claims: { nbf: undefined } }))).toBeNull();
    });
    it('accepts nbf up to 30 s in the future and rejects 31 s', () => {
      expect(failedCheck(input({ claims: { nbf: NOW + 30 } }))).toBeNull();
      expect(failedCheck(input({ claims: { nbf: NOW + 31 } }))).toBe('nbf');
      expect(failedCheck(input({ claims: { nbf: NOW - 1000 } }))).toBeNull();
    });
    it('rejects a non-numeric nbf', () => {
      expect(failedCheck(input({ claims: { nbf: 'soon' } }))).toBe('nbf');
      expect(failedCheck(input({ claims: { nbf: null } }))).toBe('nbf');
    });
    it('holds for any offset (property)', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
          fc.integer({ min: -600, max: 600 }),
          (now, d) => {
            const i = input({ now, claims: { nbf: now + d, iat: now - 10, exp: now + 300 } });
            expect(failedCheck(i) === null).toBe(d <= CLOCK_SKEW_SECONDS);
          },
        ),
      );
    });
  });

  describe('lifetime', () => {
    it('accepts exp - iat = 3600 by default and rejects 3601', () => {
      expect(failedCheck(input({ claims: { iat: NOW - 100, exp: NOW + 3500 } }))).toBeNull();
      expect(failedCheck(input({ claims: { iat: NOW - 100, exp: NOW + 3501 } }))).toBe('lifetime');
    });
    it('uses the issuer maximum when configured', () => {
      expect(
        failedCheck(input({ maxLifetimeSeconds: 7200, claims: { iat: NOW - 100, exp: NOW + 7100 } })),
      ).toBeNull();
      expect(
        failedCheck(input({ maxLifetimeSeconds: 7200, claims: { iat: NOW - 100, exp: NOW + 7101 } })),
      ).toBe('lifetime');
      expect(
        failedCheck(input({ maxLifetimeSeconds: 600, claims: { iat: NOW - 100, exp: NOW + 501 } })),
      ).toBe('lifetime');
    });
    it('falls back to 3600 for an unusable configured maximum', () => {
      expect(maxLifetime({})).toBe(3600);
      expect(maxLifetime({ maxLifetimeSeconds: 0 })).toBe(3600);
      expect(maxLifetime({ maxLifetimeSeconds: Number.NaN })).toBe(3600);
      expect(maxLifetime({ maxLifetimeSeconds: 120 })).toBe(120);
    });
    it('holds for any lifetime and maximum (property)', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 60, max: 86_400 }),
          fc.integer({ min: 1, max: 100_000 }),
          (max, lifetime) => {
            const i = input({ maxLifetimeSeconds: max, claims: { iat: NOW - 10, exp: NOW - 10 + lifetime } });
            expect(failedCheck(i)).toBe(lifetime <= max ? null : 'lifetime');
          },
        ),
      );
    });
  });

  it('reports the first failing check in table order', () => {
    const result = checkJwt(input({ header: { alg: 'none', kid: 'zzz' }, claims: { sub: undefined } }));
    expect(result).toMatchObject({ ok: false, check: 'alg' });
  });

  it('never puts a claim value in its message', () => {
    const secret = 'repo:secret-project';
    const result = checkJwt(input({ claims: { sub: secret, iss: `${ISSUER}/x` } }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).not.toContain(secret);
  });
});

describe('decodeCompactJws', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = `${b64({ alg: 'ES256', kid: 'k1' })}.${b64({ sub: 's', n: { a: [1] } })}.c2ln`;

  it('decodes header and claims', () => {
    const result = decodeCompactJws(token);
    expect(result).toMatchObject({
      ok: true,
      header: { alg: 'ES256', kid: 'k1' },
      claims: { sub: 's', n: { a: [1] } },
    });
  });
  it.each([
    [42, 'not-a-string'],
    ['a.b', 'segments'],
    ['a.b.c.d', 'segments'],
    [`${b64({ alg: 'ES256' })}.${b64({})}`, 'segments'],
    ['*.e30.c2ln', 'base64url'],
    [`${b64({ alg: 'ES256' })}.e30=.c2ln`, 'base64url'],
    [`${b64({ alg: 'ES256' })}.e30.c2l*`, 'base64url'],
    [`${Buffer.from([0xff, 0xfe]).toString('base64url')}.e30.c2ln`, 'utf8'],
    [`${Buffer.from('{"alg":').toString('base64url')}.e30.c2ln`, 'json'],
    [`.e30.c2ln`, 'json'],
    [`${b64([1, 2])}.e30.c2ln`, 'not-an-object'],
    [`${b64({ alg: 'ES256' })}.${b64(null)}.c2ln`, 'not-an-object'],
    [`${b64({ alg: 'ES256' })}.${b64('text')}.c2ln`, 'not-an-object'],
  ])('fails cleanly on %j (%s)', (value, reason) => {
    const result = decodeCompactJws(value);
    expect(result).toMatchObject({ ok: false, reason });
  });
  it('rejects non-canonical base64url (non-zero trailing bits, impossible length)', () => {
    expect(base64UrlDecode('e31')).toBeNull(); // 'e30' is canonical for '{}'
    expect(base64UrlDecode('abcde')).toBeNull();
    expect(new TextDecoder().decode(base64UrlDecode('e30')!)).toBe('{}');
  });
  it('round-trips arbitrary bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const decoded = base64UrlDecode(Buffer.from(bytes).toString('base64url'));
        expect(decoded && Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });
  it('accepts exactly the canonical encodings over the alphabet (property)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 40 }), (text) => {
        const decoded = base64UrlDecode(text);
        const canonical =
          text.length % 4 !== 1 && Buffer.from(text, 'base64url').toString('base64url') === text;
        expect(decoded !== null).toBe(canonical);
        if (decoded) expect(Buffer.from(decoded).equals(Buffer.from(text, 'base64url'))).toBe(true);
      }),
    );
  });
  it('never throws on arbitrary strings (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => decodeCompactJws(s)).not.toThrow();
      }),
    );
  });
  it('decodes a token signed by jose, which then passes every check', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const jwt = await new SignJWT({ repository: 'acme/app' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setSubject('repo:acme/app')
      .setIssuedAt(NOW - 5)
      .setExpirationTime(NOW + 600)
      .sign(privateKey);
    const decoded = decodeCompactJws(jwt);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(jwk.kty).toBe('EC');
    expect(
      checkJwt({
        assertion: jwt,
        header: decoded.header,
        claims: decoded.claims,
        now: NOW,
        issuer: { issuer_url: ISSUER, kids: ['k1'] },
      }),
    ).toEqual({ ok: true });
  });
});

describe('invalid_grant causes', () => {
  it('gives every cause 400 invalid_grant and the identical body', () => {
    const bodies = INVALID_GRANT_CAUSES.map((f) => JSON.stringify(invalidGrantBody(f.cause)));
    expect(new Set(bodies).size).toBe(1);
    for (const f of INVALID_GRANT_CAUSES) expect([f.status, f.errorType]).toEqual([400, 'invalid_grant']);
    expect(invalidGrantBody()).toEqual({
      type: 'error',
      error: { type: 'invalid_grant', message: expect.any(String) },
    });
  });
  it('merges nonexistent, archived and not-authorized rules against enumeration', () => {
    const merged = INVALID_GRANT_CAUSES.filter((f) => f.mergedAgainstEnumeration).map((f) => f.cause);
    expect(merged.sort()).toEqual(['not-authorized', 'rule-archived', 'rule-not-found']);
    expect(isMergedAgainstEnumeration('iss-mismatch')).toBe(false);
    expect(isMergedAgainstEnumeration('rule-archived')).toBe(true);
  });
  it('maps the documented checks to their causes and the rest to other-jwt-check', () => {
    expect(causeOfCheck('iss')).toBe('iss-mismatch');
    expect(causeOfCheck('kid-known')).toBe('key-not-in-set');
    expect(causeOfCheck('exp-not-past')).toBe('exp-past');
    for (const c of [
      'size',
      'alg',
      'kid-present',
      'sub',
      'iat-present',
      'exp-present',
      'iat-not-future',
      'nbf',
      'lifetime',
    ] as const) {
      expect(causeOfCheck(c)).toBe('other-jwt-check');
    }
    expect(exchangeFailure('other-jwt-check').documented).toBe(false);
    expect(exchangeFailure('keyset-stale')).toMatchObject({
      documented: true,
      requirement: 'EXCH-ERR-KEYSET-STALE',
    });
  });
});
