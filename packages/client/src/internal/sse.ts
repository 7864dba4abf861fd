/**
 * Server-sent events read from a byte stream, as the HTML standard's event-stream interpretation
 * says: UTF-8 (a leading byte-order mark dropped), lines ended by CRLF, LF or CR (a CRLF split
 * across two chunks counts once), `field: value` lines (one space after the colon dropped; a
 * line without a colon is a field with an empty value), comment lines starting with `:`, `data`
 * lines of one event joined with LF, an event dispatched at a blank line and only when it has
 * data, `event` naming it (default `message`), `id` kept for the events after it (not when it
 * holds NUL), other fields ignored, and an event still open when the stream ends dropped.
 */

/** One dispatched event. */
export interface ServerSentEvent {
  /** The `event` field, `message` when the event had none. */
  readonly event: string;
  /** The `data` lines, joined with LF. */
  readonly data: string;
  /** The last event id seen so far (empty when none). */
  readonly id: string;
}

const LF = 0x0a;
const CR = 0x0d;

/** An incremental event-stream parser: feed it text as it arrives, collect the events it completes. */
export class SSEParser {
  #buffer = '';
  /** The last chunk ended with CR: an LF first in the next one ends no line. */
  #afterCR = false;
  #started = false;
  #event = '';
  #data: string[] = [];
  #hasData = false;
  #id = '';

  /** The events the text completes. */
  push(text: string): ServerSentEvent[] {
    let chunk = text;
    if (!this.#started && chunk !== '') {
      this.#started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const out: ServerSentEvent[] = [];
    let start = 0;
    if (this.#afterCR && chunk.charCodeAt(0) === LF) start = 1;
    this.#afterCR = false;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c !== LF && c !== CR) continue;
      const line = this.#buffer + chunk.slice(start, i);
      this.#buffer = '';
      if (c === CR) {
        if (i + 1 === chunk.length) this.#afterCR = true;
        else if (chunk.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
      const event = this.#line(line);
      if (event !== null) out.push(event);
    }
    this.#buffer += chunk.slice(start);
    return out;
  }

  #line(line: string): ServerSentEvent | null {
    if (line === '') return this.#dispatch();
    if (line.charCodeAt(0) === 0x3a) return null; // a comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') {
      this.#data.push(value);
      this.#hasData = true;
    } else if (field === 'id' && !value.includes('\u0000')) this.#id = value;
    return null;
  }

  #dispatch(): ServerSentEvent | null {
    const event = this.#event === '' ? 'message' : this.#event;
    const data = this.#data.join('\n');
    const had = this.#hasData;
    this.#event = '';
    this.#data = [];
    this.#hasData = false;
    return had ? { event, data, id: this.#id } : null;
  }
}

/** The events of a byte stream, in order; an event left open at the end is dropped. */
export async function* serverSentEvents(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parser = new SSEParser();
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* parser.push(text);
  }
  yield* parser.push(decoder.decode());
}
