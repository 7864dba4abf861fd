/** `vendor-conformance list`: the cases, their family, requirement ids and needs. */
import { needsText } from '../needs.js';
import { type Command, SELECT_HELP, SELECT_OPTS, type Values } from './common.js';
import { selected } from './selection.js';

function commandList(values: Values): number {
  for (const c of selected(values)) {
    console.log(
      `${c.id.padEnd(60)} ${c.family.padEnd(16)} ${c.requirements.join(' ')}${c.needs?.length ? `  [needs ${needsText(c.needs)}]` : ''}`,
    );
  }
  return 0;
}

export const list: Command = {
  synopsis: 'list',
  summary: ['list the cases (id, family, requirements)'],
  help: `Usage: vendor-conformance list [options]

Lists the cases: id, family, requirement ids and the capabilities they need.

${SELECT_HELP}

Exit codes: 0, 2 usage error.`,
  options: SELECT_OPTS,
  run: commandList,
};
