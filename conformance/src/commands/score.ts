/**
 * `vendor-conformance score`: both numbers, sensitivity (mutants) and specificity (variants), the
 * client kit's two beside them, then the coverage.
 */
import { spec } from '@vendor-api/spec';
import { clientScoreLines, runClientAlternatives, runClientFaults } from '../client/seeded.js';
import { coverage, coverageText } from '../coverage.js';
import {
  type Command,
  SEED_HELP,
  SEED_OPTS,
  SELECT_HELP,
  SELECT_OPTS,
  secondsSince,
  type Values,
} from './common.js';
import { detected, faultsAsked, mutantsOf, sensitivityLine } from './mutants.js';
import { selected } from './selection.js';
import { specificityLine, variantsAsked, variantsOf } from './variants.js';

async function commandScore(values: Values): Promise<number> {
  // A typo in a name is a usage error before anything runs.
  faultsAsked(values);
  variantsAsked(values);
  const started = performance.now();
  // The client kit's runs wait mostly on driver processes: they go on beside the server's.
  const client = (async () => ({
    faults: await runClientFaults(),
    alternatives: await runClientAlternatives(),
  }))();
  client.catch(() => {}); // awaited below; a failure surfaces there
  const mutants = await mutantsOf(values);
  const variants = await variantsOf(values);
  const { faults: clientFaults, alternatives: clientAlternatives } = await client;
  console.log(
    `\n${sensitivityLine(mutants)}\n${specificityLine(variants)}\n${clientScoreLines(clientFaults, clientAlternatives)}\n(${secondsSince(started)} s)`,
  );
  console.log(`\n${coverageText(coverage(spec.requirements, selected(values), mutants))}`);
  return mutants.every(detected) &&
    variants.every((r) => r.passed) &&
    clientFaults.every((r) => r.killed) &&
    clientAlternatives.every((r) => r.passed)
    ? 0
    : 1;
}

export const score: Command = {
  synopsis: 'score',
  summary: ['both: sensitivity and specificity, one summary'],
  help: `Usage: vendor-conformance score [options]

Both numbers: sensitivity (mutants) and specificity (variants), then the coverage.

  --fault A,B               only these seeded faults
  --variant a,b             only these variants
${SELECT_HELP}
${SEED_HELP}

Exit codes: 0 both at 100 %, 1 otherwise, 2 usage error.`,
  options: ['fault', 'variant', ...SELECT_OPTS, ...SEED_OPTS],
  run: commandScore,
};
