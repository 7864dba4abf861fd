/**
 * URL validation of fetched issuer URLs: which fields are fetched in each jwks mode, and the
 * https / port 443 / IP literal / public name / public address rules with a fake resolver.
 */
import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  fetchedUrlFields,
  isPublicDnsName,
  type Resolver,
  validateFetchUrl,
  validateIssuerUrls,
} from '../../src/rules/urls.js';

const DNS: Record<string, readonly string[]> = {
  'idp.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'public.example.com': ['8.8.8.8'],
  'loopback.example.com': ['127.0.0.1'],
  'mixed.example.com': ['8.8.8.8', '10.0.0.5'],
  'mapped.example.com': ['::ffff:192.168.1.1'],
  'v6local.example.com': ['fd00::1'],
  'empty.example.com': [],
  'garbage.example.com': ['not-an-address'],
};
const resolve: Resolver = async (host) => {
  const found = DNS[host];
  if (!found) throw new Error(`NXDOMAIN ${host}`);
  return found;
};

async function verdict(url: string, field: 'issuer_url' | 'jwks.discovery_base' | 'jwks.url' = 'jwks.url') {
  const result = await validateFetchUrl(field, url, { resolve });
  return result.ok ? 'ok' : result.reason;
}

describe('fetchedUrlFields', () => {
  const issuer_url = 'https://idp.example.com';
  it.each([
    [{ issuer_url }, ['issuer_url']],
    [{ issuer_url, jwks: {} }, ['issuer_url']],
    [{ issuer_url, jwks: { type: 'discovery' as const } }, ['issuer_url']],
    [
      { issuer_url, jwks: { type: 'discovery' as const, discovery_base: 'https://d.example.com' } },
      ['jwks.discovery_base'],
    ],
    [
      { issuer_url, jwks: { type: 'explicit_url' as const, url: 'https://k.example.com/jwks' } },
      ['jwks.url'],
    ],
    [{ issuer_url, jwks: { type: 'inline' as const, keys: [] } }, []],
  ])('%j fetches %j', (issuer, fields) => {
    expect(fetchedUrlFields(issuer)).toEqual(fields);
  });
});

describe('validateFetchUrl', () => {
  it.each([
    'https://idp.example.com',
    'https://idp.example.com/',
    'https://idp.example.com:443/path?q=1',
    'https://IDP.Example.COM/',
    'https://idp.example.com./',
    'https://public.example.com/.well-known/jwks.json',
  ])('accepts %s', async (url) => {
    expect(await verdict(url)).toBe('ok');
  });

  it.each([
    ['http://idp.example.com/', 'scheme'],
    ['ftp://idp.example.com/', 'scheme'],
    ['wss://idp.example.com/', 'scheme'],
    ['https://idp.example.com:8443/', 'port'],
    ['https://idp.example.com:80/', 'port'],
    ['https://idp.example.com:444/', 'port'],
    ['https://idp.example.com:0443/', 'ok'],
    ['not a url', 'not-a-url'],
    ['', 'not-a-url'],
    ['/relative', 'not-a-url'],
  ])('%s: %s', async (url, expected) => {
    expect(await verdict(url)).toBe(expected);
  });

  it.each([
    'https://8.8.8.8/',
    'https://127.0.0.1/',
    'https://127.0.0.1./',
    'https://[::1]/',
    'https://[2606:4700::1111]/',
    'https://[::ffff:127.0.0.1]/',
    'https://2130706433/',
    'https://0x7f000001/',
    'https://0x7f.1/',
    'https://017700000001/',
    'https://127.1/',
    'https://134744072/',
  ])('rejects the IP literal %s', async (url) => {
    expect(await verdict(url)).toBe('ip-literal');
  });

  it.each([
    'https://localhost/',
    'https://api.localhost/',
    'https://intranet/',
    'https://idp.internal/',
    'https://printer.local/',
    'https://idp.test/',
    'https://example/',
    'https://router.home.arpa/',
  ])('rejects the non-public name %s', async (url) => {
    expect(await verdict(url)).toBe('not-public-name');
  });

  it.each([
    ['https://loopback.example.com/', 'non-public-address'],
    ['https://mixed.example.com/', 'non-public-address'],
    ['https://mapped.example.com/', 'non-public-address'],
    ['https://v6local.example.com/', 'non-public-address'],
    ['https://garbage.example.com/', 'non-public-address'],
    ['https://empty.example.com/', 'unresolvable'],
    ['https://nxdomain.example.com/', 'unresolvable'],
  ])('%s: %s', async (url, expected) => {
    expect(await verdict(url)).toBe(expected);
  });

  it.each([
    'https://user:password@idp.example.com/',
    'https://user@idp.example.com/',
    'https://:password@idp.example.com/',
    'https://idp.example.com@public.example.com/',
    'https://us%40er:p%3Aw@idp.example.com:443/path',
  ])('rejects the user information of %s (UNSPEC-FED-URL-USERINFO)', async (url) => {
    for (const field of ['issuer_url', 'jwks.discovery_base', 'jwks.url'] as const) {
      const result = await validateFetchUrl(field, url, { resolve });
      expect(result).toMatchObject({ ok: false, reason: 'userinfo', requirement: 'UNSPEC-FED-URL-USERINFO' });
      if (!result.ok)
        expect(result.body.error.message).toBe(`${field}: must not carry user information (user:password@)`);
    }
  });

  it('takes an empty user information as none (UNSPEC-FED-URL-USERINFO)', async () => {
    expect(await verdict('https://@idp.example.com/')).toBe('ok');
    expect(await verdict('https://:@idp.example.com/')).toBe('ok');
  });

  it('returns the 400 invalid_request_error body with the field name as message prefix', async () => {
    for (const field of ['issuer_url', 'jwks.discovery_base', 'jwks.url'] as const) {
      const result = await validateFetchUrl(field, 'http://idp.example.com/', { resolve });
      expect(result).toMatchObject({ ok: false, status: 400, requirement: 'URL-HTTPS' });
      if (result.ok) continue;
      expect(result.body.type).toBe('error');
      expect(result.body.error.type).toBe('invalid_request_error');
      expect(result.body.error.message.startsWith(`${field}: `)).toBe(true);
    }
  });

  it('accepts a synchronous resolver and treats a throwing one as unresolvable', async () => {
    expect(
      (await validateFetchUrl('jwks.url', 'https://a.example.com/', { resolve: () => ['1.1.1.1'] })).ok,
    ).toBe(true);
    const thrown = await validateFetchUrl('jwks.url', 'https://a.example.com/', {
      resolve: () => {
        throw new Error('boom');
      },
    });
    expect(thrown).toMatchObject({ ok: false, reason: 'unresolvable' });
  });
});

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['9.255.255.255', 'public'],
    ['11.0.0.0', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.63.255.255', 'public'],
    ['100.64.0.0', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.0', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.15.255.255', 'public'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.167.255.255', 'public'],
    ['192.168.0.1', 'private'],
    ['192.169.0.0', 'public'],
    ['198.17.255.255', 'public'],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.20.0.0', 'public'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['223.255.255.255', 'public'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:808:808::1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['4000::1', 'reserved'],
    ['fe80::1%eth0', 'invalid'],
    ['1.2.3', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1::2::3', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    ['12345::', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('isPublicDnsName', () => {
  it.each([
    ['idp.example.com', true],
    ['a.b', true],
    ['xn--tda.com', true],
    ['localhost', false],
    ['foo', false],
    ['a..b', false],
    ['svc.cluster.local', false],
  ])('%s: %s', (host, expected) => {
    expect(isPublicDnsName(host)).toBe(expected);
  });
});

describe('validateIssuerUrls', () => {
  it('validates issuer_url in discovery mode without discovery_base', async () => {
    const result = await validateIssuerUrls({ issuer_url: 'https://idp.internal/' }, { resolve });
    expect(result).toMatchObject({ ok: false, field: 'issuer_url', reason: 'not-public-name' });
    if (!result.ok) expect(result.body.error.message.startsWith('issuer_url: ')).toBe(true);
    expect(await validateIssuerUrls({ issuer_url: 'https://idp.example.com' }, { resolve })).toEqual({
      ok: true,
      checked: ['issuer_url'],
    });
  });
  it('lets an unfetched issuer_url be internal or on a non-standard port', async () => {
    const internal = 'http://idp.corp:8080/realms/x';
    expect(
      await validateIssuerUrls(
        { issuer_url: internal, jwks: { type: 'discovery', discovery_base: 'https://idp.example.com' } },
        { resolve },
      ),
    ).toEqual({ ok: true, checked: ['jwks.discovery_base'] });
    expect(
      await validateIssuerUrls(
        { issuer_url: internal, jwks: { type: 'explicit_url', url: 'https://public.example.com/jwks' } },
        { resolve },
      ),
    ).toEqual({ ok: true, checked: ['jwks.url'] });
    expect(
      await validateIssuerUrls({ issuer_url: internal, jwks: { type: 'inline', keys: [] } }, { resolve }),
    ).toEqual({
      ok: true,
      checked: [],
    });
  });
  it('names the failing fetched field', async () => {
    const discovery = await validateIssuerUrls(
      {
        issuer_url: 'https://idp.example.com',
        jwks: { type: 'discovery', discovery_base: 'https://idp.example.com:8443' },
      },
      { resolve },
    );
    expect(discovery).toMatchObject({ ok: false, field: 'jwks.discovery_base', reason: 'port' });
    const explicit = await validateIssuerUrls(
      {
        issuer_url: 'https://idp.example.com',
        jwks: { type: 'explicit_url', url: 'https://loopback.example.com/k' },
      },
      { resolve },
    );
    expect(explicit).toMatchObject({ ok: false, field: 'jwks.url', reason: 'non-public-address' });
    if (!explicit.ok) expect(explicit.body.error.message.startsWith('jwks.url: ')).toBe(true);
  });
});
