/**
 * Requirement coverage, by observability class, computed, not claimed:
 * - cited: some case names the requirement id;
 * - proven: a seeded fault of the reference server that breaks the requirement is killed by a
 *   case citing it (the mutation run) — the case demonstrably fails when the requirement is
 *   broken. A citation alone is a claim; a proof needs a fault.
 */
import type { Observability, Requirement } from '@vendor-api/spec';
import type { CaseDefinition } from './case.js';
import type { MutantResult } from './mutants.js';

export interface CoverageRow {
  readonly observability: Observability;
  readonly total: number;
  readonly covered: number;
  readonly missing: readonly string[];
  /** Requirements proven checked (only when the mutation results were given). */
  readonly proven?: number;
}

export function coverage(
  requirements: readonly Requirement[],
  cases: readonly CaseDefinition[],
  mutants?: readonly MutantResult[],
): CoverageRow[] {
  const cited = new Set(cases.flatMap((c) => c.requirements));
  const proven = mutants ? provenRequirements(mutants, cases) : undefined;
  const classes: Observability[] = ['http', 'fixture', 'client', 'untestable'];
  return classes.map((observability) => {
    const rs = requirements.filter((r) => r.observability === observability);
    const missing = rs.filter((r) => !cited.has(r.id)).map((r) => r.id);
    return {
      observability,
      total: rs.length,
      covered: rs.length - missing.length,
      missing,
      ...(proven ? { proven: rs.filter((r) => proven.has(r.id)).length } : {}),
    };
  });
}

/** Requirement ids whose seeded fault a case citing them killed. */
export function provenRequirements(
  mutants: readonly MutantResult[],
  cases: readonly CaseDefinition[],
): Set<string> {
  const byId = new Map(cases.map((c) => [c.id, c]));
  return new Set(
    mutants
      .filter(
        (m) => m.killed && m.by !== undefined && byId.get(m.by)?.requirements.includes(m.fault.requirement),
      )
      .map((m) => m.fault.requirement),
  );
}

/** Case requirement ids that the catalog does not have (a typo would claim coverage falsely). */
export function unknownCitations(
  requirements: readonly Requirement[],
  cases: readonly CaseDefinition[],
): string[] {
  const known = new Set(requirements.map((r) => r.id));
  return [
    ...new Set(
      cases.flatMap((c) => c.requirements.filter((id) => !known.has(id)).map((id) => `${c.id}: ${id}`)),
    ),
  ];
}

export function coverageText(rows: readonly CoverageRow[]): string {
  const proof = rows.some((r) => r.proven !== undefined);
  const lines = [
    `Requirement coverage (cited: a case names it${proof ? '; proven: a seeded fault breaking it is killed by a case citing it' : ''}):`,
  ];
  const pct = (n: number, of: number) => String(of ? Math.round((100 * n) / of) : 100).padStart(3);
  for (const r of rows) {
    lines.push(
      `  ${r.observability.padEnd(11)} cited ${String(r.covered).padStart(4)} / ${String(r.total).padEnd(4)} ${pct(r.covered, r.total)} %${
        r.proven !== undefined
          ? `   proven ${String(r.proven).padStart(4)} / ${String(r.total).padEnd(4)} ${pct(r.proven, r.total)} %`
          : ''
      }`,
    );
  }
  return lines.join('\n');
}
