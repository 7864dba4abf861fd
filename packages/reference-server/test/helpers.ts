import { connect } from 'node:net';
import { spec, vendor } from '@vendor-api/spec';
import { validateResponse } from '@vendor-api/validators';
import { expect, onTestFinished } from 'vitest';
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
    opts: {
      body?: unknown;
      raw?: string;
      betas?: string;
      key?: string | null;
      version?: string | null;
      /** Further request headers (an `authorization`). */
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
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

/** A test server (`setup`) listening on 127.0.0.1, with its port; closed when the test finishes. */
export async function listening(options: ServerOptions = {}) {
  const t = setup(options);
  const url = await t.app.reference.listenLocal(0);
  onTestFinished(() => t.app.close());
  return { ...t, url, port: Number(new URL(url).port) };
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

/** Creates a dream (no instructions) reading a memory store and sessions, with `extra` fields; the response. */
export function postDream(
  t: ReturnType<typeof setup>,
  storeId: string,
  sessionIds: readonly string[],
  extra: Record<string, unknown> = {},
) {
  return t.call('POST', '/v1/dreams', {
    betas: DREAM_BETAS,
    body: {
      model: MODEL,
      inputs: [
        { type: 'memory_store', memory_store_id: storeId },
        { type: 'sessions', session_ids: sessionIds },
      ],
      ...extra,
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

/** What came back on a raw connection: the responses in order, and whether the server closed it. */
export interface RawConversation {
  readonly responses: readonly RawResponse[];
  readonly closed: boolean;
}

export interface RawOptions {
  /** How long to wait for the server to close the connection (default 2 s). */
  readonly waitMs?: number;
  /** Written after `text`, one character every `dripEveryMs` (default 1 s), over and over: a slow client. */
  readonly drip?: string;
  readonly dripEveryMs?: number;
}

/**
 * Writes `text` as it is on a new connection to 127.0.0.1:`port` (then `drip`, slowly) and reads
 * what comes back: what `inject` cannot send (malformed requests, pipelined requests, a declared
 * body that never comes, a slow client). Resolves once the server closed the connection, or
 * after `waitMs` otherwise.
 */
export function rawConversation(
  port: number,
  text: string,
  options: RawOptions = {},
): Promise<RawConversation> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    let dripping: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      clearInterval(dripping);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks), closed), closed });
    };
    const timer = setTimeout(finish, options.waitMs ?? 2_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {
      closed = true;
      finish();
    });
    socket.write(text);
    const drip = options.drip;
    if (drip !== undefined && drip !== '') {
      let sent = 0;
      dripping = setInterval(() => {
        if (socket.writable) socket.write(drip.charAt(sent++ % drip.length));
      }, options.dripEveryMs ?? 1_000);
    }
  });
}

/** The responses in `data`, in order: each with `content-length` bytes of body (the rest when it gives none). */
export function parseResponses(data: Buffer, closed: boolean): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = headers['content-length'];
    const bodyEnd = length === undefined ? data.length : Math.min(data.length, headEnd + 4 + Number(length));
    const body = data.subarray(headEnd + 4, bodyEnd).toString('utf8');
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body, closed });
    at = bodyEnd;
  }
  return responses;
}

/**
 * `rawConversation`'s first response; rejects when none came. `waitMs` bounds a server that never
 * closes, not a speed expected of it (a busy machine may take seconds to answer).
 */
export async function rawHttp(port: number, text: string, waitMs = 30_000): Promise<RawResponse> {
  const { responses } = await rawConversation(port, text, { waitMs });
  const first = responses[0];
  if (first === undefined) throw new Error(`no response on 127.0.0.1:${port}`);
  return first;
}
