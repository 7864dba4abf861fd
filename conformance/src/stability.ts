/**
 * pnpm conformance:stability [--runs-of-suite N]: the whole suite against the embedded reference
 * server with N different seeds (default 10). Zero flaky results means every run passes; the seeds
 * of failing runs are printed so each can be replayed with `VENDOR_API_SEED`.
 */
import { spec } from '@vendor-api/spec';
import { integerOption, integerValue, parseCommandLine } from '@vendor-api/spec/cli';
import { allCases } from './cases/index.js';
import { startEmbedded } from './embedded.js';
import { conformant, runCases } from './runner.js';

const { values } = parseCommandLine(
  { 'runs-of-suite': { type: 'string', default: '10' } },
  `Usage: pnpm conformance:stability [--runs-of-suite N]

  --runs-of-suite N   runs of the whole suite, each with another seed (default 10)
  --help              this text

Exit codes: 0 every run passed, 1 a run failed, 2 bad usage.`,
);
let n: number;
let base: number;
try {
  n = integerOption('runs-of-suite', values['runs-of-suite'], { min: 1 });
  const envSeed = process.env.VENDOR_API_SEED;
  base = envSeed ? integerValue('VENDOR_API_SEED', envSeed) : Date.now() % 1_000_000_000;
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}
const failing: number[] = [];
for (let i = 0; i < n; i++) {
  const seed = (base + i * 7919) | 0;
  const started = performance.now();
  const first = await startEmbedded({ seed });
  const results = await runCases(allCases, {
    target: first.target,
    adapter: first.adapter,
    spec,
    settings: { seed, numRuns: 25, timeoutMs: 15_000 },
    perCase: () => startEmbedded({ seed }),
  });
  await first.close();
  // A fault of the suite itself (a case skipped for it) fails the suite's own stability too.
  const failed = results.filter((r) => r.outcome === 'failed' || r.suiteError !== undefined).map((r) => r.id);
  const passed = conformant(results) && failed.length === 0;
  if (!passed) failing.push(seed);
  console.log(
    `run ${i + 1}/${n} seed ${seed}: ${passed ? 'pass' : `FAIL (${failed.join(', ')})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
console.log(
  failing.length
    ? `\n${failing.length} of ${n} runs failed; seeds: ${failing.join(', ')}`
    : `\nall ${n} runs passed`,
);
process.exit(failing.length ? 1 : 0);
