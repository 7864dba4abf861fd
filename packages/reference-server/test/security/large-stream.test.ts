/**
 * A streamed answer to a large request (UNSPEC-MSG-STREAMING) is written as the client reads it:
 * its events are made one after the other, each written when the connection has taken the one
 * before (back-pressure), so what the server holds for a client that stops reading stays bounded
 * whatever the input; and a block is sent in a bounded number of deltas, so the bytes out grow
 * with the bytes in, not with the words. Measured in bytes and events, never in time.
 */
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { vendor } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { STREAM_DELTAS_PER_BLOCK } from '../../src/messages/streaming.js';
import { listening, MODEL } from '../helpers.js';

/** One-letter words: the input that made the most events per byte (one event per two bytes). */
const WORDS = 500_000;
/** What the server may hold for a client that stopped reading: far less than the answer. */
const BUFFERED_BOUND = 256 * 1024;

describe('a large streamed answer', () => {
  it('holds a bounded number of bytes for a client that stops reading, and adds up to the message', async () => {
    const t = await listening();
    const sockets: Socket[] = [];
    t.app.server.on('connection', (s: Socket) => sockets.push(s));
    const params = {
      model: MODEL,
      max_tokens: 2 * WORDS,
      messages: [{ role: 'user', content: 'a '.repeat(WORDS) }],
    };
    const body = JSON.stringify({ ...params, stream: true });

    let buffered = 0;
    const sample = () => {
      for (const s of sockets) buffered = Math.max(buffered, s.writableLength);
    };
    const chunks: Buffer[] = [];
    let received = 0;
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: t.port,
          method: 'POST',
          path: '/v1/messages',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-api-key': t.demo.workspaceKey,
            [vendor.headers.version]: vendor.apiVersion,
            connection: 'close',
          },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          let paused = false;
          res.on('data', (chunk: Buffer) => {
            sample();
            chunks.push(chunk);
            received += chunk.length;
            if (paused || !chunk.includes('content_block_delta')) return;
            // The client stops reading after the first delta; the server must wait for it.
            paused = true;
            res.pause();
            let ticks = 0;
            const watch = setInterval(() => {
              sample();
              if (++ticks < 40) return;
              clearInterval(watch);
              res.resume();
            }, 25);
          });
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(buffered).toBeLessThan(BUFFERED_BOUND);

    const events = text
      .split('\n\n')
      .filter(Boolean)
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('\ndata: ') + '\ndata: '.length)));
    const deltas = events.filter((e) => e.type === 'content_block_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.length).toBeLessThanOrEqual(STREAM_DELTAS_PER_BLOCK);
    // Bytes out grow with the bytes in: the answer is not many times the request.
    expect(received).toBeLessThan(2 * Buffer.byteLength(body));
    // The deltas add up to the text of the message the same request answers without `stream`.
    const whole = await t.call('POST', '/v1/messages', { body: params });
    const content = whole.json?.content as { text: string }[];
    expect(deltas.map((d) => d.delta.text).join('')).toBe(content[0]?.text);
  }, 120_000);
});
