/**
 * Streaming message creation: `client.messages.stream(body)` sends the body with `stream: true`
 * and reads the server-sent events clients of this API family read (UNSPEC-MSG-STREAMING: the
 * documents name streaming, not its wire format). A `MessageStream` is an async iterable of the
 * typed events (`ping` skipped, kinds it does not know passed through), adds them up as they come
 * (`snapshot`), and `finalMessage()` gives the whole message: the one the same request answers
 * without streaming. An `error` event throws an `APIError` carrying its error body.
 */
import { operations } from '../generated/operations.js';
import { Messages } from '../generated/resources/messages.js';
import type { components } from '../generated/types.js';
import { type ServerSentEvent, serverSentEvents } from '../internal/sse.js';
import type { HttpCore } from './core.js';
import { APIError, VendorError } from './errors.js';
import type { OperationDescriptor, RequestInput, RequestOptions } from './types.js';

export type Message = components['schemas']['Message'];
export type MessageCreateParams = components['schemas']['MessageCreateParams'];

/** A content block as a stream builds it (a text block; other kinds as they come). */
export type StreamContentBlock =
  | { type: 'text'; text: string; [k: string]: unknown }
  | { type: 'thinking'; thinking: string; signature: string; [k: string]: unknown }
  | { type: string; [k: string]: unknown };

export type ContentBlockDelta =
  | { readonly type: 'text_delta'; readonly text: string }
  | { readonly type: 'thinking_delta'; readonly thinking: string }
  | { readonly type: 'signature_delta'; readonly signature: string }
  | { readonly type: string; readonly [k: string]: unknown };

export interface MessageStartEvent {
  readonly type: 'message_start';
  readonly message: Message;
}
export interface ContentBlockStartEvent {
  readonly type: 'content_block_start';
  readonly index: number;
  readonly content_block: StreamContentBlock;
}
export interface ContentBlockDeltaEvent {
  readonly type: 'content_block_delta';
  readonly index: number;
  readonly delta: ContentBlockDelta;
}
export interface ContentBlockStopEvent {
  readonly type: 'content_block_stop';
  readonly index: number;
}
export interface MessageDeltaEvent {
  readonly type: 'message_delta';
  readonly delta: { readonly stop_reason?: string | null; readonly stop_sequence?: string | null };
  readonly usage: { readonly output_tokens: number; readonly [k: string]: unknown };
}
export interface MessageStopEvent {
  readonly type: 'message_stop';
}
/** An event of a kind this client does not know: passed through, never fatal. */
export interface OtherStreamEvent {
  readonly type: string;
  readonly [k: string]: unknown;
}

export type MessageStreamEvent =
  | MessageStartEvent
  | ContentBlockStartEvent
  | ContentBlockDeltaEvent
  | ContentBlockStopEvent
  | MessageDeltaEvent
  | MessageStopEvent;

/** What a stream reads its events from: the response's events, its headers, and how to stop it. */
export interface EventSource {
  readonly events: AsyncIterable<ServerSentEvent>;
  readonly headers: Readonly<Record<string, string>>;
  /** Stops reading and releases the connection. */
  close(): void;
}

type Snapshot = Omit<Message, 'content'> & { content: StreamContentBlock[]; stop_sequence?: string | null };

/** The message a stream adds up to, event by event. */
export function accumulate(snapshot: Snapshot | undefined, event: OtherStreamEvent): Snapshot | undefined {
  const e = event as MessageStreamEvent;
  if (e.type === 'message_start') return { ...structuredClone(e.message), content: [] } as Snapshot;
  if (snapshot === undefined) {
    if (e.type === 'message_stop' || e.type.startsWith('content_block') || e.type === 'message_delta')
      throw new VendorError(`message stream: ${e.type} before message_start`);
    return snapshot;
  }
  switch (e.type) {
    case 'content_block_start':
      snapshot.content[e.index] = { ...e.content_block };
      break;
    case 'content_block_delta': {
      const block = snapshot.content[e.index] as Record<string, unknown> | undefined;
      if (block === undefined)
        throw new VendorError(`message stream: delta of block ${e.index} before its start`);
      const d = e.delta as Record<string, unknown>;
      if (d.type === 'text_delta') block.text = `${block.text ?? ''}${d.text}`;
      else if (d.type === 'thinking_delta') block.thinking = `${block.thinking ?? ''}${d.thinking}`;
      else if (d.type === 'signature_delta') block.signature = d.signature;
      break;
    }
    case 'message_delta':
      for (const [k, v] of Object.entries(e.delta)) if (v !== undefined) Object.assign(snapshot, { [k]: v });
      Object.assign(snapshot.usage, e.usage);
      break;
  }
  return snapshot;
}

/**
 * One streamed message. Iterate it once (`for await`), or await `finalMessage()` (which reads
 * what the iteration has not); `abort()` stops it.
 */
export class MessageStream implements AsyncIterable<MessageStreamEvent | OtherStreamEvent> {
  readonly #open: () => Promise<EventSource>;
  #source: EventSource | undefined;
  #snapshot: Snapshot | undefined;
  #iterating = false;
  #ended = false;
  #aborted = false;

  constructor(open: () => Promise<EventSource>) {
    this.#open = open;
  }

  /** The message as far as the events read so far build it (undefined before `message_start`). */
  get snapshot(): Readonly<Snapshot> | undefined {
    return this.#snapshot;
  }

  /** The response headers (`request-id`), once the stream has started. */
  get headers(): Readonly<Record<string, string>> | undefined {
    return this.#source?.headers;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<MessageStreamEvent | OtherStreamEvent, void, undefined> {
    if (this.#iterating) throw new VendorError('a message stream can be read once');
    this.#iterating = true;
    this.#source = await this.#open();
    const source = this.#source;
    try {
      for await (const sse of source.events) {
        if (sse.event === 'ping') continue;
        if (sse.event === 'error') throw streamError(sse.data, source.headers);
        let event: OtherStreamEvent;
        try {
          event = JSON.parse(sse.data) as OtherStreamEvent;
        } catch {
          throw new VendorError(`message stream: the data of a ${sse.event} event is not JSON`);
        }
        this.#snapshot = accumulate(this.#snapshot, event);
        if (event.type === 'message_stop') this.#ended = true;
        yield event;
      }
    } catch (error) {
      // Reading a stream that was aborted fails; the abort is the end the caller asked for.
      if (!this.#aborted) throw error;
    } finally {
      source.close();
    }
  }

  /** The whole message; throws when the stream ends before `message_stop`. */
  async finalMessage(): Promise<Message> {
    if (!this.#iterating) {
      for await (const _event of this) if (this.#aborted) break;
    }
    if (!this.#ended || this.#snapshot === undefined) {
      throw new VendorError(
        this.#aborted ? 'message stream aborted' : 'message stream ended before message_stop',
      );
    }
    return this.#snapshot as Message;
  }

  /** The text of the text blocks of the whole message, joined. */
  async finalText(): Promise<string> {
    const message = await this.finalMessage();
    return (message.content as StreamContentBlock[])
      .map((b) => (b.type === 'text' ? String(b.text) : ''))
      .join('');
  }

  /** Stops reading; the connection is released. */
  abort(): void {
    this.#aborted = true;
    this.#source?.close();
  }
}

/** The error an `error` event carries. */
function streamError(data: string, headers: Readonly<Record<string, string>>): APIError {
  let body: unknown = data;
  try {
    body = JSON.parse(data);
  } catch {
    // Not JSON: the text is the body.
  }
  const e = (body as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  const type = typeof e?.type === 'string' ? e.type : 'error';
  const detail = typeof e?.message === 'string' ? `: ${e.message}` : '';
  return new APIError(200, body, headers, `messages.create stream failed: ${type}${detail}`);
}

/** A whole message (a server that does not stream answers one) as the events that build it. */
function* eventsOfMessage(message: Message): Generator<ServerSentEvent> {
  const { content, stop_reason, usage, ...head } = message;
  const stopSequence = (message as { stop_sequence?: unknown }).stop_sequence;
  const events: OtherStreamEvent[] = [
    { type: 'message_start', message: { ...head, content: [], stop_reason: null, usage } },
    ...content.flatMap((block, index) => [
      { type: 'content_block_start', index, content_block: block },
      { type: 'content_block_stop', index },
    ]),
    {
      type: 'message_delta',
      delta: { stop_reason, ...(stopSequence !== undefined ? { stop_sequence: stopSequence } : {}) },
      usage: { output_tokens: usage.output_tokens },
    },
    { type: 'message_stop' },
  ];
  for (const e of events) yield { event: e.type, data: JSON.stringify(e), id: '' };
}

/**
 * Sends a request that asks for a stream and reads its answer's events: server-sent events, or
 * (from a server that does not stream, which the documents allow) the whole JSON message as the
 * events that build it. Errors are the core's: status-mapped, connection and timeout errors.
 */
export async function openEventStream(
  core: HttpCore,
  operation: OperationDescriptor,
  input: RequestInput,
  options: RequestOptions = {},
): Promise<EventSource> {
  const headers = { accept: `${EVENT_STREAM}, application/json`, ...options.headers };
  const res = await core.send(core.prepare(operation, input), { ...options, headers }, true);
  const close = () => {
    res.done();
    if (!res.body.destroyed) res.body.destroy();
  };
  if (!(res.headers['content-type'] ?? '').startsWith(EVENT_STREAM)) {
    const message = core.validate(operation, res.status, await core.readJSON(res, operation)) as Message;
    return { events: toAsync(eventsOfMessage(message)), headers: res.headers, close };
  }
  async function* events(): AsyncGenerator<ServerSentEvent> {
    try {
      yield* serverSentEvents(res.body as AsyncIterable<Uint8Array>);
    } catch (error) {
      throw error instanceof VendorError
        ? error
        : core.connectionError(error, options.signal, res.attemptSignal);
    } finally {
      close();
    }
  }
  return { events: events(), headers: res.headers, close };
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

const EVENT_STREAM = 'text/event-stream';

/** `client.messages`: the generated operations, and `stream`. */
export class StreamingMessages extends Messages {
  readonly #core: HttpCore;

  constructor(core: HttpCore) {
    super(core);
    this.#core = core;
  }

  /**
   * Creates a message as a stream of events (`stream: true` is added to the body). Nothing is
   * sent until the stream is iterated or `finalMessage()` is awaited.
   */
  stream(body: MessageCreateParams, options?: RequestOptions): MessageStream {
    const input = { body: { ...body, stream: true } };
    return new MessageStream(() =>
      openEventStream(this.#core, operations['messages.create'], input, options),
    );
  }
}
