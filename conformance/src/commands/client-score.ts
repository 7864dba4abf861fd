/**
 * `vendor-conformance client-score [--fault A,B] [--variant X,Y]`: the client kit's sensitivity
 * (seeded client faults killed) and specificity (legal client alternatives passed).
 */
import {
  CLIENT_ALTERNATIVES,
  CLIENT_FAULTS,
  clientScoreLines,
  runClientAlternatives,
  runClientFaults,
} from '../client/seeded.js';
import { type Command, EXIT_HELP, knownList, secondsSince, type Values } from './common.js';

async function commandClientScore(values: Values): Promise<number> {
  const faultNames = CLIENT_FAULTS.map((f) => f.name);
  const alternativeNames = CLIENT_ALTERNATIVES.map((a) => a.name);
  const only = {
    faults: knownList(
      values.fault,
      faultNames,
      ['client fault', 'client faults'],
      `client faults: ${faultNames.join(', ')}`,
    ),
    alternatives: knownList(
      values.variant,
      alternativeNames,
      ['client alternative', 'client alternatives'],
      `client alternatives: ${alternativeNames.join(', ')}`,
    ),
  };
  const started = performance.now();
  const faults = values.variant && !values.fault ? [] : await runClientFaults(only.faults);
  const alternatives = values.fault && !values.variant ? [] : await runClientAlternatives(only.alternatives);
  console.log(`\n${clientScoreLines(faults, alternatives)}\n(${secondsSince(started)} s)`);
  return faults.every((r) => r.killed) && alternatives.every((r) => r.passed) ? 0 : 1;
}

export const clientScore: Command = {
  synopsis: 'client-score',
  summary: [
    "the client kit's own numbers: seeded client faults killed, legal client",
    "alternatives passed (through the project's client)",
  ],
  help: `Usage: vendor-conformance client-score [--fault A,B] [--variant X,Y]

The client kit measured as the server suite is: each seeded client fault (a client requirement
broken in the project's client, through its driver) must fail the client cases that name it, and
each legal client alternative must pass every client case. Needs @vendor-api/client installed.

Options:
  --fault A,B       only these client faults (and no alternatives unless --variant is given)
  --variant X,Y     only these client alternatives (and no faults unless --fault is given)

${EXIT_HELP}`,
  options: ['fault', 'variant'],
  run: commandClientScore,
};
