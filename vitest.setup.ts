/**
 * Every randomized test uses the run's one seed, `VENDOR_API_SEED` (chosen and printed once by
 * vitest.config.ts; set it to replay a run). fast-check prints the seed and path of any failure.
 */
import fc from 'fast-check';

const fromEnv = process.env.VENDOR_API_SEED;
const seed = Number(fromEnv);
if (fromEnv === undefined || !Number.isSafeInteger(seed)) {
  throw new Error(`VENDOR_API_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
}
fc.configureGlobal({ seed, numRuns: Number(process.env.VENDOR_API_RUNS ?? 100) });
