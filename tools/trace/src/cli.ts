/**
 * pnpm requirements:trace [--json] [--missing]: for each observability class, how many
 * requirements are checked by a conformance case, by a test, by either, and implemented by a spec
 * citation; `--missing` lists the testable ones nothing checks.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Observability } from '@vendor-api/spec';
import { parseCommandLine } from '@vendor-api/spec/cli';
import { trace } from './trace.js';

const { values } = parseCommandLine(
  { json: { type: 'boolean' }, missing: { type: 'boolean' } },
  `Usage: pnpm requirements:trace [--json] [--missing]

  --json      every requirement's row as JSON
  --missing   list the testable requirements nothing checks
  --help      this text`,
);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const rows = await trace(root);
if (values.json) {
  console.log(JSON.stringify(rows, null, 2));
  process.exit(0);
}
const classes: Observability[] = ['http', 'fixture', 'client', 'untestable'];
console.log('Requirement traceability (computed from the spec, the conformance cases and the tests)\n');
console.log(
  `  ${'class'.padEnd(11)} ${'total'.padStart(5)} ${'case'.padStart(6)} ${'test'.padStart(6)} ${'either'.padStart(7)} ${'cited by spec'.padStart(14)}`,
);
for (const c of classes) {
  const rs = rows.filter((r) => r.observability === c);
  const n = (f: (r: (typeof rs)[number]) => boolean) => String(rs.filter(f).length).padStart(6);
  console.log(
    `  ${c.padEnd(11)} ${String(rs.length).padStart(5)} ${n((r) => r.checkedByCases.length > 0)} ${n((r) => r.checkedByTests.length > 0)}  ${n((r) => r.checkedByCases.length + r.checkedByTests.length > 0)} ${n((r) => r.implementedBy.length > 0).padStart(14)}`,
  );
}
const unchecked = rows.filter(
  (r) => r.observability !== 'untestable' && r.checkedByCases.length + r.checkedByTests.length === 0,
);
if (values.missing) {
  console.log(`\nTestable requirements nothing checks (${unchecked.length}):`);
  for (const r of unchecked) console.log(`  ${r.observability.padEnd(8)} ${r.id}`);
} else if (unchecked.length) {
  console.log(`\n${unchecked.length} testable requirements are checked by nothing; --missing lists them.`);
}
