/**
 * `pnpm --filter @vendor-api/reference-server bench [exchange] [messages] [tenants]`: the reference
 * server's benchmarks (all, or those named). Each prints its measurements and a ratio against a
 * baseline measured in the same run. Exit 1 when a target is missed, 2 when a benchmark could not
 * run (a failed request, an unknown name).
 */
import * as exchange from './exchange.bench.js';
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
