import { spec, vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { federationOf } from '../../src/federation/store.js';
import { routeUrl } from '../../src/index.js';
import { setupFederation, sign } from './helpers.js';

const MESSAGE = { model: vendor.models.sonnet, max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }] };

/** A concrete URL of an endpoint, path parameters filled with placeholder ids. */
const concrete = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => `${name}_x`);

describe('access tokens on the standard endpoints', () => {
  it('works as Authorization: Bearer on a standard endpoint (AUTH-ACCESS-TOKEN-BEARER, AUTH-ACCESS-TOKEN-STANDARD-IN-SCOPE)', async () => {
    const f = await setupFederation();
    const token = await f.token();
    const res = await f.bearer('POST', '/v1/messages', token, { body: MESSAGE });
    expect(res.status, res.text).toBe(200);
    expect((await f.bearer('POST', '/v1/messages', `${token}x`, { body: MESSAGE })).status).toBe(401);
  });

  it('is refused with 403 on the organization endpoints (SCOPE-WORKSPACE-DEVELOPER-NOT-ADMINISTRATIVE, SCOPE-OUTSIDE-403)', async () => {
    const f = await setupFederation();
    const token = await f.token();
    expect((await f.bearer('GET', '/v1/organizations/workspaces', token)).status).toBe(403);
    expect((await f.bearer('GET', '/v1/organizations/rate_limits', token)).status).toBe(403);
  });

  it('gives an org:manage_tunnels token 403 on every documented endpoint (SCOPE-OUTSIDE-403)', async () => {
    const f = await setupFederation({ oauthScope: 'org:manage_tunnels' });
    const res = await f.exchangeSigned();
    expect(res.json.scope).toBe('org:manage_tunnels');
    const token = String(res.json.access_token);
    let checked = 0;
    for (const endpoint of spec.endpoints) {
      const url = routeUrl(endpoint);
      if (url === null || endpoint.auth.length === 0) continue;
      const betas = endpoint.betas.length ? { betas: endpoint.betas.join(',') } : {};
      const r = await f.bearer(endpoint.method as 'GET' | 'POST' | 'DELETE', concrete(url), token, betas);
      expect(r.status, `${endpoint.id}: ${r.text}`).toBe(403);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('reaches only its workspace: another workspace’s resources are not found (AUTH-TOKEN-ONE-WORKSPACE)', async () => {
    const f = await setupFederation();
    await f.controlOk(`/_test/federation/rules/${f.rule.id}/workspaces`, { workspace_id: 'default' });
    const mine = await f.token({ workspace_id: f.demo.workspaceId });
    const theirs = await f.token({ workspace_id: 'default' });
    const created = await f.bearer('POST', '/v1/messages/batches', mine, {
      body: { requests: [{ custom_id: 'a', params: MESSAGE }] },
      betas: 'message-batches-2024-09-24',
    });
    expect(created.status, created.text).toBe(200);
    const id = JSON.parse(created.text).id as string;
    expect((await f.bearer('GET', `/v1/messages/batches/${id}`, mine)).status).toBe(200);
    expect((await f.bearer('GET', `/v1/messages/batches/${id}`, theirs)).status).toBe(404);
  });

  it('stops working once expires_in has passed (FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE)', async () => {
    const f = await setupFederation({ tokenLifetime: 120 });
    const token = await f.token();
    await f.advance(119_000);
    expect((await f.bearer('POST', '/v1/messages', token, { body: MESSAGE })).status).toBe(200);
    await f.advance(1_000);
    const res = await f.bearer('POST', '/v1/messages', token, { body: MESSAGE });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });
});

describe('expired access tokens', () => {
  it('are forgotten by a server after its own mints, whatever another server in the process mints', async () => {
    const [a, b] = [
      await setupFederation({ tokenLifetime: 60 }),
      await setupFederation({ tokenLifetime: 60 }),
    ];
    const assertion = await sign(a.es256, a.nowSeconds());
    // Two servers' mints together reach the sweep interval (1024), neither alone does.
    for (let i = 0; i < 1022; i++) expect((await a.exchange({ assertion })).status).toBe(200);
    await b.token();
    await b.advance(61_000);
    await b.token();
    expect(federationOf(b.app.reference.state).accessTokens.size).toBe(2);
  });
});

describe('workspace resolution at exchange', () => {
  async function multi() {
    const f = await setupFederation();
    await f.controlOk(`/_test/federation/rules/${f.rule.id}/workspaces`, { workspace_id: 'default' });
    return f;
  }

  it('chooses the sole enabled workspace when workspace_id is omitted (EXCH-WORKSPACE-ID-OMITTED-SOLE)', async () => {
    const f = await setupFederation();
    const token = await f.token();
    const batch = await f.bearer('POST', '/v1/messages/batches', token, {
      body: { requests: [{ custom_id: 'a', params: MESSAGE }] },
      betas: 'message-batches-2024-09-24',
    });
    const id = JSON.parse(batch.text).id as string;
    // The demo workspace key sees it: the token was scoped to the rule's workspace.
    expect((await f.call('GET', `/v1/messages/batches/${id}`)).status).toBe(200);
  });

  it('requires workspace_id when the rule covers several workspaces (EXCH-ERR-WORKSPACE-ID-REQUIRED)', async () => {
    const f = await multi();
    const res = await f.exchangeSigned();
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request' } });
    // UNSPEC-EXCH-DETAIL-LOCATION: the detail leads the message.
    expect((res.json.error as { message: string }).message.startsWith('workspace_id_required')).toBe(true);
    expect((await f.exchangeSigned({}, { workspace_id: f.demo.workspaceId })).status).toBe(200);
    expect((await f.exchangeSigned({}, { workspace_id: 'default' })).status).toBe(200); // ID-WORKSPACE-DEFAULT-LITERAL
  });

  it('answers invalid_grant, not workspace_id_required, when the JWT fails too (UNSPEC-EXCH-CHECK-ORDER)', async () => {
    const f = await multi();
    const res = await f.exchangeSigned({ claims: { sub: 'someone-else' } });
    expect(res.status).toBe(400);
    expect((res.json.error as { type: string }).type).toBe('invalid_grant');
  });

  it('refuses a service account that is not a member of the workspace (RULE-WORKSPACE-SERVICE-ACCOUNT-MEMBER)', async () => {
    const f = await setupFederation();
    const outsider = await f.controlOk('/_test/federation/service_accounts', {
      name: 'outsider',
      workspace_ids: ['default'],
    });
    const res = await f.exchangeSigned({}, { service_account_id: outsider.id });
    expect(res.status).toBe(400);
    expect((res.json.error as { type: string }).type).toBe('invalid_grant');
  });

  it('treats an archived rule as nonexistent (RULE-ARCHIVED-NONEXISTENT)', async () => {
    const f = await setupFederation();
    expect((await f.exchangeSigned()).status).toBe(200);
    await f.controlOk(`/_test/federation/rules/${f.rule.id}/archive`);
    const archived = await f.exchangeSigned();
    const missing = await f.exchangeSigned({}, { federation_rule_id: 'fdrl_missing' });
    expect(archived.status).toBe(400);
    expect(archived.text).toBe(missing.text);
  });
});

describe('API keys of an archived workspace (WSARCH-KEYS-REVOKED)', () => {
  it('stop working at once through the archive endpoint, and so do its access tokens', async () => {
    const f = await setupFederation();
    const token = await f.token();
    expect((await f.call('POST', '/v1/messages', { body: MESSAGE })).status).toBe(200);
    const archive = await f.call('POST', `/v1/organizations/workspaces/${f.demo.workspaceId}/archive`, {
      key: f.demo.adminKey,
    });
    expect(archive.status, archive.text).toBe(200);
    expect((await f.call('POST', '/v1/messages', { body: MESSAGE })).status).toBe(401);
    expect((await f.bearer('POST', '/v1/messages', token, { body: MESSAGE })).status).toBe(401);
  });

  it('refuses a revoked key', async () => {
    const f = await setupFederation();
    const key = f.app.reference.state.store.apiKeys.get(f.demo.workspaceKey);
    if (!key) throw new Error('demo key missing');
    key.revokedAt = f.clock.now();
    expect((await f.call('POST', '/v1/messages', { body: MESSAGE })).status).toBe(401);
  });
});
