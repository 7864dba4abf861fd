/**
 * Test control behind every spelling of its path. The router decodes percent-encodings and takes
 * absolute-form targets, so a guard that read the raw URL let `/%5Ftest/state` through without a
 * token and from any Host. Every spelling below is sent as it is, on a raw socket (fetch would
 * normalise it), four ways: without the token from another Host, without the token from a
 * loopback Host, with the token from another Host, and with both. Whatever the router does with a
 * spelling, the first three never reach test control: a spelling the router takes to a test-control
 * route is refused by the guard exactly as the plain path is (403 for the Host, then 401 for the
 * token), and one it takes nowhere is a 400 (the parser's), 401, 403 or 404 that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, TEST_CONTROL_TOKEN_HEADER } from '../../src/index.js';
import { normalisedPath } from '../../src/request-guards.js';
import { type RawResponse, rawHttp, setup } from '../helpers.js';

const ATTACKER = 'attacker.example';
/** What a request that does not reach test control gets: a malformed target, no token, another Host, no route. */
const REFUSED = [400, 401, 403, 404];

/** `%XX` of one character, upper- or lower-case hex. */
const percentEncoded = (char: string, lower = false): string => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${lower ? hex : hex.toUpperCase()}`;
};

/**
 * Spellings of a path (`/_test/state`): each character percent-encoded alone in upper- and
 * lower-case hex, every character encoded, encoded twice, encoded slashes, case variants, doubled
 * slashes, dot segments plain and encoded, backslashes, absolute-form targets, and a trailing
 * slash, query, fragment or parameter.
 */
export function spellings(path: string): string[] {
  const out = new Set<string>([path]);
  const chars = [...path];
  chars.forEach((char, i) => {
    const at = (replacement: string) => [...chars.slice(0, i), replacement, ...chars.slice(i + 1)].join('');
    out.add(at(percentEncoded(char)));
    out.add(at(percentEncoded(char, true)));
    if (char === '/') {
      out.add(at('//'));
      out.add(at('/./'));
      out.add(at('/%2e/'));
      out.add(at('/x/../'));
      out.add(at('/x/%2E%2E/'));
      out.add(at('\\'));
    }
  });
  out.add(chars.map((c) => percentEncoded(c)).join(''));
  out.add(chars.map((c) => (c === '/' ? c : percentEncoded(c))).join(''));
  out.add(path.replace('_', '%255F'));
  out.add(path.toUpperCase());
  out.add(path.replace('_test', '_TEST'));
  out.add(path.replace('_test', '_Test'));
  out.add(`//${path}`);
  out.add(`/.${path}`);
  out.add(`${path}/`);
  out.add(`${path}?x=1`);
  out.add(`${path}#x`);
  out.add(`${path};x`);
  out.add(`http://127.0.0.1${path}`);
  out.add(`http://${ATTACKER}${path}`);
  out.add(`http://${ATTACKER}${path.replace('_', '%5F')}`);
  return [...out];
}

describe('test control behind every spelling of its path', () => {
  const t = setup();
  let port = 0;
  const token = t.app.reference.testControlToken ?? '';

  beforeAll(async () => {
    port = Number(new URL(await t.app.reference.listenLocal(0)).port);
  });
  afterAll(() => t.app.close());

  /** One request as written: `target` on the request line, the headers given, one connection. */
  const send = (
    method: string,
    target: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<RawResponse> => {
    const lines = Object.entries({
      ...headers,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    return rawHttp(port, `${method} ${target} HTTP/1.1\r\n${lines.join('')}\r\n${body ?? ''}`, 10_000);
  };

  /** The four ways one spelling is sent, by their answers. */
  async function fourWays(method: string, target: string, body?: string) {
    return {
      neither: await send(method, target, { host: ATTACKER }, body),
      noToken: await send(method, target, { host: '127.0.0.1' }, body),
      noHost: await send(method, target, { host: ATTACKER, [TEST_CONTROL_TOKEN_HEADER]: token }, body),
      both: await send(method, target, { host: '127.0.0.1', [TEST_CONTROL_TOKEN_HEADER]: token }, body),
    };
  }

  /** Judges one spelling; whether the router took it to test control. */
  async function judge(method: string, target: string, body?: string): Promise<boolean> {
    const { neither, noToken, noHost, both } = await fourWays(method, target, body);
    const what = `${method} ${target}`;
    for (const [way, res] of [
      ['neither', neither],
      ['noToken', noToken],
      ['noHost', noHost],
    ] as const) {
      expect(REFUSED, `${what} (${way}): ${res.body.slice(0, 200)}`).toContain(res.status);
      expect(JSON.parse(res.body), `${what} (${way})`).toMatchObject({ type: 'error' });
      expect(res.headers['request-id'], `${what} (${way})`).toMatch(/^req_/);
    }
    // Routed when the request with both reached a handler (not the router's 404, not the parser's 400).
    const routed = both.status !== 404 && both.status !== 400;
    if (routed) {
      // Reached test control: the guard judged it as the plain path.
      expect(both.status, `${what}: ${both.body.slice(0, 200)}`).toBe(200);
      expect([neither.status, noToken.status, noHost.status], what).toEqual([403, 401, 403]);
    }
    return routed;
  }

  it('GET /_test/state (the admin key, the workspace key) in every spelling', async () => {
    const routed: string[] = [];
    for (const target of spellings('/_test/state')) {
      if (await judge('GET', target)) routed.push(target);
    }
    // The router does take encoded and absolute-form spellings: the guard saw them.
    expect(routed).toEqual(
      expect.arrayContaining(['/_test/state', '/%5Ftest/state', '/%5ftest/state', '/_tes%74/state']),
    );
    expect(routed).toContain('http://127.0.0.1/_test/state');
  }, 120_000);

  it('POST /_test/faults in every spelling switches no fault on without the token and a loopback Host', async () => {
    const fault = FAULTS[0]?.name ?? '';
    const body = JSON.stringify({ names: [fault] });
    for (const target of spellings('/_test/faults')) {
      for (const headers of [
        { host: ATTACKER },
        { host: '127.0.0.1' },
        { host: ATTACKER, [TEST_CONTROL_TOKEN_HEADER]: token },
      ]) {
        const res = await send('POST', target, headers, body);
        expect(REFUSED, `${target} ${JSON.stringify(headers)}`).toContain(res.status);
      }
      expect(t.app.reference.state.faults.list(), target).toEqual([]);
    }
    // With both, the plain path does switch it on.
    const both = { host: '127.0.0.1', [TEST_CONTROL_TOKEN_HEADER]: token };
    expect((await send('POST', '/%5Ftest/faults', both, body)).status).toBe(200);
    expect(t.app.reference.state.faults.list()).toEqual([fault]);
    t.app.reference.state.faults.set([]);
  }, 120_000);

  it('every test-control route, its underscore percent-encoded, is refused without the token or from another Host', async () => {
    const listed = await send('GET', '/_test/', { host: '127.0.0.1', [TEST_CONTROL_TOKEN_HEADER]: token });
    const routes = (JSON.parse(listed.body) as { routes: { method: string; url: string }[] }).routes;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const target = route.url.replace(/:[a-z_]+/g, 'x').replace('_test', '%5Ftest');
      const body = route.method === 'GET' ? undefined : '{}';
      const fromAttacker = await send(route.method, target, { host: ATTACKER }, body);
      expect(fromAttacker.status, `${route.method} ${target}`).toBe(403);
      const tokenless = await send(route.method, target, { host: '127.0.0.1' }, body);
      expect(tokenless.status, `${route.method} ${target}`).toBe(401);
    }
    expect(t.app.reference.state.faults.list()).toEqual([]);
  }, 120_000);
});

describe('normalisedPath reads a target as the most lenient router would', () => {
  it.each([
    ['/_test/state', '/_test/state'],
    ['/%5Ftest/state', '/_test/state'],
    ['/%255ftest/state', '/_test/state'],
    ['//_test//state/', '/_test/state'],
    ['/x/../_test/./state', '/_test/state'],
    ['/x/%2E%2E/_test/state', '/_test/state'],
    ['/_TEST\\state?x=1', '/_test/state'],
    ['http://attacker.example/%5Ftest/state#x', '/_test/state'],
    ['/../../_test', '/_test'],
    ['/v1/messages', '/v1/messages'],
    ['*', '*'],
  ])('%s is %s', (target, path) => {
    expect(normalisedPath(target)).toBe(path);
  });
});
