/**
 * messages.create throughput as a ratio to a bare Fastify JSON route, measured in the same run
 * (target >= 0.5). Both servers listen on 127.0.0.1 in this process; the load comes from the load
 * generator in a second process: a fixed number of requests, fixed concurrency, a time limit.
 * Each side is measured twice, alternating, and its better run counts (less noise from the
 * machine).
 */
import { vendor } from '@vendor-api/spec';
import Fastify from 'fastify';
import { createServer } from '../src/index.js';
import { Loader, reportPhase, reportRatio } from './harness.js';

const TARGET = 0.5;
const COUNT = Number(process.env.BENCH_MESSAGES_COUNT ?? 15_000);
const WARMUP = 2000;
const CONCURRENCY = 32;
const TIME_LIMIT_MS = 20_000;

export async function run(): Promise<boolean> {
  console.log('messages.create vs a bare Fastify JSON route');
  const body = JSON.stringify({
    model: vendor.models.sonnet,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Count the words of this short benchmark prompt, please.' }],
  });

  // The baseline: Fastify's own JSON parsing and serialisation, a fixed answer of the same shape.
  const bare = Fastify({ logger: false });
  bare.post('/v1/messages', async (request) => {
    const params = request.body as { model: string };
    return {
      id: 'msg_bench',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Reference reply' }],
      model: params.model,
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 2 },
    };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const app = createServer({ seed: 'bench' });
  const refBase = await app.reference.listenLocal(0);
  const loader = new Loader();
  try {
    const job = (base: string, count: number) => ({
      url: `${base}/v1/messages`,
      method: 'POST' as const,
      headers: {
        'content-type': 'application/json',
        [vendor.headers.version]: vendor.apiVersion,
        'x-api-key': app.reference.state.demo.workspaceKey,
      },
      bodies: [body],
      count,
      concurrency: CONCURRENCY,
      timeLimitMs: TIME_LIMIT_MS,
    });
    reportPhase('bare Fastify warm-up', await loader.run(job(bareBase, WARMUP)));
    reportPhase('messages.create warm-up', await loader.run(job(refBase, WARMUP)));
    let bareBest = 0;
    let refBest = 0;
    for (let round = 1; round <= 2; round++) {
      const b = await loader.run(job(bareBase, COUNT));
      reportPhase(`bare Fastify JSON route (${round})`, b);
      const r = await loader.run(job(refBase, COUNT));
      reportPhase(`POST /v1/messages (${round})`, r);
      bareBest = Math.max(bareBest, b.rps);
      refBest = Math.max(refBest, r.rps);
    }
    return reportRatio('messages.create / bare Fastify', refBest / bareBest, TARGET);
  } finally {
    loader.close();
    await app.close();
    await bare.close();
  }
}
