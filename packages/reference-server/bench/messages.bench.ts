/**
 * messages.create throughput as a ratio to a bare Fastify JSON route, measured in the same run
 * (target >= 0.8). Each server listens on 127.0.0.1 in a process of its own (`ServerProcess`), so
 * neither's JIT or heap weighs on the other; the load comes from the load generator in a third
 * process: a fixed number of requests, fixed connections, a time limit.
 * The two are measured in rounds, one right after the other (`pairedRounds`); the ratio is read
 * within each round, against the mean of the bare route's two runs that bracket it (`bracketed`),
 * and its median over the rounds counts; the bare route's two runs against each other (A/A) are
 * the run's noise, and a ratio inside their middle half counts as equal to the baseline. Each phase
 * also reports the server's CPU time per request, whose ratio does not depend on how the machine's
 * cores are shared between the server and the load generator: it is the primary figure when
 * throughput is noisy on the run (`judge`).
 */
import { vendor } from '@vendor-api/spec';
import {
  againstBaseline,
  answerShape,
  judge,
  Loader,
  loadPhase,
  pairedRounds,
  pipelining,
  ServerProcess,
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
  console.log(
    `messages.create vs a bare Fastify JSON route, each in a process of its own (pipelining ${depth})`,
  );
  const body = JSON.stringify({
    model: vendor.models.sonnet,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Count the words of this short benchmark prompt, please.' }],
  });

  // The baseline: Fastify's own JSON parsing and serialisation, answering the same bytes on the
  // wire as the reference server (a message of the same shape and length, a request id header).
  const servers: ServerProcess[] = [];
  const loader = new Loader();
  try {
    const bare = await ServerProcess.start({ kind: 'bare-messages', idDigits: ID_DIGITS });
    servers.push(bare);
    const reference = await ServerProcess.start({ kind: 'reference' });
    servers.push(reference);
    const headers = {
      'content-type': 'application/json',
      [vendor.headers.version]: vendor.apiVersion,
      'x-api-key': reference.started.workspaceKey ?? '',
    };
    const request = { method: 'POST', headers, body };
    sameAnswerShape(
      await answerShape(`${bare.base}/v1/messages`, request),
      await answerShape(`${reference.base}/v1/messages`, request),
    );
    const job = (base: string, count: number) => ({
      url: `${base}/v1/messages`,
      method: 'POST' as const,
      headers,
      bodies: [body],
      count,
      connections: CONNECTIONS,
      pipelining: depth,
      timeLimitMs: TIME_LIMIT_MS,
    });
    await loadPhase('bare Fastify warm-up', loader, job(bare.base, WARMUP), bare);
    await loadPhase('messages.create warm-up', loader, job(reference.base, WARMUP), reference);
    const rounds = await pairedRounds(ROUNDS, {
      bare: (round) =>
        loadPhase(`bare Fastify JSON route (${round + 1})`, loader, job(bare.base, COUNT), bare),
      messages: (round) =>
        loadPhase(`POST /v1/messages (${round + 1})`, loader, job(reference.base, COUNT), reference),
      control: (round) => loadPhase(`bare Fastify again (${round + 1})`, loader, job(bare.base, COUNT), bare),
    });
    const { throughput, cpu } = againstBaseline(rounds, 'messages', 'bare', 'control');
    return judge('messages.create / bare Fastify', TARGET, throughput, cpu);
  } finally {
    loader.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}
