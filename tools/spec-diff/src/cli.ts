/**
 * pnpm spec:diff [base-ref] [--json] [--write-changeset]
 *
 * Compares the spec at base-ref (default: the last release tag, else main) with the working tree,
 * lists every change classified breaking / compatible / internal at three levels (wire, generated
 * types, behaviour), proposes the semver bump of each published package and, with
 * --write-changeset, writes it to .changeset/.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine } from '@vendor-api/spec/cli';
import { changedFiles, defaultBase, repoRoot } from './git.js';
import { diffAgainst } from './load.js';
import { changesetSummary, formatReport, makePlan, planJson } from './plan.js';
import { formatChangeset } from './semver.js';

const HELP = `Usage: pnpm spec:diff [base-ref] [--json] [--write-changeset]

  base-ref           git ref to compare with (default: the last release tag, else main)
  --json             print the report as JSON
  --write-changeset  write .changeset/spec-diff-<hash>.md with the proposed bumps and a summary

Exit codes: 0 nothing breaking, 1 breaking changes found, 2 bad usage or no base.`;

function main(argv: string[]): number {
  const { values, positionals } = parseCommandLine(
    { json: { type: 'boolean' }, 'write-changeset': { type: 'boolean' } },
    HELP,
    { args: argv, positionals: 1 },
  );
  const json = values.json === true;
  const write = values['write-changeset'] === true;
  const base = positionals[0] ?? defaultBase();
  if (base === undefined) {
    console.error('error: no base: no release tag and no main branch; give a ref');
    return 2;
  }
  const report = diffAgainst(base);
  const plan = makePlan(base, report, changedFiles(base));
  if (json) console.log(JSON.stringify(planJson(plan), null, 2));
  else console.log(formatReport(plan));

  if (write) {
    const bumps = new Map([...plan.bumps].filter(([, b]) => b !== 'none'));
    if (!bumps.size) console.error('nothing to release: no changeset written');
    else {
      const summary = changesetSummary(plan);
      const hash = createHash('sha256').update(summary).digest('hex').slice(0, 8);
      const file = join('.changeset', `spec-diff-${hash}.md`);
      writeFileSync(join(repoRoot, file), formatChangeset(bumps, summary));
      console.error(`wrote ${file}`);
    }
  }
  return report.counts.breaking > 0 ? 1 : 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
