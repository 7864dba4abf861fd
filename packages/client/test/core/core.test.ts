import { Readable } from 'node:stream';
import { fillPath, vendor } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorClient } from '../../src/client.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  CredentialsError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
} from '../../src/core/errors.js';
import type { OperationDescriptor } from '../../src/core/types.js';
import { operations } from '../../src/generated/operations.js';
import { ADMIN_KEY, API_KEY, testClient } from '../helpers/client.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

const V = vendor.headers.version;
const B = vendor.headers.beta;

const op = (over: Partial<OperationDescriptor> = {}): OperationDescriptor => ({
  id: 'test.op',
  method: 'GET',
  path: '/v1/things/{thing_id}',
  pathParams: ['thing_id'],
  betas: [],
  auth: ['workspace_key', 'access_token'],
  scope: null,
  pagination: { style: 'none' },
  successStatus: 200,
  responseType: 'json',
  ...over,
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });

describe('headers', () => {
  it('VERSION-HEADER-EVERY-REQUEST: sends the version header, a user-agent and x-api-key for an API key', async () => {
    server.handle((_, res) => json(res, 200, { ok: true }));
    const client = testClient(server.url, { apiKey: API_KEY });
    const body = await client.call(op(), {
      path: { thing_id: 'a b' },
      query: { limit: 2, tags: ['x', 'y'], skip: undefined },
    });
    expect(body).toEqual({ ok: true });
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/v1/things/a%20b');
    expect(req.query.get('limit')).toBe('2');
    expect(req.query.getAll('tags')).toEqual(['x', 'y']);
    expect(req.query.has('skip')).toBe(false);
    expect(req.headers[V]).toBe(vendor.apiVersion);
    expect(req.headers['x-api-key']).toBe(API_KEY);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers['user-agent']).toMatch(/^vendor-api-client-typescript\//);
    expect(req.headers[B]).toBeUndefined();
  });

  it('merges required and caller betas, comma-separated, without duplicates', async () => {
    server.handle((_, res) => json(res, 200, {}));
    const client = testClient(server.url, { apiKey: API_KEY, betas: ['files-api-2025-04-14'] });
    await client.call(
      op({ betas: ['managed-agents-2026-04-01', 'dreaming-2026-04-21'] }),
      { path: { thing_id: 'x' } },
      {
        betas: ['dreaming-2026-04-21', 'skills-2025-10-02'],
        headers: {
          [B]: 'managed-agents-2026-04-01, context-1m-2025-08-07',
          [V]: 'bogus',
          'x-api-key': 'bogus',
          'x-extra': '1',
        },
      },
    );
    const req = server.requests.at(-1)!;
    expect(req.headers[B]).toBe(
      'managed-agents-2026-04-01,dreaming-2026-04-21,files-api-2025-04-14,skills-2025-10-02,context-1m-2025-08-07',
    );
    expect(req.headers[V]).toBe(vendor.apiVersion);
    expect(req.headers['x-api-key']).toBe(API_KEY);
    expect(req.headers['x-extra']).toBe('1');
  });

  it('sends Authorization: Bearer for an auth token', async () => {
    server.handle((_, res) => json(res, 200, {}));
    const client = testClient(server.url, { authToken: 'sk-vendor-oat01-TOKEN-123456' });
    await client.call(op(), { path: { thing_id: 'x' } });
    const req = server.requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer sk-vendor-oat01-TOKEN-123456');
    expect(req.headers['x-api-key']).toBeUndefined();
  });

  it('uses the admin key for admin-only operations and the API key elsewhere', async () => {
    server.handle((_, res) => json(res, 200, {}));
    const client = testClient(server.url, { apiKey: API_KEY, adminKey: ADMIN_KEY });
    await client.call(op({ auth: ['admin_key'] }), { path: { thing_id: 'x' } });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe(ADMIN_KEY);
    await client.call(op(), { path: { thing_id: 'x' } });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe(API_KEY);
  });

  it('fails before sending when no credential resolves', async () => {
    const before = server.requests.length;
    const client = testClient(server.url);
    await expect(client.call(op(), { path: { thing_id: 'x' } })).rejects.toBeInstanceOf(CredentialsError);
    expect(server.requests.length).toBe(before);
  });

  it('sends JSON bodies with a content type', async () => {
    server.handle((_, res) => json(res, 200, {}));
    const client = testClient(server.url, { apiKey: API_KEY });
    await client.call(op({ method: 'POST', path: '/v1/things', pathParams: [] }), { body: { name: 'n' } });
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toEqual({ name: 'n' });
  });
});

describe('VERSION-HEADER-EVERY-REQUEST: every generated operation', () => {
  const all = Object.values(operations as Readonly<Record<string, OperationDescriptor>>);
  if (all.length === 0) it.skip('generated operation table is empty (run pnpm generate)', () => {});

  const resourceMethod = (client: VendorClient, id: string) => {
    const parts = id.split('.');
    const camel = (s: string) => s.replace(/[_-]([a-z])/g, (_, c: string) => c.toUpperCase());
    let target: unknown = client;
    for (const p of parts.slice(0, -1)) target = (target as Record<string, unknown>)[camel(p)];
    const fn = (target as Record<string, unknown>)[camel(parts.at(-1)!)];
    return { target, fn: fn as ((...args: unknown[]) => unknown) | undefined };
  };

  for (const operation of all) {
    it(`${operation.id}: ${operation.method} ${operation.path ?? `{${operation.url?.field}}`} with its headers`, async () => {
      server.handle((req, res) => {
        if (operation.responseType === 'jsonl') {
          res.writeHead(200, { 'content-type': 'application/x-ndjson' });
          res.end('{"custom_id":"a","result":{"type":"succeeded"}}\n');
        } else
          json(res, operation.successStatus, {
            data: [],
            next_page: null,
            has_more: false,
            last_id: null,
            id: 'x',
          });
        void req;
      });
      const client = testClient(server.url, { apiKey: API_KEY, adminKey: ADMIN_KEY });
      const { target, fn } = resourceMethod(client, operation.id);
      expect(typeof fn).toBe('function');
      const fixed = operation.pathParams.length + (operation.url ? 1 : 0);
      const extra = Math.max(0, (fn as { length: number }).length - 1 - fixed);
      const args: unknown[] = operation.pathParams.map((p) => `${p}_value`);
      if (operation.url) args.push(`${server.url}/results/abc`);
      for (let i = 0; i < extra; i++) args.push({});
      const result = fn!.apply(target, args);
      const before = server.requests.length;
      if (operation.responseType === 'jsonl') {
        for await (const _ of result as AsyncIterable<unknown>) void _;
      } else if (operation.pagination.style === 'page' || operation.pagination.style === 'after_id') {
        for await (const _ of result as AsyncIterable<unknown>) void _;
      } else await result;
      expect(server.requests.length).toBe(before + 1);
      const req = server.requests.at(-1)!;
      expect(req.method).toBe(operation.method);
      if (operation.path) {
        const expected = fillPath(operation.path, (p) => `${p}_value`);
        expect(req.path).toBe(expected);
      } else expect(req.path).toBe('/results/abc');
      expect(req.headers[V]).toBe(vendor.apiVersion);
      for (const beta of operation.betas) expect(String(req.headers[B]).split(',')).toContain(beta);
      if (operation.auth.length === 0) {
        expect(req.headers['x-api-key']).toBeUndefined();
        expect(req.headers.authorization).toBeUndefined();
      } else if (operation.auth.includes('admin_key') && !operation.auth.includes('workspace_key')) {
        expect(req.headers['x-api-key']).toBe(ADMIN_KEY);
      } else expect(req.headers['x-api-key']).toBe(API_KEY);
    });
  }
});

describe('errors', () => {
  const cases: [number, new (...a: never[]) => APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ];
  for (const [status, Cls] of cases) {
    it(`HTTP ${status} is ${Cls.name} with status, headers, body and request id`, async () => {
      server.handle((_, res) =>
        json(res, status, errorBody('some_error', `failed for ${API_KEY}`), { 'request-id': 'req_123' }),
      );
      const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 0 });
      const error = await client.call(op(), { path: { thing_id: 'x' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Cls);
      expect(error).toBeInstanceOf(APIError);
      const e = error as APIError;
      expect(e.status).toBe(status);
      expect(e.requestID).toBe('req_123');
      expect(e.headers['request-id']).toBe('req_123');
      expect(e.errorType).toBe('some_error');
      expect(e.body).toEqual(errorBody('some_error', `failed for ${API_KEY}`));
      expect(e.message).toContain(`HTTP ${status}`);
      expect(e.message).not.toContain(API_KEY);
    });
  }

  it('a refused connection is APIConnectionError, retried then thrown', async () => {
    const client = testClient('http://127.0.0.1:1', { apiKey: API_KEY, maxRetries: 1 });
    const error = await client.call(op(), { path: { thing_id: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('a slow server is APIConnectionTimeoutError', async () => {
    server.handle((_, res) => {
      setTimeout(() => json(res, 200, {}), 300);
    });
    const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 0, timeoutMs: 50 });
    await expect(client.call(op(), { path: { thing_id: 'x' } })).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    );
  });

  it('an aborted signal is APIUserAbortError and is not retried', async () => {
    const ac = new AbortController();
    // Aborted once the request has reached the server (not on a timer: a busy machine may be
    // slower than any delay), while its answer is still pending.
    server.handle((_, res) => {
      ac.abort();
      setTimeout(() => json(res, 200, {}), 300);
    });
    const before = server.requests.length;
    const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 3 });
    await expect(
      client.call(op(), { path: { thing_id: 'x' } }, { signal: ac.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    expect(server.requests.length).toBe(before + 1);
  });
});

describe('retries', () => {
  it('retries a 429 then succeeds, honouring retry-after-ms', async () => {
    let n = 0;
    server.handle((_, res) => {
      n++;
      if (n === 1) json(res, 429, errorBody('rate_limit_error', 'slow down'), { 'retry-after-ms': '20' });
      else json(res, 200, { ok: n });
    });
    const client = testClient(server.url, { apiKey: API_KEY });
    const t0 = Date.now();
    expect(await client.call(op(), { path: { thing_id: 'x' } })).toEqual({ ok: 2 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(18);
    expect(n).toBe(2);
  });

  it('honours retry-after in seconds', async () => {
    let n = 0;
    server.handle((_, res) => {
      n++;
      if (n === 1) json(res, 503, errorBody('overloaded_error', 'busy'), { 'retry-after': '0.05' });
      else json(res, 200, { ok: true });
    });
    const client = testClient(server.url, { apiKey: API_KEY });
    const t0 = Date.now();
    await client.call(op(), { path: { thing_id: 'x' } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  for (const status of [408, 409, 500, 502]) {
    it(`retries ${status} up to maxRetries, then throws`, async () => {
      let n = 0;
      server.handle((_, res) => {
        n++;
        json(res, status, errorBody('e', 'no'));
      });
      const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 3 });
      await expect(client.call(op(), { path: { thing_id: 'x' } })).rejects.toBeInstanceOf(APIError);
      expect(n).toBe(4);
    });
  }

  it('does not retry 400, 401, 403, 404, 422', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      let n = 0;
      server.handle((_, res) => {
        n++;
        json(res, status, errorBody('e', 'no'));
      });
      const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 3 });
      await expect(client.call(op(), { path: { thing_id: 'x' } })).rejects.toBeInstanceOf(APIError);
      expect(n).toBe(1);
    }
  });

  it('never retries a request whose body is a non-replayable stream', async () => {
    let n = 0;
    server.handle((_, res) => {
      n++;
      json(res, 503, errorBody('e', 'busy'));
    });
    const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 3 });
    await expect(
      client.call(op({ method: 'POST', path: '/v1/upload', pathParams: [] }), {
        body: Readable.from([Buffer.from('abc')]),
      }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(n).toBe(1);
    expect(server.requests.at(-1)!.body).toBe('abc');
  });

  it('maxRetries per request overrides the client setting', async () => {
    let n = 0;
    server.handle((_, res) => {
      n++;
      json(res, 500, errorBody('e', 'x'));
    });
    const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 5 });
    await expect(client.call(op(), { path: { thing_id: 'x' } }, { maxRetries: 0 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(n).toBe(1);
  });
});

describe('secrets', () => {
  it('never appear in error messages or log lines', async () => {
    const lines: string[] = [];
    const log = (m: string) => lines.push(m);
    server.handle((req, res) =>
      json(
        res,
        req.path.endsWith('/retry') ? 503 : 401,
        errorBody('authentication_error', `invalid x-api-key ${API_KEY} Bearer ${API_KEY}`),
      ),
    );
    const client = testClient(server.url, {
      apiKey: API_KEY,
      adminKey: ADMIN_KEY,
      maxRetries: 1,
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const errors: unknown[] = [];
    errors.push(await client.call(op(), { path: { thing_id: 'x' } }).catch((e: unknown) => e));
    errors.push(await client.call(op(), { path: { thing_id: 'retry' } }).catch((e: unknown) => e));
    errors.push(
      await client.call(op({ auth: ['admin_key'] }), { path: { thing_id: 'x' } }).catch((e: unknown) => e),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [
      ...lines,
      ...errors.map((e) => `${(e as Error).message} ${String(e)} ${(e as Error).stack}`),
    ]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(ADMIN_KEY);
    }
  });
});

describe('response validation', () => {
  const token = operations['oauth.token'] as OperationDescriptor;

  it('is lenient by default: unknown fields pass', async () => {
    server.handle((_, res) =>
      json(res, 200, {
        access_token: 'sk-vendor-oat01-x',
        token_type: 'Bearer',
        expires_in: 60,
        scope: 's',
        extra: 1,
      }),
    );
    const client = testClient(server.url, { validation: 'lenient' });
    await expect(client.call(token, { body: {} })).resolves.toMatchObject({ extra: 1 });
  });

  it('rejects a wrong shape with ResponseValidationError (no secret in the message)', async () => {
    server.handle((_, res) =>
      json(res, 200, { access_token: 'sk-vendor-oat01-SECRETVALUE', expires_in: 'soon' }),
    );
    const client = testClient(server.url, { validation: 'lenient' });
    const error = await client.call(token, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).not.toContain('SECRETVALUE');
  });
});

describe('raw requests', () => {
  it('sends a raw request with auth and version headers and returns status, headers and body', async () => {
    server.handle((_, res) => json(res, 200, { data: [1] }, { 'request-id': 'r1' }));
    const client = testClient(server.url, { apiKey: API_KEY });
    const res = await client.request({ method: 'GET', path: '/v1/dreams', query: { limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [1] });
    expect(res.headers['request-id']).toBe('r1');
    const req = server.requests.at(-1)!;
    expect(req.url).toBe('/v1/dreams?limit=1');
    expect(req.headers['x-api-key']).toBe(API_KEY);
  });

  it('does not send credentials to another origin', async () => {
    const other = await startServer((_, res) => json(res, 200, {}));
    try {
      const client = testClient(server.url, { apiKey: API_KEY });
      await client.request({ method: 'GET', path: `${other.url}/x` });
      expect(other.requests.at(-1)!.headers['x-api-key']).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('timeouts while reading a body', () => {
  it('a body that stalls past timeoutMs is APIConnectionTimeoutError', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('1}'), 400);
    });
    const client = testClient(server.url, { apiKey: API_KEY, maxRetries: 0, timeoutMs: 60 });
    await expect(client.call(op(), { path: { thing_id: 'x' } })).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    );
  });
});
