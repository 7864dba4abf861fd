/**
 * A resource of another workspace, named by path, is answered exactly as an unknown id: the same
 * status and the same error body but for the id, so that a caller cannot tell whether an id
 * exists elsewhere (AUTH-KEY-ONE-WORKSPACE, AUTH-WORKSPACE-SCOPED-RESOURCES).
 */
import { describe, expect, it } from 'vitest';
import { DREAM_BETAS, errorOf, postDream, SESSION_BETAS, setup } from './helpers.js';

async function otherWorkspaceKey(t: ReturnType<typeof setup>): Promise<string> {
  const ws = await t.call('POST', '/_test/organizations/demo/workspaces', { body: { name: 'other' } });
  const key = await t.call('POST', '/_test/organizations/demo/keys', {
    body: { kind: 'workspace_key', workspace_id: ws.json?.id },
  });
  expect(key.status, key.text).toBe(200);
  return String(key.json?.key);
}

describe("another workspace's resources read by path", () => {
  it('answer as an unknown id does, the id aside', async () => {
    const t = setup();
    const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'notes' } });
    const session = await t.call('POST', '/_test/sessions', { body: {} });
    const dream = await postDream(t, String(store.json?.id), [String(session.json?.id)]);
    expect(dream.status, dream.text).toBe(200);
    const other = await otherWorkspaceKey(t);

    const reads = [
      {
        path: '/v1/dreams/',
        id: String(dream.json?.id),
        unknown: 'drm_000000000000000000000000',
        betas: DREAM_BETAS,
      },
      {
        path: '/v1/sessions/',
        id: String(session.json?.id),
        unknown: 'sesn_000000000000000000000000',
        betas: SESSION_BETAS,
      },
    ];
    for (const read of reads) {
      const foreign = await t.call('GET', read.path + read.id, { key: other, betas: read.betas });
      const unknown = await t.call('GET', read.path + read.unknown, { key: other, betas: read.betas });
      expect(foreign.status, `${foreign.text} / ${unknown.text}`).toBe(unknown.status);
      expect(errorOf(foreign).type).toBe(errorOf(unknown).type);
      expect(errorOf(foreign).message.replace(read.id, 'ID')).toBe(
        errorOf(unknown).message.replace(read.unknown, 'ID'),
      );
    }
  });
});
