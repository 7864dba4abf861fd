/**
 * The reference server as a sandbox: a wall clock that test control can move and freeze, batches
 * and dreams that progress on their own, usage recorded from traffic, per-workspace indexes and
 * the per-workspace cap on stored objects (UNSPEC-WS-STORED-OBJECTS-CAP). The wall clock is
 * injected: no test reads real time.
 */
import { workspaceRules } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { SandboxClock } from '../src/clock.js';
import { Schedule } from '../src/lifecycle/schedule.js';
import { IndexedTable } from '../src/store.js';
import { admin, dataOf } from './admin/admin-helpers.js';
import {
  DREAM_BETAS,
  errorOf,
  expectErrorBody,
  MODEL,
  postDream,
  SESSION_BETAS,
  sessionWithMemoryStore,
  setup,
} from './helpers.js';

const BATCHES = '/v1/messages/batches';
const START = '2026-01-01T00:00:00.000Z';
const turn = [{ role: 'user', content: 'hello there' }];
const batchBody = (...ids: string[]) => ({
  requests: ids.map((custom_id) => ({ custom_id, params: { model: MODEL, max_tokens: 8, messages: turn } })),
});

/** A wall clock the test moves by hand. */
function fakeWall(start = Date.parse(START)) {
  let now = start;
  return { read: () => now, pass: (ms: number) => (now += ms), back: (ms: number) => (now -= ms) };
}

describe('SandboxClock', () => {
  it('follows the wall clock, moves forward on request and never goes back', () => {
    const wall = fakeWall();
    const clock = new SandboxClock(wall.read);
    expect(clock.now()).toBe(Date.parse(START));
    wall.pass(1_000);
    expect(clock.now()).toBe(Date.parse(START) + 1_000);
    clock.advance(60_000);
    expect(clock.now()).toBe(Date.parse(START) + 61_000);
    wall.back(5_000);
    expect(clock.now()).toBe(Date.parse(START) + 61_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('stands still while frozen (advance still moves it) and resumes from where it stood', () => {
    const wall = fakeWall();
    const clock = new SandboxClock(wall.read);
    const at = clock.freeze();
    wall.pass(10_000);
    expect(clock.now()).toBe(at);
    expect(clock.advance(500)).toBe(at + 500);
    clock.resume();
    expect(clock.now()).toBe(at + 500);
    wall.pass(1_000);
    expect(clock.now()).toBe(at + 1_500);
  });
});

describe('Schedule', () => {
  it('hands out due entries earliest first, in scheduling order on ties, and nothing early', () => {
    const s = new Schedule();
    for (const [at, id] of [
      [30, 'c'],
      [10, 'a'],
      [20, 'b1'],
      [20, 'b2'],
      [40, 'd'],
    ] as const) {
      s.add(at, 'batch', id);
    }
    const taken: string[] = [];
    for (let e = s.takeDue(30); e !== null; e = s.takeDue(30)) taken.push(e.id);
    expect(taken).toEqual(['a', 'b1', 'b2', 'c']);
    expect(s.takeDue(39)).toBeNull();
    expect(s.takeDue(40)?.id).toBe('d');
    expect(s.size).toBe(0);
  });
});

describe('IndexedTable', () => {
  it('answers a group in insertion order, follows moves between groups and forgets deleted records', () => {
    const t = new IndexedTable<{ id: string; owner: string }, 'owner'>({ owner: (r) => r.owner });
    t.put({ id: '1', owner: 'a' });
    t.put({ id: '2', owner: 'b' });
    t.put({ id: '3', owner: 'a' });
    t.put({ id: '1', owner: 'a' });
    expect(t.group('owner', 'a').map((r) => r.id)).toEqual(['1', '3']);
    t.put({ id: '3', owner: 'b' });
    expect(t.group('owner', 'b').map((r) => r.id)).toEqual(['2', '3']);
    t.delete('2');
    expect(t.group('owner', 'b').map((r) => r.id)).toEqual(['3']);
    expect(t.groupSize('owner', 'a')).toBe(1);
    expect(t.group('owner', 'none')).toEqual([]);
  });
});

describe('on the wall clock', () => {
  function sandbox(timings = { batchProcessingMs: 2_000, dreamStartMs: 1_000, dreamRunMs: 3_000 }) {
    const wall = fakeWall();
    const clock = new SandboxClock(wall.read);
    return { ...setup({ clock, timings }), wall };
  }

  it('a batch ends on its own after its processing time and its results download', async () => {
    const t = sandbox();
    const created = await t.call('POST', BATCHES, { body: batchBody('a', 'b') });
    expect(created.json?.processing_status).toBe('in_progress');
    t.wall.pass(1_999);
    const early = await t.call('GET', `${BATCHES}/${created.json?.id}`);
    expect(early.json?.processing_status).toBe('in_progress');
    t.wall.pass(1);
    const ended = await t.call('GET', `${BATCHES}/${created.json?.id}`);
    expect(ended.json).toMatchObject({
      processing_status: 'ended',
      ended_at: '2026-01-01T00:00:02.000Z',
      request_counts: { succeeded: 2 },
    });
    const results = await t.call('GET', new URL(String(ended.json?.results_url)).pathname);
    expect(results.status).toBe(200);
    expect(
      results.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).result.type),
    ).toEqual(['succeeded', 'succeeded']);
  });

  it('a dream goes pending, running, completed on its own', async () => {
    const t = sandbox();
    const { storeId, sessionId } = await sessionWithMemoryStore(t, 'notes');
    const id = String((await postDream(t, storeId, [sessionId])).json?.id);
    const status = async () => (await t.call('GET', `/v1/dreams/${id}`, { betas: DREAM_BETAS })).json?.status;
    expect(await status()).toBe('pending');
    t.wall.pass(1_000);
    expect(await status()).toBe('running');
    t.wall.pass(3_000);
    expect(await status()).toBe('completed');
  });

  it('test control freezes the clock, moves it forward and resumes it', async () => {
    const t = sandbox({ batchProcessingMs: 60_000, dreamStartMs: 1_000, dreamRunMs: 60_000 });
    const state = await t.call('GET', '/_test/state', { key: null });
    expect(state.json).toMatchObject({ now: START, clock: 'wall' });
    const frozen = await t.call('POST', '/_test/clock/freeze', { key: null });
    expect(frozen.json).toEqual({ now: START, mode: 'wall (frozen)' });
    const id = String((await t.call('POST', BATCHES, { body: batchBody('a') })).json?.id);
    t.wall.pass(120_000);
    expect((await t.call('GET', `${BATCHES}/${id}`)).json?.processing_status).toBe('in_progress');
    await t.advance(60_000);
    expect((await t.call('GET', `${BATCHES}/${id}`)).json?.processing_status).toBe('ended');
    const resumed = await t.call('POST', '/_test/clock/resume', { key: null });
    expect(resumed.json).toEqual({ now: '2026-01-01T00:01:00.000Z', mode: 'wall' });
    t.wall.pass(1_000);
    expect((await t.call('GET', '/_test/state', { key: null })).json?.now).toBe('2026-01-01T00:01:01.000Z');
  });

  it('a manual clock cannot be resumed: it moves only when advanced', async () => {
    const t = setup();
    expect((await t.call('POST', '/_test/clock/freeze', { key: null })).json?.mode).toBe('manual');
    expectErrorBody(await t.call('POST', '/_test/clock/resume', { key: null }), 409);
  });
});

describe('usage from traffic', () => {
  const REPORT = `/v1/organizations/usage_report/messages?starting_at=${START}&ending_at=2026-01-02T00:00:00Z&bucket_width=1d&group_by[]=workspace_id`;
  type Result = { workspace_id: string | null; input_tokens: number; output_tokens: number };
  const results = async (a: ReturnType<typeof admin>) =>
    dataOf<{ results: Result[] }>(await a.get(REPORT)).flatMap((b) => b.results);

  it("messages.create is the caller workspace's usage, the Default Workspace as null; token counting is not", async () => {
    const a = admin();
    const message = { model: MODEL, max_tokens: 16, messages: turn };
    await a.call('POST', '/v1/messages/count_tokens', { body: { model: MODEL, messages: turn } });
    expect(await results(a)).toEqual([]);
    const sent = await a.call('POST', '/v1/messages', { body: message });
    expect(sent.status).toBe(200);
    const usage = sent.json?.usage as { input_tokens: number; output_tokens: number };
    const defaultKey = await a.control('POST', '/organizations/demo/keys', { workspace_id: 'default' });
    await a.call('POST', '/v1/messages', { body: message, key: String(defaultKey.key) });
    expect(await results(a)).toEqual([
      expect.objectContaining({ workspace_id: null, ...usage }),
      expect.objectContaining({ workspace_id: a.demo.workspaceId, ...usage }),
    ]);
  });

  it("a batch's succeeded requests are its workspace's usage when processing ends", async () => {
    const a = admin();
    await a.call('POST', BATCHES, { body: batchBody('a', 'b') });
    expect(await results(a)).toEqual([]);
    await a.advance(60_000);
    const [row] = await results(a);
    expect(row?.workspace_id).toBe(a.demo.workspaceId);
    expect(row?.output_tokens).toBeGreaterThan(0);
  });
});

describe('stored objects per workspace (UNSPEC-WS-STORED-OBJECTS-CAP)', () => {
  it('the spec names the default cap', () => {
    expect(workspaceRules.STORED_OBJECTS_PER_WORKSPACE).toBe(10_000);
  });

  it('one batch, dream or session over the cap is a 400 naming it; other workspaces are not held to it', async () => {
    const a = admin({ storedObjectsCap: 2 });
    for (const id of ['a', 'b'])
      expect((await a.call('POST', BATCHES, { body: batchBody(id) })).status).toBe(200);
    const over = await a.call('POST', BATCHES, { body: batchBody('c') });
    expectErrorBody(over, 400);
    expect(errorOf(over).message).toContain('(2)');
    expect(dataOf(await a.call('GET', BATCHES))).toHaveLength(2);

    const other = await a.control('POST', '/organizations/demo/keys', { workspace_id: 'default' });
    expect((await a.call('POST', BATCHES, { body: batchBody('a'), key: String(other.key) })).status).toBe(
      200,
    );

    const { storeId, sessionId } = await sessionWithMemoryStore(a, 'notes');
    for (let i = 0; i < 2; i++) expect((await postDream(a, storeId, [sessionId])).status).toBe(200);
    expectErrorBody(await postDream(a, storeId, [sessionId]), 400);
    const session = () =>
      a.call('POST', '/v1/sessions', {
        body: { agent: 'agent_1', environment_id: 'env_1', resources: [] },
        betas: SESSION_BETAS,
      });
    expect((await session()).status).toBe(200);
    expectErrorBody(await session(), 400);
  });
});
