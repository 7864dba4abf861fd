/**
 * Slow clients hold a socket no longer than the request time limits (UNSPEC-REQUEST-TIME-LIMITS,
 * `access.REQUEST_TIME_LIMITS`): headers or a body sent a byte a second, or nothing at all, get
 * 408 with the API's error body and a request id, and the connection is closed. The servers under
 * test run with limits of a second or two (`timeLimits`); the tests wait many times longer before
 * they call a socket held, and far less than the limits of the server before the fix (60 s and
 * more for headers, none for bodies).
 */
import { access, vendor } from '@vendor-api/spec';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createServer } from '../../src/index.js';
import { listening, MODEL, type RawConversation, type RawResponse, rawConversation } from '../helpers.js';

const LIMITS = { headersMs: 1_000, requestMs: 2_000 };
/** How long a test waits for the server to close a slow connection. */
const PATIENCE_MS = 30_000;

/** The one answer of a conversation the server ended: a 408 error body with a request id, the connection closed. */
function expectTimedOut(conversation: RawConversation): RawResponse {
  expect(conversation.closed, 'the server closed the connection').toBe(true);
  expect(conversation.responses).toHaveLength(1);
  const [res] = conversation.responses as [RawResponse];
  expect(res.status, res.body).toBe(408);
  expect(JSON.parse(res.body)).toEqual({
    type: 'error',
    error: {
      type: 'invalid_request_error',
      message: `request not received in time: the headers within ${LIMITS.headersMs} ms, the whole request within ${LIMITS.requestMs} ms`,
    },
  });
  expect(res.headers['request-id']).toMatch(/^req_/);
  expect(res.headers.connection).toBe('close');
  return res;
}

const apiHeaders = (key: string) =>
  `host: 127.0.0.1\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${key}\r\n`;

describe('request time limits (UNSPEC-REQUEST-TIME-LIMITS)', () => {
  it("default to the spec's limits", async () => {
    const app = createServer();
    onTestFinished(() => app.close());
    expect(app.server.headersTimeout).toBe(access.REQUEST_TIME_LIMITS.headersMs);
    expect(app.server.requestTimeout).toBe(access.REQUEST_TIME_LIMITS.requestMs);
    expect(access.REQUEST_TIME_LIMITS.headersMs).toBeLessThan(access.REQUEST_TIME_LIMITS.requestMs);
  });

  it('headers sent a byte a second: 408 with the error body once the headers limit passes', async () => {
    const t = await listening({ timeLimits: LIMITS });
    const conversation = await rawConversation(
      t.port,
      `GET /v1/messages/batches HTTP/1.1\r\n${apiHeaders(t.demo.workspaceKey)}`,
      {
        drip: 'x-slow: aaaaaaaaaaaaaaaaaaaa\r\n',
        waitMs: PATIENCE_MS,
      },
    );
    expectTimedOut(conversation);
  }, 60_000);

  it('a connection that sends nothing: 408 once the headers limit passes', async () => {
    const t = await listening({ timeLimits: LIMITS });
    expectTimedOut(await rawConversation(t.port, '', { waitMs: PATIENCE_MS }));
  }, 60_000);

  it("a body sent a byte a second: 408 through the request's own answer once the request limit passes", async () => {
    const t = await listening({ timeLimits: LIMITS });
    const body = JSON.stringify({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });
    const conversation = await rawConversation(
      t.port,
      `POST /v1/messages HTTP/1.1\r\n${apiHeaders(t.demo.workspaceKey)}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      { drip: body, waitMs: PATIENCE_MS },
    );
    expectTimedOut(conversation);
  }, 60_000);

  it('fifty slow connections at once are all closed, and the server still answers', async () => {
    const t = await listening({ timeLimits: LIMITS });
    // Half trickle their headers, half send nothing.
    const slow = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? rawConversation(t.port, 'GET /v1/messages/batches HTTP/1.1\r\n', {
            drip: 'x-slow: a\r\n',
            waitMs: PATIENCE_MS,
          })
        : rawConversation(t.port, '', { waitMs: PATIENCE_MS }),
    );
    for (const conversation of await Promise.all(slow)) expectTimedOut(conversation);
    const served = await rawConversation(
      t.port,
      `GET /v1/messages/batches HTTP/1.1\r\n${apiHeaders(t.demo.workspaceKey)}connection: close\r\n\r\n`,
    );
    expect(served.responses[0]?.status).toBe(200);
  }, 60_000);
});
