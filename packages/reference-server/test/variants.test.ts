/**
 * One scenario per variant of the spec's catalog: each runs on a server without variants and on
 * one with the variant, and an observable answer differs, so no variant is a no-op.
 */
import { VARIANTS, type VariantName, vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../src/index.js';
import { admin, createWorkspace, dataOf, user } from './admin/admin-helpers.js';
import { fetched, keyPair, setupFederation, sign } from './federation/helpers.js';
import {
  DREAM_BETAS,
  MODEL,
  postDream,
  SESSION_BETAS as SESSION_BETA,
  sessionWithMemoryStore,
  setup,
} from './helpers.js';

type Server = ReturnType<typeof setup>;

const BATCHES = '/v1/messages/batches';
const WORKSPACES = '/v1/organizations/workspaces';
const USAGE =
  '/v1/organizations/usage_report/messages?starting_at=2026-01-01T00:00:00Z&ending_at=2026-01-02T00:00:00Z';
const turn = [{ role: 'user', content: 'hello there' }];
const batchOf = (...ids: string[]) => ({
  requests: ids.map((custom_id) => ({ custom_id, params: { model: MODEL, max_tokens: 8, messages: turn } })),
});

/** Creates a batch; returns its id. */
async function createBatch(t: Server, ...customIds: string[]): Promise<string> {
  const res = await t.call('POST', BATCHES, { body: batchOf(...(customIds.length ? customIds : ['a'])) });
  expect(res.status, res.text).toBeLessThan(300);
  return String(res.json?.id);
}

const keysOf = (x: unknown) => Object.keys((x ?? {}) as object).sort();

/** Creates a dream over a new memory store and session; its body. */
async function createDream(t: Server): Promise<Record<string, unknown>> {
  const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
  const res = await postDream(t, storeId, [sessionId]);
  expect(res.status, res.text).toBeLessThan(300);
  return res.json ?? {};
}

/** Scenario per variant: an observable value of a server built with the given options. */
const scenarios: Record<VariantName, (options: ServerOptions) => Promise<unknown>> = {
  'additional-fields': async (o) => keysOf((await setup(o).call('GET', BATCHES)).json),
  'error-type-only': async (o) =>
    keysOf((await setup(o).call('GET', `${BATCHES}/msgbatch_none`)).json?.error),
  'timestamps-with-offset': async (o) => {
    const t = setup(o);
    return (await t.call('POST', BATCHES, { body: batchOf('a') })).json?.created_at;
  },
  'other-error-statuses': async (o) => (await setup(o).call('GET', `${BATCHES}/msgbatch_none`)).status,
  'other-error-types': async (o) =>
    ((await setup(o).call('GET', `${BATCHES}/msgbatch_none`)).json?.error as { type?: string })?.type,
  'other-success-statuses': async (o) =>
    (await setup(o).call('POST', BATCHES, { body: batchOf('a') })).status,
  'strict-unknown-fields': async (o) => (await setup(o).call('GET', `${BATCHES}?beta=true`)).status,
  'strict-kinds': async (o) =>
    (
      await setup(o).call('POST', '/v1/messages/count_tokens', {
        body: { model: MODEL, messages: [{ role: 'user', content: [{ type: 'document', text: 'x' }] }] },
      })
    ).status,
  'version-header-optional': async (o) => (await setup(o).call('GET', BATCHES, { version: null })).status,
  'version-header-strict': async (o) => {
    const res = await setup(o).call('POST', '/v1/oauth/token', {
      version: null,
      key: null,
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'x.y.z' },
    });
    return [res.status, (res.json?.error as { type?: string })?.type];
  },
  'betas-strict': async (o) =>
    (await setup(o).call('GET', BATCHES, { betas: 'no-such-beta-2020-01-01' })).status,
  'credential-headers-other': async (o) => {
    const f = await setupFederation(o);
    const assertion = await sign(f.es256, f.nowSeconds());
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: {
        'content-type': 'application/json',
        [vendor.headers.version]: vendor.apiVersion,
        'x-api-key': 'not-a-key',
      },
      payload: JSON.stringify({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
        federation_rule_id: f.rule.id,
        organization_id: f.demo.organizationId,
        service_account_id: f.account.id,
      }),
    });
    const token = await f.token();
    const lower = await f.app.inject({
      method: 'GET',
      url: BATCHES,
      headers: { [vendor.headers.version]: vendor.apiVersion, authorization: `bearer ${token}` },
    });
    return [res.statusCode, lower.statusCode];
  },
  'other-id-forms': async (o) => {
    const f = await setupFederation(o);
    const session = await f.call('POST', '/_test/sessions', { body: {} });
    return [
      f.demo.workspaceKey.slice(0, 6),
      (await f.token()).length,
      String(session.json?.id).split('_')[0],
    ];
  },
  'request-id-elsewhere': async (o) => {
    const res = await setup(o).call('GET', `${BATCHES}/msgbatch_none`);
    return [typeof res.headers['request-id'], typeof res.json?.request_id];
  },
  'reversed-orders': async (o) => {
    const t = setup(o);
    const a = await createBatch(t);
    const b = await createBatch(t);
    return dataOf<{ id: string }>(await t.call('GET', BATCHES)).map((x) => [a, b].indexOf(x.id));
  },
  'lenient-cursors': async (o) => {
    const t = setup(o);
    const a = await createBatch(t);
    const unknown = await t.call('GET', `${BATCHES}?after_id=msgbatch_none`);
    const end = await t.call('GET', `${BATCHES}?after_id=${a}`);
    const page = await t.call('GET', '/v1/organizations/rate_limits?page=abc', { key: t.demo.adminKey });
    return [unknown.status, end.json?.last_id, page.status];
  },
  'dream-list-envelope': async (o) =>
    keysOf((await setup(o).call('GET', '/v1/dreams', { betas: DREAM_BETAS })).json),
  'other-unshown-bodies': async (o) => {
    const t = setup(o);
    return keysOf((await t.call('GET', '/v1/organizations/workspaces', { key: t.demo.adminKey })).json);
  },
  'other-list-limits': async (o) => {
    const t = setup(o);
    for (let i = 0; i < 9; i++) await createBatch(t);
    const page = await t.call('GET', BATCHES);
    const over = await t.call('GET', `${BATCHES}?limit=51`);
    const zero = await t.call('GET', `${WORKSPACES}?limit=0`, { key: t.demo.adminKey });
    return [dataOf(page).length, over.status, zero.status];
  },
  'more-paging': async (o) => {
    const t = setup(o);
    await createBatch(t);
    const second = await createBatch(t);
    const res = await t.call('GET', `${BATCHES}?before_id=${second}`);
    return [res.status, keysOf(res.json)];
  },
  'exchange-other-errors': async (o) => {
    const f = await setupFederation(o);
    const assertion = await sign(f.es256, f.nowSeconds());
    const wrongGrant = await f.exchange({ assertion, grant_type: 'client_credentials' });
    const malformed = await f.exchange({ assertion, organization_id: 'not-a-uuid' });
    return [wrongGrant.json.error, malformed.json.error];
  },
  'exchange-assertion-checked-first': async (o) => {
    const f = await setupFederation(o);
    const res = await f.exchange({
      assertion: await sign(f.es256, f.nowSeconds(), { omit: ['sub'] }),
      federation_rule_id: `fdrl_${'0'.repeat(24)}`,
    });
    return (res.json.error as { type: string }).type;
  },
  'exchange-workspace-refused-explicitly': async (o) => {
    const f = await setupFederation(o);
    const res = await f.exchangeSigned({}, { workspace_id: 'default' });
    return (res.json.error as { type: string }).type;
  },
  'tokens-capped-by-assertion': async (o) => {
    const f = await setupFederation(o);
    const res = await f.exchangeSigned({ claims: { exp: f.nowSeconds() + 300 } });
    return res.json.expires_in;
  },
  'jwt-time-claims-other': async (o) => {
    const f = await setupFederation(o);
    const now = f.nowSeconds();
    const atBoundary = await f.exchangeSigned({ claims: { iat: now - 600, exp: now - 30 } });
    const asString = await f.exchangeSigned({ claims: { iat: String(now), exp: String(now + 600) } });
    return [atBoundary.status, asString.status];
  },
  'keysets-refreshed-sooner': async (o) => {
    const f = await fetched(
      { type: 'explicit_url', url: 'https://keys.acme-corp.com/jwks.json' },
      { server: o },
    );
    const rotated = await keyPair('ES256', 'rotated');
    expect((await f.exchange()).status).toBe(200);
    await f.publish([f.es256.jwk, rotated.jwk]);
    await f.advance(15_000);
    return (await f.exchange(rotated)).status;
  },
  'archived-workspaces-other': async (o) => {
    const a = admin(o);
    const ws = await createWorkspace(a);
    await a.post(`${WORKSPACES}/${ws}/archive`);
    const again = await a.post(`${WORKSPACES}/${ws}/archive`);
    const limits = await a.get(`${WORKSPACES}/${ws}/rate_limits`);
    return [again.status, limits.status];
  },
  'default-workspace-counted-and-named': async (o) => {
    const a = admin(o);
    const limits = await a.get(`${WORKSPACES}/default/rate_limits`);
    return [limits.status, limits.json?.data];
  },
  'workspace-name-rules': async (o) => {
    const a = admin(o);
    const long = await a.post(WORKSPACES, { name: 'n'.repeat(41) });
    const taken = await a.post(WORKSPACES, { name: 'Demo' });
    return [long.status, taken.status];
  },
  'member-wire-forms': async (o) => {
    const a = admin(o);
    const ws = await createWorkspace(a);
    const limited = await a.post(`${WORKSPACES}/${ws}/members`, {
      user_id: await user(a, 'developer'),
      workspace_role: 'workspace_limited_developer',
    });
    const odd = await a.post(`${WORKSPACES}/${ws}/members`, {
      user_id: 'not a user id',
      workspace_role: 'workspace_developer',
    });
    return [limited.status, odd.status];
  },
  'member-changes-idempotent': async (o) => {
    const a = admin(o);
    const ws = await createWorkspace(a);
    const member = await user(a, 'developer');
    const add = () =>
      a.post(`${WORKSPACES}/${ws}/members`, { user_id: member, workspace_role: 'workspace_developer' });
    await add();
    const again = await add();
    const stranger = await a.del(`${WORKSPACES}/${ws}/members/${await user(a, 'user')}`);
    return [again.status, stranger.status];
  },
  'member-updates-strict': async (o) => {
    const a = admin(o);
    const ws = await createWorkspace(a);
    const orgAdmin = await user(a, 'admin');
    return (await a.post(`${WORKSPACES}/${ws}/members/${orgAdmin}`, { workspace_role: 'workspace_admin' }))
      .status;
  },
  'rate-limits-other': async (o) => {
    const a = admin(o);
    const batch = await a.get('/v1/organizations/rate_limits?group_type=batch');
    const mixed = await a.get(`/v1/organizations/rate_limits?group_type=batch&model=${MODEL}`);
    return [batch.json?.data, mixed.status];
  },
  'usage-report-other': async (o) => {
    const a = admin(o);
    const noStart = await a.get('/v1/organizations/usage_report/messages');
    const hourly = await a.get(`${USAGE}&bucket_width=1h`);
    return [noStart.status, hourly.status];
  },
  'usage-zero-rows': async (o) => (await admin(o).get(`${USAGE}&group_by%5B%5D=workspace_id`)).json,
  'unknown-model-not-found': async (o) =>
    (
      await setup(o).call('POST', '/v1/messages', {
        body: { model: 'no-such-model', max_tokens: 8, messages: turn },
      })
    ).status,
  'strict-required-fields': async (o) => {
    const t = setup({ ...o, timings: { batchProcessingMs: 1000 } });
    const noMax = await t.call('POST', '/v1/messages', { body: { model: MODEL, messages: turn } });
    const empty = await t.call('POST', BATCHES, { body: { requests: [] } });
    // A batch request asking for streaming: processed without it by default, errored (invalid) here.
    const streaming = await t.call('POST', BATCHES, {
      body: {
        requests: [{ custom_id: 's', params: { model: MODEL, max_tokens: 8, messages: turn, stream: true } }],
      },
    });
    const session = await t.call('POST', '/v1/sessions', {
      betas: SESSION_BETA,
      body: { agent: 'agent_1', environment_id: 'env_1' },
    });
    await t.advance(1000);
    const line = await t.call('GET', `${BATCHES}/${streaming.json?.id}/results`);
    const result = (JSON.parse(line.text) as { result: { type: string } }).result.type;
    return [noMax.status, empty.status, result, session.status];
  },
  'malformed-ids-refused': async (o) =>
    (await setup(o).call('GET', `${BATCHES}/batch-of-another-form`)).status,
  'credential-headers-exclusive': async (o) => {
    const t = setup(o);
    const key = t.demo.workspaceKey;
    const both = await t.call('GET', BATCHES, { headers: { authorization: `Bearer ${key}` } });
    const asBearer = await t.call('GET', BATCHES, { key: null, headers: { authorization: `Bearer ${key}` } });
    return [both.status, asBearer.status];
  },
  'strict-message-params': async (o) =>
    (
      await setup(o).call('POST', '/v1/messages', {
        body: { model: MODEL, max_tokens: 8, messages: [{ role: 'assistant', content: 'I start' }] },
      })
    ).status,
  'richer-replies': async (o) => {
    const res = await setup(o).call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 64, messages: turn, stop_sequences: ['there'] },
    });
    return res.json?.stop_reason;
  },
  'unstreamed-replies': async (o) => {
    const res = await setup(o).call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 8, messages: turn, stream: true },
    });
    return [res.status, String(res.headers['content-type']).split(';')[0]];
  },
  'other-token-counts': async (o) =>
    (
      await setup(o).call('POST', '/v1/messages/count_tokens', {
        body: { model: MODEL, messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] },
      })
    ).json?.input_tokens,
  'batch-results-other': async (o) => {
    const t = setup(o);
    const id = await createBatch(t);
    await t.advance(60_000);
    const url = new URL(String((await t.call('GET', `${BATCHES}/${id}`)).json?.results_url));
    const results = await t.call('GET', url.pathname);
    return [url.pathname.replace(id, '{id}'), results.headers['content-type']];
  },
  'batch-limits-read-otherwise': async (o) => {
    const t = setup({ ...o, timings: { batchProcessingMs: null } });
    const id = await createBatch(t);
    await t.advance(24 * 3600 * 1000);
    return (await t.call('GET', `${BATCHES}/${id}`)).json?.processing_status;
  },
  'session-create-more': async (o) =>
    (
      await setup(o).call('POST', '/v1/sessions', {
        body: { agent: 'agent_1', environment_id: 'env_1', resources: [] },
      })
    ).status,
  'session-resources-other-kinds': async (o) => {
    const t = setup(o);
    const { sessionId } = await sessionWithMemoryStore(t, 'notes');
    const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'more' } });
    const res = await t.call('POST', `/v1/sessions/${sessionId}/resources`, {
      betas: SESSION_BETA,
      body: { type: 'memory_store', memory_store_id: store.json?.id },
    });
    return res.status;
  },
  'session-resource-delete-repeated': async (o) => {
    const t = setup(o);
    const { sessionId } = await sessionWithMemoryStore(t, 'notes');
    const file = await t.call('POST', '/_test/files', { body: { filename: 'a.txt' } });
    const added = await t.call('POST', `/v1/sessions/${sessionId}/resources`, {
      betas: SESSION_BETA,
      body: { type: 'file', file_id: file.json?.id },
    });
    const path = `/v1/sessions/${sessionId}/resources/${added.json?.id}`;
    await t.call('DELETE', path, { betas: SESSION_BETA });
    const again = await t.call('DELETE', path, { betas: SESSION_BETA });
    return [again.status, again.json?.type];
  },
  'memory-store-attachments-other': async (o) => {
    const t = setup(o);
    const { sessionId } = await sessionWithMemoryStore(t, 'Team notes');
    const list = await t.call('GET', `/v1/sessions/${sessionId}/resources`, { betas: SESSION_BETA });
    return keysOf(dataOf(list)[0]);
  },
  'dream-inputs-checked-at-start': async (o) => {
    const t = setup(o);
    const session = await t.call('POST', '/_test/sessions', { body: {} });
    const created = await postDream(t, 'memstore_000000000000000000000000', [String(session.json?.id)]);
    await t.advance(1_000);
    return (await t.call('GET', `/v1/dreams/${created.json?.id}`, { betas: DREAM_BETAS })).json?.status;
  },
  'dream-records-other': async (o) => {
    const dream = await createDream(setup(o));
    return [keysOf(dream).includes('instructions'), (dream.model as { id: string }).id];
  },
  'dream-instructions-omitted': async (o) => keysOf(await createDream(setup(o))).includes('instructions'),
  'dream-session-ids-unique': async (o) => {
    const t = setup(o);
    const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
    return (await postDream(t, storeId, [sessionId, sessionId])).status;
  },
  'dream-creation-rate-limit': async (o) => {
    const t = setup({ ...o, timings: { dreamStartMs: null } });
    const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
    let status = 0;
    for (let i = 0; i <= 1000; i++) status = (await postDream(t, storeId, [sessionId])).status;
    return status;
  },
};

describe('every variant changes an observable answer', () => {
  for (const v of VARIANTS) {
    it(`${v.name}: ${v.description.slice(0, 80)}`, async () => {
      const scenario = scenarios[v.name];
      const without = await scenario({});
      const withVariant = await scenario({ variants: [v.name] });
      expect(withVariant).not.toEqual(without);
    });
  }
});

describe('variants read their own tables by own keys only', () => {
  it('strict-message-params: an image whose media_type is `constructor` is a 400 naming the types, not a 500', async () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'constructor', data: 'iVBORw0KGgo=' },
    };
    const res = await setup({ variants: ['strict-message-params'] }).call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: [image] }] },
    });
    expect(res.status, res.text).toBe(400);
  });
});
