/**
 * Shared by the family tests: run one case against a fresh embedded reference server, optionally
 * with seeded faults on. The fault pins use a fixed seed so "case X kills fault Y" is
 * deterministic; the cases' own randomness is exercised with the run's seed by `pnpm conformance`.
 */
import { type FaultName, spec } from '@vendor-api/spec';
import { expect, it } from 'vitest';
// Capabilities of the reference adapter: a case needing another one is skipped there, not failed.
import { REFERENCE_CAPABILITIES } from '../src/adapters/reference.js';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { startEmbedded } from '../src/embedded.js';
import { requiredCapabilities } from '../src/needs.js';
import { runOne } from '../src/runner.js';

export const pinSettings = (seed = 7) => ({ seed, numRuns: 25, timeoutMs: 10_000 });

/** The case of a family with this id (an id the family does not have does not compile). */
export function caseById<C extends readonly CaseDefinition[]>(cases: C, id: CaseIdOf<C>): CaseDefinition {
  const c = cases.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id}`);
  return c;
}

/** Which case of `C` kills which seeded fault: typed by the catalog's fault names and the cases' ids. */
export type Kills<C extends readonly CaseDefinition[]> = readonly (readonly [
  fault: FaultName,
  caseId: CaseIdOf<C>,
])[];

/** Runs one case against a fresh embedded server with the given faults on. */
export async function outcomeOf(
  c: CaseDefinition,
  faults: readonly FaultName[] = [],
  settings = pinSettings(),
) {
  const embedded = await startEmbedded({ seed: settings.seed, faults });
  try {
    return await runOne(c, { target: embedded.target, adapter: embedded.adapter, spec, settings });
  } finally {
    await embedded.close();
  }
}

/**
 * The two tests every family file starts with: each case passes against the reference server (or
 * is skipped because it needs a capability the reference adapter lacks), and each pinned fault is
 * caught by the case named beside it.
 */
export function itPassesAndCatches<C extends readonly CaseDefinition[]>(
  family: string,
  cases: C,
  kills: Kills<C>,
  settings = pinSettings(),
): void {
  // Every case of a family, one after the other: seconds here, tens of seconds on a loaded 2-core
  // machine. The bound catches a hang; it is no speed target.
  it(`every ${family} case passes against the reference server`, async () => {
    for (const c of cases) {
      const r = await outcomeOf(c, [], settings);
      const runnable = requiredCapabilities(c.needs).every((n) => REFERENCE_CAPABILITIES.has(n));
      expect({ id: c.id, outcome: r.outcome, message: r.failure?.message ?? r.suiteError }).toEqual({
        id: c.id,
        outcome: runnable ? 'passed' : 'skipped',
        message: undefined,
      });
    }
  }, 300_000);

  it.each(kills)('the fault %s is caught by %s', async (fault, caseId) => {
    expect((await outcomeOf(caseById(cases, caseId), [fault], settings)).outcome).toBe('failed');
  });
}
