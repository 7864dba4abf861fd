import { describe, expect, it } from 'vitest';
import { faultsIn, faultTests } from './fault-tests.js';
import { DREAM_BETAS, expectErrorBody, expectValid, idsOf, MODEL, SESSION_BETAS, setup } from './helpers.js';

const faults = faultsIn('dreams');

type T = ReturnType<typeof setup>;
type Dream = Record<string, unknown> & { id: string; status: string };

const manual = (names: string[] = []) =>
  setup({ faults: names, timings: { dreamStartMs: null, dreamRunMs: null } });

async function createDream(t: T): Promise<{ dream: Dream; storeId: string; sessionId: string }> {
  const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'notes' } });
  const session = await t.call('POST', '/_test/sessions', { body: {} });
  const storeId = String(store.json?.id);
  const sessionId = String(session.json?.id);
  const res = await t.call('POST', '/v1/dreams', {
    betas: DREAM_BETAS,
    body: {
      model: MODEL,
      inputs: [
        { type: 'memory_store', memory_store_id: storeId },
        { type: 'sessions', session_ids: [sessionId] },
      ],
    },
  });
  expect(res.status).toBe(200);
  return { dream: res.json as Dream, storeId, sessionId };
}

const drive = async (t: T, id: string, action: 'start' | 'progress' | 'complete' | 'fail') => {
  const res = await t.call('POST', `/_test/dreams/${id}/${action}`, { body: {} });
  expect(res.status).toBe(200);
  return res.json as Dream;
};
const op = (t: T, id: string, action: 'cancel' | 'archive') =>
  t.call('POST', `/v1/dreams/${id}/${action}`, { betas: DREAM_BETAS });
const get = async (t: T, id: string) =>
  (await t.call('GET', `/v1/dreams/${id}`, { betas: DREAM_BETAS })).json as Dream;

/** A dream moved to `status` through the test-control API. */
async function dreamIn(t: T, status: 'pending' | 'running' | 'completed' | 'failed' | 'canceled') {
  const made = await createDream(t);
  const id = made.dream.id;
  if (status === 'canceled') expect((await op(t, id, 'cancel')).status).toBe(200);
  if (status === 'running' || status === 'completed' || status === 'failed') await drive(t, id, 'start');
  if (status === 'completed') await drive(t, id, 'complete');
  if (status === 'failed') await drive(t, id, 'fail');
  expect((await get(t, id)).status).toBe(status);
  return made;
}

/** The output store of a dream record. */
const outputOf = (dream: Dream) =>
  String((dream.outputs as { memory_store_id: string }[])[0]?.memory_store_id);

/** A memory store's state, as test control reads it. */
async function storeState(t: T, id: string) {
  const res = await t.call('GET', `/_test/memory_stores/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json as { archived: boolean; deleted: boolean; digest: string | null };
}

const { faultTest, tested } = faultTests(faults);

describe('seeded faults: dreams', () => {
  faultTest(
    'DREAM_CANCEL_COMPLETED_OK',
    'cancel of a completed dream answers 200 instead of 400',
    async () => {
      for (const [names, status] of [
        [[], 400],
        [['DREAM_CANCEL_COMPLETED_OK'], 200],
      ] as const) {
        const t = manual([...names]);
        const { dream } = await dreamIn(t, 'completed');
        const res = await op(t, dream.id, 'cancel');
        expect(res.status).toBe(status);
        if (status === 400) expectErrorBody(res, 400);
        expect((await get(t, dream.id)).status).toBe('completed');
      }
    },
  );

  faultTest('DREAM_CANCEL_FAILED_OK', 'cancel of a failed dream answers 200 instead of 400', async () => {
    for (const [names, status] of [
      [[], 400],
      [['DREAM_CANCEL_FAILED_OK'], 200],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'failed');
      expect((await op(t, dream.id, 'cancel')).status).toBe(status);
      expect((await get(t, dream.id)).status).toBe('failed');
    }
  });

  faultTest('DREAM_CANCEL_CANCELED_400', 'a second cancel answers 400 instead of a no-op', async () => {
    for (const [names, status] of [
      [[], 200],
      [['DREAM_CANCEL_CANCELED_400'], 400],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'canceled');
      const before = await get(t, dream.id);
      const res = await op(t, dream.id, 'cancel');
      expect(res.status).toBe(status);
      if (status === 200) expect(res.json).toEqual(before);
      else expectErrorBody(res, 400);
    }
  });

  faultTest('DREAM_ARCHIVE_RUNNING_OK', 'archive of a running dream answers 200 instead of 400', async () => {
    for (const [names, status] of [
      [[], 400],
      [['DREAM_ARCHIVE_RUNNING_OK'], 200],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'running');
      expect((await op(t, dream.id, 'archive')).status).toBe(status);
      expect(await get(t, dream.id)).toMatchObject({ status: 'running', archived_at: null });
    }
  });

  faultTest(
    'DREAM_PIPELINE_SESSION_NOT_ARCHIVED',
    'a completed dream leaves its pipeline session active',
    async () => {
      for (const [names, archived] of [
        [[], true],
        [['DREAM_PIPELINE_SESSION_NOT_ARCHIVED'], false],
      ] as const) {
        const t = manual([...names]);
        const { dream } = await dreamIn(t, 'completed');
        const session = String((await get(t, dream.id)).session_id);
        const state = await t.call('GET', `/_test/sessions/${session}`);
        expect(state.json).toMatchObject({ id: session, archived });
      }
    },
  );

  faultTest(
    'DREAM_PIPELINE_SESSION_DELETED',
    'an ended dream deletes its pipeline session: its resource list is gone',
    async () => {
      for (const [names, readable] of [
        [[], true],
        [['DREAM_PIPELINE_SESSION_DELETED'], false],
      ] as const) {
        for (const status of ['completed', 'failed', 'canceled'] as const) {
          const t = manual([...names]);
          const { dream } = await dreamIn(t, 'running');
          if (status === 'canceled') expect((await op(t, dream.id, 'cancel')).status).toBe(200);
          else await drive(t, dream.id, status === 'completed' ? 'complete' : 'fail');
          const session = String((await get(t, dream.id)).session_id);
          const state = await t.call('GET', `/_test/sessions/${session}`);
          expect(state.json).toMatchObject({ id: session, archived: true, deleted: !readable });
          const list = await t.call('GET', `/v1/sessions/${session}/resources`, { betas: SESSION_BETAS });
          expect(list.status).toBe(readable ? 200 : 404);
        }
      }
    },
  );

  faultTest('DREAM_FAILED_OUTPUT_DISCARDED', 'a failed dream empties its output store', async () => {
    for (const [names, kept] of [
      [[], true],
      [['DREAM_FAILED_OUTPUT_DISCARDED'], false],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'running');
      await drive(t, dream.id, 'progress');
      const output = outputOf(await get(t, dream.id));
      const before = await storeState(t, output);
      await drive(t, dream.id, 'fail');
      const after = await storeState(t, output);
      expect(after.digest === before.digest).toBe(kept);
      expect(after).toMatchObject({ archived: false, deleted: false });
    }
  });

  faultTest('DREAM_CANCEL_DELETES_OUTPUT', 'cancel of a running dream deletes its output store', async () => {
    for (const [names, deleted] of [
      [[], false],
      [['DREAM_CANCEL_DELETES_OUTPUT'], true],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'running');
      const output = outputOf(await get(t, dream.id));
      const before = await storeState(t, output);
      expect((await op(t, dream.id, 'cancel')).status).toBe(200);
      const after = await storeState(t, output);
      expect(after.deleted).toBe(deleted);
      if (!deleted) expect(after).toEqual(before);
    }
  });

  faultTest('DREAM_ARCHIVE_ARCHIVES_OUTPUT', 'archiving a dream archives its output store', async () => {
    for (const [names, archived] of [
      [[], false],
      [['DREAM_ARCHIVE_ARCHIVES_OUTPUT'], true],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'completed');
      const output = outputOf(await get(t, dream.id));
      expect((await op(t, dream.id, 'archive')).status).toBe(200);
      expect((await storeState(t, output)).archived).toBe(archived);
    }
  });

  faultTest('DREAM_INPUT_STORE_WRITTEN', 'a completed dream writes into its input store', async () => {
    for (const [names, modified] of [
      [[], false],
      [['DREAM_INPUT_STORE_WRITTEN'], true],
    ] as const) {
      const t = manual([...names]);
      const { dream, storeId } = await createDream(t);
      const before = await storeState(t, storeId);
      await drive(t, dream.id, 'start');
      await drive(t, dream.id, 'complete');
      expect((await storeState(t, storeId)).digest !== before.digest).toBe(modified);
    }
  });

  faultTest('DREAM_LIST_INCLUDES_ARCHIVED', 'the default list shows archived dreams', async () => {
    for (const [names, listed] of [
      [[], false],
      [['DREAM_LIST_INCLUDES_ARCHIVED'], true],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'canceled');
      expect((await op(t, dream.id, 'archive')).status).toBe(200);
      const list = await t.call('GET', '/v1/dreams', { betas: DREAM_BETAS });
      expect(idsOf(list).includes(dream.id)).toBe(listed);
      const all = await t.call('GET', '/v1/dreams?include_archived=true', { betas: DREAM_BETAS });
      expect(idsOf(all)).toContain(dream.id);
    }
  });

  faultTest(
    'DREAM_LIST_LEAKS_OTHER_WORKSPACES',
    "the dream list shows another workspace's dreams",
    async () => {
      for (const [names, leaked] of [
        [[], false],
        [['DREAM_LIST_LEAKS_OTHER_WORKSPACES'], true],
      ] as const) {
        const t = manual([...names]);
        const other = await t.call('POST', '/_test/organizations/demo/workspaces', {
          body: { name: 'other' },
        });
        const key = String(other.json?.workspace_key);
        const store = await t.call('POST', '/_test/memory_stores', {
          body: { workspace_id: other.json?.id },
        });
        const session = await t.call('POST', '/_test/sessions', { body: { workspace_id: other.json?.id } });
        const theirs = await t.call('POST', '/v1/dreams', {
          betas: DREAM_BETAS,
          key,
          body: {
            model: MODEL,
            inputs: [
              { type: 'memory_store', memory_store_id: store.json?.id },
              { type: 'sessions', session_ids: [session.json?.id] },
            ],
          },
        });
        expect(theirs.status, theirs.text).toBe(200);
        const mine = (await createDream(t)).dream.id;
        const list = await t.call('GET', '/v1/dreams', { betas: DREAM_BETAS });
        expect(idsOf(list).includes(String(theirs.json?.id))).toBe(leaked);
        expect(idsOf(list)).toContain(mine);
      }
    },
  );

  faultTest('DREAM_LIST_LIMIT_OVER_100_ACCEPTED', 'a limit of 101 is accepted', async () => {
    for (const [names, status] of [
      [[], 400],
      [['DREAM_LIST_LIMIT_OVER_100_ACCEPTED'], 200],
    ] as const) {
      const t = manual([...names]);
      await createDream(t);
      const res = await t.call('GET', '/v1/dreams?limit=101', { betas: DREAM_BETAS });
      expect(res.status).toBe(status);
      if (status === 400) expectErrorBody(res, 400);
    }
  });

  faultTest('DREAM_LIST_OLDEST_FIRST', 'the list is ordered oldest first', async () => {
    for (const [names, newestFirst] of [
      [[], true],
      [['DREAM_LIST_OLDEST_FIRST'], false],
    ] as const) {
      const t = manual([...names]);
      const first = (await createDream(t)).dream.id;
      t.clock.advance(1000);
      const second = (await createDream(t)).dream.id;
      const list = await t.call('GET', '/v1/dreams', { betas: DREAM_BETAS });
      expect(idsOf(list)).toEqual(newestFirst ? [second, first] : [first, second]);
    }
  });

  faultTest(
    'DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE',
    'deleting the output store of a running dream succeeds',
    async () => {
      for (const [names, status] of [
        [[], 400],
        [['DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE'], 200],
      ] as const) {
        const t = manual([...names]);
        const { dream } = await dreamIn(t, 'running');
        const output = (await get(t, dream.id)).outputs as { memory_store_id: string }[];
        const storeId = String(output[0]?.memory_store_id);
        const res = await t.call('POST', `/_test/memory_stores/${storeId}/delete`, { body: {} });
        expect(res.status).toBe(status);
        if (status === 400) expectErrorBody(res, 400);
        expect((await get(t, dream.id)).status).toBe('running');
      }
    },
  );

  faultTest(
    'DREAM_INPUT_STORE_LOSS_WRONG_ERROR',
    'losing the input store fails the dream with internal_error',
    async () => {
      for (const [names, errorType] of [
        [[], 'input_memory_store_unavailable'],
        [['DREAM_INPUT_STORE_LOSS_WRONG_ERROR'], 'internal_error'],
      ] as const) {
        for (const how of ['archive', 'delete'] as const) {
          const t = manual([...names]);
          const { dream, storeId } = await dreamIn(t, 'running');
          expect((await t.call('POST', `/_test/memory_stores/${storeId}/${how}`, { body: {} })).status).toBe(
            200,
          );
          const failed = await get(t, dream.id);
          expectValid('dreams.retrieve', 200, failed);
          expect(failed).toMatchObject({ status: 'failed', error: { type: errorType } });
        }
      }
    },
  );

  faultTest(
    'DREAM_INPUT_SESSION_LOSS_IGNORED',
    'losing an input session leaves the dream running',
    async () => {
      for (const [names, status] of [
        [[], 'failed'],
        [['DREAM_INPUT_SESSION_LOSS_IGNORED'], 'running'],
      ] as const) {
        for (const how of ['archive', 'delete'] as const) {
          const t = manual([...names]);
          const { dream, sessionId } = await dreamIn(t, 'running');
          expect((await t.call('POST', `/_test/sessions/${sessionId}/${how}`, { body: {} })).status).toBe(
            200,
          );
          const after = await get(t, dream.id);
          expect(after.status).toBe(status);
          if (status === 'failed') expect(after.error).toEqual({ type: 'input_session_unavailable' });
        }
      }
    },
  );

  faultTest('DREAM_USAGE_NOT_UPDATED', 'usage stays 0 while the pipeline runs', async () => {
    for (const [names, updated] of [
      [[], true],
      [['DREAM_USAGE_NOT_UPDATED'], false],
    ] as const) {
      const t = manual([...names]);
      const { dream } = await dreamIn(t, 'running');
      await drive(t, dream.id, 'progress');
      const usage = (await get(t, dream.id)).usage as Record<string, number>;
      expect((usage.input_tokens ?? 0) > 0).toBe(updated);
    }
  });

  faultTest('DREAM_ENDED_AT_NOT_SET', 'ended_at stays null on a terminal state', async () => {
    for (const [names, set] of [
      [[], true],
      [['DREAM_ENDED_AT_NOT_SET'], false],
    ] as const) {
      for (const status of ['completed', 'failed', 'canceled'] as const) {
        const t = manual([...names]);
        const { dream } = await dreamIn(t, status);
        const ended = await get(t, dream.id);
        expect(ended.ended_at !== null).toBe(set);
      }
    }
  });

  faultTest(
    'DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED',
    "a dream over another workspace's memory store is created and runs instead of being refused",
    async () => {
      for (const [names, refused] of [
        [[], true],
        [['DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED'], false],
      ] as const) {
        const t = manual([...names]);
        const other = await t.call('POST', '/_test/organizations/demo/workspaces', {
          body: { name: 'other' },
        });
        const store = await t.call('POST', '/_test/memory_stores', {
          body: { workspace_id: other.json?.id },
        });
        const session = await t.call('POST', '/_test/sessions', { body: {} });
        const res = await t.call('POST', '/v1/dreams', {
          betas: DREAM_BETAS,
          body: {
            model: MODEL,
            inputs: [
              { type: 'memory_store', memory_store_id: store.json?.id },
              { type: 'sessions', session_ids: [session.json?.id] },
            ],
          },
        });
        if (refused) {
          expectErrorBody(res, 404);
          continue;
        }
        expect(res.status).toBe(200);
        expect((await drive(t, String(res.json?.id), 'start')).status).toBe('running');
      }
    },
  );

  it('every dream fault of the catalog has a test here', () => {
    expect([...tested].sort()).toEqual(faults.map((f) => f.name).sort());
  });
});

describe('test control for dream fixtures', () => {
  it("reads a memory store's state: a digest that moves only when the pipeline writes, null once deleted", async () => {
    const t = manual();
    const { dream, storeId } = await createDream(t);
    const input = await storeState(t, storeId);
    expect(input).toMatchObject({ archived: false, deleted: false });
    expect(await storeState(t, storeId)).toEqual(input);
    await drive(t, dream.id, 'start');
    const output = outputOf(await get(t, dream.id));
    const started = await storeState(t, output);
    await drive(t, dream.id, 'progress');
    const progressed = await storeState(t, output);
    expect(progressed.digest).not.toBe(started.digest);
    await drive(t, dream.id, 'complete');
    expect((await storeState(t, output)).digest).not.toBe(progressed.digest);
    expect(await storeState(t, storeId)).toEqual(input);
    expect((await t.call('POST', `/_test/memory_stores/${output}/delete`, { body: {} })).status).toBe(200);
    expect(await storeState(t, output)).toMatchObject({ deleted: true, digest: null });
    expectErrorBody(await t.call('GET', '/_test/memory_stores/memstore_none'), 404);
  });

  it('failing a pending dream is refused with 409: the machine calls it impossible', async () => {
    const t = manual();
    const { dream } = await createDream(t);
    const res = await t.call('POST', `/_test/dreams/${dream.id}/fail`, { body: {} });
    expectErrorBody(res, 409);
    expect((await get(t, dream.id)).status).toBe('pending');
  });

  it('losing an input of a pending dream fails it (UNSPEC-DREAM-INPUT-LOSS-PENDING)', async () => {
    const t = manual();
    const { dream, sessionId } = await createDream(t);
    expect((await t.call('POST', `/_test/sessions/${sessionId}/delete`, { body: {} })).status).toBe(200);
    expect(await get(t, dream.id)).toMatchObject({
      status: 'failed',
      error: { type: 'input_session_unavailable' },
    });
  });

  it('deleting the output store is allowed once the dream has ended, and the dream is untouched', async () => {
    const t = manual();
    const { dream } = await dreamIn(t, 'running');
    await drive(t, dream.id, 'complete');
    const before = await get(t, dream.id);
    const storeId = String((before.outputs as { memory_store_id: string }[])[0]?.memory_store_id);
    expect((await t.call('POST', `/_test/memory_stores/${storeId}/delete`, { body: {} })).status).toBe(200);
    expect(await get(t, dream.id)).toEqual(before);
    expectErrorBody(await t.call('POST', `/_test/memory_stores/${storeId}/delete`, { body: {} }), 404);
  });

  it('losing an input of an ended dream changes nothing', async () => {
    const t = manual();
    const { dream, sessionId, storeId } = await dreamIn(t, 'completed');
    const before = await get(t, dream.id);
    expect((await t.call('POST', `/_test/sessions/${sessionId}/archive`, { body: {} })).status).toBe(200);
    expect((await t.call('POST', `/_test/memory_stores/${storeId}/delete`, { body: {} })).status).toBe(200);
    expect(await get(t, dream.id)).toEqual(before);
  });

  it('unknown sessions and stores are 404 with the error body', async () => {
    const t = manual();
    expectErrorBody(await t.call('POST', '/_test/sessions/sesn_nope/archive', { body: {} }), 404);
    expectErrorBody(await t.call('POST', '/_test/memory_stores/memstore_nope/delete', { body: {} }), 404);
  });
});
