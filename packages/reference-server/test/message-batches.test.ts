import { batchRules } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import { describe, expect, it } from 'vitest';
import { batchEnqueuedChanged } from '../src/message-batches/enqueued.js';
import { setupFederation } from './federation/helpers.js';
import { errorOf, expectErrorBody, expectValid, idsOf, MODEL, setup } from './helpers.js';

const requests = [
  { custom_id: 'a', params: { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'one' }] } },
  { custom_id: 'b', params: { model: MODEL, max_tokens: 0, messages: [{ role: 'user', content: 'two' }] } },
];

async function results(t: ReturnType<typeof setup>, resultsUrl: string) {
  const res = await t.call('GET', new URL(resultsUrl).pathname);
  return {
    res,
    lines: res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('message batches', () => {
  it('create answers in_progress with processing equal to the number of requests', async () => {
    const t = setup();
    const res = await t.call('POST', '/v1/messages/batches', { body: { requests } });
    expect(res.status).toBe(200);
    expectValid('messages.batches.create', 200, res.json);
    expect(res.json).toMatchObject({ processing_status: 'in_progress', results_url: null, ended_at: null });
    expect(res.json?.request_counts).toEqual({
      processing: 2,
      succeeded: 0,
      errored: 0,
      canceled: 0,
      expired: 0,
    });
    expect(batchRules.batchRecordProblems(res.json as never, 2)).toEqual([]);
  });

  it('rejects duplicate custom_id values with 400', async () => {
    const t = setup();
    const dup = [requests[0], { ...requests[0] }];
    expectErrorBody(await t.call('POST', '/v1/messages/batches', { body: { requests: dup } }), 400);
  });

  it('ends when processing completes; results are JSON lines at results_url', async () => {
    const t = setup({ timings: { batchProcessingMs: 60_000 } });
    const created = (await t.call('POST', '/v1/messages/batches', { body: { requests } })).json!;
    const early = await t.call('GET', `/v1/messages/batches/${created.id}/results`);
    expectErrorBody(early, 404);
    await t.advance(60_000);
    const ended = await t.call('GET', `/v1/messages/batches/${created.id}`);
    expectValid('messages.batches.retrieve', 200, ended.json);
    expect(batchRules.batchRecordProblems(ended.json as never, 2)).toEqual([]);
    expect(ended.json).toMatchObject({ processing_status: 'ended', ended_at: '2026-01-01T00:01:00.000Z' });
    expect(ended.json?.request_counts).toEqual({
      processing: 0,
      succeeded: 1,
      errored: 1,
      canceled: 0,
      expired: 0,
    });
    const { res, lines } = await results(t, String(ended.json?.results_url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    for (const line of lines)
      expect(validateSchema('MessageBatchResult', line, { mode: 'strict' }).ok).toBe(true);
    const byId = Object.fromEntries(lines.map((l) => [l.custom_id, l.result as { type: string }]));
    expect(byId.a?.type).toBe('succeeded');
    expect(byId.b).toMatchObject({ type: 'errored', error: { error: { type: 'invalid_request_error' } } });
  });

  it('answers the results at results_url with `/` appended, as a client generated from the document asks', async () => {
    const t = setup({ timings: { batchProcessingMs: 60_000 } });
    const created = (await t.call('POST', '/v1/messages/batches', { body: { requests } })).json!;
    expectErrorBody(await t.call('GET', `/v1/messages/batches/${created.id}/results/`), 404);
    await t.advance(60_000);
    const ended = (await t.call('GET', `/v1/messages/batches/${created.id}`)).json!;
    const exact = await results(t, String(ended.results_url));
    const slashed = await results(t, `${String(ended.results_url)}/`);
    expect(slashed.res.status).toBe(200);
    expect(slashed.res.headers['content-type']).toContain('application/x-ndjson');
    expect(slashed.lines).toEqual(exact.lines);
    // Only the results: another operation's path with `/` appended is no route.
    expectErrorBody(await t.call('GET', `/v1/messages/batches/${created.id}/`), 404);
  });

  it('completing an ended batch is 409 and leaves it as it was (the control document)', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const created = (await t.call('POST', '/v1/messages/batches', { body: { requests } })).json!;
    expect((await t.call('POST', `/_test/batches/${created.id}/complete`, { body: {} })).status).toBe(200);
    const ended = (await t.call('GET', `/v1/messages/batches/${created.id}`)).json;
    const again = await t.call('POST', `/_test/batches/${created.id}/complete`, { body: {} });
    expectErrorBody(again, 409);
    expect((await t.call('GET', `/v1/messages/batches/${created.id}`)).json).toEqual(ended);
  });

  it('expires unsent requests at the 24-hour deadline', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const created = (await t.call('POST', '/v1/messages/batches', { body: { requests } })).json!;
    await t.advance(batchRules.PROCESSING_DEADLINE_MS - 1);
    expect((await t.call('GET', `/v1/messages/batches/${created.id}`)).json?.processing_status).toBe(
      'in_progress',
    );
    await t.advance(1);
    const ended = (await t.call('GET', `/v1/messages/batches/${created.id}`)).json!;
    expectValid('messages.batches.retrieve', 200, ended);
    expect(ended.ended_at).toBe(created.expires_at);
    expect(ended.request_counts).toEqual({
      processing: 0,
      succeeded: 0,
      errored: 0,
      canceled: 0,
      expired: 2,
    });
    const { lines } = await results(t, String(ended.results_url));
    expect(lines.map((l) => (l.result as { type: string }).type)).toEqual(['expired', 'expired']);
  });

  it('results are unavailable after the 29-day retention, the batch stays readable', async () => {
    const t = setup();
    const created = (await t.call('POST', '/v1/messages/batches', { body: { requests } })).json!;
    await t.advance(batchRules.RESULTS_RETENTION_MS);
    expectErrorBody(await t.call('GET', `/v1/messages/batches/${created.id}/results`), 404);
    expect((await t.call('GET', `/v1/messages/batches/${created.id}`)).status).toBe(200);
  });

  it('lists the workspace batches with after_id, has_more and last_id', async () => {
    const t = setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(String((await t.call('POST', '/v1/messages/batches', { body: { requests } })).json?.id));
    }
    const first = await t.call('GET', '/v1/messages/batches?limit=2');
    expectValid('messages.batches.list', 200, first.json);
    expect(idsOf(first)).toEqual([ids[2], ids[1]]);
    expect(first.json).toMatchObject({ has_more: true, last_id: ids[1] });
    const second = await t.call('GET', `/v1/messages/batches?limit=2&after_id=${ids[1]}`);
    expect(idsOf(second)).toEqual([ids[0]]);
    expect(second.json).toMatchObject({ has_more: false, last_id: ids[0] });
  });
});

type T = ReturnType<typeof setup>;

/** A batch of `n` valid requests. */
const batchOf = (n: number) => ({
  requests: Array.from({ length: n }, (_, i) => ({
    custom_id: `r${i}`,
    params: { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: `hi ${i}` }] },
  })),
});
const createBatch = (t: T, key: string, n: number) =>
  t.call('POST', '/v1/messages/batches', { key, body: batchOf(n) });

/** The fields of the test-control answers read here (each answer has the ones it is about). */
type Controlled = { id: string; workspace_key: string; key: string; organization_id: string };

async function control(t: T, url: string, body: unknown) {
  const res = await t.call('POST', `/_test${url}`, { key: null, body });
  expect(res.status, res.text).toBe(200);
  return res.json as Controlled;
}

/** Sets a workspace's `enqueued_batch_requests` override through test control. */
const limitEnqueued = (t: T, workspaceId: string, value: number) =>
  control(t, `/workspaces/${workspaceId}/rate_limits`, {
    overrides: [{ group_type: 'batch', limits: [{ type: 'enqueued_batch_requests', value }] }],
  });

/** A new workspace of the demo organization with an `enqueued_batch_requests` override. */
async function limitedWorkspace(t: T, value = 2): Promise<{ id: string; key: string }> {
  const ws = await control(t, '/organizations/demo/workspaces', { name: 'limited' });
  await limitEnqueued(t, ws.id, value);
  return { id: ws.id, key: ws.workspace_key };
}

/** The refusal of a batch over an enqueued_batch_requests limit (UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR). */
function expectRefused(res: Awaited<ReturnType<T['call']>>) {
  expectErrorBody(res, 429);
  expect(errorOf(res).type).toBe('rate_limit_error');
  expect(errorOf(res).message).toContain('enqueued_batch_requests');
}

describe('the enqueued_batch_requests limit (BATCH-RATE-LIMIT-ENQUEUED)', () => {
  it('with a workspace override of 2, a 2-request batch is created and a 1-request batch is refused with 429 rate_limit_error', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const ws = await limitedWorkspace(t);
    const first = await createBatch(t, ws.key, 2);
    expect(first.status, first.text).toBe(200);
    expectRefused(await createBatch(t, ws.key, 1));
    // The refused batch was not stored.
    expect(idsOf(await t.call('GET', '/v1/messages/batches', { key: ws.key }))).toEqual([first.json?.id]);
  });

  it('refuses a batch larger than the limit even when nothing is enqueued (UNSPEC-BATCH-ENQUEUED-COUNT)', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const ws = await limitedWorkspace(t);
    expectRefused(await createBatch(t, ws.key, 3));
    expect((await createBatch(t, ws.key, 2)).status).toBe(200);
  });

  it('once the batch ends, driven by test control, the workspace can create again', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const ws = await limitedWorkspace(t);
    const first = await createBatch(t, ws.key, 2);
    expectRefused(await createBatch(t, ws.key, 1));
    await control(t, `/batches/${first.json?.id}/complete`, {});
    expect((await createBatch(t, ws.key, 2)).status).toBe(200);
    expectRefused(await createBatch(t, ws.key, 1));
  });

  it('once the batch ends on the clock (processing done, or the 24-hour expiry), the workspace can create again', async () => {
    for (const [batchProcessingMs, after] of [
      [60_000, 60_000],
      [null, batchRules.PROCESSING_DEADLINE_MS],
    ] as const) {
      const t = setup({ timings: { batchProcessingMs } });
      const ws = await limitedWorkspace(t);
      expect((await createBatch(t, ws.key, 2)).status).toBe(200);
      await t.advance(after - 1);
      expectRefused(await createBatch(t, ws.key, 1));
      await t.advance(1);
      expect((await createBatch(t, ws.key, 1)).status).toBe(200);
    }
  });

  it('another workspace is not limited by the override', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const ws = await limitedWorkspace(t);
    expect((await createBatch(t, ws.key, 2)).status).toBe(200);
    expectRefused(await createBatch(t, ws.key, 1));
    // The demo workspace has no override: the organization's 500,000 applies.
    expect((await createBatch(t, t.demo.workspaceKey, 3)).status).toBe(200);
    const other = await limitedWorkspace(t, 3);
    expect((await createBatch(t, other.key, 3)).status).toBe(200);
  });

  it('an access token minted under a rule for the workspace is limited the same way (RULE-WORKSPACE-LIMITS-APPLY)', async () => {
    const f = await setupFederation({ timings: { batchProcessingMs: null } });
    await limitEnqueued(f, f.demo.workspaceId, 2);
    const token = await f.token();
    const byToken = (n: number) => f.bearer('POST', '/v1/messages/batches', token, { body: batchOf(n) });
    const first = await byToken(2);
    expect(first.status, first.text).toBe(200);
    // The token's batch counts for the workspace's keys, and the token is refused like them.
    expectRefused(await createBatch(f, f.demo.workspaceKey, 1));
    const refused = await byToken(1);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    await control(f, `/batches/${JSON.parse(first.text).id}/complete`, {});
    expect((await byToken(2)).status).toBe(200);
  });

  it("the organization's limit caps the requests enqueued across its workspaces, the Default Workspace included (WS-LIMIT-ORG-ALWAYS-APPLIES)", async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const big = await createBatch(t, t.demo.workspaceKey, 1);
    // The demo workspace's batch stands for 499,998 enqueued requests (a real batch holds at most
    // 100,000): the organization's limit is 500,000.
    const { state } = t.app.reference;
    const record = state.store.batches.get(String(big.json?.id))!;
    record.batch = {
      ...record.batch,
      request_counts: { ...record.batch.request_counts, processing: 499_998 },
    };
    // The server keeps the enqueued count as batches change; this change is made here.
    batchEnqueuedChanged(state, record, 1);
    const { key: defaultKey } = await control(t, '/organizations/demo/keys', { workspace_id: 'default' });
    expect((await createBatch(t, defaultKey, 2)).status).toBe(200);
    const refused = await createBatch(t, defaultKey, 1);
    expectRefused(refused);
    expect(errorOf(refused).message).toContain('organization');
    const ws = await limitedWorkspace(t, 10);
    expectRefused(await createBatch(t, ws.key, 1));
    // Another organization's Default Workspace has its own count.
    const org = await control(t, '/organizations', { name: 'other' });
    const other = await control(t, `/organizations/${org.organization_id}/keys`, {});
    expect((await createBatch(t, other.key, 2)).status).toBe(200);
  });

  it('test control makes chosen requests meet an internal error, with the error type it names', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const requests = ['a', 'b', 'c'].map((id) => ({
      custom_id: id,
      params: { model: MODEL, max_tokens: id === 'c' ? 0 : 8, messages: [{ role: 'user', content: id }] },
    }));
    const created = await t.call('POST', '/v1/messages/batches', { body: { requests } });
    const id = String(created.json?.id);
    const complete = (body: unknown) => t.call('POST', `/_test/batches/${id}/complete`, { key: null, body });
    // Only the batch's own custom ids, and any error type but the one of an invalid request.
    expectErrorBody(await complete({ internal_errors: ['zz'] }), 400);
    expectErrorBody(await complete({ internal_errors: 'a' }), 400);
    expectErrorBody(await complete({ internal_errors: ['a'], error_type: 'invalid_request_error' }), 400);
    const ended = await complete({ internal_errors: ['a', 'c'], error_type: 'overloaded_error' });
    expect(ended.status).toBe(200);
    expect(ended.json?.request_counts).toEqual({
      processing: 0,
      succeeded: 1,
      errored: 2,
      canceled: 0,
      expired: 0,
    });
    const { lines } = await results(
      t,
      String((await t.call('GET', `/v1/messages/batches/${id}`)).json?.results_url),
    );
    const byId = new Map(lines.map((l) => [l.custom_id, l.result]));
    expect(byId.get('a')).toMatchObject({ type: 'errored', error: { error: { type: 'overloaded_error' } } });
    expect(byId.get('b')).toMatchObject({ type: 'succeeded' });
    // An invalid request stays an invalid request, whatever else happened to it.
    expect(byId.get('c')).toMatchObject({
      type: 'errored',
      error: { error: { type: 'invalid_request_error' } },
    });
  });
});

/** Sets a workspace's overrides of the `batch` group through test control. */
const limitBatch = (t: T, workspaceId: string, limits: { type: string; value: number }[]) =>
  control(t, `/workspaces/${workspaceId}/rate_limits`, { overrides: [{ group_type: 'batch', limits }] });

/** The refusal of a batch request over a requests_per_minute limit (UNSPEC-BATCH-HTTP-RATE-COUNT). */
function expectRateLimited(res: Awaited<ReturnType<T['call']>>) {
  expectErrorBody(res, 429);
  expect(errorOf(res).type).toBe('rate_limit_error');
  expect(errorOf(res).message).toContain('requests_per_minute');
}

describe('the requests_per_minute limit of batch HTTP requests (BATCH-RATE-LIMIT-HTTP)', () => {
  it('with a workspace override of 2, two batch requests are answered and every batch endpoint then refuses with 429 rate_limit_error until a minute has passed', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const ws = await control(t, '/organizations/demo/workspaces', { name: 'limited' });
    await limitBatch(t, ws.id, [{ type: 'requests_per_minute', value: 2 }]);
    const key = ws.workspace_key;
    const created = await createBatch(t, key, 1);
    expect(created.status, created.text).toBe(200);
    const id = String(created.json?.id);
    await control(t, `/batches/${id}/complete`, {});
    expect((await t.call('GET', '/v1/messages/batches', { key })).status).toBe(200);
    for (const url of [
      `/v1/messages/batches/${id}`,
      `/v1/messages/batches/${id}/results`,
      '/v1/messages/batches',
    ]) {
      expectRateLimited(await t.call('GET', url, { key }));
    }
    expectRateLimited(await createBatch(t, key, 1));
    // The demo workspace (no override: the organization's value) is not limited by it.
    expect((await t.call('GET', '/v1/messages/batches')).status).toBe(200);
    // The minute runs from the first request; the refused ones did not count.
    await t.advance(60_000 - 1);
    expectRateLimited(await t.call('GET', '/v1/messages/batches', { key }));
    await t.advance(1);
    expect((await t.call('GET', `/v1/messages/batches/${id}/results`, { key })).status).toBe(200);
    expect((await t.call('GET', '/v1/messages/batches', { key })).status).toBe(200);
    expectRateLimited(await t.call('GET', `/v1/messages/batches/${id}`, { key }));
  });

  it('the enqueued_batch_requests limit still counts beside it, each refusal naming its limiter', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const ws = await control(t, '/organizations/demo/workspaces', { name: 'limited' });
    await limitBatch(t, ws.id, [
      { type: 'requests_per_minute', value: 3 },
      { type: 'enqueued_batch_requests', value: 2 },
    ]);
    const key = ws.workspace_key;
    expect((await createBatch(t, key, 2)).status).toBe(200);
    expectRefused(await createBatch(t, key, 1));
    expect((await t.call('GET', '/v1/messages/batches', { key })).status).toBe(200);
    expectRateLimited(await t.call('GET', '/v1/messages/batches', { key }));
  });

  it("the organization's value caps the batch requests of all its workspaces together (WS-LIMIT-ORG-ALWAYS-APPLIES)", async () => {
    // The other configuration: 1,000 batch requests per minute for the organization.
    const t = setup({ variants: ['rate-limits-other'], timings: { batchProcessingMs: null } });
    const ws = await control(t, '/organizations/demo/workspaces', { name: 'other' });
    for (let i = 0; i < 999; i++) {
      const res = await t.call('GET', '/v1/messages/batches');
      if (res.status !== 200) throw new Error(`request ${i}: ${res.status} ${res.text}`);
    }
    expect((await createBatch(t, ws.workspace_key, 1)).status).toBe(200);
    const refused = await t.call('GET', '/v1/messages/batches', { key: ws.workspace_key });
    expectRateLimited(refused);
    expect(errorOf(refused).message).toContain('organization');
    // Another organization has its own count.
    const org = await control(t, '/organizations', { name: 'other' });
    const other = await control(t, `/organizations/${org.organization_id}/keys`, {});
    expect((await t.call('GET', '/v1/messages/batches', { key: other.key })).status).toBe(200);
  });

  it('an access token minted under a rule for the workspace is limited the same way (RULE-WORKSPACE-LIMITS-APPLY)', async () => {
    const f = await setupFederation({ timings: { batchProcessingMs: null } });
    await limitBatch(f, f.demo.workspaceId, [{ type: 'requests_per_minute', value: 1 }]);
    const token = await f.token();
    expect((await f.bearer('GET', '/v1/messages/batches', token)).status).toBe(200);
    expectRateLimited(await f.call('GET', '/v1/messages/batches'));
    const refused = await f.bearer('GET', '/v1/messages/batches', token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  });
});
