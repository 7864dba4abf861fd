/**
 * Requirement coverage: which requirement ids of the catalog have at least one case, by
 * observability class. Coverage is computed from the cases' declared ids, not claimed.
 */
import type { Observability, Requirement } from '@vendor-api/spec';
import type { CaseDefinition } from './case.js';

export interface CoverageRow {
  readonly observability: Observability;
  readonly total: number;
  readonly covered: number;
  readonly missing: readonly string[];
}

export function coverage(
  requirements: readonly Requirement[],
  cases: readonly CaseDefinition[],
): CoverageRow[] {
  const cited = new Set(cases.flatMap((c) => c.requirements));
  const classes: Observability[] = ['http', 'fixture', 'client', 'untestable'];
  return classes.map((observability) => {
    const rs = requirements.filter((r) => r.observability === observability);
    const missing = rs.filter((r) => !cited.has(r.id)).map((r) => r.id);
    return { observability, total: rs.length, covered: rs.length - missing.length, missing };
  });
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
  const lines = ['Requirement coverage (cases citing each requirement):'];
  for (const r of rows) {
    const pct = r.total ? Math.round((100 * r.covered) / r.total) : 100;
    lines.push(
      `  ${r.observability.padEnd(11)} ${String(r.covered).padStart(4)} / ${String(r.total).padEnd(4)} ${String(pct).padStart(3)} %`,
    );
  }
  return lines.join('\n');
}
