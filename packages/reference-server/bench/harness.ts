/**
 * Shared pieces of the reference server's benchmarks: the load generator as a second process
 * (bounded: a fixed number of requests, fixed concurrency, a time limit, loopback only), and the
 * report of a ratio against its target.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The monorepo root: `tsx` and the source condition resolve from there. */
export const ROOT = resolve(here, '../../..');

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

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Prints a measured phase; throws when any request failed (a benchmark of errors is no benchmark). */
export function reportPhase(name: string, r: LoadResult): void {
  console.log(
    `  ${name.padEnd(34)} ${fmt(r.rps).padStart(8)} req/s  (${r.completed} ok in ${Math.round(r.elapsedMs)} ms${r.timedOut ? ', time limit reached' : ''})`,
  );
  if (r.errors > 0) {
    throw new Error(`${name}: ${r.errors} requests failed; first: ${r.firstError ?? '?'}`);
  }
}

/** Prints the ratio and whether it meets the target; returns whether it does. */
export function reportRatio(name: string, ratio: number, target: number): boolean {
  const ok = ratio >= target;
  console.log(`  ${name}: ratio ${ratio.toFixed(2)} (target >= ${target}) ${ok ? 'ok' : 'MISSED'}`);
  return ok;
}
