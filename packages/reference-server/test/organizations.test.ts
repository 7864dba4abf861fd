/**
 * Organizations are isolated from each other, Default Workspaces included: the spec's access
 * check compares workspace ids, and every organization's Default Workspace is null
 * (AUTH-KEY-ONE-WORKSPACE, AUTH-WORKSPACE-SCOPED-RESOURCES).
 */
import { describe, expect, it } from 'vitest';
import {
  DREAM_BETAS,
  expectErrorBody,
  idsOf,
  MODEL,
  SESSION_BETAS as SESSIONS_BETA,
  setup,
} from './helpers.js';

type T = ReturnType<typeof setup>;

/** A key of an organization's Default Workspace, made through test control. */
async function defaultWorkspaceKey(t: T, organizationId: string): Promise<string> {
  const res = await t.call('POST', `/_test/organizations/${organizationId}/keys`, {
    body: { workspace_id: 'default' },
  });
  expect(res.status).toBe(200);
  expect(res.json?.workspace_id).toBeNull();
  return String(res.json?.key);
}

describe('organizations', () => {
  it("a Default Workspace key never reaches another organization's Default Workspace resources", async () => {
    const t = setup();
    const orgA = t.demo.organizationId;
    const keyA = await defaultWorkspaceKey(t, orgA);
    const other = await t.call('POST', '/_test/organizations', { body: { name: 'Other' } });
    const keyB = await defaultWorkspaceKey(t, String(other.json?.organization_id));

    // A batch, a dream and a session of organization A's Default Workspace.
    const batch = await t.call('POST', '/v1/messages/batches', {
      key: keyA,
      body: {
        requests: [
          {
            custom_id: 'a',
            params: { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] },
          },
        ],
      },
    });
    expect(batch.status).toBe(200);
    const inDefault = { workspace_id: `default:${orgA}` };
    const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'notes', ...inDefault } });
    const session = await t.call('POST', '/_test/sessions', { body: inDefault });
    const dream = await t.call('POST', '/v1/dreams', {
      key: keyA,
      betas: DREAM_BETAS,
      body: {
        model: MODEL,
        instructions: 'Tidy up',
        inputs: [
          { type: 'memory_store', memory_store_id: store.json?.id },
          { type: 'sessions', session_ids: [session.json?.id] },
        ],
      },
    });
    expect(dream.status).toBe(200);
    const file = await t.call('POST', '/_test/files', { body: inDefault });
    const resource = await t.call('POST', `/v1/sessions/${String(session.json?.id)}/resources`, {
      key: keyA,
      betas: SESSIONS_BETA,
      body: { type: 'file', file_id: file.json?.id },
    });
    expect(resource.status).toBe(200);

    // Organization A's own key reaches them; organization B's Default Workspace key does not.
    const reads = [
      { path: `/v1/messages/batches/${String(batch.json?.id)}` },
      { path: `/v1/dreams/${String(dream.json?.id)}`, betas: DREAM_BETAS },
      { path: `/v1/sessions/${String(session.json?.id)}/resources`, betas: SESSIONS_BETA },
    ];
    for (const { path, betas } of reads) {
      expect((await t.call('GET', path, { key: keyA, ...(betas ? { betas } : {}) })).status).toBe(200);
      expectErrorBody(await t.call('GET', path, { key: keyB, ...(betas ? { betas } : {}) }), 404);
    }
    expect(idsOf(await t.call('GET', '/v1/messages/batches', { key: keyA }))).toEqual([batch.json?.id]);
    expect(idsOf(await t.call('GET', '/v1/messages/batches', { key: keyB }))).toEqual([]);
    expect(idsOf(await t.call('GET', '/v1/dreams', { key: keyB, betas: DREAM_BETAS }))).toEqual([]);

    // Nor can B's Default Workspace add A's file to a session of its own.
    const own = await t.call('POST', '/_test/sessions', {
      body: { workspace_id: `default:${String(other.json?.organization_id)}` },
    });
    expectErrorBody(
      await t.call('POST', `/v1/sessions/${String(own.json?.id)}/resources`, {
        key: keyB,
        betas: SESSIONS_BETA,
        body: { type: 'file', file_id: file.json?.id },
      }),
      404,
    );
  });
});
