import { connect } from 'node:net';
import { spec, vendor } from '@vendor-api/spec';
import { validateResponse } from '@vendor-api/validators';
import { expect } from 'vitest';
import { createServer, ManualClock, type ServerOptions, TEST_CONTROL_TOKEN_HEADER } from '../src/index.js';

/** The beta header value an operation needs: its betas from the spec, comma-separated. */
export const betasOf = (operationId: string): string =>
  (spec.endpoints.find((e) => e.id === operationId)?.betas ?? []).join(',');
export const DREAM_BETAS = betasOf('dreams.create');
export const SESSION_BETAS = betasOf('sessions.create');
export const MODEL = vendor.models.sonnet;

export function setup(options: ServerOptions = {}) {
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const app = createServer({ seed: 'test', clock, testControl: true, ...options });
  const { demo } = app.reference.state;

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { body?: unknown; raw?: string; betas?: string; key?: string | null; version?: string | null } = {},
  ) {
    const headers: Record<string, string> = {};
    if (opts.version !== null) headers[vendor.headers.version] = opts.version ?? vendor.apiVersion;
    if (opts.betas !== undefined) headers[vendor.headers.beta] = opts.betas;
    if (opts.key !== null) headers['x-api-key'] = opts.key ?? demo.workspaceKey;
    const token = app.reference.testControlToken;
    if (url.startsWith('/_test') && token !== null) headers[TEST_CONTROL_TOKEN_HEADER] = token;
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      headers: res.headers,
      text: res.body,
      json: type.includes('application/json') ? (res.json() as Record<string, unknown>) : undefined,
    };
  }

  /** Advances the clock through the test-control API. */
  async function advance(ms: number) {
    const res = await call('POST', '/_test/clock/advance', { body: { ms } });
    expect(res.status).toBe(200);
  }

  return { app, clock, demo, call, advance };
}

/** Asserts a response against the operation's strict response validator. */
export function expectValid(operationId: string, status: number, body: unknown) {
  const result = validateResponse(operationId, status, body, { mode: 'strict' });
  expect(result.ok ? [] : result.issues).toEqual([]);
}

/** Asserts the standard error body and the request-id header. */
export function expectErrorBody(
  res: { status: number; json: Record<string, unknown> | undefined; headers: Record<string, unknown> },
  status: number,
) {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({
    type: 'error',
    error: { type: expect.any(String), message: expect.any(String) },
  });
  expect(res.headers['request-id']).toEqual(expect.any(String));
}

/** The `error` object of an error response. */
export function errorOf(res: { json: Record<string, unknown> | undefined }): {
  type: string;
  message: string;
} {
  return (res.json?.error ?? { type: '', message: '' }) as { type: string; message: string };
}

/** The ids of a list response's `data`. */
export function idsOf(res: { json: Record<string, unknown> | undefined }): string[] {
  return ((res.json?.data ?? []) as { id: string }[]).map((d) => d.id);
}

/** Creates a dream (no instructions) reading a memory store and sessions; the response. */
export function postDream(t: ReturnType<typeof setup>, storeId: string, sessionIds: readonly string[]) {
  return t.call('POST', '/v1/dreams', {
    betas: DREAM_BETAS,
    body: {
      model: MODEL,
      inputs: [
        { type: 'memory_store', memory_store_id: storeId },
        { type: 'sessions', session_ids: sessionIds },
      ],
    },
  });
}

/** A memory store made through test control, and a session (`POST /v1/sessions`) that attached it. */
export async function sessionWithMemoryStore(t: ReturnType<typeof setup>, name: string) {
  const store = await t.call('POST', '/_test/memory_stores', { body: { name } });
  const storeId = String(store.json?.id);
  const session = await t.call('POST', '/v1/sessions', {
    betas: SESSION_BETAS,
    body: {
      agent: 'agent_1',
      environment_id: 'env_1',
      resources: [{ type: 'memory_store', memory_store_id: storeId }],
    },
  });
  expect(session.status).toBe(200);
  return { storeId, sessionId: String(session.json?.id) };
}

/** A response read off a raw socket: status, headers (lower-case names), body, and whether the server closed. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly closed: boolean;
}

/**
 * Writes `text` as it is on a new connection to 127.0.0.1:`port` and reads one response: what
 * `inject` cannot send (malformed requests, a declared body that never comes). Resolves once the
 * server closed the connection, or after `waitMs` otherwise: a bound for a server that never
 * closes, not a speed expected of it (a busy machine may take seconds to answer).
 */
export function rawHttp(port: number, text: string, waitMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      if (statusLine === '') reject(new Error(`no response (${JSON.stringify(data.slice(0, 200))})`));
      else
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {
      closed = true;
      finish();
    });
    socket.write(text);
  });
}
