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
 * Why a request may not reach test control, or null when it may (or is not for test control):
 * its Host is not a loopback name (a page of another origin reaching the server through DNS
 * rebinding), or it does not carry the token.
 */
export function testControlRefusal(request: FastifyRequest, token: string): ApiError | null {
  const url = request.url;
  if (!url.startsWith(TEST_CONTROL_PREFIX)) return null;
  const next = url.charAt(TEST_CONTROL_PREFIX.length);
  if (next !== '' && next !== '/' && next !== '?') return null;
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
