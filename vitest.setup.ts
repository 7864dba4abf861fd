/**
 * Every randomized test uses the run's one seed, `VENDOR_API_SEED` (chosen and printed once by
 * vitest.config.ts; set it to replay a run). fast-check prints the seed and path of any failure it
 * reports; every failed test, a timed-out one included (whose property never got to report), also
 * names the seed in its error.
 */
import fc from 'fast-check';
import { beforeEach } from 'vitest';

const fromEnv = process.env.VENDOR_API_SEED;
const seed = Number(fromEnv);
if (fromEnv === undefined || !Number.isSafeInteger(seed)) {
  throw new Error(`VENDOR_API_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
}
fc.configureGlobal({ seed, numRuns: Number(process.env.VENDOR_API_RUNS ?? 100) });

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? [])
      error.message += `\n[seed] replay with VENDOR_API_SEED=${fromEnv}`;
  });
});
