/**
 * Fetched issuer URLs carrying user information (`https://user:pw@host/`) are refused
 * (UNSPEC-FED-URL-USERINFO): the server would send the credentials to the host and keep them in
 * the issuer record. Refused at registration as `issuer_url`, `jwks.discovery_base` and
 * `jwks.url`, like a URL failing the documented rules (URL-ERROR-400, URL-ERROR-FIELD-PREFIX);
 * in a discovery document's `jwks_uri`, a failed key-set fetch.
 */
import { describe, expect, it } from 'vitest';
import {
  expectInvalidGrant,
  fetched,
  IDP,
  ISSUER_URL,
  PUBLIC,
  setupFederation,
} from '../federation/helpers.js';

const WITH_USERINFO = 'https://deploy:s3cret@idp.acme-corp.com';

describe('issuer URLs with user information (UNSPEC-FED-URL-USERINFO)', () => {
  it('are refused as issuer_url, jwks.discovery_base and jwks.url: 400 invalid_request_error naming the field', async () => {
    const f = await setupFederation();
    await f.controlOk('/_test/federation/hosts', { hostname: 'idp.acme-corp.com', addresses: PUBLIC });
    const cases: [string, (base: string) => Record<string, unknown>][] = [
      ['issuer_url', (base) => ({ issuer_url: base, jwks: { type: 'discovery' } })],
      [
        'jwks.discovery_base',
        (base) => ({ issuer_url: ISSUER_URL, jwks: { type: 'discovery', discovery_base: base } }),
      ],
      [
        'jwks.url',
        (base) => ({ issuer_url: ISSUER_URL, jwks: { type: 'explicit_url', url: `${base}/jwks.json` } }),
      ],
    ];
    let n = 0;
    for (const [field, fields] of cases) {
      const refused = await f.control('POST', '/_test/federation/issuers', {
        name: `userinfo-${++n}`,
        ...fields(WITH_USERINFO),
      });
      expect(refused.status, field).toBe(400);
      expect(refused.json).toEqual({
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: `${field}: must not carry user information (user:password@)`,
        },
      });
      // The same URL without it is registered.
      const accepted = await f.control('POST', '/_test/federation/issuers', {
        name: `plain-${n}`,
        ...fields(IDP),
      });
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    }
  });

  it("in a discovery document's jwks_uri: a failed key-set fetch (invalid_grant), the key set never fetched", async () => {
    const f = await fetched({ type: 'discovery' });
    await f.controlOk('/_test/federation/hosts/documents', {
      url: `${IDP}/.well-known/openid-configuration`,
      body: { issuer: IDP, jwks_uri: 'https://deploy:s3cret@keys.acme-corp.com/jwks.json' },
    });
    expectInvalidGrant(await f.exchange());
    expect(await f.fetches()).toEqual([`${IDP}/.well-known/openid-configuration`]);
  });
});
