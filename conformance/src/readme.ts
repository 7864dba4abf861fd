/**
 * Rewrites the capability table of `conformance/README.md` from the code (`pnpm conformance:readme`);
 * `test/readme.test.ts` fails when the committed table is stale.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { invokedDirectly } from '@vendor-api/spec/cli';
import { withCapabilityTable } from './capability-table.js';
import { allCases } from './cases/index.js';

export const README = new URL('../README.md', import.meta.url);

if (invokedDirectly(import.meta.url)) {
  const current = await readFile(README, 'utf8');
  const next = withCapabilityTable(current, allCases);
  if (next !== current) {
    await writeFile(README, next);
    // The repository's formatter pads the table as it does every Markdown table.
    execFileSync('npx', ['--no-install', 'biome', 'format', '--write', fileURLToPath(README)], {
      stdio: 'ignore',
    });
  }
  console.log(
    next === current
      ? 'conformance/README.md: the capability table is current'
      : 'conformance/README.md: capability table rewritten',
  );
}
