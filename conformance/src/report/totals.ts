/**
 * The totals of a run, counted once: the console summary, the JUnit report and the JSON report
 * all print these numbers.
 */
import type { CaseResult } from '../runner.js';

export interface ReportTotals {
  /** Every case of the run. */
  readonly cases: number;
  readonly passed: number;
  /** Cases that fail the run: new failures plus listed expected failures that now pass. */
  readonly failed: number;
  /** Of `failed`: listed expected failures that passed (the list must be updated). */
  readonly unexpectedPasses: number;
  /** Listed expected failures that still fail (they do not fail the run). */
  readonly expectedFailures: number;
  /** Cases that did not run: the adapter lacks a capability they need, or it is opt-in. */
  readonly skipped: number;
  /** HTTP requests sent by every case. */
  readonly requests: number;
}

export function reportTotals(results: readonly CaseResult[]): ReportTotals {
  const count = (...outcomes: CaseResult['outcome'][]) =>
    results.filter((r) => outcomes.includes(r.outcome)).length;
  return {
    cases: results.length,
    passed: count('passed'),
    failed: count('failed', 'unexpected-pass'),
    unexpectedPasses: count('unexpected-pass'),
    expectedFailures: count('expected-failure'),
    skipped: count('skipped'),
    requests: results.reduce((n, r) => n + r.requests, 0),
  };
}

/** The results grouped by family, families in name order. */
export function byFamily(results: readonly CaseResult[]): [string, CaseResult[]][] {
  const families = new Map<string, CaseResult[]>();
  for (const r of results) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  return [...families].sort(([a], [b]) => a.localeCompare(b));
}
