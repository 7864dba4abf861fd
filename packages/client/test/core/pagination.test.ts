import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDescriptor, PaginationDescriptor } from '../../src/core/types.js';
import { API_KEY, testClient } from '../helpers/client.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

const PAGE: PaginationDescriptor = {
  style: 'page',
  cursorParam: 'page',
  nextField: 'next_page',
  dataField: 'data',
  limitParam: 'limit',
};
const AFTER: PaginationDescriptor = {
  style: 'after_id',
  cursorParam: 'after_id',
  hasMoreField: 'has_more',
  lastIdField: 'last_id',
  dataField: 'data',
  limitParam: 'limit',
};
const listOp = (pagination: PaginationDescriptor): OperationDescriptor => ({
  id: 'test.list',
  method: 'GET',
  path: '/v1/items',
  pathParams: [],
  betas: [],
  auth: ['workspace_key'],
  scope: null,
  pagination,
  successStatus: 200,
  responseType: 'json',
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const items = Array.from({ length: 7 }, (_, i) => ({ id: `item_${i}` }));

function pageServer() {
  server.handle((req, res) => {
    const start = Number(req.query.get('page') ?? '0');
    const limit = Number(req.query.get('limit') ?? '3');
    const data = items.slice(start, start + limit);
    json(res, 200, { data, next_page: start + limit < items.length ? String(start + limit) : null });
  });
}

function afterServer() {
  server.handle((req, res) => {
    const after = req.query.get('after_id');
    const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
    const limit = Number(req.query.get('limit') ?? '3');
    const data = items.slice(start, start + limit);
    json(res, 200, { data, has_more: start + limit < items.length, last_id: data.at(-1)?.id ?? null });
  });
}

describe('page / next_page', () => {
  it('RL-CLIENT-LOOP-NEXT-PAGE: iterates every item across pages, keeping the caller query', async () => {
    pageServer();
    const client = testClient(server.url, { apiKey: API_KEY });
    const got: string[] = [];
    for await (const item of client.core.paginate<{ id: string }, unknown>(listOp(PAGE), {
      query: { limit: 3 },
    })) {
      got.push(item.id);
    }
    expect(got).toEqual(items.map((i) => i.id));
    const pages = server.requests.slice(-3).map((r) => [r.query.get('page'), r.query.get('limit')]);
    expect(pages).toEqual([
      [null, '3'],
      ['3', '3'],
      ['6', '3'],
    ]);
  });

  it('gives pages one at a time, and the first page when awaited', async () => {
    pageServer();
    const client = testClient(server.url, { apiKey: API_KEY });
    const result = client.core.paginate<{ id: string }, { data: { id: string }[]; next_page: string | null }>(
      listOp(PAGE),
      { query: { limit: 5 } },
    );
    const first = await result;
    expect(first.data.map((i) => i.id)).toEqual(['item_0', 'item_1', 'item_2', 'item_3', 'item_4']);
    const sizes: number[] = [];
    for await (const page of result.pages()) sizes.push(page.data.length);
    expect(sizes).toEqual([5, 2]);
  });

  it('RL-CLIENT-LOOP-NEXT-PAGE: loops on next_page until it is null, even when the server says a single page', async () => {
    let n = 0;
    server.handle((_, res) => {
      n++;
      json(
        res,
        200,
        n === 1 ? { data: [{ id: 'a' }], next_page: 'more' } : { data: [{ id: 'b' }], next_page: null },
      );
    });
    const client = testClient(server.url, { apiKey: API_KEY });
    const got: string[] = [];
    for await (const item of client.core.paginate<{ id: string }, unknown>(listOp(PAGE), {}))
      got.push(item.id);
    expect(got).toEqual(['a', 'b']);
  });

  it('stops with an error when the cursor repeats', async () => {
    server.handle((_, res) => json(res, 200, { data: [{ id: 'a' }], next_page: 'same' }));
    const client = testClient(server.url, { apiKey: API_KEY });
    const run = async () => {
      for await (const _ of client.core.paginate(listOp(PAGE), {})) void _;
    };
    await expect(run()).rejects.toThrow(/cursor repeated/);
  });
});

describe('after_id / has_more / last_id', () => {
  it('iterates every item across pages', async () => {
    afterServer();
    const client = testClient(server.url, { apiKey: API_KEY });
    const got: string[] = [];
    for await (const item of client.core.paginate<{ id: string }, unknown>(listOp(AFTER), {
      query: { limit: 3 },
    })) {
      got.push(item.id);
    }
    expect(got).toEqual(items.map((i) => i.id));
    expect(server.requests.slice(-3).map((r) => r.query.get('after_id'))).toEqual([null, 'item_2', 'item_5']);
  });

  it('stops when has_more is false', async () => {
    afterServer();
    const client = testClient(server.url, { apiKey: API_KEY });
    const pages: unknown[] = [];
    for await (const page of client.core.paginate(listOp(AFTER), { query: { limit: 100 } }).pages())
      pages.push(page);
    expect(pages).toHaveLength(1);
  });
});
