/**
 * The specificity score: the suite against the reference server once per variant, and once with
 * every variant at once. Each variant is a legal alternative where the documents are silent, so a
 * case that fails under one asserts something the documents do not say.
 */
import { VARIANTS } from '@vendor-api/reference-server';
import type { VendorSpec } from '@vendor-api/spec';
import type { CaseDefinition, RunSettings } from './case.js';
import { EmbeddedHost } from './embedded.js';
import { type CaseResult, runCases } from './runner.js';

/** The name of the run with every variant on. */
export const ALL_VARIANTS = 'all';

/**
 * Cases run at once against each variant: each case on a fresh server of the host's thread, started
 * ahead (as in `pnpm conformance`).
 */
const CONCURRENCY = 4;

export interface VariantResult {
  /** A variant's name, or `all`. */
  readonly variant: string;
  readonly passed: boolean;
  /** Cases that ran (skipped ones are not counted) and the ones that failed. */
  readonly cases: number;
  readonly failures: readonly CaseResult[];
}

export async function runVariants(
  cases: readonly CaseDefinition[],
  spec: VendorSpec,
  settings: RunSettings,
  options: { only?: readonly string[]; onResult?: (r: VariantResult, i: number, n: number) => void } = {},
): Promise<VariantResult[]> {
  const names = [...VARIANTS.map((v) => v.name), ALL_VARIANTS].filter(
    (n) => !options.only?.length || options.only.includes(n),
  );
  const results: VariantResult[] = [];
  const host = new EmbeddedHost({ spares: CONCURRENCY });
  try {
    for (const [i, name] of names.entries()) {
      const variants = name === ALL_VARIANTS ? VARIANTS.map((v) => v.name) : [name];
      const first = await host.start({ seed: settings.seed, variants });
      let run: CaseResult[];
      try {
        run = await runCases(cases, {
          target: first.target,
          adapter: first.adapter,
          spec,
          settings,
          concurrency: CONCURRENCY,
          perCase: () => host.start({ seed: settings.seed, variants }),
        });
      } finally {
        await first.close();
      }
      // A fault of the suite itself (skipped for the server's sake) fails the suite's own score.
      const failures = run.filter((r) => r.outcome === 'failed' || r.suiteError !== undefined);
      const result: VariantResult = {
        variant: name,
        passed: failures.length === 0,
        cases: run.filter((r) => r.outcome !== 'skipped').length,
        failures,
      };
      results.push(result);
      options.onResult?.(result, i, names.length);
    }
  } finally {
    await host.close();
  }
  return results;
}
