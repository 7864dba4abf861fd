/**
 * `vendor-conformance mutants`: the mutation score, the suite against the reference server with
 * each seeded fault on; every fault must be killed (sensitivity).
 */
import { FAULTS } from '@vendor-api/reference-server';
import { spec } from '@vendor-api/spec';
import { type MutantResult, runMutants } from '../mutants.js';
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

/** The seeded faults `--fault` names (undefined: all), each checked against the catalog. */
export const faultsAsked = (values: Values): string[] | undefined =>
  knownList(
    values.fault,
    FAULTS.map((f) => f.name),
    ['fault', 'faults'],
    'reference-server --list-faults prints them',
  );

/** The seeded faults `--fault` names (all by default) against the selected cases, one line each. */
export async function mutantsOf(values: Values): Promise<MutantResult[]> {
  const only = faultsAsked(values);
  return runMutants(selected(values), spec, settingsFrom(values), {
    ...(only ? { only } : {}),
    onResult: (r, i, n) =>
      console.log(
        `[${i + 1}/${n}] ${r.killed ? 'killed  ' : r.flagged ? 'flagged ' : 'SURVIVED'} ${r.fault.name.padEnd(44)} ${r.fault.requirement}${r.by ? `  by ${r.by}` : ''}${r.flagged ? ` (advisory ${r.flagged})` : ''}`,
      ),
  });
}

/** Whether a fault was found: killed, or flagged by an advisory check (the suite's own policy). */
export const detected = (r: MutantResult): boolean => r.killed || r.flagged !== undefined;

export function sensitivityLine(results: readonly MutantResult[]): string {
  const found = results.filter(detected).length;
  const flagged = results.filter((r) => !r.killed && r.flagged !== undefined);
  const survivors = results.filter((r) => !detected(r));
  return `sensitivity (mutation score): ${found} / ${results.length} faults found (${percent(found, results.length)} %)${
    flagged.length
      ? `; of them ${flagged.length} flagged by an advisory only (the suite's own policy, not the verdict): ${flagged.map((f) => f.fault.name).join(', ')}`
      : ''
  }${
    survivors.length
      ? `\n  survivors: ${survivors.map((s) => `${s.fault.name} (${s.fault.requirement})`).join(', ')}`
      : ''
  }`;
}

export const mutants: Command = {
  synopsis: 'mutants',
  summary: ["the mutation score against the reference server's seeded faults (sensitivity)"],
  help: `Usage: vendor-conformance mutants [options]

The mutation score: the suite against the reference server with each seeded fault on; every
fault must be found (sensitivity): killed (a case fails), or, for a fault that breaks only what the
suite checks as its own policy where the documents show no answer, flagged by an advisory.

  --fault A,B               only these seeded faults
${SELECT_HELP}
${SEED_HELP}

Exit codes: 0 every fault killed, 1 a fault survived, 2 usage error.`,
  options: ['fault', ...SELECT_OPTS, ...SEED_OPTS],
  run: (values) => printScore(() => mutantsOf(values), sensitivityLine, detected),
};
