/**
 * pnpm changeset:check [base-ref]
 *
 * Fails when the spec or a published package changed since the base without a changeset (added
 * since the base) at least as large as the computed bump. The base is the ref given, else the
 * merge base of HEAD and main (origin/main), else the last release tag. Local git only: no
 * network. On main itself (HEAD is the base, clean tree) nothing changed and it passes; on a
 * feature branch it checks the branch's changes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine, UsageError } from '@vendor-api/spec/cli';
import type { Report } from './diff.js';
import { addedFiles, changedFiles, lastReleaseTag, refExists, repoRoot, tryGit } from './git.js';
import { diffAgainst } from './load.js';
import { makePlan, publishedPackages } from './plan.js';
import { BUMP_ORDER, type Bump, CONTRACT_PACKAGES, maxBump, parseChangeset } from './semver.js';

function resolveBase(arg: string | undefined): string | undefined {
  if (arg !== undefined && !refExists(arg)) throw new UsageError(`unknown git ref ${JSON.stringify(arg)}`);
  if (arg) return arg;
  for (const ref of ['main', 'origin/main']) {
    if (refExists(ref)) return tryGit(['merge-base', 'HEAD', ref]);
  }
  return lastReleaseTag();
}

const HELP = `Usage: pnpm changeset:check [base-ref]

  base-ref   git ref to compare with (default: the merge base of HEAD and main, else the last
             release tag)
  --help     this text

Exit codes: 0 every change carries a large enough changeset, 1 one is missing, 2 bad usage.`;

function main(argv: string[]): number {
  const { positionals } = parseCommandLine({}, HELP, { args: argv, positionals: 1 });
  const base = resolveBase(positionals[0]);
  if (!base) {
    console.log('changeset:check: no main branch and no release tag to compare with; nothing to check');
    return 0;
  }
  const files = changedFiles(base);
  const packages = publishedPackages();
  const specTouched = files.some((f) => f.startsWith('spec/src/'));
  const report: Report = specTouched
    ? diffAgainst(base)
    : { changes: [], counts: { breaking: 0, compatible: 0, internal: 0 }, highest: 'none' };
  const plan = makePlan(base, report, files, packages);
  const required = [...plan.bumps].filter(([, b]) => b !== 'none');
  if (!required.length) {
    console.log(`changeset:check: no published package changed since ${base.slice(0, 12)}; ok`);
    return 0;
  }

  const declared = new Map<string, Bump>();
  const changesets = addedFiles(base, '.changeset').filter(
    (f) => f.endsWith('.md') && !f.endsWith('README.md'),
  );
  const problems: string[] = [];
  for (const f of changesets) {
    let bumps: Map<string, Bump>;
    try {
      bumps = parseChangeset(readFileSync(join(repoRoot, f), 'utf8'));
    } catch (error) {
      problems.push(`${f} is not a changeset the changesets parser reads: ${(error as Error).message}`);
      continue;
    }
    for (const [name, bump] of bumps) declared.set(name, maxBump(declared.get(name) ?? 'none', bump));
  }
  // lockstep: the largest bump of any contract package applies to all of them
  const group = maxBump(...CONTRACT_PACKAGES.map((p) => declared.get(p) ?? 'none'));
  for (const p of CONTRACT_PACKAGES) declared.set(p, maxBump(declared.get(p) ?? 'none', group));

  for (const [name, need] of required) {
    const have = declared.get(name) ?? 'none';
    if (BUMP_ORDER.indexOf(have) < BUMP_ORDER.indexOf(need)) {
      problems.push(`${name}: needs ${need}, changesets declare ${have}`);
    }
  }
  const summary = `${report.counts.breaking} breaking, ${report.counts.compatible} compatible, ${report.counts.internal} internal spec change(s); ${changesets.length} changeset(s) since ${base.slice(0, 12)}`;
  if (problems.length) {
    console.error(`changeset:check failed (${summary}):\n  ${problems.join('\n  ')}`);
    for (const n of plan.notes) console.error(`  note: ${n}`);
    console.error('Run `pnpm spec:diff --write-changeset` (or `pnpm changeset`) and commit the changeset.');
    return 1;
  }
  console.log(`changeset:check: ok (${summary})`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
