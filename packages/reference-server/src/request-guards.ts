/**
 * Guards at the edge of the server: the test-control token and Host check, answers to requests
 * Node's HTTP parser refuses, and the configured public base URL.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONTROL_TOKEN_HEADER } from '@vendor-api/spec';
import type { FastifyRequest } from 'fastify';
import { type ApiError, apiError, statusError } from './errors.js';
import { TEST_CONTROL_PREFIX } from './test-control/index.js';

/** Header every test-control call carries the server's test-control token in. */
export const TEST_CONTROL_TOKEN_HEADER = CONTROL_TOKEN_HEADER;

/** Host names test control answers to: loopback names only, with or without a port. */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request is for test control. A routed request is judged by the route the router
 * matched (its registered pattern), so every spelling the router accepts for a test-control path
 * (percent-encodings of any character, an absolute-form target `http://host/_test/...`) is judged
 * as that path: the guard and the router cannot disagree. A request no route matched reaches
 * nothing; it is judged by its path decoded and normalised (`normalisedPath`), and one under the
 * prefix is refused like a routed one rather than told which test-control paths exist.
 */
export function forTestControl(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  return underTestControl(routed ?? normalisedPath(request.url));
}

const underTestControl = (path: string): boolean =>
  path === TEST_CONTROL_PREFIX || path.startsWith(`${TEST_CONTROL_PREFIX}/`);

/** Rounds of percent-decoding `normalisedPath` applies at most (`%255F` is `%5F` is `_`). */
const DECODING_ROUNDS = 4;

/**
 * A request target's path as the most lenient router would read it: the path of an absolute-form
 * target, without query or fragment, percent-decoded until it no longer changes (bytes as
 * characters, malformed escapes kept), `\` read as `/`, empty and `.` segments dropped, `..`
 * segments resolved, lower-cased. Used only to refuse more, never to route.
 */
export function normalisedPath(target: string): string {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path.toLowerCase();
    }
  }
  path = path.split(/[?#]/, 1)[0] ?? '';
  for (let round = 0; round < DECODING_ROUNDS && path.includes('%'); round++) {
    const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/**
 * Why a request may not reach test control, or null when it may (or is not for test control,
 * `forTestControl`): its Host is not a loopback name (a page of another origin reaching the server
 * through DNS rebinding), or it does not carry the token.
 */
export function testControlRefusal(request: FastifyRequest, token: string): ApiError | null {
  if (!forTestControl(request)) return null;
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) {
    return apiError('test_control_host');
  }
  const presented = request.headers[TEST_CONTROL_TOKEN_HEADER];
  if (typeof presented !== 'string' || !timingSafeEqual(digest(presented), digest(token))) {
    return apiError('test_control_token', { header: TEST_CONTROL_TOKEN_HEADER });
  }
  return null;
}

/**
 * Answers a request Node's HTTP parser refused (a malformed request line or header, headers too
 * large, a timeout) with the API's error body and a request id, and closes the connection, saying
 * so (`Connection: close`).
 */
export function parserErrorAnswer(
  error: Error & { code?: string },
  socket: Duplex,
  idHeader: string,
  requestId: string,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'request headers too large'
      : status === 408
        ? 'request timed out'
        : `malformed HTTP request${error.code ? ` (${error.code})` : ''}`;
  const body = JSON.stringify(statusError(status, message).body);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `${idHeader}: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * The public base URL as absolute URLs use it (`https://api.example.test` or with a path prefix,
 * no trailing slash); throws on anything else than an http(s) URL without query or fragment.
 */
export function checkPublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`public URL must be an absolute http(s) URL; got ${JSON.stringify(value)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new Error(
      `public URL must be an http(s) URL without query or fragment; got ${JSON.stringify(value)}`,
    );
  }
  if (url.username !== '' || url.password !== '') throw new Error('public URL must not carry credentials');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
