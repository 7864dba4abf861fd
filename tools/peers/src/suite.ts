/**
 * Our suite's verdict on one target, as its mutation and variant scores reach it: every case
 * against a fresh reference server (the fault's or variant's on), the cases citing a fault's
 * requirement first, stopping at the first failure (the verdict is made); a fault no case fails but
 * a case flags with an advisory is found, as the mutation score counts it. Requests are counted
 * at the servers, so they are the suite's and test control's alike.
 */
import { allCases, type CaseDefinition, runCases } from '@vendor-api/conformance';
import { FAULTS } from '@vendor-api/reference-server';
import { spec } from '@vendor-api/spec';
import { startTarget, type TargetChoice } from './target.js';

export interface SuiteVerdict {
  /** A case failed (`by` names it). */
  readonly failed: boolean;
  readonly by?: string;
  /**
   * No case failed, but one reported an advisory (the suite's own policy where the documents show
   * no answer; `by` names the case): the mutation score counts such a fault as found, flagged.
   */
  readonly flagged?: string;
  /** The budget ran out before a verdict: not every case ran, none failed. */
  readonly unfinished: boolean;
  readonly casesRun: number;
  readonly requests: number;
  readonly seconds: number;
}

/** The cases in the order the mutation score runs them for `choice`: those citing its fault first. */
export function orderedCases(
  choice: TargetChoice,
  cases: readonly CaseDefinition[] = allCases,
): CaseDefinition[] {
  const requirements = new Set<string>(
    FAULTS.filter((f) => choice.faults?.includes(f.name)).map((f) => f.requirement),
  );
  const cites = (c: CaseDefinition) => c.requirements.some((r) => requirements.has(r));
  return [...cases.filter(cites), ...cases.filter((c) => !cites(c))];
}

export async function suiteVerdict(
  choice: TargetChoice,
  options: { seed: number; maxTimeSeconds: number; numRuns?: number; cases?: readonly CaseDefinition[] },
): Promise<SuiteVerdict> {
  const started = performance.now();
  const deadline = started + options.maxTimeSeconds * 1000;
  const settings = { seed: options.seed, numRuns: options.numRuns ?? 25, timeoutMs: 15_000 };
  let requests = 0;
  let casesRun = 0;
  let flagged: { by: string; flagged: string } | undefined;
  const seconds = () => (performance.now() - started) / 1000;
  for (const c of orderedCases(choice, options.cases)) {
    if (performance.now() > deadline)
      return { failed: false, unfinished: true, casesRun, requests, seconds: seconds() };
    const server = await startTarget(choice, options.seed);
    let outcome: string | undefined;
    try {
      const [result] = await runCases([c], {
        target: server.target,
        adapter: server.adapter,
        spec,
        settings,
      });
      outcome = result?.outcome;
      const advisory = result?.advisories?.[0];
      if (advisory && flagged === undefined) flagged = { by: c.id, flagged: advisory.unspecified };
    } finally {
      requests += server.requests();
      await server.close();
    }
    if (outcome !== 'skipped') casesRun++;
    if (outcome === 'failed')
      return { failed: true, by: c.id, unfinished: false, casesRun, requests, seconds: seconds() };
  }
  return { failed: false, unfinished: false, ...flagged, casesRun, requests, seconds: seconds() };
}
