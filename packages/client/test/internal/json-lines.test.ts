/**
 * The JSON-lines iterator: values of the lines that are not blank, at any chunk boundary; the
 * values before a malformed line handed out before its error; read failures mapped by the owner;
 * the stream opened on the first `next` and closed exactly once, also when the consumer stops.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSONLinesIterator } from '../../src/internal/lines.js';

class Malformed extends Error {
  constructor(readonly line: number) {
    super(`line ${line}`);
  }
}

function source(chunks: (string | Uint8Array)[], options: { failAfter?: number } = {}) {
  const state = { opened: 0, closed: 0 };
  const iterator = new JSONLinesIterator<unknown>({
    open: async () => {
      state.opened++;
      return (async function* () {
        let i = 0;
        for (const chunk of chunks) {
          if (options.failAfter === i++) throw new Error('socket reset');
          yield chunk;
        }
      })();
    },
    malformed: (line) => new Malformed(line),
    failed: (error) => new Error(`mapped: ${(error as Error).message}`),
    close: () => {
      state.closed++;
    },
  });
  return { iterator, state };
}

async function collect(it: AsyncIterable<unknown>): Promise<{ values: unknown[]; error?: unknown }> {
  const values: unknown[] = [];
  try {
    for await (const v of it) values.push(v);
  } catch (error) {
    return { values, error };
  }
  return { values };
}

describe('JSONLinesIterator', () => {
  it('parses every line at any chunk boundary, multi-byte characters and CRLF included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue(), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.boolean(),
        async (values, cuts, crlf) => {
          const text = values.map((v) => `${JSON.stringify(v)}${crlf ? '\r\n' : '\n'}`).join('');
          const bytes = new TextEncoder().encode(text);
          const points = [...new Set(cuts.map((c) => (bytes.length ? c % bytes.length : 0)))].sort(
            (a, b) => a - b,
          );
          const chunks: Uint8Array[] = [];
          let prev = 0;
          for (const p of [...points, bytes.length]) {
            chunks.push(bytes.subarray(prev, p));
            prev = p;
          }
          const { iterator, state } = source(chunks);
          const got = await collect(iterator);
          expect(got).toEqual({ values: JSON.parse(JSON.stringify(values)) });
          expect(state).toEqual({ opened: 1, closed: 1 });
        },
      ),
    );
  });

  it('skips blank lines, reads a last line without newline, and yields null as a value', async () => {
    const { iterator } = source(['\n{"a":1}\r\n \t\n\r\n', 'null\n', '[2]']);
    expect(await collect(iterator)).toEqual({ values: [{ a: 1 }, null, [2]] });
  });

  it('hands out the values before a malformed line, then its error with the line number', async () => {
    const { iterator, state } = source(['1\n\n{oops}\n4\n']);
    const got = await collect(iterator);
    expect(got.values).toEqual([1]);
    expect(got.error).toBeInstanceOf(Malformed);
    expect((got.error as Malformed).line).toBe(3);
    expect(state.closed).toBe(1);
  });

  it('maps a read failure through its owner, after the values already read', async () => {
    const { iterator, state } = source(['1\n2\n', '3\n'], { failAfter: 1 });
    const got = await collect(iterator);
    expect(got.values).toEqual([1, 2]);
    expect((got.error as Error).message).toBe('mapped: socket reset');
    expect(state.closed).toBe(1);
  });

  it('opens on the first next, and closes once when the consumer stops early', async () => {
    const { iterator, state } = source(['1\n2\n3\n']);
    expect(state.opened).toBe(0);
    for await (const v of iterator) {
      expect(v).toBe(1);
      break;
    }
    expect(state).toEqual({ opened: 1, closed: 1 });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(state.closed).toBe(1);
  });
});
