/**
 * `vendor-conformance variants`: the suite against the reference server with each variant on (a
 * legal alternative where the documents are silent), and all at once; every one must pass
 * (specificity).
 */
import { VARIANTS } from '@vendor-api/reference-server';
import { spec } from '@vendor-api/spec';
import { ALL_VARIANTS, runVariants, type VariantResult } from '../variants.js';
import {
  type Command,
  knownList,
  percent,
  printScore,
  SEED_HELP,
  SEED_OPTS,
  SELECT_HELP,
  SELECT_OPTS,
  settingsFrom,
  type Values,
} from './common.js';
import { selected } from './selection.js';

/** The variants `--variant` names (undefined: all), each checked against the catalog. */
export const variantsAsked = (values: Values): string[] | undefined =>
  knownList(
    values.variant,
    [...VARIANTS.map((v) => v.name), ALL_VARIANTS],
    ['variant', 'variants'],
    'reference-server --list-variants prints them',
  );

/** The variants `--variant` names (all by default) against the selected cases, one line each. */
export async function variantsOf(values: Values): Promise<VariantResult[]> {
  const only = variantsAsked(values);
  return runVariants(selected(values), spec, settingsFrom(values), {
    ...(only ? { only } : {}),
    onResult: (r, i, n) => {
      console.log(
        `[${i + 1}/${n}] ${r.passed ? 'passed' : 'FAILED'} ${r.variant.padEnd(28)} ${r.cases - r.failures.length} / ${r.cases} cases`,
      );
      for (const f of r.failures)
        console.log(`    ✗ ${f.id}: ${(f.failure?.message ?? '').split('\n')[0]?.slice(0, 400)}`);
    },
  });
}

export function specificityLine(results: readonly VariantResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  const failed = results.filter((r) => !r.passed);
  return `specificity (variants passed): ${passed} / ${results.length} (${percent(passed, results.length)} %)${
    failed.length
      ? `\n  failed: ${failed.map((f) => `${f.variant} (${f.failures.map((c) => c.id).join(', ')})`).join('; ')}`
      : ''
  }`;
}

export const variants: Command = {
  synopsis: 'variants',
  summary: ["the suite against each of the reference server's variants (specificity)"],
  help: `Usage: vendor-conformance variants [options]

The suite against the reference server with each variant on (a legal alternative where the
documents are silent), and with all of them at once; every variant must pass (specificity).

  --variant a,b             only these variants; 'all' is the run with every one on
${SELECT_HELP}
${SEED_HELP}

Exit codes: 0 every variant passed, 1 a variant failed, 2 usage error.`,
  options: ['variant', ...SELECT_OPTS, ...SEED_OPTS],
  run: (values) =>
    printScore(
      () => variantsOf(values),
      specificityLine,
      (r) => r.passed,
    ),
};
