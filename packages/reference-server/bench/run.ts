/**
 * `pnpm --filter @vendor-api/reference-server bench [exchange] [messages] [tenants]`: the reference
 * server's benchmarks (all, or those named). Each prints its measurements and a ratio against a
 * baseline measured in the same run. Exit 1 when a target is missed, 2 when a benchmark could not
 * run (a failed request, an unknown name).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as exchange from './exchange.bench.js';
import { ROOT } from './harness.js';
import * as messages from './messages.bench.js';
import * as tenants from './tenants.bench.js';

const benches: Record<string, () => Promise<boolean>> = {
  exchange: exchange.run,
  messages: messages.run,
  tenants: tenants.run,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in benches));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
// The servers run the built packages, as users run them (`ServerProcess`): built first, so that a
// change of the source is what is measured (nothing to do when the build is up to date).
if (!process.env.BENCH_SOURCE) {
  const build = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-b', 'packages/reference-server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('the reference server did not build (tsc -b packages/reference-server)');
    process.exit(2);
  }
}
let ok = true;
for (const [name, fn] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  try {
    ok = (await fn()) && ok;
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
    process.exit(2);
  }
}
process.exit(ok ? 0 : 1);
