import { batchRules } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import { describe, expect, it } from 'vitest';
import { expectErrorBody, expectValid, idsOf, MODEL, setup } from './helpers.js';

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
