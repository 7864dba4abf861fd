/**
 * Requests pipelined on one connection: one the HTTP parser refuses (malformed, headers too large)
 * or one too slow, behind valid ones, does not cost the valid ones their answers. They are answered
 * in order, then the refused one gets the API's error body with a request id, and the connection
 * is closed.
 */
import { vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { listening, MODEL, type RawResponse, rawConversation } from '../helpers.js';

/** Short time limits, for the slow request. */
const LIMITED = { timeLimits: { headersMs: 1_000, requestMs: 2_000 } };

const headers = (key: string) =>
  `host: 127.0.0.1\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${key}\r\n`;

/** The refusal that closes a pipeline: the error body, a request id, `Connection: close`. */
function expectRefusal(res: RawResponse | undefined, status: number): void {
  expect(res?.status, res?.body).toBe(status);
  expect(JSON.parse(res?.body ?? '')).toMatchObject({
    type: 'error',
    error: { type: 'invalid_request_error' },
  });
  expect(res?.headers['request-id']).toMatch(/^req_/);
  expect(res?.headers.connection).toBe('close');
}

describe('a refused request pipelined behind valid ones', () => {
  const refused: [string, string, number][] = [
    ['a malformed request', 'NOT HTTP AT ALL\r\n\r\n', 400],
    ['a malformed header', 'GET /v1/messages/batches HTTP/1.1\r\nhost: 127.0.0.1\r\nbad header\r\n\r\n', 400],
    ['headers too large', `GET /v1/messages/batches HTTP/1.1\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ];
  for (const [what, text, status] of refused) {
    it(`${what}: the valid requests are answered first, then ${status}`, async () => {
      const t = await listening(LIMITED);
      const get = `GET /v1/messages/batches HTTP/1.1\r\n${headers(t.demo.workspaceKey)}\r\n`;
      const body = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
      const post = `POST /v1/messages/count_tokens HTTP/1.1\r\n${headers(t.demo.workspaceKey)}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
      const conversation = await rawConversation(t.port, `${get}${post}${get}${text}`, { waitMs: 30_000 });
      const [first, second, third, last] = conversation.responses;
      expect([first?.status, second?.status, third?.status]).toEqual([200, 200, 200]);
      expect(JSON.parse(second?.body ?? '')).toMatchObject({ input_tokens: expect.any(Number) });
      expectRefusal(last, status);
      expect(conversation.responses).toHaveLength(4);
      expect(conversation.closed).toBe(true);
    }, 60_000);
  }

  it('headers that never end, behind a valid request: the valid one is answered, then 408', async () => {
    const t = await listening(LIMITED);
    const conversation = await rawConversation(
      t.port,
      `GET /v1/messages/batches HTTP/1.1\r\n${headers(t.demo.workspaceKey)}\r\nGET /v1/messages/batches HTTP/1.1\r\n`,
      { drip: 'x-slow: a\r\n', waitMs: 30_000 },
    );
    const [first, last] = conversation.responses;
    expect(first?.status).toBe(200);
    expectRefusal(last, 408);
    expect(conversation.closed).toBe(true);
  }, 60_000);
});
