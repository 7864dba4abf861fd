/**
 * `client.messages.stream`: the events of a streamed message (UNSPEC-MSG-STREAMING, beyond the
 * documents) against the reference server, and what a stream does with an `error` event, a
 * server that does not stream, a cut stream and an abort (against a local stub server).
 */
import { createServer, ManualClock } from '@vendor-api/reference-server';
import { vendor } from '@vendor-api/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIError, BadRequestError, type MessageStreamEvent, VendorError } from '../../src/index.js';
import { API_KEY, testClient } from '../helpers/client.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

const body = {
  model: vendor.models.sonnet,
  max_tokens: 64,
  messages: [{ role: 'user' as const, content: 'Stream me a reply' }],
};

describe('client.messages.stream against the reference server', () => {
  const options = { seed: 'stream', clock: new ManualClock('2026-03-01T00:00:00.000Z') };
  const streaming = createServer(options);
  const whole = createServer(options);
  let urls: [string, string];
  beforeAll(async () => {
    urls = [await streaming.reference.listenLocal(0), await whole.reference.listenLocal(0)];
  });
  afterAll(() => Promise.all([streaming.close(), whole.close()]));
  const clientOf = (url: string, app: typeof streaming) =>
    testClient(url, { apiKey: app.reference.state.demo.workspaceKey });

  it('finalMessage is the message the same request answers without streaming', async () => {
    const stream = clientOf(urls[0], streaming).messages.stream(body);
    const message = await stream.finalMessage();
    expect(message).toEqual(await clientOf(urls[1], whole).messages.create(body));
    expect(stream.headers?.['request-id']).toEqual(expect.any(String));
    expect(await stream.finalText()).toBe(message.content[0]?.text);
  });

  it('iterates typed events, the snapshot growing with each text delta', async () => {
    const stream = clientOf(urls[0], streaming).messages.stream(body);
    const types: string[] = [];
    const texts: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      const e = event as MessageStreamEvent;
      if (e.type === 'content_block_delta' && e.delta.type === 'text_delta') {
        texts.push(String((stream.snapshot?.content[0] as { text?: string } | undefined)?.text));
      }
    }
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
    expect(types).not.toContain('ping');
    expect(texts.length).toBeGreaterThan(1);
    for (let i = 1; i < texts.length; i++) expect(texts[i]?.startsWith(String(texts[i - 1]))).toBe(true);
    await expect(stream.finalMessage()).resolves.toMatchObject({ stop_reason: 'end_turn' });
  });

  it('a refused request throws the status-mapped error before any event', async () => {
    const stream = clientOf(urls[0], streaming).messages.stream({ ...body, max_tokens: -1 });
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('client.messages.stream against a stub server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const start = {
    type: 'message_start',
    message: {
      id: 'msg_stub',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'm',
      stop_reason: null,
      usage: { input_tokens: 3, output_tokens: 0 },
    },
  };
  const sse = (events: object[]) =>
    events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const serveSSE = (text: string) =>
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(text);
    });

  it('sends stream: true, accepts event streams, and carries the credential', async () => {
    serveSSE(sse([start, { type: 'message_stop' }]));
    await testClient(server.url, { apiKey: API_KEY }).messages.stream(body).finalMessage();
    const req = server.requests.at(-1);
    expect(req?.json).toEqual({ ...body, stream: true });
    expect(req?.headers.accept).toMatch(/^text\/event-stream/);
    expect(req?.headers['x-api-key']).toBe(API_KEY);
  });

  it('an error event after the stream started throws an APIError carrying its body', async () => {
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'busy' } };
    serveSSE(`${sse([start])}event: error\ndata: ${JSON.stringify(error)}\n\n`);
    const stream = testClient(server.url, { apiKey: API_KEY }).messages.stream(body);
    const failure = await stream.finalMessage().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toMatchObject({ errorType: 'overloaded_error', body: error });
    expect(stream.snapshot?.id).toBe('msg_stub');
  });

  it('a stream that ends before message_stop is an error, not a message', async () => {
    serveSSE(
      sse([start, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]),
    );
    const failure = await testClient(server.url, { apiKey: API_KEY })
      .messages.stream(body)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(VendorError);
    expect(String(failure)).toMatch(/before message_stop/);
  });

  it('events of kinds it does not know pass through and change nothing', async () => {
    serveSSE(sse([start, { type: 'future_event', x: 1 }, { type: 'message_stop' }]));
    const stream = testClient(server.url, { apiKey: API_KEY }).messages.stream(body);
    const types: string[] = [];
    for await (const e of stream) types.push(e.type);
    expect(types).toEqual(['message_start', 'future_event', 'message_stop']);
    expect((await stream.finalMessage()).id).toBe('msg_stub');
  });

  it('a server that does not stream is read as one message (the documents show no streaming)', async () => {
    const message = {
      ...start.message,
      content: [{ type: 'text', text: 'whole' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 3, output_tokens: 1 },
    };
    server.handle((_, res) => json(res, 200, message));
    const stream = testClient(server.url, { apiKey: API_KEY }).messages.stream(body);
    expect(await stream.finalMessage()).toEqual(message);
  });

  it('abort stops reading a stream that does not end', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse([start]));
    });
    const stream = testClient(server.url, { apiKey: API_KEY }).messages.stream(body);
    const seen: string[] = [];
    for await (const e of stream) {
      seen.push(e.type);
      stream.abort();
    }
    expect(seen).toEqual(['message_start']);
    await expect(stream.finalMessage()).rejects.toThrow(/aborted/);
  });
});
