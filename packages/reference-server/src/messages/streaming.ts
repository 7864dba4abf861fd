/**
 * Message creation as server-sent events, beyond the documents (UNSPEC-MSG-STREAMING): the first
 * document names streaming without showing its wire format, so the events are those the clients
 * of this API family read. A stream is the message the same request answers without `stream`
 * (same id, content, stop reason and usage), taken apart:
 *
 *   message_start (the message without content, `stop_reason` null, no output tokens yet)
 *   ping
 *   per content block: content_block_start (the block empty), content_block_delta (a
 *     `text_delta` per word of a text; a `thinking_delta` per word of a thinking block, then its
 *     `signature_delta`), content_block_stop; a long text's words are grouped so that a block is
 *     sent in at most `STREAM_DELTAS_PER_BLOCK` deltas
 *   message_delta (`stop_reason`, `stop_sequence` when the message has one, output tokens)
 *   message_stop
 *
 * A client that adds the deltas up gets the message back, field for field. The message is made
 * before the first event is sent, so every failure is an ordinary error answer with its status;
 * the server never needs the `error` event clients also read (an error after a stream started).
 * The events are not: each is made when the connection has taken the one before
 * (`messageEventStream`), so a large answer costs the server a bounded number of bytes at a time,
 * and a bounded number of events in all.
 */
import { Readable } from 'node:stream';
import type { Message } from '@vendor-api/spec';

/**
 * Most deltas one content block is sent in: past this many words, a delta carries several. The
 * work and the bytes of a stream then grow with its text, not with its number of words (one event
 * per one-letter word made 58 bytes out of every byte in).
 */
export const STREAM_DELTAS_PER_BLOCK = 1024;

/** One server-sent event: its name and its JSON data (whose `type` repeats the name). */
export interface StreamEvent {
  readonly event: string;
  readonly data: { readonly type: string } & Record<string, unknown>;
}

/** The pieces a text is sent in: each word with the space after it (a space-only text whole). */
export function textPieces(text: string): string[] {
  return [...deltaTexts(text, 1)];
}

/**
 * The texts of a text's deltas, one at a time: its words with the space after each (a space-only
 * text whole), words joined until a delta holds at least `least` characters (the last may hold
 * fewer). They join back to the text exactly.
 */
export function* deltaTexts(text: string, least: number): Generator<string> {
  const word = /\s*\S+\s*/g;
  let pending = '';
  let found = false;
  for (let m = word.exec(text); m !== null; m = word.exec(text)) {
    found = true;
    pending += m[0];
    if (pending.length >= least) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
  else if (!found && text !== '') yield text;
}

/** Pieces of a text, at most `STREAM_DELTAS_PER_BLOCK` of them (one per word in a short text). */
const blockPieces = (text: string): Generator<string> =>
  deltaTexts(text, Math.max(1, Math.ceil(text.length / STREAM_DELTAS_PER_BLOCK)));

/**
 * A content block as the stream reads it: the message schema shows text blocks only, and a
 * reply may hold a thinking block too (UNSPEC-MSG-RESPONSE-BLOCK-KINDS).
 */
type Block = { readonly type: string } & Readonly<Record<string, unknown>>;

const text = (block: Block, field: string): string => {
  const value = block[field];
  return typeof value === 'string' ? value : '';
};

/** A block as its `content_block_start` carries it: every text it holds empty. */
function emptied(block: Block): Record<string, unknown> {
  if (block.type === 'thinking') return { ...block, thinking: '', signature: '' };
  if (block.type === 'text') return { ...block, text: '' };
  return { ...block };
}

/** The deltas that fill an emptied block, one at a time. */
function* deltasOf(block: Block): Generator<Record<string, unknown>> {
  if (block.type === 'thinking') {
    for (const thinking of blockPieces(text(block, 'thinking'))) yield { type: 'thinking_delta', thinking };
    yield { type: 'signature_delta', signature: text(block, 'signature') };
  } else if (block.type === 'text') {
    for (const piece of blockPieces(text(block, 'text'))) yield { type: 'text_delta', text: piece };
  }
  // A kind the stand-in never answers arrives whole in its start event.
}

const ev = (data: StreamEvent['data']): StreamEvent => ({ event: data.type, data });

/** The events of a message, in order, each made when it is asked for. */
export function* messageStreamEvents(message: Message): Generator<StreamEvent> {
  const { content, stop_reason, usage, ...head } = message;
  const stopSequence = (message as { stop_sequence?: unknown }).stop_sequence;
  yield ev({
    type: 'message_start',
    message: { ...head, content: [], stop_reason: null, usage: { ...usage, output_tokens: 0 } },
  });
  yield ev({ type: 'ping' });
  for (const [index, block] of (content as readonly Block[]).entries()) {
    yield ev({ type: 'content_block_start', index, content_block: emptied(block) });
    for (const delta of deltasOf(block)) yield ev({ type: 'content_block_delta', index, delta });
    yield ev({ type: 'content_block_stop', index });
  }
  yield ev({
    type: 'message_delta',
    delta: { stop_reason, ...(stopSequence !== undefined ? { stop_sequence: stopSequence } : {}) },
    usage: { output_tokens: usage.output_tokens },
  });
  yield ev({ type: 'message_stop' });
}

/** One event on the wire: `event: NAME`, `data: JSON` (one line), a blank line. */
export const sseText = ({ event, data }: StreamEvent): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A message as a server-sent-events text (whole: for a batch result, not for an answer). */
export const messageEvents = (message: Message): string =>
  [...messageStreamEvents(message)].map(sseText).join('');

/**
 * A message as a stream of server-sent events: each event is made when the stream is read, and
 * the stream is read as the connection takes what was written (piped: it waits for `drain`).
 */
export function messageEventStream(message: Message): Readable {
  const events = messageStreamEvents(message);
  return Readable.from(
    (function* () {
      for (const event of events) yield sseText(event);
    })(),
    { objectMode: false },
  );
}
