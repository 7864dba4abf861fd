/**
 * An HTTP/1.1 request without a Host header is a 400 (RFC 9112, section 3.2), answered like every
 * other error: the API's error body and a request id, not the HTTP parser's bare 400. HTTP/1.0
 * needs no Host. Test control is never reached without one.
 */
import { vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { TEST_CONTROL_TOKEN_HEADER } from '../../src/index.js';
import { listening, type RawResponse, rawConversation, rawHttp } from '../helpers.js';

function expectHostRequired(res: RawResponse | undefined): void {
  expect(res?.status, res?.body).toBe(400);
  expect(JSON.parse(res?.body ?? '')).toEqual({
    type: 'error',
    error: { type: 'invalid_request_error', message: 'an HTTP/1.1 request must carry a Host header' },
  });
  expect(res?.headers['request-id']).toMatch(/^req_/);
}

describe('HTTP/1.1 without Host', () => {
  it('is 400 with the error body and a request id, on the API and on test control', async () => {
    const t = await listening();
    const versioned = `${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${t.demo.workspaceKey}\r\n`;
    expectHostRequired(
      await rawHttp(t.port, `GET /v1/messages/batches HTTP/1.1\r\n${versioned}connection: close\r\n\r\n`),
    );
    const token = t.app.reference.testControlToken ?? '';
    expectHostRequired(
      await rawHttp(
        t.port,
        `GET /_test/state HTTP/1.1\r\n${TEST_CONTROL_TOKEN_HEADER}: ${token}\r\nconnection: close\r\n\r\n`,
      ),
    );
    expectHostRequired(await rawHttp(t.port, 'GET /nowhere HTTP/1.1\r\nconnection: close\r\n\r\n'));
    // HTTP/1.0 needs none.
    const old = await rawHttp(t.port, `GET /v1/messages/batches HTTP/1.0\r\n${versioned}\r\n`);
    expect(old.status, old.body).toBe(200);
  });

  it('behind a valid request on one connection: the valid one is answered, then the 400', async () => {
    const t = await listening();
    const versioned = `${vendor.headers.version}: ${vendor.apiVersion}\r\nx-api-key: ${t.demo.workspaceKey}\r\n`;
    const conversation = await rawConversation(
      t.port,
      `GET /v1/messages/batches HTTP/1.1\r\nhost: 127.0.0.1\r\n${versioned}\r\nGET /v1/messages/batches HTTP/1.1\r\n${versioned}connection: close\r\n\r\n`,
    );
    expect(conversation.responses.map((r) => r.status)).toEqual([200, 400]);
    expectHostRequired(conversation.responses[1]);
  });
});
