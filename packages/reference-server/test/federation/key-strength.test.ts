import { createHash, generateKeyPairSync } from 'node:crypto';
import { vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import {
  expectInvalidGrant,
  fetched,
  GRANT_TYPE,
  IDP,
  ISSUER_URL,
  setupFederation,
  sign,
} from './helpers.js';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/**
 * An RS256 "signature" forged without a private key for a key with public exponent 1: s^1 mod n
 * is s, so the PKCS #1 v1.5 encoding of the hash is its own signature (n = 2^2048 - 1 exceeds it).
 */
function forgedWithExponentOne(claims: Record<string, unknown>) {
  const kid = 'e-one';
  const key = {
    kty: 'RSA',
    kid,
    alg: 'RS256',
    n: b64url(Buffer.alloc(256, 0xff)),
    e: b64url(Buffer.from([1])),
  };
  const input = `${b64url(JSON.stringify({ alg: 'RS256', kid }))}.${b64url(JSON.stringify(claims))}`;
  const digestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');
  const hash = createHash('sha256').update(input).digest();
  const padding = Buffer.alloc(256 - 3 - digestInfo.length - hash.length, 0xff);
  const encoded = Buffer.concat([Buffer.from([0, 1]), padding, Buffer.from([0]), digestInfo, hash]);
  return { key, token: `${input}.${b64url(encoded)}` };
}

describe('weak issuer keys (UNSPEC-FED-KEY-STRENGTH)', () => {
  it('a token forged for a published key with public exponent 1 is not exchanged (invalid_grant, EXCH-ERR-KEY-NOT-IN-SET)', async () => {
    const f = await fetched({ type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json' });
    const now = f.nowSeconds();
    const { key, token } = forgedWithExponentOne({
      iss: IDP,
      sub: 'repo:acme/app:ref:refs/heads/main',
      aud: 'vendor-api',
      iat: now,
      exp: now + 600,
    });
    await f.publish([f.es256.jwk, key]);
    const exchange = async (assertion: string) => {
      const res = await f.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { 'content-type': 'application/json', [vendor.headers.version]: vendor.apiVersion },
        payload: {
          grant_type: GRANT_TYPE,
          assertion,
          federation_rule_id: f.fetchedRule.id,
          organization_id: f.demo.organizationId,
          service_account_id: f.account.id,
        },
      });
      return { status: res.statusCode, text: res.body, json: res.json() as Record<string, unknown> };
    };
    expectInvalidGrant(await exchange(token));
    // The issuer's sound key still works: only the weak one was left out of the set.
    expect((await exchange(await sign(f.es256, now, { claims: { iss: IDP } }))).status).toBe(200);
  });

  it.each([
    [
      'an RSA key of 1024 bits',
      {
        ...generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' }),
        kid: 'small',
      },
    ],
    [
      'an RSA key with public exponent 1',
      { kty: 'RSA', kid: 'e1', n: b64url(Buffer.alloc(256, 0xff)), e: 'AQ' },
    ],
    [
      'an EC key off its curve',
      {
        ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }),
        x: b64url(Buffer.alloc(32, 1)),
        kid: 'off',
      },
    ],
    [
      'a P-256 key for ES512',
      {
        ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }),
        alg: 'ES512',
        kid: 'mismatch',
      },
    ],
  ])('refuses to register an inline issuer holding %s (400 naming the key)', async (_name, key) => {
    const f = await setupFederation();
    const res = await f.control('POST', '/_test/federation/issuers', {
      name: 'weak',
      issuer_url: ISSUER_URL,
      jwks: { type: 'inline', keys: [f.es256.jwk, key] },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(String((res.json.error as { message: string }).message)).toMatch(/^jwks\.keys\[1\]: /);
    // Updating an issuer's keys is held to the same rule.
    const update = await f.control('POST', `/_test/federation/issuers/${f.issuer.id}`, {
      jwks: { type: 'inline', keys: [key] },
    });
    expect(update.status).toBe(400);
  });
});
