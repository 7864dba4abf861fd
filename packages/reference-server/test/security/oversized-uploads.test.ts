/**
 * A body over an operation's limit is refused with 413 and the API's error body before it is read
 * (UNSPEC-REQUEST-BODY-SIZE), and the connection is closed. A client still sending the body must
 * get that answer, not a broken connection: the server closes its side and reads and drops what
 * the client goes on sending, up to a bound, before it lets the connection go (a connection let go
 * with bytes unread is reset, and the client's next write fails before it reads the answer).
 */
import { connect } from 'node:net';
import { access, vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { listening, parseResponses } from '../helpers.js';

/** Clients uploading at once, as in the report: 19 of 20 saw a broken connection. */
const CLIENTS = 20;

/**
 * One upload as a client that writes the whole body before it reads (most HTTP clients do): the
 * answer, or the error that broke the connection.
 */
function upload(port: number, key: string, bytes: number, chunked: boolean) {
  return new Promise<{ error: string | null; data: Buffer }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | null = null;
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ error, data: Buffer.concat(chunks) }));
    const length = chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`;
    socket.write(
      `POST /v1/messages HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${length}\r\nx-api-key: ${key}\r\n${vendor.headers.version}: ${vendor.apiVersion}\r\n\r\n`,
    );
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const more = () => {
      while (sent < bytes && !socket.destroyed) {
        const n = Math.min(piece.length, bytes - sent);
        sent += n;
        const data = piece.subarray(0, n);
        const ok = chunked ? socket.write(`${n.toString(16)}\r\n${data}\r\n`) : socket.write(data);
        if (!ok) return void socket.once('drain', more);
      }
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    more();
  });
}

describe('an upload over the size limit', () => {
  it.each([
    ['declared (content-length)', false],
    ['chunked', true],
  ])(
    'sent %s: every client gets the 413 with the error body, none a broken connection',
    async (_how, chunked) => {
      const t = await listening();
      const limit = access.bodyLimit('messages.create');
      const results = await Promise.all(
        Array.from({ length: CLIENTS }, () =>
          upload(t.port, t.demo.workspaceKey, limit + 1024 * 1024, chunked),
        ),
      );
      const broken = results.filter((r) => r.error !== null).map((r) => r.error);
      expect(broken).toEqual([]);
      for (const r of results) {
        const [res, ...more] = parseResponses(r.data, true);
        expect(more).toEqual([]);
        expect(res?.status).toBe(413);
        expect(res?.headers.connection).toBe('close');
        expect(JSON.parse(res?.body ?? '')).toMatchObject({
          type: 'error',
          error: { type: 'request_too_large' },
        });
      }
    },
    120_000,
  );
});
