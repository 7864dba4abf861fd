import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BETA_IDENTIFIERS, DREAM_BETAS, SESSION_RESOURCE_BETAS } from '../../src/resources/versioning.js';
import {
  checkBetaHeader,
  checkVersionHeader,
  classifyApiKey,
  credentialFromHeaders,
  credentialHeader,
  isBetaIdentifier,
  isVersionedPath,
  missingBetas,
  parseAuthorization,
  parseBetaHeader,
  unknownBetas,
  versioningHeaders,
} from '../../src/rules/access.js';
import { defineVendor, vendor as v } from '../../src/vendor.js';

describe('credential headers', () => {
  it('sends keys in x-api-key and access tokens as a bearer Authorization', () => {
    expect(credentialHeader('workspace_key', 'k')).toEqual({ name: 'x-api-key', value: 'k' });
    expect(credentialHeader('admin_key', 'sk-vendor-admin01')).toEqual({
      name: 'x-api-key',
      value: 'sk-vendor-admin01',
    });
    expect(credentialHeader('access_token', 't')).toEqual({ name: 'authorization', value: 'Bearer t' });
  });

  it.each([
    ['sk-vendor-admin01-abc', 'admin_key'],
    ['sk-vendor-admin', 'admin_key'],
    ['sk-vendor-api03-abc', 'workspace_key'],
    ['anything', 'workspace_key'],
    ['sk-vendor-admi', 'workspace_key'],
    ['sk-vendor-oat01-abc', 'invalid'],
    ['', 'invalid'],
    [undefined, 'invalid'],
  ])('classifies the x-api-key value %j as %s', (value, kind) => {
    expect(classifyApiKey(value, v).kind).toBe(kind);
  });

  it('classifies by the prefixes of the vendor name', () => {
    const acme = defineVendor('acme');
    expect(classifyApiKey('sk-acme-admin01', acme).kind).toBe('admin_key');
    expect(classifyApiKey('sk-vendor-admin01', acme).kind).toBe('workspace_key');
  });

  it.each([
    ['Bearer sk-vendor-oat01-abc', 'sk-vendor-oat01-abc', true],
    ['bearer tok', 'tok', false],
    ['BEARER   tok  ', 'tok', false],
  ])('parses %j', (header, token, prefixed) => {
    expect(parseAuthorization(header, v)).toEqual({ ok: true, token, accessTokenPrefix: prefixed });
  });

  it.each([['Basic abc'], ['Bearer'], ['Bearer '], ['Bearer a b'], ['Bearertok'], ['tok']])(
    'refuses the Authorization %j without echoing it',
    (header) => {
      const r = parseAuthorization(header, v);
      expect(r).toEqual({ ok: false, reason: 'malformed' });
    },
  );

  it('reports a missing Authorization', () => {
    expect(parseAuthorization(undefined)).toEqual({ ok: false, reason: 'missing' });
  });

  it('takes the credential from the request headers', () => {
    expect(credentialFromHeaders({ apiKey: 'k' }, v)).toEqual({
      ok: true,
      kind: 'workspace_key',
      secret: 'k',
    });
    expect(credentialFromHeaders({ apiKey: 'sk-vendor-admin1' }, v)).toMatchObject({ kind: 'admin_key' });
    expect(credentialFromHeaders({ authorization: 'Bearer t' }, v)).toEqual({
      ok: true,
      kind: 'access_token',
      secret: 't',
    });
    expect(credentialFromHeaders({}, v)).toEqual({ ok: true, kind: 'none', secret: null });
  });

  it.each([
    [{ apiKey: 'k', authorization: 'Bearer t' }, 400, 'UNSPEC-AUTH-BOTH-HEADERS'],
    [{ apiKey: 'sk-vendor-oat01-SECRET' }, 401, 'UNSPEC-AUTH-HEADER-MISUSE'],
    [{ apiKey: '' }, 401, 'UNSPEC-AUTH-INVALID-CREDENTIAL'],
    [{ authorization: 'Token SECRET' }, 401, 'UNSPEC-AUTH-BEARER-SYNTAX'],
  ])('refuses the headers %j with an unspecified %i', (headers, status, unspecified) => {
    const r = credentialFromHeaders(headers, v);
    expect(r).toMatchObject({ ok: false, status, unspecified });
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });
});

describe('version header and paths', () => {
  it('VERSION-HEADER-EVERY-REQUEST: sends the version header on every request, and the beta header only with betas', () => {
    expect(versioningHeaders(v)).toEqual({ 'vendor-version': '2023-06-01' });
    expect(versioningHeaders(v, [...DREAM_BETAS, 'dreaming-2026-04-21'])).toEqual({
      'vendor-version': '2023-06-01',
      'vendor-beta': 'managed-agents-2026-04-01,dreaming-2026-04-21',
    });
    expect(versioningHeaders(defineVendor('acme'))).toEqual({ 'acme-version': '2023-06-01' });
  });

  it('accepts the documented version value', () => {
    expect(checkVersionHeader('2023-06-01', v)).toEqual({ ok: true });
    expect(checkVersionHeader(' 2023-06-01 ', v)).toEqual({ ok: true });
  });

  it.each([
    [undefined, 'missing', 'UNSPEC-VERSION-HEADER-MISSING'],
    ['', 'unsupported', 'UNSPEC-VERSION-HEADER-OTHER-VALUE'],
    ['2023-01-01', 'unsupported', 'UNSPEC-VERSION-HEADER-OTHER-VALUE'],
    ['2023-06-01,2023-06-01', 'unsupported', 'UNSPEC-VERSION-HEADER-OTHER-VALUE'],
  ])('refuses the version %j as an unspecified 400', (value, reason, unspecified) => {
    expect(checkVersionHeader(value, v)).toMatchObject({
      ok: false,
      reason,
      status: 400,
      errorType: 'invalid_request_error',
      documented: false,
      unspecified,
    });
  });

  it.each([
    ['/v1/messages', true],
    ['/v1/organizations/workspaces', true],
    ['/v2/messages', false],
    ['/v1', false],
    ['/v10/messages', false],
    ['/messages', false],
  ])('%s is versioned: %s', (path, ok) => {
    expect(isVersionedPath(path)).toBe(ok);
  });
});

describe('beta header', () => {
  it.each([
    [undefined, []],
    ['', []],
    [' , ,', []],
    ['a', ['a']],
    ['a,b', ['a', 'b']],
    [' a , b ', ['a', 'b']],
    ['a,,b,', ['a', 'b']],
    ['b,a,b,a', ['b', 'a']],
    ['A,a', ['A', 'a']],
  ])('parses %j as %j', (value, want) => {
    expect(parseBetaHeader(value)).toEqual(want);
  });

  it('parses into trimmed, non-empty, unique items that survive a round trip', () => {
    const item = fc.oneof(fc.constantFrom(...BETA_IDENTIFIERS), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), fc.constantFrom(',', ', ', ' ,'), (items, sep) => {
        const parsed = parseBetaHeader(items.join(sep));
        expect(new Set(parsed).size).toBe(parsed.length);
        for (const p of parsed) {
          expect(p).not.toBe('');
          expect(p).toBe(p.trim());
          expect(p).not.toContain(',');
        }
        expect(parseBetaHeader(parsed.join(','))).toEqual(parsed);
        for (const i of items)
          for (const piece of i.split(',')) if (piece.trim()) expect(parsed).toContain(piece.trim());
      }),
    );
  });

  it('finds the required betas a header lacks', () => {
    expect(missingBetas(DREAM_BETAS, 'managed-agents-2026-04-01,dreaming-2026-04-21')).toEqual([]);
    expect(missingBetas(DREAM_BETAS, 'dreaming-2026-04-21, managed-agents-2026-04-01')).toEqual([]);
    expect(missingBetas(DREAM_BETAS, 'managed-agents-2026-04-01')).toEqual(['dreaming-2026-04-21']);
    expect(missingBetas(DREAM_BETAS, undefined)).toEqual([...DREAM_BETAS]);
    expect(missingBetas(SESSION_RESOURCE_BETAS, 'managed-agents-2026-04-01,files-api-2025-04-14')).toEqual(
      [],
    );
    expect(missingBetas(SESSION_RESOURCE_BETAS, 'Managed-Agents-2026-04-01')).toEqual([
      'managed-agents-2026-04-01',
    ]);
  });

  it('finds the identifiers that are not allowed', () => {
    expect(unknownBetas('files-api-2025-04-14,nope,dreaming-2026-04-21')).toEqual(['nope']);
    expect(unknownBetas(BETA_IDENTIFIERS.join(','))).toEqual([]);
    expect(isBetaIdentifier('dreaming-2026-04-21')).toBe(true);
    expect(isBetaIdentifier('dreaming-2026-04-22')).toBe(false);
  });

  it('checks a request: unknown first, then missing, both an unspecified 400; unneeded ones pass', () => {
    expect(checkBetaHeader(DREAM_BETAS, 'managed-agents-2026-04-01,dreaming-2026-04-21', v)).toEqual({
      ok: true,
    });
    expect(checkBetaHeader([], 'files-api-2025-04-14', v)).toEqual({ ok: true });
    expect(checkBetaHeader([], undefined, v)).toEqual({ ok: true });
    expect(checkBetaHeader(DREAM_BETAS, 'x-1,managed-agents-2026-04-01', v)).toMatchObject({
      ok: false,
      reason: 'unknown_beta',
      status: 400,
      unspecified: 'UNSPEC-BETA-UNKNOWN',
    });
    expect(checkBetaHeader(DREAM_BETAS, 'managed-agents-2026-04-01', v)).toMatchObject({
      ok: false,
      reason: 'missing_beta',
      status: 400,
      errorType: 'invalid_request_error',
      unspecified: 'UNSPEC-BETA-MISSING',
    });
  });
});
