/**
 * The release plan: which published packages changed since a base, the bump each needs (the
 * contract group from the spec classification, the others from whether their files changed),
 * and the human and JSON reports.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paint as paintText, type TextStyle } from '@vendor-api/spec/cli';
import type { Change, Report } from './diff.js';
import { repoRoot } from './git.js';
import { RULES, type Severity } from './rules.js';
import { type Bump, bumpFor, CONTRACT_PACKAGES, maxBump } from './semver.js';

export interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
  readonly version: string;
  readonly private: boolean;
}

/** Every workspace package (spec, packages/*, conformance, tools/*). */
export function workspacePackages(root = repoRoot): WorkspacePackage[] {
  const dirs = ['spec', 'conformance'];
  for (const parent of ['packages', 'tools']) {
    if (!existsSync(join(root, parent))) continue;
    for (const d of readdirSync(join(root, parent)).sort()) dirs.push(`${parent}/${d}`);
  }
  const out: WorkspacePackage[] = [];
  for (const dir of dirs) {
    const file = join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
      name?: string;
      version?: string;
      private?: boolean;
    };
    if (!pkg.name) continue;
    out.push({ name: pkg.name, dir, version: pkg.version ?? '0.0.0', private: pkg.private === true });
  }
  return out;
}

export const publishedPackages = (root = repoRoot) => workspacePackages(root).filter((p) => !p.private);

/** Files that do not ship or do not change what ships: tests, benchmarks, changelogs. */
const NOT_SHIPPED = [
  /(^|\/)test\//,
  /(^|\/)bench\//,
  /\.test\.ts$/,
  /(^|\/)CHANGELOG\.md$/,
  /(^|\/)tsconfig\.test\.json$/,
];

function touchedPackages(
  files: readonly string[],
  packages: readonly WorkspacePackage[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files) {
    if (NOT_SHIPPED.some((re) => re.test(f))) continue;
    const pkg = packages.find((p) => f.startsWith(`${p.dir}/`));
    if (pkg) out.set(pkg.name, [...(out.get(pkg.name) ?? []), f]);
  }
  return out;
}

export interface Plan {
  readonly base: string;
  readonly report: Report;
  /** Bump per published package (`none` when it needs no release). */
  readonly bumps: ReadonlyMap<string, Bump>;
  readonly notes: readonly string[];
  readonly touched: ReadonlyMap<string, readonly string[]>;
}

export function makePlan(
  base: string,
  report: Report,
  files: readonly string[],
  packages = publishedPackages(),
): Plan {
  const touched = touchedPackages(files, packages);
  const notes: string[] = [];
  const contract = packages.filter((p) => (CONTRACT_PACKAGES as readonly string[]).includes(p.name));
  const specVersion = contract.find((p) => p.name === '@vendor-api/spec')?.version ?? '0.0.0';
  const proposal = bumpFor(report.highest, specVersion);
  if (proposal.note) notes.push(proposal.note);
  // a contract package whose files changed needs at least a patch, even with an unchanged spec
  const anyContractTouched = contract.some((p) => touched.has(p.name));
  const groupBump = maxBump(proposal.bump, anyContractTouched ? 'patch' : 'none');
  const bumps = new Map<string, Bump>();
  for (const p of packages) {
    if (contract.includes(p)) bumps.set(p.name, groupBump);
    else bumps.set(p.name, touched.has(p.name) ? 'patch' : 'none');
  }
  for (const p of packages) {
    if (!contract.includes(p) && touched.has(p.name)) {
      notes.push(
        `${p.name} changed (${touched.get(p.name)!.length} file(s)): patch proposed; raise it if its behaviour or API changed`,
      );
    }
  }
  return { base, report, bumps, notes, touched };
}

const LEVEL_TITLE = { wire: 'Wire', types: 'Generated types', behaviour: 'Behaviour' } as const;

/** Colour of each severity (on stdout, where the terminal and NO_COLOR / FORCE_COLOR allow). */
const SEVERITY_STYLE = { breaking: 'red', compatible: 'green', internal: 'dim' } as const satisfies Record<
  Severity,
  TextStyle
>;

export function formatReport(plan: Plan): string {
  const { report } = plan;
  const paint = (s: Severity, text: string) => paintText(SEVERITY_STYLE[s], text);
  const lines: string[] = [`Spec changes since ${plan.base}`];
  if (!report.changes.length) lines.push('', '  no changes to the spec');
  for (const level of ['wire', 'types', 'behaviour'] as const) {
    const changes = report.changes.filter((c) => c.level === level);
    if (!changes.length) continue;
    lines.push('', `${LEVEL_TITLE[level]}:`);
    for (const severity of ['breaking', 'compatible', 'internal'] as const) {
      const group = changes.filter((c) => c.severity === severity);
      if (!group.length) continue;
      lines.push(`  ${paint(severity, severity)} (${group.length})`);
      for (const c of group) lines.push(`    ${line(c)}`);
    }
  }
  const touchedIds = [...new Set(report.changes.flatMap((c) => c.requirements))].sort();
  lines.push(
    '',
    `${report.counts.breaking} breaking, ${report.counts.compatible} compatible, ${report.counts.internal} internal`,
  );
  if (touchedIds.length) lines.push(`Requirements touched (${touchedIds.length}): ${touchedIds.join(', ')}`);
  lines.push('', 'Proposed bumps:');
  for (const [name, bump] of plan.bumps) lines.push(`  ${name}: ${bump}`);
  for (const n of plan.notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}

function line(c: Change): string {
  const ids =
    c.requirements.length > 6
      ? [...c.requirements.slice(0, 6), `+${c.requirements.length - 6}`]
      : c.requirements;
  const dir = c.direction ? ` [${c.direction}]` : '';
  return `${c.where}: ${c.detail} (${c.rule}${dir})${ids.length ? `  {${ids.join(', ')}}` : ''}`;
}

export function planJson(plan: Plan) {
  return {
    base: plan.base,
    highest: plan.report.highest,
    counts: plan.report.counts,
    breaking: plan.report.counts.breaking > 0,
    bumps: Object.fromEntries(plan.bumps),
    notes: plan.notes,
    requirements: [...new Set(plan.report.changes.flatMap((c) => c.requirements))].sort(),
    changes: plan.report.changes.map((c) => ({ ...c, why: RULES[c.rule].why })),
  };
}

/** The summary of a changeset written from a plan. */
export function changesetSummary(plan: Plan): string {
  const { report } = plan;
  const lines = [
    `Spec changes since ${plan.base} (\`pnpm spec:diff\`): ${report.counts.breaking} breaking, ${report.counts.compatible} compatible, ${report.counts.internal} internal.`,
  ];
  for (const n of plan.notes) lines.push('', `Note: ${n}`);
  const listed = report.changes.filter((c) => c.severity !== 'internal');
  if (listed.length) lines.push('');
  for (const c of listed) lines.push(`- ${c.severity} (${c.level}): ${c.where}: ${c.detail}`);
  const internal = report.changes.length - listed.length;
  if (internal) lines.push(`- and ${internal} internal change(s)`);
  return lines.join('\n');
}
