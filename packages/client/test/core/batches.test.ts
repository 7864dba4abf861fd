import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResults, matchResults } from '../../src/core/batches.js';
import { JSONLinesError } from '../../src/core/errors.js';
import { API_KEY, testClient } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const line = (id: string, type = 'succeeded') => JSON.stringify({ custom_id: id, result: { type } });

function serveText(chunks: string[]) {
  server.handle(async (_, res) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const c of chunks) {
      res.write(c);
      await new Promise((r) => setImmediate(r));
    }
    res.end();
  });
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('batch results as JSON lines', () => {
  it('BATCH-RESULTS-STREAMING: reads lines split across chunks, with a trailing newline', async () => {
    const text = `${line('a')}\n${line('b', 'errored')}\n${line('c', 'expired')}\n`;
    serveText([text.slice(0, 10), text.slice(10, 45), text.slice(45)]);
    const client = testClient(server.url, { apiKey: API_KEY });
    const got = await collect(
      batchResults(client, { results_url: `${server.url}/v1/messages/batches/b1/results` }),
    );
    expect(got.map((r) => r.custom_id)).toEqual(['a', 'b', 'c']);
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/v1/messages/batches/b1/results');
    expect(req.headers['x-api-key']).toBe(API_KEY);
  });

  it('skips blank lines and accepts CRLF and a last line without newline', async () => {
    serveText([`\n${line('a')}\r\n\n   \n${line('b')}`]);
    const client = testClient(server.url, { apiKey: API_KEY });
    const got = await collect(batchResults(client, `${server.url}/r`));
    expect(got.map((r) => r.custom_id)).toEqual(['a', 'b']);
  });

  it('names the line number of a malformed line', async () => {
    serveText([`${line('a')}\n\n{"custom_id": "b", oops}\n${line('c')}\n`]);
    const client = testClient(server.url, { apiKey: API_KEY });
    const got: string[] = [];
    const error = await (async () => {
      for await (const r of batchResults(client, `${server.url}/r`)) got.push(r.custom_id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JSONLinesError);
    expect((error as JSONLinesError).line).toBe(3);
    expect((error as Error).message).toMatch(/line 3/);
    expect(got).toEqual(['a']);
  });

  it('fails clearly when results_url is null', async () => {
    const client = testClient(server.url, { apiKey: API_KEY });
    await expect(collect(batchResults(client, { results_url: null }))).rejects.toThrow(/results_url/);
  });

  it('BATCH-RESULTS-STREAMING: streams a large body in bounded memory', async () => {
    const count = 200_000;
    const padding = 'x'.repeat(200);
    server.handle(async (_, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const batch: string[] = [];
      for (let i = 0; i < count; i++) {
        batch.push(JSON.stringify({ custom_id: `r${i}`, result: { type: 'succeeded', pad: padding } }));
        if (batch.length === 1000) {
          if (!res.write(`${batch.join('\n')}\n`)) await new Promise((r) => res.once('drain', r));
          batch.length = 0;
        }
      }
      res.end();
    });
    const client = testClient(server.url, { apiKey: API_KEY });
    // What the stream retains, not the garbage it leaves (whose collection each Node version times
    // differently): the heap after a full collection, at every 10,000th result.
    const gc = collector();
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = 0;
    let n = 0;
    for await (const r of batchResults(client, `${server.url}/big`)) {
      n++;
      if (n % 10_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - base);
      }
      void r;
    }
    expect(n).toBe(count);
    // The body is ~45 MB; holding what was read, or the whole body, would retain far more.
    expect(peak).toBeLessThan(16 * 1024 * 1024);
    // 45 MB through a real socket with a collection every 10,000 lines: seconds on a loaded
    // machine (a bound on memory, not on time)
  }, 60_000);
});

describe('matchResults', () => {
  it('BATCH-RESULT-MATCH-BY-CUSTOM-ID: pairs results with requests by custom_id, in any order', async () => {
    const requests = [
      { custom_id: 'a', params: {} },
      { custom_id: 'b', params: {} },
      { custom_id: 'c', params: {} },
    ];
    const results = [
      { custom_id: 'c', result: { type: 'succeeded' } },
      { custom_id: 'x', result: { type: 'errored' } },
      { custom_id: 'a', result: { type: 'expired' } },
    ];
    const m = await matchResults(requests, results);
    expect(m.matched.get('a')?.result?.result.type).toBe('expired');
    expect(m.matched.get('c')?.request?.custom_id).toBe('c');
    expect(m.missing.map((r) => r.custom_id)).toEqual(['b']);
    expect(m.unexpected.map((r) => r.custom_id)).toEqual(['x']);
  });

  it('BATCH-RESULT-MATCH-BY-CUSTOM-ID: accepts a results stream in another order and rejects duplicate ids', async () => {
    serveText([`${line('b')}\n${line('a')}\n`]);
    const client = testClient(server.url, { apiKey: API_KEY });
    const m = await matchResults(
      [{ custom_id: 'a' }, { custom_id: 'b' }],
      batchResults(client, `${server.url}/r`),
    );
    expect(m.missing).toEqual([]);
    await expect(matchResults([{ custom_id: 'a' }, { custom_id: 'a' }], [])).rejects.toThrow(/duplicate/);
    await expect(
      matchResults([{ custom_id: 'a' }], [{ custom_id: 'a' }, { custom_id: 'a' }]),
    ).rejects.toThrow(/duplicate/);
  });
});

/** A full garbage collection on demand, whether or not the process was started with --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
