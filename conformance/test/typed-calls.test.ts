/**
 * `ctx.call` is typed by the operation it names: its path parameters, query and body by the
 * spec's schemas (an unknown or renamed operation, a wrong parameter or body does not compile;
 * `callUnchecked` sends what the types refuse), and `bodyOf` gives the checked success body typed
 * as the operation's documented response.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MessageTokensCount, spec } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { CaseContext, defineCase } from '../src/case.js';
import { CheckFailure } from '../src/http.js';

let server: Server;
let ctx: CaseContext;

beforeAll(async () => {
  // Counts tokens (a documented body); anything else is an unknown resource.
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/messages/count_tokens') {
        res.end(JSON.stringify({ input_tokens: 3 }));
        return;
      }
      res.statusCode = 404;
      res.end(
        JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no such dream' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const definition = defineCase({
    id: 'fixture.typed-calls',
    family: 'fixture',
    title: 'typed calls',
    requirements: [],
    async run() {},
  });
  ctx = new CaseContext(
    definition,
    {
      baseUrl: url,
      adminKey: 'sk-test-admin-secret',
      workspace: { id: 'wrkspc_test', apiKey: 'sk-test-workspace-secret' },
      organizationId: '00000000-0000-4000-8000-000000000000',
    },
    { name: 'none', capabilities: new Set() },
    spec,
    { seed: 1, numRuns: 1, timeoutMs: 5000 },
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const messages = [{ role: 'user', content: 'hello' }] as const;

describe('typed calls', () => {
  it('bodyOf gives the checked success body, typed as the operation documents it', async () => {
    const res = await ctx.call('messages.count_tokens', { body: { model: 'm', messages } });
    const body = ctx.bodyOf(res);
    expectTypeOf(body).toEqualTypeOf<MessageTokensCount>();
    expect(body.input_tokens).toBe(3);
  });

  it('bodyOf of an error answer fails as an unmet 2xx', async () => {
    const res = await ctx.call('dreams.retrieve', { path: { dream_id: 'dream_missing' } });
    expect(() => ctx.bodyOf(res)).toThrow(CheckFailure);
    expect(() => ctx.bodyOf(res)).toThrow(/expected a 2xx status, got 404/);
  });

  it('bodyOf refuses a body that was not checked against the contract', async () => {
    const res = await ctx.call('messages.count_tokens', { body: { model: 'm', messages } }, false);
    expect(() => ctx.bodyOf(res)).toThrow(/checked against the contract/);
  });

  it('callUnchecked sends a body the operation types refuse', async () => {
    const res = await ctx.callUnchecked('messages.count_tokens', { body: { model: 7 } });
    expect(res.step.request.body).toEqual({ model: 7 });
  });

  it('an unknown operation, a wrong path parameter, query or body does not compile', () => {
    // Never called: tsc checks the expected errors (`pnpm test` runs it over the tests).
    const calls = (c: CaseContext) => [
      // @ts-expect-error an operation the spec does not have
      c.call('dreams.cancle', {}),
      // @ts-expect-error a path parameter the operation does not take
      c.call('dreams.cancel', { path: { dreamId: 'x' } }),
      // @ts-expect-error a query parameter of the wrong type
      c.call('dreams.list', { query: { limit: 'ten' } }),
      // @ts-expect-error a body field of the wrong type
      c.call('messages.count_tokens', { body: { model: 7, messages } }),
      // @ts-expect-error a body for an operation that takes none
      c.call('dreams.retrieve', { path: { dream_id: 'x' }, body: {} }),
      c.callUnchecked('messages.count_tokens', { body: { model: 7 } }),
    ];
    expect(calls).toBeTypeOf('function');
  });
});
