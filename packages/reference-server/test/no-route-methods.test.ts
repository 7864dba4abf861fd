/**
 * A request no route matches answers the spec's `no_route` error (404 `not_found_error`), whatever
 * its method and headers: a QUERY request without a Content-Type (a method Node's parser takes,
 * with a body by definition) once got the framework's own 400 instead, before the not-found
 * handler ran (found by Schemathesis' check of undeclared methods).
 */
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { errorOf, setup } from './helpers.js';

describe('a request no route matches', () => {
  it('is 404 no_route for every method, with or without a Content-Type', async () => {
    const t = setup();
    const key = t.demo.workspaceKey;
    const answers: { method: string; url: string; status: number; type: string; message: string }[] = [];
    for (const method of ['QUERY', 'TRACE', 'PATCH', 'PUT', 'POST'] as const)
      for (const url of ['/v1/dreams/drm_1', '/v1/messages/batches', '/nowhere'])
        for (const headers of [
          {},
          { 'content-type': 'application/json' },
          { 'content-type': 'text/plain' },
        ]) {
          if (method === 'POST' && url === '/v1/messages/batches') continue;
          // QUERY is a method Node's parser takes, though not one of Fastify's typed methods.
          const options = { method, url, headers: { 'x-api-key': key, ...headers } };
          const res = await t.app.inject(options as unknown as InjectOptions);
          const { type, message } = errorOf({ json: res.json() as Record<string, unknown> });
          answers.push({ method, url, status: res.statusCode, type, message });
        }
    const otherwise = answers.filter(
      (a) =>
        a.status !== 404 || a.type !== 'not_found_error' || a.message !== `no route for ${a.method} ${a.url}`,
    );
    expect(answers).toHaveLength(42);
    expect(otherwise).toEqual([]);
  });
});
