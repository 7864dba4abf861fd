import { spec, step } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import {
  DREAM_BETAS,
  errorOf,
  expectErrorBody,
  expectValid,
  idsOf,
  MODEL,
  postDream,
  setup,
} from './helpers.js';

const dreams = spec.machines.dreams!;

async function fixtures(t: ReturnType<typeof setup>) {
  const store = await t.call('POST', '/_test/memory_stores', { body: { name: 'notes' } });
  const session = await t.call('POST', '/_test/sessions', { body: {} });
  return { storeId: String(store.json?.id), sessionId: String(session.json?.id) };
}

async function createDream(t: ReturnType<typeof setup>) {
  const { storeId, sessionId } = await fixtures(t);
  const res = await t.call('POST', '/v1/dreams', {
    betas: DREAM_BETAS,
    body: {
      model: MODEL,
      instructions: 'Tidy up',
      inputs: [
        { type: 'memory_store', memory_store_id: storeId },
        { type: 'sessions', session_ids: [sessionId] },
      ],
    },
  });
  expect(res.status).toBe(200);
  return res.json as { id: string; status: string };
}

const op = (t: ReturnType<typeof setup>, id: string, action: 'cancel' | 'archive') =>
  t.call('POST', `/v1/dreams/${id}/${action}`, { betas: DREAM_BETAS });
const get = (t: ReturnType<typeof setup>, id: string) =>
  t.call('GET', `/v1/dreams/${id}`, { betas: DREAM_BETAS });

describe('dreams', () => {
  it('create answers a pending dream with empty outputs and zero usage', async () => {
    const t = setup();
    const dream = await createDream(t);
    expectValid('dreams.create', 200, dream);
    expect(dream).toMatchObject({
      status: 'pending',
      outputs: [],
      session_id: null,
      ended_at: null,
      error: null,
    });
    const again = await get(t, dream.id);
    expectValid('dreams.retrieve', 200, again.json);
    expect(again.json).toEqual(dream);
  });

  it('create rejects two memory_store inputs (cross-field rule) with 400', async () => {
    const t = setup();
    const { storeId, sessionId } = await fixtures(t);
    const res = await t.call('POST', '/v1/dreams', {
      betas: DREAM_BETAS,
      body: {
        model: MODEL,
        inputs: [
          { type: 'memory_store', memory_store_id: storeId },
          { type: 'memory_store', memory_store_id: storeId },
          { type: 'sessions', session_ids: [sessionId] },
        ],
      },
    });
    expectErrorBody(res, 400);
  });

  it('the pipeline starts and completes as the clock moves', async () => {
    const t = setup({ timings: { dreamStartMs: 1000, dreamRunMs: 5000 } });
    const dream = await createDream(t);
    await t.advance(1000);
    const running = (await get(t, dream.id)).json!;
    expectValid('dreams.retrieve', 200, running);
    expect(running.status).toBe('running');
    expect(running.session_id).toEqual(expect.any(String));
    expect(running.outputs).toHaveLength(1);
    await t.advance(5000);
    const done = (await get(t, dream.id)).json!;
    expectValid('dreams.retrieve', 200, done);
    expect(done).toMatchObject({ status: 'completed', ended_at: '2026-01-01T00:00:06.000Z' });
  });

  it('cancel of a completed dream is 400 and leaves it completed', async () => {
    const t = setup({ timings: { dreamStartMs: null, dreamRunMs: null } });
    const dream = await createDream(t);
    await t.call('POST', `/_test/dreams/${dream.id}/start`);
    await t.call('POST', `/_test/dreams/${dream.id}/complete`);
    const expected = step(dreams, 'completed', 'dreams.cancel');
    const res = await op(t, dream.id, 'cancel');
    expect(expected.outcome).toMatchObject({ kind: 'error', status: 400 });
    expectErrorBody(res, 400);
    expect((await get(t, dream.id)).json?.status).toBe('completed');
  });

  it('cancel of a failed dream is 400; the failure carries its error type', async () => {
    const t = setup({ timings: { dreamStartMs: null, dreamRunMs: null } });
    const dream = await createDream(t);
    await t.call('POST', `/_test/dreams/${dream.id}/start`);
    await t.call('POST', `/_test/dreams/${dream.id}/fail`, { body: { error_type: 'timeout' } });
    expectErrorBody(await op(t, dream.id, 'cancel'), 400);
    const failed = (await get(t, dream.id)).json!;
    expectValid('dreams.retrieve', 200, failed);
    expect(failed).toMatchObject({ status: 'failed', error: { type: 'timeout' } });
  });

  it('every cancel and archive answer matches the machine row for the state', async () => {
    for (const [prepare, state] of [
      [[], 'pending'],
      [['start'], 'running'],
      [['start', 'complete'], 'completed'],
      [['start', 'fail'], 'failed'],
    ] as const) {
      for (const action of ['cancel', 'archive'] as const) {
        const t = setup({ timings: { dreamStartMs: null, dreamRunMs: null } });
        const dream = await createDream(t);
        for (const a of prepare) await t.call('POST', `/_test/dreams/${dream.id}/${a}`);
        const expected = step(dreams, state, `dreams.${action}`);
        const res = await op(t, dream.id, action);
        const status =
          expected.outcome.kind === 'ok' || expected.outcome.kind === 'error' ? expected.outcome.status : -1;
        expect([state, action, res.status]).toEqual([state, action, status]);
        const after = (await get(t, dream.id)).json!;
        const key = after.archived_at === null ? after.status : `${after.status}:archived`;
        expect([state, action, key]).toEqual([state, action, expected.next]);
      }
    }
  });

  it('a drive that cannot happen in the state is 409 and leaves the dream as it was (the control document)', async () => {
    for (const [prepare, drive] of [
      [[], 'progress'],
      [[], 'fail'],
      [[], 'complete'],
      [['start'], 'start'],
      [['start', 'complete'], 'start'],
      [['start', 'complete'], 'progress'],
      [['start', 'fail'], 'complete'],
    ] as const) {
      const t = setup({ timings: { dreamStartMs: null, dreamRunMs: null } });
      const dream = await createDream(t);
      for (const a of prepare) await t.call('POST', `/_test/dreams/${dream.id}/${a}`);
      const before = (await get(t, dream.id)).json;
      const res = await t.call('POST', `/_test/dreams/${dream.id}/${drive}`);
      expect([prepare.join('+'), drive, res.status]).toEqual([prepare.join('+'), drive, 409]);
      expectErrorBody(res, 409);
      expect((await get(t, dream.id)).json).toEqual(before);
    }
  });

  it('progress adds to the usage of a running dream, which never decreases (the control document)', async () => {
    const t = setup({ timings: { dreamStartMs: null, dreamRunMs: null } });
    const dream = await createDream(t);
    await t.call('POST', `/_test/dreams/${dream.id}/start`);
    const sum = (d: Record<string, unknown> | undefined) =>
      Object.values((d?.usage ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
    let last = sum((await get(t, dream.id)).json);
    for (let i = 0; i < 3; i++) {
      await t.call('POST', `/_test/dreams/${dream.id}/progress`, {
        body: { input_tokens: 10, output_tokens: 5 },
      });
      const now = sum((await get(t, dream.id)).json);
      expect(now).toBeGreaterThan(last);
      last = now;
    }
  });

  it('archive is idempotent, and archived dreams leave the default list', async () => {
    const t = setup({ timings: { dreamStartMs: null, dreamRunMs: null } });
    const a = await createDream(t);
    await t.advance(1000);
    const b = await createDream(t);
    expect((await op(t, a.id, 'cancel')).status).toBe(200);
    expect((await op(t, a.id, 'cancel')).status).toBe(200);
    const archived = await op(t, a.id, 'archive');
    expect(archived.status).toBe(200);
    expect(archived.json?.archived_at).toEqual(expect.any(String));
    expect((await op(t, a.id, 'archive')).status).toBe(200);
    expectErrorBody(await op(t, b.id, 'archive'), 400);

    const list = await t.call('GET', '/v1/dreams', { betas: DREAM_BETAS });
    expect(idsOf(list)).toEqual([b.id]);
    const all = await t.call('GET', '/v1/dreams?include_archived=true', { betas: DREAM_BETAS });
    expect(idsOf(all)).toEqual([b.id, a.id]);
    expect((await get(t, a.id)).status).toBe(200);
  });

  it('lists newest first, pages with limit, and rejects limit above 100', async () => {
    const t = setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createDream(t)).id);
      await t.advance(10);
    }
    const first = await t.call('GET', '/v1/dreams?limit=2', { betas: DREAM_BETAS });
    expect(idsOf(first)).toEqual([ids[2], ids[1]]);
    const next = String(first.json?.next_page);
    const second = await t.call('GET', `/v1/dreams?limit=2&page=${next}`, { betas: DREAM_BETAS });
    expect(idsOf(second)).toEqual([ids[0]]);
    expect(second.json?.next_page).toBeNull();
    expectErrorBody(await t.call('GET', '/v1/dreams?limit=101', { betas: DREAM_BETAS }), 400);
  });

  it('an unknown dream is 404 with the error body', async () => {
    const t = setup();
    expectErrorBody(await get(t, 'drm_unknown'), 404);
  });
});

describe("dream inputs that are not the caller's (AUTH-KEY-ONE-WORKSPACE, UNSPEC-DREAM-INPUT-OWNERSHIP)", () => {
  /** A memory store and a session of a new workspace of the organization (demo: the demo one). */
  async function elsewhere(t: ReturnType<typeof setup>, organization = 'demo') {
    const ws = await t.call('POST', `/_test/organizations/${organization}/workspaces`, {
      body: { name: 'other' },
    });
    const workspace_id = ws.json?.id;
    const store = await t.call('POST', '/_test/memory_stores', { body: { workspace_id } });
    const session = await t.call('POST', '/_test/sessions', { body: { workspace_id } });
    return { storeId: String(store.json?.id), sessionId: String(session.json?.id) };
  }

  it("refuses another workspace's or organization's store or session, and an unknown id, alike: 404, nothing stored", async () => {
    const t = setup();
    const own = await fixtures(t);
    const sameOrganization = await elsewhere(t);
    const org = await t.call('POST', '/_test/organizations', { body: {} });
    const otherOrganization = await elsewhere(t, String(org.json?.organization_id));
    const unknown = {
      storeId: 'memstore_000000000000000000000000',
      sessionId: 'sesn_000000000000000000000000',
    };
    for (const other of [sameOrganization, otherOrganization, unknown]) {
      for (const [storeId, sessionId, named] of [
        [other.storeId, own.sessionId, other.storeId],
        [own.storeId, other.sessionId, other.sessionId],
      ] as const) {
        const res = await postDream(t, storeId, [sessionId]);
        expectErrorBody(res, 404);
        expect(errorOf(res)).toEqual({ type: 'not_found_error', message: expect.stringContaining(named) });
        expect(errorOf(res).message).toMatch(/^(memory store|session) "[^"]+" was not found$/);
      }
    }
    expect(t.app.reference.state.store.dreams.values()).toEqual([]);
  });

  it('under dream-inputs-checked-at-start, accepts them and fails the dream when its pipeline starts', async () => {
    const t = setup({ variants: ['dream-inputs-checked-at-start'], timings: { dreamStartMs: null } });
    const own = await fixtures(t);
    const other = await elsewhere(t);
    const created = await postDream(t, other.storeId, [own.sessionId]);
    expect(created.status).toBe(200);
    const started = await t.call('POST', `/_test/dreams/${created.json?.id}/start`, { body: {} });
    expect(started.json).toMatchObject({
      status: 'failed',
      error: { type: 'input_memory_store_unavailable' },
    });
  });
});
