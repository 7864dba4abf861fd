/**
 * Message creation with `stream: true` (UNSPEC-MSG-STREAMING, beyond the documents): the events
 * clients of the API family read, adding up to the message the same request answers without it.
 */
import { describe, expect, it } from 'vitest';
import { textPieces } from '../src/messages/streaming.js';
import { expectValid, MODEL, setup } from './helpers.js';

interface Event {
  readonly event: string;
  readonly data: Record<string, unknown> & { type: string };
}

/** The events of a server-sent-events text: `event:` and one `data:` line, a blank line after each. */
function parseEvents(text: string): Event[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((chunk) => {
      const [eventLine, dataLine, ...rest] = chunk.split('\n');
      expect(rest).toEqual([]);
      expect(eventLine).toMatch(/^event: \w+$/);
      expect(dataLine).toMatch(/^data: /);
      const event = String(eventLine).slice('event: '.length);
      const data = JSON.parse(String(dataLine).slice('data: '.length)) as Event['data'];
      expect(data.type).toBe(event);
      return { event, data };
    });
}

type Block = Record<string, unknown> & { type: string };

/** The message the events add up to, read as a client of the API family reads them. */
function accumulate(events: readonly Event[]): Record<string, unknown> {
  let message: Record<string, unknown> & { content: Block[]; usage: Record<string, unknown> } = {
    content: [],
    usage: {},
  };
  for (const { data } of events) {
    if (data.type === 'message_start') message = structuredClone(data.message) as typeof message;
    else if (data.type === 'content_block_start') message.content.push({ ...(data.content_block as Block) });
    else if (data.type === 'content_block_delta') {
      const block = message.content[data.index as number] as Block;
      const delta = data.delta as Record<string, string>;
      if (delta.type === 'text_delta') block.text = `${block.text}${delta.text}`;
      else if (delta.type === 'thinking_delta') block.thinking = `${block.thinking}${delta.thinking}`;
      else if (delta.type === 'signature_delta') block.signature = delta.signature;
    } else if (data.type === 'message_delta') {
      Object.assign(message, data.delta);
      Object.assign(message.usage, data.usage);
    }
  }
  return message;
}

const turn = [{ role: 'user', content: 'Stream these few words back' }];

describe('streaming (UNSPEC-MSG-STREAMING)', () => {
  it('stream: true answers text/event-stream whose events add up to the message answered without it', async () => {
    const streamed = setup();
    const whole = setup();
    const body = { model: MODEL, max_tokens: 64, messages: turn };
    const res = await streamed.call('POST', '/v1/messages', { body: { ...body, stream: true } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
    expect(res.headers['request-id']).toEqual(expect.any(String));
    const events = parseEvents(res.text);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      ...textPieces(String((accumulate(events).content as Block[])[0]?.text)).map(
        () => 'content_block_delta',
      ),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    // Two servers of one seed mint the same id: the streamed message is the whole one.
    const answered = await whole.call('POST', '/v1/messages', { body });
    expectValid('messages.create', 200, answered.json);
    expect(accumulate(events)).toEqual(answered.json);
    const start = events[0]?.data.message as Record<string, unknown>;
    expect(start).toMatchObject({ content: [], stop_reason: null, usage: { output_tokens: 0 } });
  });

  it('a text comes in several deltas, one per word', async () => {
    const { call } = setup();
    const res = await call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 64, messages: turn, stream: true },
    });
    const deltas = parseEvents(res.text).filter((e) => e.event === 'content_block_delta');
    expect(deltas.length).toBeGreaterThan(3);
    for (const d of deltas) expect((d.data.delta as { text: string }).text.trim()).not.toMatch(/\s/);
  });

  it('a reply cut at max_tokens says so in message_delta', async () => {
    const { call } = setup();
    const res = await call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 2, messages: turn, stream: true },
    });
    const delta = parseEvents(res.text).find((e) => e.event === 'message_delta');
    expect(delta?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'max_tokens' },
      usage: { output_tokens: 2 },
    });
  });

  it('a thinking block streams as thinking deltas and its signature, before the text', async () => {
    const streamed = setup({ variants: ['richer-replies'] });
    const whole = setup({ variants: ['richer-replies'] });
    const body = {
      model: MODEL,
      max_tokens: 2048,
      messages: turn,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      stop_sequences: ['few'],
    };
    const res = await streamed.call('POST', '/v1/messages', { body: { ...body, stream: true } });
    const events = parseEvents(res.text);
    const deltaTypes = events
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => `${e.data.index}:${(e.data.delta as { type: string }).type}`);
    expect(deltaTypes[0]).toBe('0:thinking_delta');
    expect(deltaTypes).toContain('0:signature_delta');
    expect(deltaTypes.at(-1)).toBe('1:text_delta');
    const message = accumulate(events);
    expect(message).toEqual((await whole.call('POST', '/v1/messages', { body })).json);
    expect(message).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'few' });
  });

  it('a request refused before the stream starts is an ordinary JSON error answer', async () => {
    const { call } = setup();
    const res = await call('POST', '/v1/messages', {
      body: { model: MODEL, max_tokens: 'many', messages: turn, stream: true },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it('stream: false and unstreamed-replies answer the whole message as JSON', async () => {
    const body = { model: MODEL, max_tokens: 16, messages: turn };
    const off = await setup().call('POST', '/v1/messages', { body: { ...body, stream: false } });
    expectValid('messages.create', 200, off.json);
    const variant = setup({ variants: ['unstreamed-replies'] });
    const res = await variant.call('POST', '/v1/messages', { body: { ...body, stream: true } });
    expectValid('messages.create', 200, res.json);
  });

  it('textPieces splits a text into words that join back to it exactly', () => {
    for (const text of ['', ' ', 'one', ' two  words ', 'a\nb\tc', 'Reference reply: Hi, there!']) {
      expect(textPieces(text).join('')).toBe(text);
    }
    expect(textPieces('a b c')).toEqual(['a ', 'b ', 'c']);
  });
});
