/**
 * The JSON report: the run's settings, its totals (the console's and the JUnit report's numbers)
 * and every result (failures with seed, path and trace). `jsonReportSchema` is its JSON Schema
 * (2020-12), shipped with the package; `JsonReport` is its type.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { CaseResult } from '../runner.js';
import { runCoverage } from './console.js';
import { reportTotals } from './totals.js';

const Count = Type.Integer({ minimum: 0 });

const Step = Type.Object(
  {
    kind: Type.Union([Type.Literal('http'), Type.Literal('fixture')]),
  },
  { additionalProperties: true, description: 'A request or fixture call of the failing run, as in a trace.' },
);

const Failure = Type.Object({
  message: Type.String(),
  step: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'Index of the failing step in steps, or null when no step failed.',
  }),
  seed: Type.Integer(),
  path: Type.Optional(Type.String({ description: 'fast-check path of the counterexample' })),
  counterexample: Type.Optional(Type.String()),
  steps: Type.Array(Step),
});

const Result = Type.Object({
  id: Type.String(),
  family: Type.String(),
  title: Type.String(),
  requirements: Type.Array(Type.String()),
  outcome: Type.Union(
    (['passed', 'failed', 'skipped', 'expected-failure', 'unexpected-pass'] as const).map((o) =>
      Type.Literal(o),
    ),
  ),
  reason: Type.Optional(
    Type.String({ description: 'Why it was skipped, or why it is an expected failure.' }),
  ),
  durationMs: Type.Number({ minimum: 0 }),
  requests: Count,
  failure: Type.Optional(Failure),
  tracePath: Type.Optional(Type.String()),
  missing: Type.Optional(
    Type.Array(Type.String(), {
      description: 'For a case skipped for capabilities the target lacks: those.',
    }),
  ),
  credited: Type.Array(Type.String(), {
    description:
      'The requirements the case earned: those of a passing case that what it observed backs (none for other outcomes).',
  }),
  advisories: Type.Optional(
    Type.Array(
      Type.Object({
        unspecified: Type.String({ description: 'The Unspecified id that leaves the answer open.' }),
        reason: Type.String({ description: "The suite's own policy, as the spec states it." }),
        message: Type.String({ description: 'What the server answered instead (the first time).' }),
        count: Count,
      }),
      {
        description:
          "Checks of the suite's own policy where the documents are silent that the server did not meet: never the verdict or the exit code.",
      },
    ),
  ),
  uncredited: Type.Optional(
    Type.String({ description: 'For a passing case: why some or all of its requirements are not credited.' }),
  ),
});

export const jsonReportSchema = Type.Object(
  {
    format: Type.Literal('vendor-api-conformance-report'),
    version: Type.Literal(2),
    baseUrl: Type.String({ description: 'The target, or "embedded" for the in-process reference server.' }),
    adapter: Type.String(),
    seed: Type.Integer(),
    numRuns: Type.Integer({ minimum: 1 }),
    shard: Type.Optional(Type.String({ pattern: '^[0-9]+/[0-9]+$' })),
    concurrency: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Cases run at once (--concurrency).' }),
    ),
    maxWaitMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The longest wait for a batch or a dream the adapter cannot drive (--max-wait).',
      }),
    ),
    elapsedMs: Type.Number({ minimum: 0 }),
    totals: Type.Object({
      cases: Count,
      passed: Count,
      failed: Type.Integer({
        minimum: 0,
        description: 'Cases that fail the run: new failures plus listed expected failures that now pass.',
      }),
      unexpectedPasses: Type.Integer({
        minimum: 0,
        description: 'Of failed: listed expected failures that passed.',
      }),
      expectedFailures: Count,
      skipped: Count,
      requests: Count,
    }),
    verdict: Type.Optional(
      Type.Union([Type.Literal('conformant'), Type.Literal('partial'), Type.Literal('not conformant')], {
        description:
          'conformant: nothing failed and nothing the run asked for was skipped; partial: nothing failed, some cases skipped; not conformant: a failure.',
      }),
    ),
    requirements: Type.Optional(
      Type.Object({
        cited: Count,
        checked: Type.Integer({ minimum: 0, description: 'Of cited: checked by a passing case.' }),
        failing: Type.Array(Type.String()),
      }),
    ),
    results: Type.Array(Result),
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://vendor-api.invalid/schemas/conformance-report.json',
    title: 'vendor-conformance JSON report',
  },
);

/** The JSON report `vendor-conformance run --json FILE` writes. */
export type JsonReport = Static<typeof jsonReportSchema>;

export interface JsonReportMeta {
  readonly baseUrl: string;
  readonly adapter: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly shard?: string;
  /** Cases run at once (`--concurrency`). */
  readonly concurrency?: number;
  /** The longest wait for a batch or a dream the adapter cannot drive (`--max-wait`). */
  readonly maxWaitMs?: number;
  readonly elapsedMs: number;
}

/** A URL without the user name and password it may carry (a report holds no credential). */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return url;
  }
}

/**
 * The report of a run. Its steps are the traces' (credentials as placeholders); the base URL is
 * written without the credentials a URL may carry.
 */
export function jsonReport(results: readonly CaseResult[], meta: JsonReportMeta): JsonReport {
  const coverage = runCoverage(results);
  return {
    format: 'vendor-api-conformance-report',
    version: 2,
    ...meta,
    baseUrl: withoutCredentials(meta.baseUrl),
    totals: reportTotals(results),
    verdict: coverage.verdict,
    requirements: { cited: coverage.cited, checked: coverage.checked, failing: [...coverage.failing] },
    results: results.map(({ failure, missing, observations: _, advisories, ...r }) => ({
      ...r,
      ...(advisories ? { advisories: advisories.map((a) => ({ ...a })) } : {}),
      requirements: [...r.requirements],
      credited: [...r.credited],
      ...(missing ? { missing: [...missing] } : {}),
      ...(failure ? { failure: { ...failure, steps: [...failure.steps] } } : {}),
    })),
  };
}
