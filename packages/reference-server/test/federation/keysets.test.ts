import { describe, expect, it } from 'vitest';
import { type FederationNetwork, realNetwork, VirtualNetwork } from '../../src/federation/network.js';
import { createServer, ManualClock } from '../../src/index.js';
import { expectInvalidGrant, fetched, IDP, keyPair, PUBLIC, setupFederation, sign } from './helpers.js';

describe('discovery mode (JWKS-DISCOVERY-FETCH)', () => {
  it('fetches the discovery document, then jwks_uri, and exchanges', async () => {
    const f = await fetched({ type: 'discovery' });
    const res = await f.exchange();
    expect(res.status, res.text).toBe(200);
    expect(await f.fetches()).toEqual([
      `${IDP}/.well-known/openid-configuration`,
      'https://keys.acme-corp.com/jwks.json',
    ]);
  });

  it('defaults to discovery when jwks is omitted (ISSUER-JWKS-DEFAULT-DISCOVERY)', async () => {
    const f = await fetched(undefined as unknown as Record<string, unknown>);
    expect((await f.exchange()).status).toBe(200);
  });

  it('uses discovery_base instead of issuer_url, which is then never fetched (JWKS-DISCOVERY-BASE-OVERRIDES)', async () => {
    const f = await fetched(
      { type: 'discovery', discovery_base: IDP },
      { issuerUrl: 'https://sts.internal.corp:9443/' }, // URL-ISSUER-UNFETCHED-FREE
    );
    expect((await f.exchange()).status).toBe(200);
    expect((await f.fetches()).some((u) => u.includes('internal.corp'))).toBe(false);
  });

  it('answers invalid_grant when the discovery document cannot be fetched (EXCH-ERR-KEYSET-FETCH-FAILED)', async () => {
    const f = await fetched({ type: 'discovery' });
    await f.controlOk('/_test/federation/hosts', { hostname: 'idp.acme-corp.com', down: true });
    expectInvalidGrant(await f.exchange());
  });

  it('refuses a jwks_uri on a private address (UNSPEC-FED-JWKS-URI-VALIDATION)', async () => {
    const f = await fetched({ type: 'discovery' });
    await f.controlOk('/_test/federation/hosts', { hostname: 'keys.acme-corp.com', addresses: ['10.1.2.3'] });
    expectInvalidGrant(await f.exchange());
    expect(await f.fetches()).toEqual([`${IDP}/.well-known/openid-configuration`]);
  });
});

describe('explicit_url mode (JWKS-EXPLICIT-URL-FETCH)', () => {
  it('fetches the key set from url only', async () => {
    const f = await fetched(
      { type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json' },
      { issuerUrl: 'http://localhost:8080' },
    );
    expect((await f.exchange()).status).toBe(200);
    expect(await f.fetches()).toEqual(['https://keys.acme-corp.com/jwks.json']);
  });

  it('trusts ca_cert_pem for a private CA (JWKS-CA-CERT-PEM)', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const f = await setupFederation();
    await f.controlOk('/_test/federation/hosts', {
      hostname: 'keys.acme-corp.com',
      addresses: PUBLIC,
      ca_cert_pem: pem,
    });
    await f.controlOk('/_test/federation/hosts/documents', {
      url: 'https://keys.acme-corp.com/jwks.json',
      body: { keys: [f.es256.jwk] },
    });
    const rules: string[] = [];
    for (const jwks of [
      { type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json' },
      { type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json', ca_cert_pem: pem },
    ]) {
      const issuer = await f.controlOk('/_test/federation/issuers', { name: 'ca', issuer_url: IDP, jwks });
      const rule = await f.controlOk('/_test/federation/rules', {
        issuer_id: issuer.id,
        name: 'ca',
        match: { subject_prefix: 'repo:*' },
        workspace_id: f.demo.workspaceId,
      });
      rules.push(String(rule.id));
    }
    const assertion = await sign(f.es256, f.nowSeconds(), { claims: { iss: IDP } });
    expectInvalidGrant(await f.exchange({ federation_rule_id: rules[0], assertion }));
    expect((await f.exchange({ federation_rule_id: rules[1], assertion })).status).toBe(200);
  });
});

describe('key caching and rotation (KEYCACHE-CACHED, KEYCACHE-ROTATION-DELAY)', () => {
  it('caches the key set and picks up a rotated key within a minute', async () => {
    const f = await fetched({ type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json' });
    const rotated = await keyPair('ES256', 'rotated');
    expect((await f.exchange()).status).toBe(200);
    expect((await f.exchange()).status).toBe(200);
    expect(await f.fetches()).toHaveLength(1); // cached
    await f.publish([f.es256.jwk, rotated.jwk]);
    expectInvalidGrant(await f.exchange(rotated)); // not yet: the cached set
    await f.advance(60_000);
    expect((await f.exchange(rotated)).status).toBe(200);
    expect(await f.fetches()).toHaveLength(2);
  });

  it('answers invalid_grant when a due refresh fails: the set is stale (EXCH-ERR-KEYSET-STALE)', async () => {
    const f = await fetched({ type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json' });
    expect((await f.exchange()).status).toBe(200);
    await f.controlOk('/_test/federation/hosts', { hostname: 'keys.acme-corp.com', down: true });
    expect((await f.exchange()).status).toBe(200); // still fresh
    await f.advance(60_000);
    expectInvalidGrant(await f.exchange());
  });
});

describe('inline mode (JWKS-INLINE-NO-FETCH, JWKS-INLINE-NO-REFRESH, KEYCACHE-INLINE-UPDATE)', () => {
  it('fetches nothing, never refreshes, and rotates only by updating the issuer', async () => {
    const f = await setupFederation();
    const rotated = await keyPair('ES256', 'inline-rotated');
    expect((await f.exchangeSigned()).status).toBe(200);
    await f.advance(3_600_000);
    expectInvalidGrant(await f.exchangeSigned({}, {}, rotated));
    await f.controlOk(`/_test/federation/issuers/${f.issuer.id}`, {
      jwks: { type: 'inline', keys: [rotated.jwk] },
    });
    expect((await f.exchangeSigned({}, {}, rotated)).status).toBe(200);
    expectInvalidGrant(await f.exchangeSigned());
    expect((await f.control('GET', '/_test/federation/fetches')).json.fetches).toEqual([]);
  });
});

describe('URL rules at issuer registration (URL-ERROR-400, URL-ERROR-FIELD-PREFIX)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['http scheme', { issuer_url: 'http://idp.acme-corp.com' }, 'issuer_url'],
    ['port 8443', { issuer_url: 'https://idp.acme-corp.com:8443' }, 'issuer_url'],
    ['IP literal', { issuer_url: 'https://93.184.215.14' }, 'issuer_url'],
    ['private address', { issuer_url: 'https://private.acme-corp.com' }, 'issuer_url'],
    ['localhost', { issuer_url: 'https://localhost' }, 'issuer_url'],
    [
      'explicit url on a private host',
      {
        issuer_url: 'http://anything:1',
        jwks: { type: 'explicit_url', url: 'https://private.acme-corp.com/k' },
      },
      'jwks.url',
    ],
    [
      'discovery_base over http',
      {
        issuer_url: 'http://anything:1',
        jwks: { type: 'discovery', discovery_base: 'http://idp.acme-corp.com' },
      },
      'jwks.discovery_base',
    ],
  ];
  for (const [name, fields, field] of cases) {
    it(`refuses ${name}`, async () => {
      const f = await setupFederation();
      await f.controlOk('/_test/federation/hosts', {
        hostname: 'private.acme-corp.com',
        addresses: ['192.168.1.5'],
      });
      const res = await f.control('POST', '/_test/federation/issuers', { name: 'bad', ...fields });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
      expect((res.json.error as { message: string }).message.startsWith(`${field}:`)).toBe(true);
    });
  }

  it('accepts any issuer_url in inline mode (URL-ISSUER-UNFETCHED-FREE)', async () => {
    const f = await setupFederation({ issuerUrl: 'http://10.0.0.1:8080/realm' });
    expect(f.issuer.issuer_url).toBe('http://10.0.0.1:8080/realm');
  });
});

describe('networks', () => {
  it('uses the real network without test control, and a virtual one over it with test control', () => {
    const plain = createServer({ clock: new ManualClock() });
    const withControl = createServer({ clock: new ManualClock(), testControl: true });
    const injected: FederationNetwork = new VirtualNetwork();
    const custom = createServer({ clock: new ManualClock(), federationNetwork: injected });
    const networkOf = async (app: typeof plain) => {
      const { federationOf } = await import('../../src/federation/store.js');
      return federationOf(app.reference.state).network;
    };
    return Promise.all([networkOf(plain), networkOf(withControl), networkOf(custom)]).then(([a, b, c]) => {
      expect(a).toBe(realNetwork);
      expect(b).toBeInstanceOf(VirtualNetwork);
      expect(c).toBe(injected);
    });
  });

  it('refuses virtual hosts through test control when the server uses the real network', async () => {
    const f = await setupFederation({ federationNetwork: realNetwork });
    const res = await f.control('POST', '/_test/federation/hosts', {
      hostname: 'x.acme-corp.com',
      addresses: PUBLIC,
    });
    expect(res.status).toBe(409);
  });
});
