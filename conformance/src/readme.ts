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
import { CLIENT_CASES_FILE, publishedClientCasesText } from './client/published.js';

export const README = new URL('../README.md', import.meta.url);
export const CLIENT_DRIVER = new URL('../drivers/client.mjs', import.meta.url);

const DRIVER_START = '<!-- client driver: drivers/client.mjs, copied by pnpm conformance:readme -->';
const DRIVER_END = '<!-- end of client driver -->';

/** The README with the shipped client driver copied into its driver block. */
export function withClientDriver(readme: string, driver: string): string {
  const start = readme.indexOf(DRIVER_START);
  const end = readme.indexOf(DRIVER_END);
  if (start < 0 || end < start) throw new Error('conformance/README.md has no client driver block');
  return `${readme.slice(0, start + DRIVER_START.length)}\n\n\`\`\`js\n${driver}\`\`\`\n\n${readme.slice(end)}`;
}

if (invokedDirectly(import.meta.url)) {
  const cases = publishedClientCasesText();
  const casesCurrent = await readFile(CLIENT_CASES_FILE, 'utf8').catch(() => '');
  // Compared as data: the repository's formatter lays the file out its own way.
  const same =
    casesCurrent !== '' && JSON.stringify(JSON.parse(casesCurrent)) === JSON.stringify(JSON.parse(cases));
  if (!same) {
    await writeFile(CLIENT_CASES_FILE, cases);
    execFileSync('npx', ['--no-install', 'biome', 'format', '--write', fileURLToPath(CLIENT_CASES_FILE)], {
      stdio: 'ignore',
    });
  }
  console.log(`conformance/client-cases.json: ${same ? 'current' : 'rewritten'}`);
  const current = await readFile(README, 'utf8');
  const next = withClientDriver(
    withCapabilityTable(current, allCases),
    await readFile(CLIENT_DRIVER, 'utf8'),
  );
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
