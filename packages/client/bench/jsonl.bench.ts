/**
 * JSON-lines throughput and memory: the client's batch-results iterator against a raw undici body
 * read with a hand-written line split (and JSON.parse of each line, the work any consumer does),
 * in the same run, against a local server in a worker thread.
 *
 *   npx tsx --conditions=@vendor-api/source packages/client/bench/jsonl.bench.ts [--large] [--lines N]
 *
 * Default: 100,000 result lines (~55 MB). `--large`: ~256 MB. Prints the throughput ratio, judged on
 * CPU time per run, best of several (target >= 0.9), its wall-time form, and the peak RSS growth
 * while the client streams (target < 64 MB).
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { parseCommandLine } from '@vendor-api/spec/cli';
import { Agent, request } from 'undici';
import { VendorClient } from '../src/client.js';
import { batchResults } from '../src/core/batches.js';

const { values } = parseCommandLine(
  { large: { type: 'boolean' }, lines: { type: 'string' } },
  `Usage: tsx --conditions=@vendor-api/source packages/client/bench/jsonl.bench.ts [--large] [--lines N]

  --large     about 256 MB of result lines (default 100,000 lines, ~55 MB)
  --lines N   exactly N result lines
  --help      this text`,
);
const large = values.large === true;
const LINE_BYTES_TARGET = 560;
const lines =
  values.lines !== undefined
    ? Number(values.lines)
    : large
      ? Math.ceil((256 * 1024 * 1024) / LINE_BYTES_TARGET)
      : 100_000;
if (!Number.isSafeInteger(lines) || lines < 1) {
  console.error(`--lines must be a positive integer; got ${JSON.stringify(values.lines)}`);
  process.exit(2);
}
const rounds = large ? 2 : 5;
/** The client's throughput as a share of a raw split + parse of the same body, at least. */
const RATIO_TARGET = 0.9;

// The server runs in a worker so generating the stream does not compete with the reader.
const SERVER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createServer } = require('node:http');
const { lines } = workerData;
const text = 'The quick brown fox jumps over the lazy dog. '.repeat(8);
function line(i) {
  return JSON.stringify({
    custom_id: 'request-' + i,
    result: i % 10 === 0
      ? { type: 'errored', error: { type: 'error', error: { type: 'invalid_request_error', message: 'bad params' } } }
      : { type: 'succeeded', message: { id: 'msg_' + i, type: 'message', role: 'assistant', model: 'vendor-opus-4-7',
          content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 90 } } },
  });
}
// The body is built once, on the first request, and sent again as it is: the server's own work
// stays out of what is measured (it shares the machine's cores with the reader).
let blocks = null;
function build() {
  blocks = [];
  for (let i = 0; i < lines; ) {
    let block = '';
    for (let k = 0; k < 500 && i < lines; k++, i++) block += line(i) + '\\n';
    blocks.push(Buffer.from(block));
  }
}
const server = createServer((req, res) => {
  if (blocks === null) build();
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  let b = 0;
  const pump = () => {
    while (b < blocks.length) {
      if (!res.write(blocks[b++])) return res.once('drain', pump);
    }
    res.end();
  };
  pump();
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', (m) => { if (m === 'close') server.close(() => process.exit(0)); });
`;

interface Run {
  readonly lines: number;
  readonly bytes: number;
  readonly seconds: number;
  /** CPU time of the whole process (the reader; the server only sends bytes it built before). */
  readonly cpuSeconds: number;
  readonly peakRssGrowth: number;
}

const cpuSince = (before: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

function sampler(): { stop: () => number } {
  const base = process.memoryUsage.rss();
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() - base);
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss() - base);
    },
  };
}

async function raw(url: string, dispatcher: Agent, parse: boolean): Promise<Run> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const mem = sampler();
  const cpu = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const { body } = await request(url, { dispatcher });
  const decoder = new TextDecoder();
  let pending = '';
  let n = 0;
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const parts = (pending + decoder.decode(chunk, { stream: true })).split('\n');
    pending = parts.pop() ?? '';
    for (const p of parts) {
      if (p === '') continue;
      if (parse) JSON.parse(p);
      n++;
    }
  }
  if (pending !== '') n++;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { lines: n, bytes, seconds, cpuSeconds: cpuSince(cpu), peakRssGrowth: mem.stop() };
}

async function viaClient(client: VendorClient, url: string): Promise<Run> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const mem = sampler();
  const cpu = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let n = 0;
  for await (const r of batchResults(client, url)) {
    if (r.custom_id === '') throw new Error('unexpected');
    n++;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { lines: n, bytes: 0, seconds, cpuSeconds: cpuSince(cpu), peakRssGrowth: mem.stop() };
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

async function mainBench(): Promise<void> {
  const worker = new Worker(SERVER, { eval: true, workerData: { lines } });
  const [port] = (await once(worker, 'message')) as [number];
  const url = `http://127.0.0.1:${port}/v1/messages/batches/msgbatch_bench/results`;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const client = new VendorClient({
    baseURL: `http://127.0.0.1:${port}`,
    apiKey: 'sk-bench',
    env: {},
    dispatcher,
  });

  // warm-up (JIT, connection)
  await raw(url, dispatcher, true);
  await viaClient(client, url);

  const best = {
    raw: Number.POSITIVE_INFINITY,
    rawNoParse: Number.POSITIVE_INFINITY,
    client: Number.POSITIVE_INFINITY,
    rawCpu: Number.POSITIVE_INFINITY,
    clientCpu: Number.POSITIVE_INFINITY,
  };
  let bytes = 0;
  let peakClient = 0;
  let peakRaw = 0;
  for (let i = 0; i < rounds; i++) {
    const r = await raw(url, dispatcher, true);
    const rn = await raw(url, dispatcher, false);
    const c = await viaClient(client, url);
    if (r.lines !== lines || c.lines !== lines)
      throw new Error(`line count mismatch: raw ${r.lines}, client ${c.lines}`);
    bytes = r.bytes;
    best.raw = Math.min(best.raw, r.seconds);
    best.rawNoParse = Math.min(best.rawNoParse, rn.seconds);
    best.client = Math.min(best.client, c.seconds);
    best.rawCpu = Math.min(best.rawCpu, r.cpuSeconds);
    best.clientCpu = Math.min(best.clientCpu, c.cpuSeconds);
    peakClient = Math.max(peakClient, c.peakRssGrowth);
    peakRaw = Math.max(peakRaw, r.peakRssGrowth);
  }
  // Judged on CPU time per run (the reader is one thread, CPU-bound: on a quiet machine its wall
  // time is its CPU time, and CPU time does not count the waits other processes impose on a shared
  // machine); the wall-time ratio is printed beside it.
  const ratio = best.rawCpu / best.clientCpu;
  const wallRatio = best.raw / best.client;
  const report = {
    lines,
    megabytes: Number(mb(bytes)),
    rounds,
    raw_split_parse_lines_per_s: Math.round(lines / best.raw),
    raw_split_only_lines_per_s: Math.round(lines / best.rawNoParse),
    client_lines_per_s: Math.round(lines / best.client),
    cpu_ratio: Number(ratio.toFixed(3)),
    wall_ratio: Number(wallRatio.toFixed(3)),
    ratio_target: RATIO_TARGET,
    client_peak_rss_growth_mb: Number(mb(peakClient)),
    raw_peak_rss_growth_mb: Number(mb(peakRaw)),
    rss_target_mb: 64,
    pass: ratio >= RATIO_TARGET && peakClient < 64 * 1024 * 1024,
  };
  console.log(JSON.stringify(report, null, 2));
  console.log(
    `  client / raw split + parse, CPU per run: ratio ${ratio.toFixed(2)} (target >= ${RATIO_TARGET}) ${ratio >= RATIO_TARGET ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `  client / raw split + parse, wall time: ${wallRatio.toFixed(2)}  (context: noisy on a shared machine)`,
  );
  console.log(
    `  client peak RSS growth: ${mb(peakClient)} MB (target < 64 MB) ${peakClient < 64 * 1024 * 1024 ? 'ok' : 'MISSED'}`,
  );
  worker.postMessage('close');
  await dispatcher.close();
  if (!report.pass) process.exitCode = 1;
}

await mainBench();
