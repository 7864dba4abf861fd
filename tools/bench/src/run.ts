/**
 * pnpm bench [name...]: runs the benchmarks (all, or those named) and prints ratios against
 * baselines measured in the same run. Exit 1 when a target is missed.
 */
import * as generate from './generate.bench.js';
import * as validate from './validate.bench.js';

const benches: Record<string, () => boolean | Promise<boolean>> = {
  validate: validate.run,
  generate: generate.run,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in benches));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
let ok = true;
for (const [name, fn] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  ok = (await fn()) && ok;
}
process.exit(ok ? 0 : 1);
