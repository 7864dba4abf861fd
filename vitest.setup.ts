/**
 * One seed for every randomized test: `VENDOR_API_SEED` when set (CI sets a random one and prints
 * it), else a fresh one. fast-check prints the seed and path of any failure; this prints the run's
 * seed once so a whole run can be repeated.
 */
import fc from 'fast-check';

const fromEnv = process.env.VENDOR_API_SEED;
const seed =
  fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : Date.now() ^ (Math.random() * 0x7fffffff);
if (!Number.isSafeInteger(seed)) throw new Error(`VENDOR_API_SEED must be an integer, got ${fromEnv}`);
fc.configureGlobal({ seed, numRuns: Number(process.env.VENDOR_API_RUNS ?? 100) });
if (!(globalThis as { __seedPrinted?: boolean }).__seedPrinted) {
  (globalThis as { __seedPrinted?: boolean }).__seedPrinted = true;
  if (process.env.VENDOR_API_PRINT_SEED !== '0') console.log(`[seed] VENDOR_API_SEED=${seed}`);
}
