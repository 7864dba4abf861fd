/**
 * messages.create throughput as a ratio to a bare Fastify JSON route, measured in the same run
 * (target >= 0.8). Both servers listen on 127.0.0.1 in this process; the load comes from the load
 * generator in a second process: a fixed number of requests, fixed connections, a time limit.
 * The two are measured in rounds, one right after the other (`pairedRounds`); the ratio is read
 * within each round, against the mean of the bare route's two runs that bracket it (`bracketed`),
 * and its median over the rounds counts; the bare route's two runs against each other (A/A) are
 * the run's noise, and a ratio inside their middle half counts as equal to the baseline. Each phase
 * also reports the server's CPU time per request, whose ratio does not depend on how the machine's
 * cores are shared between the server and the load generator: it is the primary figure when
 * throughput is noisy on the run (`judge`).
 */
import { vendor } from '@vendor-api/spec';
import Fastify from 'fastify';
import { createServer, REQUEST_ID_HEADER } from '../src/index.js';
import {
  againstBaseline,
  answerShape,
  judge,
  Loader,
  loadPhase,
  pairedRounds,
  pipelining,
  sameAnswerShape,
} from './harness.js';

const TARGET = 0.8;
const COUNT = Number(process.env.BENCH_MESSAGES_COUNT ?? 6000);
/**
 * Requests each server answers before the rounds. The reference server runs far more code than a
 * bare route and takes longer to compile it well: measured on a fresh server, about 200 µs of CPU
 * per request over the first 5,000 requests, 70 to 100 over the next 5,000, about 45 from 10,000
 * on. Rounds after a short warm-up compare a cold server with a warm one.
 */
const WARMUP = 20_000;
const CONNECTIONS = 32;
const TIME_LIMIT_MS = 20_000;
/** Rounds of the comparison: the ratio is read within each, its median counts. */
const ROUNDS = 9;

/** Digits of the ids the baseline mints: as many characters as the reference server's. */
const ID_DIGITS = 24;

export async function run(): Promise<boolean> {
  const depth = pipelining();
  console.log(`messages.create vs a bare Fastify JSON route (pipelining ${depth})`);
  const body = JSON.stringify({
    model: vendor.models.sonnet,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Count the words of this short benchmark prompt, please.' }],
  });

  // The baseline: Fastify's own JSON parsing and serialisation, answering the same bytes on the
  // wire as the reference server (a message of the same shape and length, a request id header).
  let answered = 0;
  const bare = Fastify({ logger: false });
  bare.post('/v1/messages', async (request, reply) => {
    const params = request.body as { model: string; messages: { content: string }[] };
    const n = String(++answered).padStart(ID_DIGITS, '0');
    reply.header(REQUEST_ID_HEADER, `req_${n}`);
    return {
      id: `msg_${n}`,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: `Reference reply: ${params.messages.at(-1)?.content}` }],
      model: params.model,
      stop_reason: 'end_turn',
      usage: { input_tokens: 14, output_tokens: 14 },
    };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const app = createServer({ seed: 'bench' });
  const refBase = await app.reference.listenLocal(0);
  const loader = new Loader();
  try {
    const request = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [vendor.headers.version]: vendor.apiVersion,
        'x-api-key': app.reference.state.demo.workspaceKey,
      },
      body,
    };
    sameAnswerShape(
      await answerShape(`${bareBase}/v1/messages`, request),
      await answerShape(`${refBase}/v1/messages`, request),
    );
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
      connections: CONNECTIONS,
      pipelining: depth,
      timeLimitMs: TIME_LIMIT_MS,
    });
    await loadPhase('bare Fastify warm-up', loader, job(bareBase, WARMUP));
    await loadPhase('messages.create warm-up', loader, job(refBase, WARMUP));
    const rounds = await pairedRounds(ROUNDS, {
      bare: (round) => loadPhase(`bare Fastify JSON route (${round + 1})`, loader, job(bareBase, COUNT)),
      messages: (round) => loadPhase(`POST /v1/messages (${round + 1})`, loader, job(refBase, COUNT)),
      control: (round) => loadPhase(`bare Fastify again (${round + 1})`, loader, job(bareBase, COUNT)),
    });
    const { throughput, cpu } = againstBaseline(rounds, 'messages', 'bare', 'control');
    return judge('messages.create / bare Fastify', TARGET, throughput, cpu);
  } finally {
    loader.close();
    await app.close();
    await bare.close();
  }
}
