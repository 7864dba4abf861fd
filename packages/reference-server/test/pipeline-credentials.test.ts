/** Credentials and scopes in the request pipeline (document 000, "Authentication"). */
import { vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { setupFederation } from './federation/helpers.js';
import { errorOf, expectErrorBody, MODEL, setup } from './helpers.js';

const message = { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'Hello' }] };

describe('credentials in the pipeline', () => {
  it('admits a workspace key on standard endpoints only (AUTH-WORKSPACE-KEY-STANDARD-ENDPOINTS)', async () => {
    const { call } = setup();
    expect((await call('POST', '/v1/messages', { body: message })).status).toBe(200);
    expectErrorBody(await call('GET', '/v1/organizations/workspaces'), 403);
  });

  it('admits an admin key on organization endpoints only (AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS)', async () => {
    const { call, demo } = setup();
    expect((await call('GET', '/v1/organizations/rate_limits', { key: demo.adminKey })).status).toBe(200);
    expectErrorBody(await call('POST', '/v1/messages', { body: message, key: demo.adminKey }), 403);
  });

  it('refuses an access token sent in x-api-key; with both headers, reads x-api-key (refused under credential-headers-exclusive)', async () => {
    const f = await setupFederation();
    const token = await f.token();
    const misplaced = await f.call('POST', '/v1/messages', { body: message, key: token });
    expectErrorBody(misplaced, 401);
    const both = (apiKey: string, app = f.app) =>
      app.inject({
        method: 'POST',
        url: '/v1/messages',
        headers: {
          [vendor.headers.version]: vendor.apiVersion,
          'x-api-key': apiKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify(message),
      });
    // UNSPEC-AUTH-BOTH-HEADERS: the key is read, the token ignored; an unknown key is refused as such.
    expect((await both(f.demo.workspaceKey)).statusCode).toBe(200);
    expect((await both('sk-unknown')).statusCode).toBe(401);
    const strict = await setupFederation({ variants: ['credential-headers-exclusive'] });
    expect((await both(strict.demo.workspaceKey, strict.app)).statusCode).toBe(400);
  });

  it('answers an unknown bearer token and a malformed Authorization header with 401', async () => {
    const f = await setupFederation();
    const unknown = await f.bearer('POST', '/v1/messages', `${vendor.prefixes.accessToken}nope`, {
      body: message,
    });
    expect(unknown.status).toBe(401);
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: { [vendor.headers.version]: vendor.apiVersion, authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('puts the request id and the error body on exchange errors (ERROR-EXCHANGE-STANDARD-BODY)', async () => {
    const f = await setupFederation();
    const res = await f.exchangeSigned({ claims: { sub: 'nobody' } });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('error');
    expect(res.headers['request-id']).toEqual(expect.any(String));
    expect(errorOf(res).type).toBe('invalid_grant');
  });
});
