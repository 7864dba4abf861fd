/** `vendor-conformance coverage`: requirement coverage of the cases, by observability class. */
import { spec } from '@vendor-api/spec';
import { allCases } from '../cases/index.js';
import { coverage as coverageRows, coverageText } from '../coverage.js';
import { runMutants } from '../mutants.js';
import { type Command, SEED_HELP, SEED_OPTS, settingsFrom, type Values } from './common.js';

async function commandCoverage(values: Values): Promise<number> {
  // --proven runs the mutation score first (the reference server's faults, about 10 s).
  const mutants = values.proven ? await runMutants(allCases, spec, settingsFrom(values)) : undefined;
  const rows = coverageRows(spec.requirements, allCases, mutants);
  console.log(coverageText(rows));
  for (const r of rows.filter((x) => x.observability === 'http' || x.observability === 'fixture')) {
    if (r.missing.length)
      console.log(`\n  ${r.observability} without a case (${r.missing.length}): ${r.missing.join(', ')}`);
  }
  return 0;
}

export const coverage: Command = {
  synopsis: 'coverage',
  summary: ['requirement coverage of the cases, by observability class'],
  help: `Usage: vendor-conformance coverage [--proven] [options]

Requirement coverage of the cases, by observability class.

  --proven                  also count the requirements a killed seeded fault proves checked
                            (runs the mutation score first)
${SEED_HELP}

Exit codes: 0, 2 usage error.`,
  options: ['proven', ...SEED_OPTS],
  run: commandCoverage,
};
