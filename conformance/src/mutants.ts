/**
 * The mutation score: the suite against the reference server once per seeded fault. A fault is
 * killed when at least one case fails with it on. Cases citing the fault's requirement run first
 * and the run stops at the first failure, so a killed fault costs little. A fault that breaks only
 * what the suite checks as its own policy (an advisory check, where the documents show no answer) is
 * not killed but flagged: a case reported an advisory with it on, which the reference server never
 * gives.
 */
import { FAULTS, type FaultDefinition } from '@vendor-api/reference-server';
import type { VendorSpec } from '@vendor-api/spec';
import type { CaseDefinition, RunSettings } from './case.js';
import { EmbeddedHost } from './embedded.js';
import { runOne } from './runner.js';

export interface MutantResult {
  readonly fault: FaultDefinition;
  readonly killed: boolean;
  /** The case that killed it (or, for a fault only flagged, that reported the advisory). */
  readonly by?: string;
  /** Not killed, but a case reported an advisory with it on (the Unspecified id of the advisory). */
  readonly flagged?: string;
  readonly casesRun: number;
}

export async function runMutants(
  cases: readonly CaseDefinition[],
  spec: VendorSpec,
  settings: RunSettings,
  options: { only?: readonly string[]; onResult?: (r: MutantResult, i: number, n: number) => void } = {},
): Promise<MutantResult[]> {
  const faults = options.only?.length ? FAULTS.filter((f) => options.only!.includes(f.name)) : FAULTS;
  const results: MutantResult[] = [];
  // The next case's server is started while a case runs (a fault's cases run one after the other,
  // up to the first that kills it).
  const host = new EmbeddedHost({ spares: 1 });
  try {
    for (const [i, fault] of faults.entries()) {
      const ordered = [
        ...cases.filter((c) => c.requirements.includes(fault.requirement)),
        ...cases.filter((c) => !c.requirements.includes(fault.requirement)),
      ];
      let killed: MutantResult | undefined;
      let flagged: MutantResult | undefined;
      let run = 0;
      for (const c of ordered) {
        const embedded = await host.start({ seed: settings.seed, faults: [fault.name] });
        try {
          const r = await runOne(c, { target: embedded.target, adapter: embedded.adapter, spec, settings });
          run++;
          if (r.outcome === 'failed') {
            killed = { fault, killed: true, by: c.id, casesRun: run };
            break;
          }
          const advisory = r.advisories?.[0];
          if (advisory && !flagged)
            flagged = { fault, killed: false, by: c.id, flagged: advisory.unspecified, casesRun: run };
        } finally {
          await embedded.close();
        }
      }
      const result =
        killed ?? (flagged ? { ...flagged, casesRun: run } : { fault, killed: false, casesRun: run });
      results.push(result);
      options.onResult?.(result, i, faults.length);
    }
  } finally {
    await host.close();
  }
  return results;
}
