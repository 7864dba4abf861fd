import { describe, expect, it } from 'vitest';
import { faultsIn, faultTests } from './fault-tests.js';
import {
  SESSION_BETAS as BETA,
  expectErrorBody,
  expectValid,
  idsOf,
  sessionWithMemoryStore,
  setup,
} from './helpers.js';

const faults = faultsIn('sessions');

type T = ReturnType<typeof setup>;

async function sessionWithFiles(t: T, files: number) {
  const session = await t.call('POST', '/v1/sessions', {
    betas: BETA,
    body: { agent: 'agent_1', environment_id: 'env_1', resources: [] },
  });
  expect(session.status).toBe(200);
  const sessionId = String(session.json?.id);
  const resources: Record<string, unknown>[] = [];
  for (let i = 0; i < files; i++) {
    const file = await t.call('POST', '/_test/files', { body: { filename: `f${i}.txt` } });
    const res = await t.call('POST', `/v1/sessions/${sessionId}/resources`, {
      betas: BETA,
      body: { type: 'file', file_id: String(file.json?.id) },
    });
    expect(res.status).toBe(200);
    resources.push(res.json as Record<string, unknown>);
  }
  return { sessionId, resources };
}

/** A session with one repository resource attached through test control. */
async function sessionWithRepository(t: T, checkout?: Record<string, unknown>) {
  const { sessionId } = await sessionWithFiles(t, 0);
  const repo = await t.call('POST', `/_test/sessions/${sessionId}/repositories`, {
    body: { url: 'https://git.example.com/acme/repo.git', authorization_token: 'tok', checkout },
  });
  expect(repo.status).toBe(200);
  return { sessionId, resourceId: String(repo.json?.id) };
}

const list = (t: T, sessionId: string, query = '') =>
  t.call('GET', `/v1/sessions/${sessionId}/resources${query}`, { betas: BETA });

const { faultTest, tested } = faultTests(faults);

describe('seeded faults: session resources', () => {
  faultTest('SRES_DEFAULT_MOUNT_PATH_WRONG', 'the default mount path lacks uploads/', async () => {
    for (const [names, prefix] of [
      [[], '/mnt/session/uploads/'],
      [['SRES_DEFAULT_MOUNT_PATH_WRONG'], '/mnt/session/'],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { resources } = await sessionWithFiles(t, 1);
      const resource = resources[0] as { file_id: string; mount_path: string };
      expect(resource.mount_path).toBe(`${prefix}${resource.file_id}`);
    }
  });

  faultTest('SRES_ROTATION_ALLOWED_FOR_FILES', 'rotating a file resource succeeds', async () => {
    for (const [names, status] of [
      [[], 400],
      [['SRES_ROTATION_ALLOWED_FOR_FILES'], 200],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { sessionId, resources } = await sessionWithFiles(t, 1);
      const res = await t.call('POST', `/v1/sessions/${sessionId}/resources/${resources[0]?.id}`, {
        betas: BETA,
        body: { authorization_token: 'tok' },
      });
      expect(res.status).toBe(status);
      if (status === 400) expectErrorBody(res, 400);
    }
  });

  faultTest('SRES_DELETE_CONFIRMATION_TYPE_WRONG', 'the confirmation type is wrong', async () => {
    for (const [names, type] of [
      [[], 'session_resource_deleted'],
      [['SRES_DELETE_CONFIRMATION_TYPE_WRONG'], 'session_resource'],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { sessionId, resources } = await sessionWithFiles(t, 1);
      const res = await t.call('DELETE', `/v1/sessions/${sessionId}/resources/${resources[0]?.id}`, {
        betas: BETA,
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ id: resources[0]?.id, type });
    }
  });

  faultTest('SRES_LIST_LIMIT_OMITTED_ONE_PAGE', 'without limit only 20 resources come back', async () => {
    for (const [names, count] of [
      [[], 25],
      [['SRES_LIST_LIMIT_OMITTED_ONE_PAGE'], 20],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { sessionId } = await sessionWithFiles(t, 25);
      const res = await list(t, sessionId);
      expectValid('sessions.resources.list', 200, res.json);
      expect(idsOf(res)).toHaveLength(count);
      expect(res.json?.next_page === null).toBe(count === 25);
    }
  });

  faultTest('SRES_LIST_NEXT_PAGE_ON_LAST_PAGE', 'the last page carries a next_page cursor', async () => {
    for (const [names, isNull] of [
      [[], true],
      [['SRES_LIST_NEXT_PAGE_ON_LAST_PAGE'], false],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { sessionId } = await sessionWithFiles(t, 3);
      const first = await list(t, sessionId, '?limit=2');
      expect(idsOf(first)).toHaveLength(2);
      const second = await list(t, sessionId, `?limit=2&page=${String(first.json?.next_page)}`);
      expect(idsOf(second)).toHaveLength(1);
      expect(second.json?.next_page === null).toBe(isNull);
      const all = await list(t, sessionId);
      expect(all.json?.next_page === null).toBe(isNull);
    }
  });

  faultTest(
    'SRES_ROTATION_REFUSED_FOR_REPOSITORIES',
    'rotating a repository resource is refused',
    async () => {
      for (const [names, status] of [
        [[], 200],
        [['SRES_ROTATION_REFUSED_FOR_REPOSITORIES'], 400],
      ] as const) {
        const t = setup({ faults: [...names] });
        const { sessionId, resourceId } = await sessionWithRepository(t);
        const res = await t.call('POST', `/v1/sessions/${sessionId}/resources/${resourceId}`, {
          betas: BETA,
          body: { authorization_token: 'rotated' },
        });
        expect(res.status).toBe(status);
        if (status === 400) expectErrorBody(res, 400);
        else expectValid('sessions.resources.update', 200, res.json);
      }
    },
  );

  faultTest('SRES_REPO_COMMIT_SHA_ABBREVIATED', 'a commit checkout loses its full hash', async () => {
    const sha = 'ab'.repeat(20);
    for (const [names, expected] of [
      [[], sha],
      [['SRES_REPO_COMMIT_SHA_ABBREVIATED'], sha.slice(0, 7)],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { sessionId, resourceId } = await sessionWithRepository(t, { type: 'commit', sha });
      const res = await t.call('GET', `/v1/sessions/${sessionId}/resources/${resourceId}`, { betas: BETA });
      expect(res.status).toBe(200);
      expect(res.json?.checkout).toEqual({ type: 'commit', sha: expected });
    }
  });

  faultTest('SRES_MEMSTORE_RENAME_PROPAGATES', 'a rename reaches the attached resources', async () => {
    for (const [names, expected] of [
      [[], 'before'],
      [['SRES_MEMSTORE_RENAME_PROPAGATES'], 'after'],
    ] as const) {
      const t = setup({ faults: [...names] });
      const { storeId, sessionId } = await sessionWithMemoryStore(t, 'before');
      expect(
        (await t.call('POST', `/_test/memory_stores/${storeId}/rename`, { body: { name: 'after' } })).status,
      ).toBe(200);
      const res = await t.call('GET', `/v1/sessions/${sessionId}/resources/${storeId}`, {
        betas: BETA,
      });
      expect(res.json?.name).toBe(expected);
    }
  });

  it('every session fault of the catalog has a test here', () => {
    expect([...tested].sort()).toEqual(faults.map((f) => f.name).sort());
  });
});
