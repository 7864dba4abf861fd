/**
 * The server's edges, as an attacker on the same machine meets them: secrets that no seed
 * predicts, test control behind a token and a loopback Host, JSON bodies of bounded depth
 * (UNSPEC-REQUEST-JSON-DEPTH), bodies of bounded size refused after the credential and before
 * they are read (UNSPEC-REQUEST-BODY-SIZE, BATCH-CREATE-MAX-SIZE, EXCH-ASSERTION-MAX), HTTP-parser
 * errors as the API's error body, absolute URLs from the configured base URL, and a `request-id`
 * on every response.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { access, vendor } from '@vendor-api/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { createIds } from '../src/ids.js';
import { TEST_CONTROL_TOKEN_HEADER } from '../src/index.js';
import { SHORTEST_TOO_DEEP } from '../src/pipeline/edges.js';
import { errorOf, expectErrorBody, MODEL, rawHttp, setup } from './helpers.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The banner of a fresh `reference-server --test-control` process, by label; the process is stopped. */
async function banner(): Promise<Record<string, string>> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', TSX, '--conditions=@vendor-api/source', MAIN, '--port', '0', '--test-control'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (/^control token:/m.test(output)) resolve();
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`exited (${code}) before its banner:\n${output}`)));
    });
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  return Object.fromEntries(
    output
      .split('\n')
      .map((line) => /^([a-zA-Z ]+):\s+(\S+)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

const json = { 'content-type': 'application/json', [vendor.headers.version]: vendor.apiVersion };

/** A value nested `levels` deep (objects in objects), the outermost being level 1. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
/** The same as text, for depths JSON.stringify cannot reach. */
const nestedText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A test server listening on 127.0.0.1; closed after the test. */
async function listening(options: Parameters<typeof setup>[0] = {}) {
  const t = setup(options);
  const url = await t.app.reference.listenLocal(0);
  closers.push(() => t.app.close());
  return { ...t, url, port: Number(new URL(url).port) };
}

describe('secrets come from the cryptographic random source, ids from the seed', () => {
  it('a fresh start prints keys and a control token that differ from the previous start, and the same ids', async () => {
    const first = await banner();
    const second = await banner();
    for (const label of ['admin key', 'workspace key', 'control token']) {
      expect(first[label], label).toEqual(expect.any(String));
      expect(second[label], label).not.toBe(first[label]);
    }
    expect(second['organization id']).toBe(first['organization id']);
    expect(second['workspace id']).toBe(first['workspace id']);
  }, 300_000);

  it('two servers of one seed share ids, never keys or access tokens', () => {
    const a = setup().app.reference.state;
    const b = setup().app.reference.state;
    expect(b.demo.organizationId).toBe(a.demo.organizationId);
    expect(b.demo.adminKey).not.toBe(a.demo.adminKey);
    expect(b.demo.workspaceKey).not.toBe(a.demo.workspaceKey);
    const ids = createIds('same');
    expect(ids.secret()).toMatch(/^[0-9a-f]{40}$/);
    expect(createIds('same').secret()).not.toBe(createIds('same').secret());
  });
});

describe('test control', () => {
  it('needs the token on every call: none or a wrong one is 401 with the error body', async () => {
    const t = await listening();
    const token = t.app.reference.testControlToken ?? '';
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    for (const headers of [{}, { [TEST_CONTROL_TOKEN_HEADER]: `${token.slice(1)}0` }]) {
      for (const [method, path] of [
        ['GET', '/_test/state'],
        ['GET', '/_test/'],
        ['POST', '/_test/clock/advance'],
        ['POST', '/_test/organizations'],
      ] as const) {
        const res = await fetch(`${t.url}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{"ms":1}' } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
        expect(res.headers.get('request-id')).toEqual(expect.any(String));
      }
    }
    const ok = await fetch(`${t.url}/_test/state`, { headers: { [TEST_CONTROL_TOKEN_HEADER]: token } });
    expect(ok.status).toBe(200);
    // Two servers, two tokens.
    expect(setup().app.reference.testControlToken).not.toBe(token);
  });

  it('answers only requests addressed to a loopback name (no DNS rebinding): others are 403', async () => {
    const t = await listening();
    const token = t.app.reference.testControlToken ?? '';
    const get = (host: string) =>
      rawHttp(
        t.port,
        `GET /_test/state HTTP/1.1\r\nhost: ${host}\r\n${TEST_CONTROL_TOKEN_HEADER}: ${token}\r\nconnection: close\r\n\r\n`,
      );
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${t.port}`,
      'localhost',
      `LOCALHOST:${t.port}`,
      `[::1]:${t.port}`,
    ]) {
      expect((await get(host)).status, host).toBe(200);
    }
    for (const host of [
      'attacker.example',
      `attacker.example:${t.port}`,
      '127.0.0.1.attacker.example',
      `localhost.attacker.example:${t.port}`,
      '10.0.0.1',
      `127.0.0.1:${t.port}@attacker.example`,
    ]) {
      const res = await get(host);
      expect(res.status, host).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ type: 'error', error: { type: 'permission_error' } });
    }
    // The documented API is not test control: any Host reaches it.
    const api = await rawHttp(
      t.port,
      `GET /v1/messages/batches HTTP/1.1\r\nhost: attacker.example\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${t.demo.workspaceKey}\r\nconnection: close\r\n\r\n`,
    );
    expect(api.status).toBe(200);
  });

  it('GET /_test/ lists the test-control routes', async () => {
    const t = setup();
    const res = await t.call('GET', '/_test/', { key: null });
    expect(res.status).toBe(200);
    const routes = (res.json as { routes: { method: string; url: string }[] }).routes;
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/_test/state' },
        { method: 'POST', url: '/_test/clock/advance' },
        { method: 'POST', url: '/_test/federation/issuers' },
      ]),
    );
    expect(routes.every((r) => r.url.startsWith('/_test/'))).toBe(true);
  });
});

describe(`JSON bodies nest at most ${access.MAX_JSON_DEPTH} levels (UNSPEC-REQUEST-JSON-DEPTH)`, () => {
  const message = (inputSchema: unknown) => ({
    model: MODEL,
    max_tokens: 8,
    messages: [{ role: 'user', content: 'hi' }],
    tools: [{ name: 't', description: 'd', input_schema: { type: 'object', properties: inputSchema } }],
  });
  /** A body whose deepest object is at `levels` (the body itself is level 1). */
  const messageAt = (levels: number) => message(nested(levels - 4));

  it('a body at the bound is served; one level deeper is 400 invalid_request_error naming the field', async () => {
    const t = setup();
    expect(access.jsonDepthViolation(messageAt(access.MAX_JSON_DEPTH))).toBeNull();
    const at = await t.call('POST', '/v1/messages', { body: messageAt(access.MAX_JSON_DEPTH) });
    expect(at.status, at.text).toBe(200);
    const over = await t.call('POST', '/v1/messages', { body: messageAt(access.MAX_JSON_DEPTH + 1) });
    expectErrorBody(over, 400);
    expect(errorOf(over).type).toBe('invalid_request_error');
    expect(errorOf(over).message).toMatch(
      /^body\.tools\[0\]\.input_schema\.properties(\.a)+: nests deeper than 128/,
    );
  });

  it('the shortest text one level too deep is refused; the depth of shorter texts is not walked', async () => {
    const t = setup();
    const levels = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const shortest = levels(access.MAX_JSON_DEPTH + 1);
    expect(shortest.length).toBe(SHORTEST_TOO_DEEP);
    for (const url of ['/v1/messages', '/v1/oauth/token']) {
      const over = await t.call('POST', url, { raw: shortest });
      expectErrorBody(over, 400);
      expect(errorOf(over).message, url).toMatch(/^body(\[0\])+: nests deeper than 128 levels/);
      // At the bound the body is parsed and reaches validation (an array is no message).
      const at = await t.call('POST', url, { raw: levels(access.MAX_JSON_DEPTH) });
      expectErrorBody(at, 400);
      expect(errorOf(at).message, url).not.toMatch(/nests deeper/);
    }
    // Objects need more text per level than arrays: no shorter text reaches the bound.
    expect(
      `${'{"":'.repeat(access.MAX_JSON_DEPTH)}{}${'}'.repeat(access.MAX_JSON_DEPTH)}`.length,
    ).toBeGreaterThan(SHORTEST_TOO_DEEP);
  });

  it('thousands of levels in tools, batch params or the exchange are a 400, never a 5xx', async () => {
    const t = setup();
    const deep = nestedText(20_000);
    const cases: [string, string, string, string][] = [
      [
        '/v1/messages',
        JSON.stringify(message({ x: '@' })).replace('"@"', deep),
        'invalid_request_error',
        'body.tools[0].input_schema.properties.x',
      ],
      [
        '/v1/messages/count_tokens',
        JSON.stringify(message({ x: '@' })).replace('"@"', deep),
        'invalid_request_error',
        'body.tools[0].input_schema.properties.x',
      ],
      [
        '/v1/messages/batches',
        JSON.stringify({
          requests: [
            {
              custom_id: 'a',
              params: { model: MODEL, max_tokens: 4, messages: [{ role: 'user', content: 'hi' }], x: '@' },
            },
          ],
        }).replace('"@"', deep),
        'invalid_request_error',
        'body.requests[0].params.x',
      ],
      // Within the exchange's 20 KiB.
      ['/v1/oauth/token', `{"grant_type":${nestedText(3_000)}}`, 'invalid_request', 'body.grant_type'],
    ];
    for (const [url, raw, type, field] of cases) {
      const res = await t.call('POST', url, { raw });
      expectErrorBody(res, 400);
      expect(errorOf(res).type, url).toBe(type);
      expect(errorOf(res).message.startsWith(`${field}.a.a`), errorOf(res).message.slice(0, 80)).toBe(true);
    }
    // Arrays count as levels too, and the server still serves the next request.
    const arrays = await t.call('POST', '/v1/messages', {
      raw: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    });
    expectErrorBody(arrays, 400);
    expect(errorOf(arrays).message).toMatch(/^body(\[0\])+: nests deeper/);
    expect((await t.call('POST', '/v1/messages', { body: messageAt(10) })).status).toBe(200);
  });
});

describe('body size limits per operation (UNSPEC-REQUEST-BODY-SIZE), checked after the credential', () => {
  it('derives the batch and exchange caps from the documented limits and caps every other operation', () => {
    expect(access.bodyLimit('messages.batches.create')).toBeGreaterThan(256 * 1024 * 1024);
    expect(access.bodyLimit('oauth.token')).toBeGreaterThan(16 * 1024);
    expect(access.bodyLimit('oauth.token')).toBeLessThan(32 * 1024);
    expect(access.bodyLimit('messages.create')).toBeLessThan(access.bodyLimit('messages.batches.create'));
    expect(access.bodyLimit('dreams.create')).toBe(access.BODY_LIMITS.default);
  });

  it('an exchange body over its cap (a 1 MiB assertion) is 400 invalid_request, as every failure of the exchange', async () => {
    const t = setup();
    for (const size of [access.bodyLimit('oauth.token'), 1024 * 1024]) {
      const raw = JSON.stringify({ grant_type: 'x', assertion: 'a'.repeat(size) });
      const res = await t.call('POST', '/v1/oauth/token', { raw, key: null });
      expectErrorBody(res, 400);
      expect(errorOf(res)).toEqual({
        type: 'invalid_request',
        message: `request body larger than ${access.bodyLimit('oauth.token')} bytes, the limit of the token exchange`,
      });
    }
    // An assertion over 16 KiB within the cap gets the same status and type.
    const within = JSON.stringify({ grant_type: 'x', assertion: 'a'.repeat(16_385) });
    const res = await t.call('POST', '/v1/oauth/token', { raw: within, key: null });
    expectErrorBody(res, 400);
    expect(errorOf(res).type).toBe('invalid_request');
    // A body over another operation's cap is 413.
    const big = await t.call('POST', '/v1/organizations/workspaces', {
      raw: JSON.stringify({ name: 'x'.repeat(access.BODY_LIMITS.default) }),
      key: t.demo.adminKey,
    });
    expectErrorBody(big, 413);
  });

  it('a request without a credential is refused before its body is read, and the connection closed', async () => {
    const t = await listening();
    // 300 MB declared, one byte sent: an answer at all means the server did not wait for the body.
    const res = await rawHttp(
      t.port,
      `POST /v1/messages/batches HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\ncontent-length: 300000000\r\n\r\n{`,
    );
    expect(res.status).toBe(401);
    expect(res.headers.connection).toBe('close');
    expect(res.closed).toBe(true);
    // With the credential, the declared size alone is enough for the 413.
    const keyed = await rawHttp(
      t.port,
      `POST /v1/messages/batches HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${t.demo.workspaceKey}\r\ncontent-length: 300000000\r\n\r\n{`,
    );
    expect(keyed.status).toBe(413);
    expect(JSON.parse(keyed.body)).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    expect(keyed.headers['request-id']).toEqual(expect.any(String));
    expect(keyed.headers.connection).toBe('close');
    // The exchange: 400 from the declared size alone, the connection closed.
    const exchange = await rawHttp(
      t.port,
      `POST /v1/oauth/token HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\ncontent-length: ${1024 * 1024}\r\n\r\n{`,
    );
    expect(exchange.status).toBe(400);
    expect(JSON.parse(exchange.body)).toMatchObject({ type: 'error', error: { type: 'invalid_request' } });
    expect(exchange.headers.connection).toBe('close');
  });
});

describe('HTTP-parser errors are the API error body with a request-id and Connection: close', () => {
  const cases: [string, (port: number) => string, number][] = [
    ['a malformed request line', () => 'NOT HTTP AT ALL\r\n\r\n', 400],
    ['a malformed header', () => 'GET /v1/messages HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header\r\n\r\n', 400],
    [
      'headers over the size limit',
      () => `GET /v1/messages HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ];
  for (const [what, text, status] of cases) {
    it(`${what}: ${status}`, async () => {
      const t = await listening();
      const res = await rawHttp(t.port, text(t.port));
      expect(res.status).toBe(status);
      expect(JSON.parse(res.body)).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.any(String) },
      });
      expect(res.headers['request-id']).toMatch(/^req_/);
      expect(res.headers.connection).toBe('close');
      expect(res.closed).toBe(true);
    });
  }

  it('malformed JSON and a content type other than JSON: the error body with a request-id', async () => {
    const t = setup();
    expectErrorBody(await t.call('POST', '/v1/messages', { raw: '{"model":' }), 400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: { ...json, 'content-type': 'text/plain', 'x-api-key': t.demo.workspaceKey },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(res.headers['request-id']).toEqual(expect.any(String));
  });
});

describe('absolute URLs come from the configured base URL, never from the Host header', () => {
  /** The results_url of an ended batch, created and read with the given Host header. */
  async function resultsUrl(t: Awaited<ReturnType<typeof listening>>, host: string): Promise<string> {
    const body = JSON.stringify({
      requests: [
        {
          custom_id: 'a',
          params: { model: MODEL, max_tokens: 4, messages: [{ role: 'user', content: 'hi' }] },
        },
      ],
    });
    const headers = `host: ${host}\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${t.demo.workspaceKey}\r\nconnection: close\r\n`;
    const created = await rawHttp(
      t.port,
      `POST /v1/messages/batches HTTP/1.1\r\n${headers}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const id = JSON.parse(created.body).id as string;
    await t.advance(25 * 60 * 60 * 1000);
    const read = await rawHttp(t.port, `GET /v1/messages/batches/${id} HTTP/1.1\r\n${headers}\r\n`);
    return JSON.parse(read.body).results_url as string;
  }

  it('by default the listening address', async () => {
    const t = await listening();
    expect(await resultsUrl(t, 'attacker.example')).toMatch(new RegExp(`^${t.url}/v1/messages/batches/`));
  });

  it('the publicUrl option (--public-url) when given', async () => {
    const t = await listening({ publicUrl: 'https://sandbox.example.test/api/' });
    expect(await resultsUrl(t, 'attacker.example')).toMatch(
      /^https:\/\/sandbox\.example\.test\/api\/v1\/messages\/batches\//,
    );
    expect(() => setup({ publicUrl: 'ftp://x' })).toThrow(/public URL/);
    expect(() => setup({ publicUrl: 'https://x/?q=1' })).toThrow(/public URL/);
  });
});

describe('every response carries a request-id header', () => {
  it('successes of the API and of test control, an unknown route, a preflight', async () => {
    const t = setup();
    const responses = [
      await t.call('POST', '/v1/messages/count_tokens', {
        body: { model: MODEL, messages: [{ role: 'user', content: 'hi' }] },
      }),
      await t.call('GET', '/v1/messages/batches'),
      await t.call('GET', '/_test/state', { key: null }),
      await t.call('GET', '/nowhere'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 404]);
    for (const res of responses) expect(res.headers['request-id']).toMatch(/^req_/);
    const ids = new Set(responses.map((r) => r.headers['request-id']));
    expect(ids.size).toBe(responses.length);
  });
});
