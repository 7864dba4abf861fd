/** What a `JSONLinesIterator` asks of its owner. */
export interface JSONLinesSource {
  /** Starts the stream (called on the first `next`). */
  readonly open: () => Promise<AsyncIterable<Uint8Array | string>>;
  /** The error for a line that is not JSON (1-based line number, blank lines counted). */
  readonly malformed: (line: number, reason: string) => Error;
  /** The error for a failure while reading (the owner's mapping; errors of `malformed` pass as they are). */
  readonly failed: (error: unknown) => Error;
  /** Called once when the stream ends, fails or the consumer stops. */
  readonly close: () => void;
}

/**
 * The values of a JSON-lines stream, one per line that is not blank, in bounded memory: the lines
 * of one chunk are parsed when it arrives and handed out one by one. Accepts `\n` and `\r\n`
 * endings (JSON.parse reads a trailing `\r` as whitespace) and a last line without a newline.
 * Written by hand rather than as an async generator, whose every `yield` costs promise turns of
 * its own: a value already parsed is handed out in one. One `next` at a time, as `for await` calls it.
 */
export class JSONLinesIterator<T> implements AsyncIterableIterator<T> {
  readonly #source: JSONLinesSource;
  readonly #decoder = new TextDecoder('utf-8');
  #chunks: AsyncIterator<Uint8Array | string> | undefined;
  #pending = '';
  #values: T[] = [];
  #next = 0;
  #lineNo = 0;
  #closed = false;
  /** A malformed line met: thrown once the values before it are handed out. */
  #failure: Error | undefined;

  constructor(source: JSONLinesSource) {
    this.#source = source;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#next < this.#values.length) {
      return Promise.resolve({ value: this.#values[this.#next++] as T, done: false });
    }
    return this.#fill();
  }

  return(): Promise<IteratorResult<T>> {
    this.#close();
    return Promise.resolve({ value: undefined, done: true });
  }

  async #fill(): Promise<IteratorResult<T>> {
    if (this.#failure) {
      const failure = this.#failure;
      this.#close();
      throw failure;
    }
    if (this.#closed) return { value: undefined, done: true };
    try {
      this.#chunks ??= (await this.#source.open())[Symbol.asyncIterator]();
    } catch (error) {
      this.#close();
      throw error;
    }
    for (;;) {
      this.#values = [];
      this.#next = 0;
      let chunk: IteratorResult<Uint8Array | string>;
      try {
        chunk = await this.#chunks.next();
      } catch (error) {
        this.#close();
        throw this.#source.failed(error);
      }
      if (chunk.done) {
        this.#lines(this.#decoder.decode());
        if (this.#pending !== '' && !this.#failure) this.#line(this.#pending);
        this.#pending = '';
      } else {
        const { value } = chunk;
        this.#lines(typeof value === 'string' ? value : this.#decoder.decode(value, { stream: true }));
      }
      if (this.#next < this.#values.length) {
        if (chunk.done && !this.#failure) this.#close(true);
        return { value: this.#values[this.#next++] as T, done: false };
      }
      if (this.#failure) return this.#fill();
      if (chunk.done) {
        this.#close();
        return { value: undefined, done: true };
      }
    }
  }

  /** The complete lines of a piece of text (with the partial line carried over), parsed up to a malformed one. */
  #lines(text: string): void {
    let nl = text.indexOf('\n');
    if (nl === -1) {
      this.#pending += text;
      return;
    }
    this.#line(this.#pending + text.slice(0, nl));
    let start = nl + 1;
    nl = text.indexOf('\n', start);
    while (nl !== -1 && !this.#failure) {
      this.#line(text.slice(start, nl));
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    this.#pending = text.slice(start);
  }

  #line(line: string): void {
    this.#lineNo++;
    if (line.length === 0) return;
    try {
      this.#values.push(JSON.parse(line) as T);
    } catch (error) {
      // A blank line (spaces, a lone `\r`) is skipped; JSON.parse found it out at no cost to the rest.
      if (line.trim() === '') return;
      // Thrown once the values of the lines before it are handed out.
      this.#failure = this.#source.malformed(this.#lineNo, (error as Error).message);
    }
  }

  /** Ends the stream; `keepValues` when the values of its last chunk are still to be handed out. */
  #close(keepValues = false): void {
    if (!keepValues) {
      this.#values = [];
      this.#next = 0;
    }
    if (this.#closed) return;
    this.#closed = true;
    this.#source.close();
  }
}
