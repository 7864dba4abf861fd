/**
 * Runs cases against a target: selection by family and shard, a timeout per case, skips for
 * missing capabilities (with the reason), the expected-failures file, a portable trace for
 * every failure, and several cases at once (`concurrency`), the ones that move what every case
 * sees (the clock, faults) alone.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VendorSpec } from '@vendor-api/spec';
import { integerOption, UsageError } from '@vendor-api/spec/cli';
import { type Adapter, MissingCapabilityError, type Target, Unobservable } from './adapter.js';
import { type Capability, OPT_IN_CAPABILITIES } from './capabilities.js';
import {
  type Advisory,
  CaseContext,
  type CaseDefinition,
  type FailureDetail,
  PropertyFailure,
  type RunSettings,
  SuiteError,
} from './case.js';
import { CheckFailure } from './http.js';
import { missingNeeds, missingReason, movesSharedState, unobservedRequirements } from './needs.js';
import { type Observations, unbacked } from './observed.js';
import type { Trace } from './trace.js';

export type Outcome = 'passed' | 'failed' | 'skipped' | 'expected-failure' | 'unexpected-pass';

export interface CaseResult {
  readonly id: string;
  readonly family: string;
  readonly title: string;
  readonly requirements: readonly string[];
  readonly outcome: Outcome;
  /** Why it was skipped, or why it is an expected failure. */
  readonly reason?: string;
  readonly durationMs: number;
  readonly requests: number;
  readonly failure?: FailureDetail;
  readonly tracePath?: string;
  /** For a case skipped for capabilities the target lacks: those capabilities. */
  readonly missing?: readonly Capability[];
  /**
   * The requirements the case earned: those of a passing case that what it observed backs (see
   * observed.ts); none for any other outcome.
   */
  readonly credited: readonly string[];
  /** For a passing case: why some or all of its requirements are not credited. */
  readonly uncredited?: string;
  /** What the server answered the case's requests, by operation (for the run's credit). */
  readonly observations?: Observations;
  /** Checks of the suite's own policy the server did not meet (never the verdict). */
  readonly advisories?: readonly Advisory[];
  /** For a case skipped for a fault of the suite itself (`SuiteError`): its message. */
  readonly suiteError?: string;
}

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface RunOptions {
  readonly target: Target;
  readonly adapter: Adapter;
  /**
   * A fresh target for every case (the embedded reference server restarts per case: perfect
   * isolation). Without it every case shares `target` and isolates itself by workspace.
   */
  readonly perCase?: () => Promise<{
    readonly target: Target;
    readonly adapter: Adapter;
    close(): Promise<void>;
  }>;
  readonly spec: VendorSpec;
  readonly settings: RunSettings;
  /**
   * Opt-in capabilities asked for on this run (`OPT_IN_CAPABILITIES`): they need no adapter
   * method, only a run willing to pay for them.
   */
  readonly optIn?: ReadonlySet<Capability>;
  readonly families?: readonly string[];
  readonly only?: readonly string[];
  readonly shard?: Shard;
  /** Case id -> reason, for known deviations of the implementation. */
  readonly expectedFailures?: Readonly<Record<string, string>>;
  /** Where failure traces are written (none when absent). */
  readonly traceDir?: string;
  /**
   * Cases run at once (default 1). Against a shared target, a case that moves its clock or
   * switches its faults runs alone: the running cases finish first, the next wait for it.
   */
  readonly concurrency?: number;
  /**
   * Called as each case finishes: `index` counts the cases finished before it (so it is the case's
   * place in the run's order when cases run one at a time). The results `runCases` returns are
   * in the run's order whatever the order they finished in.
   */
  readonly onResult?: (result: CaseResult, index: number, total: number) => void;
  /**
   * Why a case is skipped for capabilities the target lacks, in the user's terms ("no control API
   * or adapter given", "the control API offers no issuers"); default: the adapter lacks them.
   */
  readonly missingReason?: (missing: readonly Capability[]) => string;
}

/** The default skip reason for missing capabilities. */
export const adapterLacks = (missing: readonly Capability[]) => `the adapter lacks: ${missing.join(', ')}`;

/** Parses `i/n` (1-based; else a usage error). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    throw new UsageError(`--shard must be i/n with 1 <= i <= n; got ${JSON.stringify(text)}`);
  return { index, count };
}

/** The cases a run selects, in a stable order; a shard takes every n-th. */
export function selectCases(
  cases: readonly CaseDefinition[],
  options: Pick<RunOptions, 'families' | 'only' | 'shard'>,
): CaseDefinition[] {
  let selected = [...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (options.families?.length) selected = selected.filter((c) => options.families!.includes(c.family));
  if (options.only?.length) selected = selected.filter((c) => options.only!.includes(c.id));
  if (options.shard)
    selected = selected.filter((_, i) => i % options.shard!.count === options.shard!.index - 1);
  return selected;
}

/**
 * Fails a case that takes longer than `ms` of its own time: the time it spends waiting for the
 * server's progress (`CaseContext.waiting`, bounded by the maximum wait) does not count.
 */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string, waitedMs: () => number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const timeout = new Promise<never>((_, reject) => {
    const check = () => {
      const own = performance.now() - started - waitedMs();
      if (own >= ms) reject(new CheckFailure(`${what} timed out after ${ms} ms`, null));
      else timer = setTimeout(check, Math.max(1, ms - own));
    };
    timer = setTimeout(check, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Reason of a case skipped only because the run did not ask for it (`--opt-in`). */
export const NOT_OPTED_IN = 'off unless the run opts in';

/** Skipped cases that leave something unchecked the run asked for (not those left off by `--opt-in`). */
export const uncheckedSkips = (results: readonly CaseResult[]) =>
  results.filter((r) => r.outcome === 'skipped' && !r.reason?.startsWith(NOT_OPTED_IN));

export async function runOne(definition: CaseDefinition, options: RunOptions): Promise<CaseResult> {
  const base = {
    id: definition.id,
    family: definition.family,
    title: definition.title,
    requirements: definition.requirements,
    credited: [],
  };
  const missing = missingNeeds(
    definition.needs,
    (c) => options.adapter.capabilities.has(c) || options.optIn?.has(c) === true,
    options.target.otherTenant !== undefined,
  );
  if (missing.length) {
    const optInOnly = missing.every((n) => OPT_IN_CAPABILITIES.includes(n.capability));
    return {
      ...base,
      outcome: 'skipped',
      reason: optInOnly
        ? `${NOT_OPTED_IN}: --opt-in ${missing.map((n) => n.capability).join(',')}`
        : missingReason(missing, options.missingReason ?? adapterLacks),
      ...(optInOnly ? {} : { missing: missing.map((n) => n.capability) }),
      durationMs: 0,
      requests: 0,
    };
  }
  const ctx = new CaseContext(definition, options.target, options.adapter, options.spec, options.settings);
  const started = performance.now();
  let failure: FailureDetail | undefined;
  let skipped: MissingCapabilityError | undefined;
  let suiteError: SuiteError | undefined;
  try {
    await withTimeout(definition.run(ctx), options.settings.timeoutMs * 4, `case ${definition.id}`, () =>
      ctx.waitedMs(),
    );
  } catch (error) {
    if (error instanceof MissingCapabilityError) skipped = error;
    else if (error instanceof SuiteError) suiteError = error;
    else
      failure =
        error instanceof PropertyFailure && ctx.failure
          ? ctx.failure
          : {
              message: error instanceof Error ? error.message : String(error),
              step: error instanceof CheckFailure ? error.step : null,
              seed: options.settings.seed,
              steps: ctx.currentSteps(),
            };
  }
  const durationMs = performance.now() - started;
  const requests = ctx.requestCount();
  // A shared target stays as the case found it (what it made in the target's organization).
  await ctx.release();
  if (suiteError)
    return {
      ...base,
      outcome: 'skipped',
      reason: suiteError.message,
      suiteError: suiteError.message,
      durationMs,
      requests,
    };
  if (skipped) {
    // A capability the case found missing as it ran (not an unobservable answer) reads like one
    // found missing up front.
    const reason =
      skipped instanceof Unobservable
        ? skipped.message
        : (options.missingReason ?? adapterLacks)([skipped.capability]);
    return {
      ...base,
      outcome: 'skipped',
      reason,
      ...(skipped instanceof Unobservable ? {} : { missing: [skipped.capability] }),
      durationMs,
      requests,
    };
  }
  const expected = options.expectedFailures?.[definition.id];
  if (!failure) {
    if (expected !== undefined) {
      return {
        ...base,
        outcome: 'unexpected-pass',
        reason: `listed as an expected failure (${expected}) but passed: remove it from the list`,
        durationMs,
        requests,
      };
    }
    const observations = ctx.observations();
    const unobserved = unobservedRequirements(definition.needs, (c) => options.adapter.capabilities.has(c));
    const lacking = [...new Set(unobserved.values())];
    const { advisories, unearned } = ctx.advisories();
    // The run's credit (`creditRun`) then asks whether the run saw each refused operation accept.
    // An advisory not met leaves its requirements uncredited (the advisories say why) and the
    // verdict as it is.
    const reason = unobserved.size
      ? `${[...unobserved.keys()].join(', ')} observed only through ${lacking.join(', ')}, which the target lacks`
      : undefined;
    return {
      ...base,
      outcome: 'passed',
      durationMs,
      requests,
      credited: definition.requirements.filter((id) => !unobserved.has(id) && !unearned.has(id)),
      ...(reason ? { uncredited: reason } : {}),
      observations,
      ...(advisories.length ? { advisories } : {}),
    };
  }
  let tracePath: string | undefined;
  if (options.traceDir) {
    const trace: Trace = {
      format: 'vendor-api-conformance-trace',
      version: 1,
      caseId: definition.id,
      title: definition.title,
      requirements: definition.requirements,
      seed: failure.seed,
      ...(failure.path ? { path: failure.path } : {}),
      ...(failure.counterexample ? { counterexample: failure.counterexample } : {}),
      failure: { step: failure.step, message: failure.message },
      steps: failure.steps,
    };
    await mkdir(options.traceDir, { recursive: true });
    tracePath = join(options.traceDir, `${definition.id}.trace.json`);
    try {
      await writeFile(tracePath, `${JSON.stringify(trace, null, 2)}\n`);
    } catch (error) {
      // A trace too large to write (bodies of hundreds of MB) must not hide the failure itself.
      tracePath = undefined;
      failure = {
        ...failure,
        message: `${failure.message}\n(no trace written: ${(error as Error).message})`,
      };
    }
  }
  return {
    ...base,
    outcome: expected !== undefined ? 'expected-failure' : 'failed',
    ...(expected !== undefined ? { reason: expected } : {}),
    durationMs,
    requests,
    failure,
    ...(tracePath ? { tracePath } : {}),
  };
}

/** Parses `--concurrency N`: a positive integer (else a usage error). */
export const parseConcurrency = (text: string): number => integerOption('concurrency', text, { min: 1 });

/**
 * Whether a case must run alone: against a shared target (not a fresh server per case), one that
 * moves the clock every case reads or switches faults every case meets.
 */
export const runsAlone = (definition: CaseDefinition, options: Pick<RunOptions, 'adapter' | 'perCase'>) =>
  !options.perCase && movesSharedState(definition.needs, options.adapter.capabilities);

export async function runCases(cases: readonly CaseDefinition[], options: RunOptions): Promise<CaseResult[]> {
  const selected = selectCases(cases, options);
  const limit = Math.max(1, Math.floor(options.concurrency ?? 1));
  const results: CaseResult[] = new Array(selected.length);
  let finished = 0;
  const runAt = async (i: number, c: CaseDefinition) => {
    let r: CaseResult;
    if (options.perCase) {
      const fresh = await options.perCase();
      try {
        r = await runOne(c, { ...options, target: fresh.target, adapter: fresh.adapter });
      } finally {
        await fresh.close();
      }
    } else r = await runOne(c, options);
    results[i] = r;
    options.onResult?.(r, finished++, selected.length);
  };
  // Cases start in the run's order; one that must run alone waits for the running ones to finish
  // and the next ones wait for it. The first error (a server that will not start, say) ends the
  // run once the running cases have finished.
  const running = new Set<Promise<void>>();
  let error: { readonly cause: unknown } | undefined;
  const start = (i: number, c: CaseDefinition) => {
    const p: Promise<void> = runAt(i, c)
      .catch((cause: unknown) => {
        error ??= { cause };
      })
      .finally(() => running.delete(p));
    running.add(p);
    return p;
  };
  for (const [i, c] of selected.entries()) {
    if (error) break;
    if (runsAlone(c, options)) {
      await Promise.all(running);
      if (error) break;
      await start(i, c);
      continue;
    }
    while (running.size >= limit) await Promise.race(running);
    if (error) break;
    start(i, c);
  }
  await Promise.all(running);
  if (error) throw error.cause;
  return creditRun(results);
}

/**
 * The run's credit: a passing case's refusals of an operation count only if some passing case of
 * the run saw that operation accept a valid request (see observed.ts).
 */
export function creditRun(results: readonly CaseResult[]): CaseResult[] {
  const accepted = new Set(
    results.flatMap((r) => (r.outcome === 'passed' ? (r.observations?.accepted ?? []) : [])),
  );
  return results.map((r) => {
    if (r.outcome !== 'passed' || !r.observations) return r;
    const reason = unbacked(r.observations, accepted);
    return reason ? { ...r, credited: [], uncredited: reason } : r;
  });
}

/** Whether a run is conformant: no new failures and no listed failure that passes now. */
export const conformant = (results: readonly CaseResult[]) =>
  results.every((r) => r.outcome !== 'failed' && r.outcome !== 'unexpected-pass');
