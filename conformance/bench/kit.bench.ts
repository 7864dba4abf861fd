/**
 * `pnpm bench kit`: the client kit's wall time with the shipped JavaScript driver (every case,
 * both server profiles, the default concurrency), as `pnpm conformance:client` runs it, beside a
 * baseline measured in the same run: the drivers alone, the sum of the time each driver process
 * ran divided by the runs at once. Their ratio is what the kit adds to the drivers it must run
 * (servers, fixtures, fronts, judging); target at most 1.25. The wall time's goal, at most 20 s,
 * holds on an idle 2-core machine: it is judged only when the machine was idle before the run (a
 * load average under its core count), and reported either way.
 *
 * Bounded: one run of the catalog's cases, each driver stopped after 30 s.
 */
import { availableParallelism, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runClientCases } from '../src/client/run.js';

/** The kit's wall time over its drivers' alone: at most this. */
export const RATIO_TARGET = 1.25;
/** The kit's wall time with the shipped driver on an idle 2-core machine: at most this (ms). */
export const WALL_GOAL_MS = 20_000;
/** Runs at once: the command's default. */
const CONCURRENCY = 4;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function run(): Promise<boolean> {
  const cores = availableParallelism();
  const load = loadavg()[0] ?? 0;
  const started = performance.now();
  const results = await runClientCases({
    driver: 'node conformance/drivers/client.mjs',
    concurrency: CONCURRENCY,
    timeoutMs: 30_000,
  });
  const wallMs = performance.now() - started;
  const failed = results.filter((r) => r.outcome !== 'passed');
  const driversMs = results.reduce((sum, r) => sum + (r.driverMs ?? 0), 0) / CONCURRENCY;
  const ratio = wallMs / driversMs;
  const idle = load < cores;
  const ratioMet = ratio <= RATIO_TARGET;
  const wallMet = wallMs <= WALL_GOAL_MS;
  const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
  console.log(`\nClient kit, shipped driver (${results.length} runs, ${CONCURRENCY} at once)`);
  console.log(`  drivers alone (baseline: driver time / ${CONCURRENCY})  ${s(driversMs)}`);
  console.log(
    `  kit wall time                             ${s(wallMs)}  ratio ${ratio.toFixed(3)}  target max ${RATIO_TARGET}: ${ratioMet ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  wall time goal max ${WALL_GOAL_MS / 1000} s on an idle machine: ${
      idle
        ? wallMet
          ? 'met'
          : 'MISSED'
        : `${wallMet ? 'met' : 'missed'}, not judged (load ${load.toFixed(1)} on ${cores} cores before the run)`
    }`,
  );
  if (failed.length)
    console.log(`  FAILED: ${failed.length} runs did not pass: ${failed.map((r) => r.id).join(', ')}`);
  return failed.length === 0 && ratioMet && (!idle || wallMet);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(root);
  process.exit((await run()) ? 0 : 1);
}
