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
 *     `signature_delta`), content_block_stop
 *   message_delta (`stop_reason`, `stop_sequence` when the message has one, output tokens)
 *   message_stop
 *
 * A client that adds the deltas up gets the message back, field for field. The message is made
 * before the first event is sent, so every failure is an ordinary error answer with its status;
 * the server never needs the `error` event clients also read (an error after a stream started).
 */
import type { Message } from '@vendor-api/spec';

/** One server-sent event: its name and its JSON data (whose `type` repeats the name). */
export interface StreamEvent {
  readonly event: string;
  readonly data: { readonly type: string } & Record<string, unknown>;
}

/** The pieces a text is sent in: each word with the space after it (a space-only text whole). */
export function textPieces(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text === '' ? [] : [text]);
}

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

/** The deltas that fill an emptied block. */
function deltasOf(block: Block): Record<string, unknown>[] {
  if (block.type === 'thinking') {
    return [
      ...textPieces(text(block, 'thinking')).map((thinking) => ({ type: 'thinking_delta', thinking })),
      { type: 'signature_delta', signature: text(block, 'signature') },
    ];
  }
  if (block.type === 'text') {
    return textPieces(text(block, 'text')).map((piece) => ({ type: 'text_delta', text: piece }));
  }
  // A kind the stand-in never answers arrives whole in its start event.
  return [];
}

const ev = (data: StreamEvent['data']): StreamEvent => ({ event: data.type, data });

/** The events of a message, in order. */
export function messageStreamEvents(message: Message): StreamEvent[] {
  const { content, stop_reason, usage, ...head } = message;
  const stopSequence = (message as { stop_sequence?: unknown }).stop_sequence;
  const events: StreamEvent[] = [
    ev({
      type: 'message_start',
      message: { ...head, content: [], stop_reason: null, usage: { ...usage, output_tokens: 0 } },
    }),
    ev({ type: 'ping' }),
  ];
  for (const [index, block] of (content as readonly Block[]).entries()) {
    events.push(ev({ type: 'content_block_start', index, content_block: emptied(block) }));
    for (const delta of deltasOf(block)) events.push(ev({ type: 'content_block_delta', index, delta }));
    events.push(ev({ type: 'content_block_stop', index }));
  }
  events.push(
    ev({
      type: 'message_delta',
      delta: { stop_reason, ...(stopSequence !== undefined ? { stop_sequence: stopSequence } : {}) },
      usage: { output_tokens: usage.output_tokens },
    }),
    ev({ type: 'message_stop' }),
  );
  return events;
}

/** One event on the wire: `event: NAME`, `data: JSON` (one line), a blank line. */
export const sseText = ({ event, data }: StreamEvent): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A message as a server-sent-events text. */
export const messageEvents = (message: Message): string => messageStreamEvents(message).map(sseText).join('');
