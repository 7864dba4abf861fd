/**
 * Seeded faults of message batches: each test runs one scenario on a correct server and on a
 * server with the fault on, and shows the requirement the fault cites holds only on the first.
 */
import { batchRules } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { faultsIn, faultTests } from './fault-tests.js';
import { expectErrorBody, expectValid, idsOf, MODEL, setup } from './helpers.js';

const faults = faultsIn('message-batches');

type T = ReturnType<typeof setup>;
type Batch = Record<string, unknown> & { id: string; results_url: string | null };

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A new workspace of the demo organization whose `batch` group has one limiter overridden. */
async function limitedWorkspace(
  t: ReturnType<typeof setup>,
  limiter: 'enqueued_batch_requests' | 'requests_per_minute',
  value: number,
): Promise<{ id: string; workspace_key: string }> {
  const control = async (url: string, body: unknown) => {
    const res = await t.call('POST', `/_test${url}`, { key: null, body });
    expect(res.status, res.text).toBe(200);
    return res.json as { id: string; workspace_key: string };
  };
  const ws = await control('/organizations/demo/workspaces', { name: 'limited' });
  await control(`/workspaces/${ws.id}/rate_limits`, {
    overrides: [{ group_type: 'batch', limits: [{ type: limiter, value }] }],
  });
  return ws;
}

const item = (customId: string, maxTokens = 8) => ({
  custom_id: customId,
  params: { model: MODEL, max_tokens: maxTokens, messages: [{ role: 'user', content: `hi ${customId}` }] },
});

/** A request item asking for streaming (`stream: true`). */
const streamingItem = (customId: string) => {
  const plain = item(customId);
  return { ...plain, params: { ...plain.params, stream: true } };
};

async function createBatch(
  t: T,
  requests: ReturnType<typeof item>[] = [item('a'), item('b', 0)],
): Promise<Batch> {
  const res = await t.call('POST', '/v1/messages/batches', { body: { requests } });
  expect(res.status).toBe(200);
  return res.json as Batch;
}
const retrieve = async (t: T, id: string) =>
  (await t.call('GET', `/v1/messages/batches/${id}`)).json as Batch;
const results = (t: T, id: string) => t.call('GET', `/v1/messages/batches/${id}/results`);
const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { custom_id: string; result: { type: string } });
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Processes some requests of a batch through test control, holding the others unsent. */
async function processSome(t: T, id: string, customIds: string[]): Promise<Batch> {
  const res = await t.call('POST', `/_test/batches/${id}/process`, { body: { custom_ids: customIds } });
  expect(res.status, res.text).toBe(200);
  return res.json as Batch;
}

const { faultTest, tested } = faultTests(faults);

describe('seeded faults: message batches', () => {
  faultTest(
    'BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED',
    'two requests with one custom_id are accepted',
    async () => {
      for (const [names, status] of [
        [[], 400],
        [['BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED'], 200],
      ] as const) {
        const t = setup({ faults: [...names] });
        const res = await t.call('POST', '/v1/messages/batches', {
          body: { requests: [item('same'), item('same')] },
        });
        expect(res.status).toBe(status);
        if (status === 400) expectErrorBody(res, 400);
      }
    },
  );

  faultTest('BATCH_COUNTS_DO_NOT_ADD_UP', 'the counts of an ended batch exceed its requests', async () => {
    for (const [names, adds] of [
      [[], true],
      [['BATCH_COUNTS_DO_NOT_ADD_UP'], false],
    ] as const) {
      const t = setup({ faults: [...names], timings: { batchProcessingMs: 1000 } });
      const batch = await createBatch(t);
      expect(sum(batch.request_counts as Record<string, number>)).toBe(2);
      await t.advance(1000);
      const ended = await retrieve(t, batch.id);
      expect(ended.processing_status).toBe('ended');
      expect(sum(ended.request_counts as Record<string, number>) === 2).toBe(adds);
      expect(batchRules.batchRecordProblems(ended as never, 2).length === 0).toBe(adds);
    }
  });

  faultTest('BATCH_EXPIRED_RESULTS_MISSING', 'expired requests have no result line', async () => {
    for (const [names, present] of [
      [[], true],
      [['BATCH_EXPIRED_RESULTS_MISSING'], false],
    ] as const) {
      const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
      const batch = await createBatch(t);
      await t.advance(DAY);
      const ended = await retrieve(t, batch.id);
      expect(ended.request_counts).toMatchObject({ expired: 2, processing: 0 });
      const res = await results(t, batch.id);
      expect(res.status).toBe(200);
      const got = lines(res.text);
      expect(got.length === 2 && got.every((l) => l.result.type === 'expired')).toBe(present);
    }
  });

  faultTest(
    'BATCH_STREAMING_ITEM_STREAMED',
    'an item asking for streaming gets server-sent events in place of its message',
    async () => {
      for (const [names, streamed] of [
        [[], false],
        [['BATCH_STREAMING_ITEM_STREAMED'], true],
      ] as const) {
        const t = setup({ faults: [...names], timings: { batchProcessingMs: 1000 } });
        const batch = await createBatch(t, [streamingItem('s'), item('a')]);
        await t.advance(1000);
        const got = lines((await results(t, batch.id)).text) as unknown as {
          custom_id: string;
          result: Record<string, unknown>;
        }[];
        const line = got.find((l) => l.custom_id === 's');
        expect(typeof line?.result.events === 'string').toBe(streamed);
        // Without the fault the reference server ignores `stream` in an item (UNSPEC-BATCH-PARAMS-STREAMING).
        if (!streamed)
          expect(line?.result).toMatchObject({ type: 'succeeded', message: { type: 'message' } });
        expect(got.find((l) => l.custom_id === 'a')?.result.type).toBe('succeeded');
      }
    },
  );

  faultTest(
    'BATCH_STREAMING_ITEM_REFUSED_AT_CREATION',
    'a batch with an item asking for streaming is refused at creation',
    async () => {
      for (const [names, status] of [
        [[], 200],
        [['BATCH_STREAMING_ITEM_REFUSED_AT_CREATION'], 400],
      ] as const) {
        const t = setup({ faults: [...names] });
        const res = await t.call('POST', '/v1/messages/batches', {
          body: { requests: [streamingItem('s'), item('a')] },
        });
        expect(res.status).toBe(status);
        if (status === 400) expectErrorBody(res, 400);
      }
    },
  );

  faultTest(
    'BATCH_EXPIRY_PROCESSES_UNSENT',
    'the requests held unsent are processed at the expiry instead of expiring',
    async () => {
      for (const [names, expired] of [
        [[], true],
        [['BATCH_EXPIRY_PROCESSES_UNSENT'], false],
      ] as const) {
        const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
        const batch = await createBatch(t, [item('a'), item('b'), item('c', 0)]);
        await processSome(t, batch.id, ['a']);
        await t.advance(DAY);
        const got = lines((await results(t, batch.id)).text);
        const type = (id: string) => got.find((l) => l.custom_id === id)?.result.type;
        expect(type('a')).toBe('succeeded');
        expect(type('b') === 'expired' && type('c') === 'expired').toBe(expired);
      }
    },
  );

  faultTest(
    'BATCH_EXPIRY_COUNTS_ALL_EXPIRED',
    'the counts of an expired batch call the processed requests expired too',
    async () => {
      for (const [names, counts] of [
        [[], { processing: 0, succeeded: 1, errored: 0, expired: 2 }],
        [['BATCH_EXPIRY_COUNTS_ALL_EXPIRED'], { processing: 0, succeeded: 0, errored: 0, expired: 3 }],
      ] as const) {
        const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
        const batch = await createBatch(t, [item('a'), item('b'), item('c')]);
        await processSome(t, batch.id, ['a']);
        await t.advance(DAY);
        expect((await retrieve(t, batch.id)).request_counts).toMatchObject(counts);
        // The result lines are right either way.
        const got = lines((await results(t, batch.id)).text);
        expect(got.map((l) => l.result.type).sort()).toEqual(['expired', 'expired', 'succeeded']);
      }
    },
  );

  faultTest('BATCH_RESULTS_AFTER_RETENTION', 'results are served 29 days after creation', async () => {
    for (const [names, status] of [
      [[], 404],
      [['BATCH_RESULTS_AFTER_RETENTION'], 200],
    ] as const) {
      const t = setup({ faults: [...names], timings: { batchProcessingMs: 1000 } });
      const batch = await createBatch(t);
      await t.advance(29 * DAY - 1);
      expect((await results(t, batch.id)).status).toBe(200);
      await t.advance(1);
      expect((await results(t, batch.id)).status).toBe(status);
      // The batch itself stays viewable either way (BATCH-VIEWABLE-AFTER-RETENTION).
      expect((await t.call('GET', `/v1/messages/batches/${batch.id}`)).status).toBe(200);
    }
  });

  faultTest('BATCH_RESULTS_URL_EARLY', 'results_url is set while in progress', async () => {
    for (const [names, isNull] of [
      [[], true],
      [['BATCH_RESULTS_URL_EARLY'], false],
    ] as const) {
      const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
      const batch = await createBatch(t);
      expect(batch.results_url === null).toBe(isNull);
      expect((await retrieve(t, batch.id)).results_url === null).toBe(isNull);
    }
  });

  /** Walks the list with limit 2 and after_id=last_id, at most 10 pages. */
  async function walk(t: T) {
    const pages: { ids: string[]; has_more: boolean; last_id: unknown }[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await t.call('GET', `/v1/messages/batches?limit=2${after ? `&after_id=${after}` : ''}`);
      expectValid('messages.batches.list', 200, res.json);
      const page = { ids: idsOf(res), has_more: res.json?.has_more === true, last_id: res.json?.last_id };
      pages.push(page);
      if (!page.has_more || typeof page.last_id !== 'string') break;
      after = page.last_id;
    }
    return pages;
  }

  faultTest('BATCH_LIST_HAS_MORE_ON_LAST_PAGE', 'has_more is true on the last page', async () => {
    for (const [names, pageCount] of [
      [[], 2],
      [['BATCH_LIST_HAS_MORE_ON_LAST_PAGE'], 3],
    ] as const) {
      const t = setup({ faults: [...names] });
      for (let i = 0; i < 3; i++) await createBatch(t);
      const pages = await walk(t);
      expect(pages.map((p) => p.ids.length)).toEqual(pageCount === 2 ? [2, 1] : [2, 1, 0]);
      expect(pages.at(pageCount === 2 ? -1 : -2)?.has_more).toBe(pageCount !== 2);
    }
  });

  faultTest('BATCH_LIST_LAST_ID_WRONG', 'paging with after_id=last_id repeats batches', async () => {
    for (const [names, distinct] of [
      [[], true],
      [['BATCH_LIST_LAST_ID_WRONG'], false],
    ] as const) {
      const t = setup({ faults: [...names] });
      for (let i = 0; i < 3; i++) await createBatch(t);
      const seen = (await walk(t)).flatMap((p) => p.ids);
      expect(new Set(seen).size === seen.length && seen.length === 3).toBe(distinct);
    }
  });

  faultTest(
    'BATCH_ENQUEUED_LIMIT_IGNORES_OVERRIDE',
    "a workspace's enqueued_batch_requests override lets one more request through",
    async () => {
      for (const [names, status] of [
        [[], 429],
        [['BATCH_ENQUEUED_LIMIT_IGNORES_OVERRIDE'], 200],
      ] as const) {
        const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
        const ws = await limitedWorkspace(t, 'enqueued_batch_requests', 2);
        const create = (requests: unknown[]) =>
          t.call('POST', '/v1/messages/batches', { key: ws.workspace_key, body: { requests } });
        expect((await create([item('a'), item('b')])).status).toBe(200);
        const res = await create([item('c')]);
        expect(res.status).toBe(status);
        if (status === 429) expectErrorBody(res, 429);
      }
    },
  );

  faultTest(
    'BATCH_HTTP_REQUESTS_NOT_LIMITED',
    "a workspace's batch requests_per_minute override lets one more batch request through",
    async () => {
      for (const [names, status] of [
        [[], 429],
        [['BATCH_HTTP_REQUESTS_NOT_LIMITED'], 200],
      ] as const) {
        const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
        const ws = await limitedWorkspace(t, 'requests_per_minute', 2);
        const list = () => t.call('GET', '/v1/messages/batches', { key: ws.workspace_key });
        expect((await list()).status).toBe(200);
        expect((await list()).status).toBe(200);
        const res = await list();
        expect(res.status).toBe(status);
        if (status === 429) expectErrorBody(res, 429);
      }
    },
  );

  faultTest(
    'BATCH_INTERNAL_ERROR_AS_INVALID_REQUEST',
    'a request that met an internal error ends errored as an invalid request',
    async () => {
      for (const [names, type] of [
        [[], 'api_error'],
        [['BATCH_INTERNAL_ERROR_AS_INVALID_REQUEST'], 'invalid_request_error'],
      ] as const) {
        const t = setup({ faults: [...names], timings: { batchProcessingMs: null } });
        const batch = await createBatch(t, [item('a'), item('b')]);
        const done = await t.call('POST', `/_test/batches/${batch.id}/complete`, {
          key: null,
          body: { internal_errors: ['b'] },
        });
        expect(done.status).toBe(200);
        const byId = new Map(lines((await results(t, batch.id)).text).map((l) => [l.custom_id, l.result]));
        expect(byId.get('a')?.type).toBe('succeeded');
        expect(byId.get('b')).toMatchObject({ type: 'errored', error: { type: 'error', error: { type } } });
      }
    },
  );

  it('every batch fault of the catalog has a test here', () => {
    expect([...tested].sort()).toEqual(faults.map((f) => f.name).sort());
  });
});

describe('test control: processing some requests of a batch', () => {
  it('processes the requests named, holds the others unsent, and ends the batch once none is left', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const batch = await createBatch(t, [item('a'), item('b', 0), item('c')]);
    const some = await processSome(t, batch.id, ['a', 'b']);
    expect(some).toMatchObject({
      processing_status: 'in_progress',
      results_url: null,
      request_counts: { processing: 1, succeeded: 1, errored: 1, expired: 0 },
    });
    // Processed requests cannot be processed again; unknown ones are refused.
    expectErrorBody(
      await t.call('POST', `/_test/batches/${batch.id}/process`, { body: { custom_ids: ['a'] } }),
      400,
    );
    expectErrorBody(
      await t.call('POST', `/_test/batches/${batch.id}/process`, { body: { custom_ids: ['zz'] } }),
      400,
    );
    const ended = await processSome(t, batch.id, ['c']);
    expect(ended).toMatchObject({
      processing_status: 'ended',
      request_counts: { processing: 0, succeeded: 2, errored: 1, expired: 0 },
    });
    const got = lines((await results(t, batch.id)).text);
    expect(Object.fromEntries(got.map((l) => [l.custom_id, l.result.type]))).toEqual({
      a: 'succeeded',
      b: 'errored',
      c: 'succeeded',
    });
    // An ended batch has nothing left to process: the machine calls it impossible.
    expectErrorBody(
      await t.call('POST', `/_test/batches/${batch.id}/process`, { body: { custom_ids: ['c'] } }),
      409,
    );
  });

  it('holds the requests unsent past the processing time of a server that processes batches on its own', async () => {
    const t = setup({ timings: { batchProcessingMs: 1000 } });
    const batch = await createBatch(t, [item('a'), item('b')]);
    await processSome(t, batch.id, ['a']);
    await t.advance(2000);
    expect(await retrieve(t, batch.id)).toMatchObject({
      processing_status: 'in_progress',
      request_counts: { processing: 1, succeeded: 1 },
    });
    await t.advance(DAY);
    expect((await retrieve(t, batch.id)).request_counts).toMatchObject({ processing: 0, expired: 1 });
  });

  it('completing a partly processed batch keeps the results of the requests processed earlier', async () => {
    const t = setup({ timings: { batchProcessingMs: null } });
    const batch = await createBatch(t, [item('a'), item('b')]);
    await processSome(t, batch.id, ['a']);
    // Still in progress: no results yet.
    expect((await retrieve(t, batch.id)).results_url).toBeNull();
    const res = await t.call('POST', `/_test/batches/${batch.id}/complete`, {
      body: { internal_errors: ['b'] },
    });
    expect(res.status, res.text).toBe(200);
    const got = lines((await results(t, batch.id)).text);
    expect(Object.fromEntries(got.map((l) => [l.custom_id, l.result.type]))).toEqual({
      a: 'succeeded',
      b: 'errored',
    });
  });
});
