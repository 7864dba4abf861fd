/**
 * Shared by the family tests: run one case against a fresh embedded reference server, optionally
 * with seeded faults on. The fault pins use a fixed seed so "case X kills fault Y" is
 * deterministic; the cases' own randomness is exercised with the run's seed by `pnpm conformance`.
 */
import { spec } from '@vendor-api/spec';
import type { CaseDefinition } from '../src/case.js';
import { startEmbedded } from '../src/embedded.js';
import { runOne } from '../src/runner.js';

export const pinSettings = (seed = 7) => ({ seed, numRuns: 25, timeoutMs: 10_000 });

/** The case of a family with this id (throws on an unknown id, so a renamed case fails loudly). */
export function caseById(cases: readonly CaseDefinition[], id: string): CaseDefinition {
  const c = cases.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id}`);
  return c;
}

/** Runs one case against a fresh embedded server with the given faults on. */
export async function outcomeOf(c: CaseDefinition, faults: readonly string[] = [], settings = pinSettings()) {
  const embedded = await startEmbedded({ seed: settings.seed, faults });
  try {
    return await runOne(c, { target: embedded.target, adapter: embedded.adapter, spec, settings });
  } finally {
    await embedded.close();
  }
}
