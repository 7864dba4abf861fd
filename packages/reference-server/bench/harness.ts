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
import type { ServerSpec, Started } from './serve.js';

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

/** Sends a message to a child and resolves with its one answer (`{ok, ...}`), or rejects when it exits first. */
function ask<T>(child: ChildProcess, message: unknown, what: string): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (answer: { ok: boolean; error?: string } & T) => {
      child.off('exit', onExit);
      if (answer.ok) resolvePromise(answer);
      else reject(new Error(answer.error ?? `${what} failed`));
    });
    child.send(message as object);
  });
}

/**
 * A server of a benchmark in a process of its own (`serve.ts`): the measured server and its
 * baseline each get one, so neither shares a JIT, a heap or a garbage collector with the other or
 * with the benchmark, and the CPU time per request read is that process's alone.
 */
export class ServerProcess {
  private constructor(
    readonly started: Started,
    private readonly child: ChildProcess,
  ) {}

  get base(): string {
    return this.started.base;
  }

  static async start(spec: ServerSpec): Promise<ServerProcess> {
    const child = fork(join(here, 'serve.ts'), [], {
      cwd: ROOT,
      execArgv: [
        '--import',
        'tsx',
        // The servers run the built packages (dist), as users run them; BENCH_SOURCE=1 runs the source.
        ...(process.env.BENCH_SOURCE ? ['--conditions=@vendor-api/source'] : []),
        // BENCH_CPU_PROF=DIR: each server writes a CPU profile there when it stops (where the time goes).
        ...(process.env.BENCH_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`, '--cpu-prof-interval=100']
          : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const { started } = await ask<{ started: Started }>(child, { spec }, `the ${spec.kind} server`);
      return new ServerProcess(started, child);
    } catch (error) {
      child.kill();
      throw error;
    }
  }

  /** The process's CPU time so far (user + system, all threads), in µs. */
  async cpuUs(): Promise<number> {
    return (await ask<{ cpuUs: number }>(this.child, { cpu: true }, 'the server')).cpuUs;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolvePromise) => this.child.once('exit', resolvePromise));
    this.child.send({ close: true });
    const timer = setTimeout(() => this.child.kill(), 5000);
    await exited;
    clearTimeout(timer);
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
 * Sends a job through the load generator to a server, and measures the server's CPU time while it
 * runs: the server process's (`ServerProcess`), or this process's for a server listening here (the
 * process is otherwise idle, waiting for the answer). Throws when any request failed: a benchmark
 * of errors is no benchmark.
 */
export async function loadPhase(
  name: string,
  loader: Loader,
  job: LoadJob,
  server?: ServerProcess,
): Promise<Phase> {
  const cpuNow = async () => {
    if (server) return server.cpuUs();
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const before = await cpuNow();
  const r = await loader.run(job);
  const cpuUs = (await cpuNow()) - before;
  const answered = Math.max(1, r.completed);
  const phase: Phase = {
    name,
    rps: r.rps,
    cpuUsPerOp: cpuUs / answered,
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
 * A ratio read in rounds beside its A/A control: the baseline's two runs of each round against each
 * other, read the same way. The two are the same server, so every departure of the control from 1
 * is the machine's noise.
 */
export interface RoundRatios {
  /** The measured side against its baseline, per round (above 1: the measured side does better). */
  readonly ratios: readonly number[];
  /** The baseline against itself, per round, in the same direction. */
  readonly control: readonly number[];
}

/**
 * A measured phase against its baseline's two runs that bracket it, in each round, twice: by wall
 * throughput (`bracketed`) and by the server's CPU time per request (the baseline's over the
 * measured side's, so that above 1 is better in both), each with its A/A control. CPU time per
 * request does not depend on how long the server waited for a core, so it stays readable when a
 * busy machine makes wall throughput swing.
 */
export function againstBaseline<K extends string>(
  rounds: readonly Readonly<Record<K, Phase>>[],
  measured: K,
  baseline: K,
  control: K,
): { throughput: RoundRatios; cpu: RoundRatios } {
  return {
    throughput: {
      ratios: rounds.map((r) => bracketed(r[measured], r[baseline], r[control])),
      control: rounds.map((r) => r[control].rps / r[baseline].rps),
    },
    cpu: {
      ratios: rounds.map(
        (r) => (r[baseline].cpuUsPerOp + r[control].cpuUsPerOp) / 2 / r[measured].cpuUsPerOp,
      ),
      control: rounds.map((r) => r[baseline].cpuUsPerOp / r[control].cpuUsPerOp),
    },
  };
}

/** A ratio read against the run's A/A middle half. */
export interface Reading {
  /** The ratio's median over the rounds. */
  readonly median: number;
  /** The A/A middle half: the interquartile range of the control over the rounds. */
  readonly band: readonly [number, number];
  /** Where the median falls: inside the band it counts as equal to the baseline. */
  readonly place: 'below' | 'inside' | 'above';
  /** The figure judged: 1 (equal to the baseline) inside the band, the median outside it. */
  readonly value: number;
}

/**
 * Reads a ratio against the run's A/A middle half: a median inside it differs from the baseline no
 * more than the baseline differs from itself in half of the rounds of the same run, so it counts
 * as equal to the baseline (1); outside it, the median stands.
 */
export function readAgainstControl({ ratios, control }: RoundRatios): Reading {
  const m = median(ratios);
  const band = [quantile(control, 0.25), quantile(control, 0.75)] as const;
  const place = m < band[0] ? 'below' : m > band[1] ? 'above' : 'inside';
  return { median: m, band, place, value: place === 'inside' ? 1 : m };
}

/**
 * Whether a figure is too noisy on the run to judge `target` by: its A/A middle half reaches past
 * the target's margin on either side, below `target` or above `1 / target` (the same departure the
 * other way round: the baseline's two runs swap places every other round). A server equal to its
 * baseline would then read as a miss, or a miss as equal, in a quarter of the rounds or more.
 */
export function tooNoisy(reading: Reading, target: number): boolean {
  return reading.band[0] < target || reading.band[1] > 1 / target;
}

/** How a server compares with its baseline: both figures read, the primary one judged. */
export interface Verdict {
  readonly throughput: Reading;
  readonly cpu: Reading | null;
  /** Throughput is too noisy on the run to judge the target (`tooNoisy`). */
  readonly noisy: boolean;
  readonly primary: 'throughput' | 'cpu';
  readonly ok: boolean;
}

/**
 * Judges a server against its baseline (a ratio of at least `target`). Both figures are read
 * against their A/A middle half (`readAgainstControl`). Wall throughput is the primary figure
 * unless it is too noisy on the run to tell a miss from the machine's noise (`tooNoisy`); the CPU
 * time per request then decides. Without a CPU figure (client and server in one process),
 * throughput decides in any case.
 */
export function verdictOf(target: number, throughput: RoundRatios, cpu?: RoundRatios): Verdict {
  const wall = readAgainstControl(throughput);
  const perRequest = cpu === undefined ? null : readAgainstControl(cpu);
  const noisy = tooNoisy(wall, target);
  const primary = noisy && perRequest !== null ? 'cpu' : 'throughput';
  const judged = primary === 'cpu' && perRequest !== null ? perRequest : wall;
  return { throughput: wall, cpu: perRequest, noisy, primary, ok: judged.value >= target };
}

/** Judges a server against its baseline (`verdictOf`), prints both figures and why; returns the verdict. */
export function judge(name: string, target: number, throughput: RoundRatios, cpu?: RoundRatios): boolean {
  const verdict = verdictOf(target, throughput, cpu);
  console.log(`  ${name}, target >= ${target}:`);
  printReading('throughput', throughput, verdict.throughput);
  if (cpu !== undefined && verdict.cpu !== null) printReading('CPU per request', cpu, verdict.cpu);
  const figure = verdict.primary === 'cpu' ? 'CPU per request' : 'throughput';
  const why = !verdict.noisy
    ? ''
    : verdict.primary === 'cpu'
      ? ` (throughput is noisy on this run: ${pastMargin(verdict.throughput, target)})`
      : ` (noisy on this run: ${pastMargin(verdict.throughput, target)}; no CPU figure)`;
  // CPU time per request is steadier than wall time, not immune: a busy machine's caches shift it too.
  const cpuNoisy =
    verdict.primary === 'cpu' && verdict.cpu !== null && tooNoisy(verdict.cpu, target)
      ? `; CPU per request is noisy too (${pastMargin(verdict.cpu, target)})`
      : '';
  console.log(`    primary figure: ${figure}${why}${cpuNoisy}`);
  const judged = verdict.primary === 'cpu' && verdict.cpu !== null ? verdict.cpu : verdict.throughput;
  const how = judged.place === 'inside' ? 'equal to the baseline' : judged.median.toFixed(2);
  console.log(`  ${name}: ${how} by ${figure} (target >= ${target}) ${verdict.ok ? 'ok' : 'MISSED'}`);
  return verdict.ok;
}

/** Where a noisy reading's A/A middle half leaves the target's margin, for the report. */
function pastMargin(reading: Reading, target: number): string {
  const [lo, hi] = reading.band;
  const sides = [
    ...(lo < target ? [`below ${target}`] : []),
    ...(hi > 1 / target ? [`above ${(1 / target).toFixed(2)}`] : []),
  ];
  return `its A/A middle half reaches ${sides.join(' and ')}`;
}

function printReading(figure: string, ratios: RoundRatios, reading: Reading): void {
  const [lo, hi] = reading.band.map((v) => v.toFixed(2));
  const verdict =
    reading.place === 'inside' ? 'inside it, counts as equal to the baseline (1.00)' : `${reading.place} it`;
  console.log(
    `    ${figure.padEnd(16)} median ${reading.median.toFixed(2)}, A/A middle half ${lo} to ${hi}: ${verdict}`,
  );
  console.log(
    `    ${''.padEnd(16)} per round ${roundsText(ratios.ratios)}; A/A ${roundsText(ratios.control)}`,
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
