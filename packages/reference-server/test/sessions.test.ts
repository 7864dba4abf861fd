import { describe, expect, it } from 'vitest';
import { expectErrorBody, expectValid, idsOf, setup } from './helpers.js';

const BETA = 'managed-agents-2026-04-01';

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
});
