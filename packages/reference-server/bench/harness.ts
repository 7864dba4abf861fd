/**
 * Shared pieces of the reference server's benchmarks: the load generator as a second process
 * (autocannon; bounded: a fixed number of requests, fixed connections, a time limit, loopback
 * only), a measured phase with the CPU time each side used, and the report of a ratio against its
 * target.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The monorepo root: `tsx` and the source condition resolve from there. */
export const ROOT = resolve(here, '../../..');

/**
 * Requests in flight per connection (HTTP/1.1 pipelining): 1 (none, as an SDK sends them) unless
 * `BENCH_PIPELINING` says otherwise (Fastify's own benchmarks use 10).
 */
export function pipelining(): number {
  const value = process.env.BENCH_PIPELINING;
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(`BENCH_PIPELINING must be a positive integer; got ${value}`);
  return n;
}

/** A load-generator child process, reused for every phase of a benchmark. */
export class Loader {
  readonly #child: ChildProcess;
  constructor() {
    this.#child = fork(join(here, 'load.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  run(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolvePromise, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      this.#child.once('exit', onExit);
      this.#child.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
        this.#child.off('exit', onExit);
        if (message.ok && message.result) resolvePromise(message.result);
        else reject(new Error(message.error ?? 'the load generator failed'));
      });
      this.#child.send(job);
    });
  }

  close(): void {
    this.#child.kill();
  }
}

/** A measured phase: throughput and the CPU time per operation of each process involved. */
export interface Phase {
  readonly name: string;
  readonly rps: number;
  /** CPU time (user + system, all threads) of the process that did the work, per operation, in µs. */
  readonly cpuUsPerOp: number;
  /** The load generator's CPU time per request, in µs (null when there was no load generator). */
  readonly loaderCpuUsPerOp: number | null;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function printPhase(phase: Phase, detail: string): void {
  const loader = phase.loaderCpuUsPerOp === null ? '' : `, load generator ${fmt(phase.loaderCpuUsPerOp)} µs`;
  console.log(
    `  ${phase.name.padEnd(36)} ${fmt(phase.rps).padStart(8)} req/s  (${detail}; cpu/op: server ${fmt(phase.cpuUsPerOp)} µs${loader})`,
  );
}

/**
 * Sends a job through the load generator to a server listening in this process, and measures
 * this process's CPU time while it runs (the process is otherwise idle, waiting for the answer).
 * Throws when any request failed: a benchmark of errors is no benchmark.
 */
export async function loadPhase(name: string, loader: Loader, job: LoadJob): Promise<Phase> {
  const before = process.cpuUsage();
  const r = await loader.run(job);
  const cpu = process.cpuUsage(before);
  const answered = Math.max(1, r.completed);
  const phase: Phase = {
    name,
    rps: r.rps,
    cpuUsPerOp: (cpu.user + cpu.system) / answered,
    loaderCpuUsPerOp: (r.cpuMs * 1000) / answered,
  };
  printPhase(
    phase,
    `${r.completed} ok in ${Math.round(r.elapsedMs)} ms${r.timedOut ? ', time limit reached' : ''}`,
  );
  if (r.errors > 0) {
    throw new Error(`${name}: ${r.errors} requests failed; first: ${r.firstError ?? '?'}`);
  }
  return phase;
}

/** Runs `fn` over `items` in this process with at most `concurrency` in flight. */
export async function localPhase<T>(
  name: string,
  items: readonly T[],
  concurrency: number,
  fn: (item: T) => Promise<unknown>,
): Promise<Phase> {
  let next = 0;
  const before = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(before);
  const phase: Phase = {
    name,
    rps: (items.length / ms) * 1000,
    cpuUsPerOp: (cpu.user + cpu.system) / items.length,
    loaderCpuUsPerOp: null,
  };
  printPhase(phase, `${items.length} in ${Math.round(ms)} ms`);
  return phase;
}

/** The median of some numbers (the mean of the middle two of an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Measures the phases of a comparison in rounds, one after the other within a round (their order
 * turned around every other round, so a machine slowing down or warming up favours neither), and
 * gives each round's phases to the caller. A ratio is then read within each round, between phases
 * that ran a second apart, and its median over the rounds is the figure: on a shared machine whose
 * speed drifts by tens of percent between seconds, the best run of each side, read apart, is not.
 */
export async function pairedRounds<K extends string>(
  rounds: number,
  phases: Readonly<Record<K, (round: number) => Promise<Phase>>>,
): Promise<Record<K, Phase>[]> {
  const names = Object.keys(phases) as K[];
  const out: Record<K, Phase>[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    const measured = {} as Record<K, Phase>;
    for (const name of order) measured[name] = await phases[name](round);
    out.push(measured);
  }
  return out;
}

/** Prints the ratio and whether it meets the target; returns whether it does. */
export function reportRatio(name: string, ratio: number, target: number): boolean {
  const ok = ratio >= target;
  console.log(`  ${name}: ratio ${ratio.toFixed(2)} (target >= ${target}) ${ok ? 'ok' : 'MISSED'}`);
  return ok;
}

/** The value at quantile `q` (0 to 1) of some numbers, interpolated between neighbours. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('a quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = q * (sorted.length - 1);
  const lo = sorted[Math.floor(at)] as number;
  const hi = sorted[Math.ceil(at)] as number;
  return lo + (hi - lo) * (at - Math.floor(at));
}

/**
 * A measured phase's throughput against its baseline's two runs of the same round, which bracket
 * it (the baseline runs first and last of a round, in either order): against their mean, a machine
 * speeding up or slowing down steadily through the round moves the ratio by nothing.
 */
export function bracketed(measured: Phase, before: Phase, after: Phase): number {
  return measured.rps / ((before.rps + after.rps) / 2);
}

/**
 * Prints the A/A control of a comparison: the ratio of the baseline's two runs in each round (the
 * run named `control` to the other). The two are the same server, so every departure from 1 is the
 * machine's noise; printed beside a ratio, it shows whether a miss (or a pass) is larger than what
 * one server differs from itself in the same run.
 */
export function reportControl(values: readonly number[]): void {
  const at = (q: number) => quantile(values, q).toFixed(2);
  console.log(
    `  A/A control, baseline / itself: median ${median(values).toFixed(2)}, middle half ${at(0.25)} to ${at(0.75)} (per round: ${roundsText(values)})`,
  );
}

/** The per-round values of a ratio, for the log (`0.81 0.77 …`). */
export function roundsText(values: readonly number[]): string {
  return values.map((v) => v.toFixed(2)).join(' ');
}

/** Prints a ratio that has no target: context for reading the ones that do. */
export function reportContext(name: string, ratio: number, meaning: string): void {
  console.log(`  ${name}: ${ratio.toFixed(2)}  (${meaning})`);
}

/**
 * What a baseline must match of an answer: its status, its header names with the length of each
 * value (`date` aside), and its number of bytes. A baseline that sends less is no baseline.
 */
export async function answerShape(url: string, init: RequestInit): Promise<string> {
  const res = await fetch(url, init);
  const bytes = Buffer.byteLength(await res.text());
  const headers = [...res.headers.entries()]
    .filter(([name]) => name !== 'date')
    .map(([name, value]) => `${name}: ${value.length}`)
    .sort();
  return JSON.stringify({ status: res.status, headers, bytes });
}

/** Throws unless the baseline's answer has the shape of the measured server's. */
export function sameAnswerShape(baseline: string, measured: string): void {
  if (baseline !== measured) {
    throw new Error(`the baseline answers ${baseline}, the measured server ${measured}`);
  }
}
