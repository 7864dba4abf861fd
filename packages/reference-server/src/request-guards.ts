/**
 * Guards at the edge of the server: the test-control token and Host check, answers to requests
 * Node's HTTP parser refuses or that are not received in time, and the configured public base URL.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONTROL_TOKEN_HEADER } from '@vendor-api/spec';
import type { FastifyRequest } from 'fastify';
import { type ApiError, apiError } from './errors.js';
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
 * The refusal of an HTTP/1.1 request without a Host header (RFC 9112, section 3.2: a 400), or null.
 * Node's own check (`requireHostHeader`) is off: it answers a bare 400, without the error body
 * and the request id every answer carries.
 */
export function hostMissing(request: FastifyRequest): ApiError | null {
  if (request.headers.host !== undefined) return null;
  const { httpVersionMajor, httpVersionMinor } = request.raw;
  return httpVersionMajor === 1 && httpVersionMinor === 1 ? apiError('http_host_missing') : null;
}

/** How long a client may take to send a request (defaults: the spec's `access.REQUEST_TIME_LIMITS`). */
export interface RequestTimeLimits {
  readonly headersMs: number;
  readonly requestMs: number;
}

/** The answer to what the HTTP parser or a time limit refused: status and error body. */
function clientErrorOf(error: Error & { code?: string }, limits: RequestTimeLimits): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return apiError('http_headers_too_large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError('http_request_timeout', limits);
    default:
      return apiError('http_malformed', { code: error.code ?? 'unknown' });
  }
}

/** The response Node is writing on a socket (or about to: its request was read), if any. */
const inFlightOn = (socket: Duplex): ServerResponse | null =>
  (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;

/** Sockets whose client error is answered: the parser, once in error, reports each later chunk again. */
const refusedSockets = new WeakSet<Duplex>();

/**
 * Answers what Node's HTTP parser refused (a malformed request line or header, headers too large)
 * or a request not received within its time limits (UNSPEC-REQUEST-TIME-LIMITS) with the API's
 * error body and a request id, and closes the connection, saying so (`Connection: close`):
 *
 * - while a whole request before it is being answered (the refused request was pipelined behind
 *   it), that answer is written first, then the error;
 * - a request whose headers were read but not its body (too slow, or malformed) gets the error
 *   through its own response, unless that has begun (then the connection is only closed);
 * - otherwise the error is written to the connection as it is.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  idHeader: string,
  nextId: () => string,
  limits: RequestTimeLimits,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || refusedSockets.has(socket)) return;
  refusedSockets.add(socket);
  const refusal = clientErrorOf(error, limits);
  const body = JSON.stringify(refusal.body);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    [idHeader]: nextId(),
    connection: 'close',
  };
  const answer = (): void => {
    if (socket.destroyed) return;
    const inFlight = inFlightOn(socket);
    if (inFlight !== null && !inFlight.writableFinished) {
      // Node hands the socket to the next answer in line before this listener runs.
      if (inFlight.req.complete) inFlight.once('finish', answer);
      else if (inFlight.headersSent) socket.destroy();
      else inFlight.writeHead(refusal.status, headers).end(body);
      return;
    }
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${head.join('')}\r\n${body}`);
  };
  answer();
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
