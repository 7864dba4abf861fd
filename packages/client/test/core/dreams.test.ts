import { vendor } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDream } from '../../src/core/dreams.js';
import { APIConnectionTimeoutError, APIUserAbortError } from '../../src/core/errors.js';
import { API_KEY, testClient } from '../helpers/client.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('waitForDream', () => {
  it('DREAM-POLL-UNTIL-SETTLED: polls until the status is neither pending nor running', async () => {
    const statuses = ['pending', 'running', 'running', 'completed'];
    let n = 0;
    server.handle((req, res) =>
      json(res, 200, { type: 'dream', id: req.path.split('/').at(-1), status: statuses[n++] }),
    );
    const client = testClient(server.url, { apiKey: API_KEY });
    const seen: string[] = [];
    const dream = await waitForDream<{ status: string; id: string }>(client, 'drm_1', {
      intervalMs: 5,
      onPoll: (d) => seen.push(d.status),
    });
    expect(dream).toMatchObject({ id: 'drm_1', status: 'completed' });
    expect(seen).toEqual(statuses);
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/v1/dreams/drm_1');
    expect(String(req.headers[vendor.headers.beta]).split(',')).toEqual(
      expect.arrayContaining(['managed-agents-2026-04-01', 'dreaming-2026-04-21']),
    );
  });

  it('DREAM-POLL-UNTIL-SETTLED: returns failed and canceled dreams too', async () => {
    for (const status of ['failed', 'canceled']) {
      server.handle((_, res) => json(res, 200, { status }));
      const client = testClient(server.url, { apiKey: API_KEY });
      expect((await waitForDream(client, 'drm_2', { intervalMs: 1 })).status).toBe(status);
    }
  });

  it('gives up after timeoutMs', async () => {
    server.handle((_, res) => json(res, 200, { status: 'running' }));
    const client = testClient(server.url, { apiKey: API_KEY });
    await expect(waitForDream(client, 'drm_3', { intervalMs: 10, timeoutMs: 40 })).rejects.toBeInstanceOf(
      APIConnectionTimeoutError,
    );
  });

  it('stops when the signal aborts', async () => {
    server.handle((_, res) => json(res, 200, { status: 'pending' }));
    const client = testClient(server.url, { apiKey: API_KEY });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    await expect(waitForDream(client, 'drm_4', { intervalMs: 10, signal: ac.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
  });
});
