import { describe, expect, it } from 'vitest';
import {
  SESSION_BETAS as BETA,
  expectErrorBody,
  expectValid,
  idsOf,
  sessionWithMemoryStore,
  setup,
} from './helpers.js';

describe('sessions and session resources', () => {
  it('adds, lists, retrieves and deletes a file resource', async () => {
    const t = setup();
    const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'notes' } });
    const session = await t.call('POST', '/v1/sessions', {
      betas: BETA,
      body: {
        agent: 'agent_1',
        environment_id: 'env_1',
        resources: [{ type: 'memory_store', memory_store_id: store.json?.id }],
      },
    });
    expect(session.status).toBe(200);
    const sessionId = String(session.json?.id);
    const file = await t.call('POST', '/_test/files', { body: { filename: 'a.txt' } });
    const fileId = String(file.json?.id);

    const created = await t.call('POST', `/v1/sessions/${sessionId}/resources`, {
      betas: BETA,
      body: { type: 'file', file_id: fileId },
    });
    expectValid('sessions.resources.create', 200, created.json);
    expect(created.json?.mount_path).toBe(`/mnt/session/uploads/${fileId}`);

    const list = await t.call('GET', `/v1/sessions/${sessionId}/resources`, { betas: BETA });
    expectValid('sessions.resources.list', 200, list.json);
    expect(list.json?.next_page).toBeNull();
    expect(idsOf(list)).toHaveLength(2);

    const rid = String(created.json?.id);
    const one = await t.call('GET', `/v1/sessions/${sessionId}/resources/${rid}`, { betas: BETA });
    expectValid('sessions.resources.retrieve', 200, one.json);
    expectErrorBody(
      await t.call('POST', `/v1/sessions/${sessionId}/resources/${rid}`, {
        betas: BETA,
        body: { authorization_token: 'x' },
      }),
      400,
    );
    const deleted = await t.call('DELETE', `/v1/sessions/${sessionId}/resources/${rid}`, { betas: BETA });
    expectValid('sessions.resources.delete', 200, deleted.json);
    expect(deleted.json).toEqual({ id: rid, type: 'session_resource_deleted' });
    expectErrorBody(await t.call('GET', `/v1/sessions/${sessionId}/resources/${rid}`, { betas: BETA }), 404);
  });

  it('requires the managed-agents beta', async () => {
    const t = setup();
    expectErrorBody(await t.call('GET', '/v1/sessions/sesn_x/resources'), 400);
  });

  it('test control attaches repository resources; rotation replaces their token, which is never answered', async () => {
    const t = setup();
    const session = await t.call('POST', '/_test/sessions', { body: {} });
    const sessionId = String(session.json?.id);
    const url = 'https://git.example.com/acme/repo.git';
    const attach = (body: Record<string, unknown>) =>
      t.call('POST', `/_test/sessions/${sessionId}/repositories`, { body });

    const plain = await attach({ url, authorization_token: 'tok-1' });
    expect(plain.status).toBe(200);
    const id = String(plain.json?.id);
    expect(plain.json).not.toHaveProperty('checkout');
    expect(plain.json).not.toHaveProperty('authorization_token');
    const read = await t.call('GET', `/v1/sessions/${sessionId}/resources/${id}`, { betas: BETA });
    expectValid('sessions.resources.retrieve', 200, read.json);
    expect(read.json).toEqual(plain.json);

    const branch = await attach({
      url,
      authorization_token: 't',
      checkout: { type: 'branch', name: 'main' },
    });
    expect(branch.json?.checkout).toEqual({ type: 'branch', name: 'main' });
    const mounted = await attach({ url, authorization_token: 't', mount_path: '/src/repo' });
    expect(mounted.json?.mount_path).toBe('/src/repo');
    // A commit checkout needs the full hash; a bad body is refused with the error body.
    for (const bad of [
      { url, authorization_token: 't', checkout: { type: 'commit', sha: 'abc1234' } },
      { url, authorization_token: 't', checkout: { type: 'tag', name: 'v1' } },
      { url, authorization_token: '' },
      { authorization_token: 't' },
    ]) {
      expectErrorBody(await attach(bad), 400);
    }
    expectErrorBody(
      await t.call('POST', '/_test/sessions/sesn_missing/repositories', {
        body: { url, authorization_token: 't' },
      }),
      404,
    );

    const rotated = await t.call('POST', `/v1/sessions/${sessionId}/resources/${id}`, {
      betas: BETA,
      body: { authorization_token: 'tok-2' },
    });
    expectValid('sessions.resources.update', 200, rotated.json);
    expect(rotated.json).not.toHaveProperty('authorization_token');
    const record = t.app.reference.state.store.sessionResources.get(`${sessionId}/${id}`);
    expect(record?.authorizationToken).toBe('tok-2');
  });

  it('renaming a memory store leaves the name its attachments copied', async () => {
    const t = setup();
    const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
    const renamed = await t.call('POST', `/_test/memory_stores/${storeId}/rename`, {
      body: { name: 'renamed' },
    });
    expect(renamed.json).toEqual({ id: storeId, name: 'renamed' });
    expect(t.app.reference.state.store.memoryStores.get(storeId)?.name).toBe('renamed');
    const read = await t.call('GET', `/v1/sessions/${sessionId}/resources/${storeId}`, {
      betas: BETA,
    });
    expect(read.json?.name).toBe('notes');
    expectErrorBody(await t.call('POST', `/_test/memory_stores/${storeId}/rename`, { body: {} }), 400);
    expectErrorBody(
      await t.call('POST', '/_test/memory_stores/memstore_x/rename', { body: { name: 'a' } }),
      404,
    );
  });
});

describe('a refused session creation stores nothing', () => {
  it("a session naming another workspace's memory store is refused and leaves no session or resource behind", async () => {
    const t = setup();
    const other = await t.call('POST', '/_test/organizations/demo/workspaces', {
      key: null,
      body: { name: 'other' },
    });
    const foreign = await t.call('POST', '/_test/memory_stores', {
      body: { name: 'theirs', workspace_id: other.json?.id },
    });
    const own = await t.call('POST', '/_test/memory_stores', { body: { name: 'mine' } });
    const { store } = t.app.reference.state;
    const before = {
      sessions: store.sessions.values().length,
      resources: store.sessionResources.values().length,
    };
    // MEMSTORE-OWNER-WORKSPACE: the own store is listed first, so a half-made session would keep it.
    const refused = await t.call('POST', '/v1/sessions', {
      betas: BETA,
      body: {
        agent: 'agent_1',
        environment_id: 'env_1',
        resources: [
          { type: 'memory_store', memory_store_id: own.json?.id },
          { type: 'memory_store', memory_store_id: foreign.json?.id },
        ],
      },
    });
    expectErrorBody(refused, 404);
    expect({
      sessions: store.sessions.values().length,
      resources: store.sessionResources.values().length,
    }).toEqual(before);
  });
});
