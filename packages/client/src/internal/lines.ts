/**
 * Splits a byte stream into text lines in bounded memory: only the current partial line is kept.
 * Accepts `\n` and `\r\n` endings; a final line without a newline is still produced.
 */
export class LineSplitter {
  readonly #decoder = new TextDecoder('utf-8');
  #pending = '';

  /** The complete lines of this chunk (and of the partial line carried over). */
  push(chunk: Uint8Array | string): string[] {
    const text = typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
    const first = text.indexOf('\n');
    if (first === -1) {
      this.#pending += text;
      return [];
    }
    const out: string[] = [];
    out.push(strip(this.#pending + text.slice(0, first)));
    let start = first + 1;
    let nl = text.indexOf('\n', start);
    while (nl !== -1) {
      out.push(strip(text.slice(start, nl)));
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    this.#pending = text.slice(start);
    return out;
  }

  /** The last line when the stream did not end with a newline. */
  end(): string[] {
    const rest = this.#pending + this.#decoder.decode();
    this.#pending = '';
    return rest === '' ? [] : [strip(rest)];
  }
}

function strip(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

export async function* splitLines(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const splitter = new LineSplitter();
  for await (const chunk of chunks) yield* splitter.push(chunk);
  yield* splitter.end();
}
