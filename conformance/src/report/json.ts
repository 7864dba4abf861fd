/** The JSON report: the run's settings and every result (failures with seed, path and trace). */
import type { CaseResult } from '../runner.js';

export interface JsonReport {
  readonly format: 'vendor-api-conformance-report';
  readonly version: 1;
  readonly baseUrl: string;
  readonly adapter: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly shard?: string;
  readonly elapsedMs: number;
  readonly totals: Record<CaseResult['outcome'] | 'requests', number>;
  readonly results: readonly CaseResult[];
}

export function jsonReport(
  results: readonly CaseResult[],
  meta: {
    baseUrl: string;
    adapter: string;
    seed: number;
    numRuns: number;
    shard?: string;
    elapsedMs: number;
  },
): JsonReport {
  const totals = {
    passed: 0,
    failed: 0,
    skipped: 0,
    'expected-failure': 0,
    'unexpected-pass': 0,
    requests: 0,
  };
  for (const r of results) {
    totals[r.outcome]++;
    totals.requests += r.requests;
  }
  return { format: 'vendor-api-conformance-report', version: 1, ...meta, totals, results };
}
