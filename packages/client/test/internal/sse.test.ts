import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ServerSentEvent, SSEParser, serverSentEvents } from '../../src/internal/sse.js';

const parse = (...chunks: string[]): ServerSentEvent[] => {
  const parser = new SSEParser();
  return chunks.flatMap((c) => parser.push(c));
};

async function collect(chunks: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
  const out: ServerSentEvent[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const e of serverSentEvents(source())) out.push(e);
  return out;
}

describe('server-sent events', () => {
  it('reads named events, one data line each', () => {
    expect(parse('event: a\ndata: {"x":1}\n\nevent: b\ndata: 2\n\n')).toEqual([
      { event: 'a', data: '{"x":1}', id: '' },
      { event: 'b', data: '2', id: '' },
    ]);
  });

  it('joins data lines with LF, names an unnamed event message, and drops one space after the colon only', () => {
    expect(parse('data:  two spaces\ndata:none\ndata\n\n')).toEqual([
      { event: 'message', data: ' two spaces\nnone\n', id: '' },
    ]);
  });

  it('accepts CRLF, CR and LF line endings, a CRLF split across chunks counting once', () => {
    expect(parse('event: a\r\ndata: 1\r', '\n\r', '\nevent: b\rdata: 2\r\r')).toEqual([
      { event: 'a', data: '1', id: '' },
      { event: 'b', data: '2', id: '' },
    ]);
  });

  it('ignores comments, unknown fields and events without data; keeps the last id', () => {
    expect(
      parse(': keep-alive\n\nevent: ping\n\nid: 7\nretry: 10\nfoo: bar\ndata: x\n\ndata: y\n\n'),
    ).toEqual([
      { event: 'message', data: 'x', id: '7' },
      { event: 'message', data: 'y', id: '7' },
    ]);
  });

  it('drops a leading byte-order mark and an event the stream ends before completing', async () => {
    const bytes = new TextEncoder().encode('\uFEFFevent: a\ndata: é\n\nevent: b\ndata: cut');
    // Split inside the two-byte é: the decoder carries it over.
    const at = bytes.indexOf(0xc3) + 1;
    expect(await collect([bytes.subarray(0, at), bytes.subarray(at)])).toEqual([
      { event: 'a', data: 'é', id: '' },
    ]);
  });

  it('reads the same events however the text is cut into chunks', () => {
    const text =
      'event: message_start\r\ndata: {"a":"b\\nc"}\r\n\r\n: c\nevent: x\rdata: 1\rdata: 2\r\r\ndata: z\n\n';
    const whole = parse(text);
    expect(whole).toHaveLength(3);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), text.length];
        const chunks = points.slice(1).map((end, i) => text.slice(points[i], end));
        expect(parse(...chunks)).toEqual(whole);
      }),
    );
  });
});
