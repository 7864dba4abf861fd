/**
 * Prints a summary of the spec: operations, machines, requirement counts by family and
 * observability, and unspecified items. `--vendor NAME` builds it for another vendor name.
 */
import { createSpec } from '../index.js';
import { parseCommandLine } from './support.js';

const { values } = parseCommandLine(
  { vendor: { type: 'string' } },
  `Usage: pnpm spec:summary [--vendor NAME]

  --vendor NAME   the summary for another vendor name
  --help          this text`,
);
const name = values.vendor;
let s: ReturnType<typeof createSpec>;
try {
  s = createSpec(name);
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}

const count = <T>(items: readonly T[], key: (t: T) => string) => {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return [...out].sort(([a], [b]) => a.localeCompare(b));
};

console.log(
  `${s.vendor.name} API ${s.vendor.apiVersion} (headers ${s.vendor.headers.version}, ${s.vendor.headers.beta})`,
);
console.log(`\n${s.endpoints.length} operations`);
for (const e of s.endpoints) {
  const where = e.path ?? `{${e.url?.field} of ${e.url?.operation}}`;
  const betas = e.betas.length ? `  [beta: ${e.betas.join(', ')}]` : '';
  console.log(`  ${e.id.padEnd(44)} ${e.method.padEnd(6)} ${where}  (${e.auth.join(' | ')})${betas}`);
}
console.log(`\n${Object.keys(s.machines).length} state machines`);
for (const m of Object.values(s.machines)) {
  console.log(
    `  ${m.id.padEnd(20)} ${m.states.length} states, ${Object.keys(m.events).length} events, ${m.rows.length} rows`,
  );
}
console.log(`\n${Object.keys(s.schemas).length} named schemas`);
console.log(`\n${s.requirements.length} requirements`);
for (const [k, n] of count(s.requirements, (r) => r.observability)) console.log(`  ${k.padEnd(12)} ${n}`);
console.log(
  `  by strength: ${count(s.requirements, (r) => r.strength)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(`\n${s.unspecified.length} unspecified items (never asserted)`);
