/**
 * `vendor-conformance run` (the default command): the suite against a target, every case
 * reported (passed, failed, skipped, an expected failure), with JUnit and JSON reports.
 */
import { createSpec, spec as publishedSpec } from '@vendor-api/spec';
import { didYouMean, UsageError } from '@vendor-api/spec/cli';
import type { Adapter } from '../adapter.js';
import { CAPABILITIES, type Capability, isCapability, OPT_IN_CAPABILITIES } from '../capabilities.js';
import { allCases } from '../cases/index.js';
import { unknownCitations } from '../coverage.js';
import { failureBlock, progressLine, summary } from '../report/console.js';
import { jsonReport } from '../report/json.js';
import { junitXml } from '../report/junit.js';
import { conformant, parseConcurrency, parseShard, runCases, type Shard, uncheckedSkips } from '../runner.js';
import { DEFAULT_MAX_WAIT_MS, durationText, parseDuration } from '../wait.js';
import {
  type Command,
  EXIT_HELP,
  list,
  SEED_HELP,
  SEED_OPTS,
  SELECT_HELP,
  SELECT_OPTS,
  settingsFrom,
  TARGET_HELP,
  TARGET_OPTS,
  type Values,
  vendorOf,
  write,
} from './common.js';
import { expectedFailuresOf, selectionOf } from './selection.js';
import { replayOptions, resolveTarget } from './target.js';

/**
 * Cases a run takes at once unless `--concurrency` says otherwise, against any server: the
 * embedded servers run on a thread of their own (each case on a fresh one).
 */
const DEFAULT_CONCURRENCY = 4;

/** The target lacks a capability `--require` names: exit 2 before any case runs. */
export class RequirementError extends Error {}

/** The opt-in capabilities a run asks for (`--opt-in`); only those of OPT_IN_CAPABILITIES. */
function optInOf(values: Values): ReadonlySet<Capability> {
  const asked = list(values['opt-in']) ?? [];
  const unknown = asked.filter((c) => !(OPT_IN_CAPABILITIES as readonly string[]).includes(c));
  if (unknown.length)
    throw new UsageError(
      `--opt-in takes ${OPT_IN_CAPABILITIES.join(', ')}; not ${unknown.map((u) => `${JSON.stringify(u)}${didYouMean(u, OPT_IN_CAPABILITIES)}`).join(', ')}`,
    );
  return new Set(asked as Capability[]);
}

/** `--require`: capabilities the target must offer; a usage error names those it lacks. */
function checkRequired(values: Values, adapter: Adapter, optIn: ReadonlySet<Capability>): void {
  const required = list(values.require) ?? [];
  const unknown = required.filter((c) => !isCapability(c));
  if (unknown.length)
    throw new UsageError(
      `--require names unknown capabilit${unknown.length > 1 ? 'ies' : 'y'} ${unknown.map((u) => `${JSON.stringify(u)}${didYouMean(u, Object.keys(CAPABILITIES))}`).join(', ')}; capabilities: ${Object.keys(CAPABILITIES).join(', ')}`,
    );
  const lacking = (required as Capability[]).filter((c) => !adapter.capabilities.has(c) && !optIn.has(c));
  if (lacking.length)
    throw new RequirementError(
      `the target does not offer the required capabilit${lacking.length > 1 ? 'ies' : 'y'} ${lacking.join(', ')} (--require)`,
    );
}

/** A duration option (`90s`, `5m`, `1500ms`; a bare number is seconds), or undefined when absent. */
function durationOption(values: Values, name: 'max-wait' | 'max-time', examples: string): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const ms = parseDuration(text);
  if (ms === null)
    throw new UsageError(
      `--${name} must be a positive duration such as ${examples}; got ${JSON.stringify(text)}`,
    );
  return ms;
}

/** `--max-wait`: how long one wait for the server's progress may take. */
const maxWaitOf = (values: Values): number =>
  durationOption(values, 'max-wait', '90s, 5m or 1500ms') ?? DEFAULT_MAX_WAIT_MS;

/** `--max-time`: a duration, or undefined when the run is not bounded as a whole. */
const maxTimeOf = (values: Values): number | undefined =>
  durationOption(values, 'max-time', '30m, 90s or 1500ms');

/** The run did not end within `--max-time`: one line, exit 2 (the cases still running are left). */
export class RunDeadlineError extends Error {}

/**
 * The run, bounded as a whole by `--max-time` when it is given: target discovery, every case and
 * the reports. At the deadline the run ends with one line saying how far it came.
 */
async function commandRun(values: Values): Promise<number> {
  const maxTimeMs = maxTimeOf(values);
  const progress = { ended: 0, total: 0 };
  if (maxTimeMs === undefined) return runSuite(values, progress);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new RunDeadlineError(
            `the run did not end within --max-time ${durationText(maxTimeMs)} (${progress.ended} of ${progress.total || 'the'} cases ended); no verdict`,
          ),
        ),
      maxTimeMs,
    );
  });
  try {
    return await Promise.race([runSuite(values, progress), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function runSuite(values: Values, progress: { ended: number; total: number }): Promise<number> {
  // `--vendor NAME`: the suite, and the embedded server, in that vendor's names.
  const vendor = vendorOf(values);
  const spec = vendor.name === publishedSpec.vendor.name ? publishedSpec : createSpec(vendor);
  const settings = { ...settingsFrom(values), maxWaitMs: maxWaitOf(values) };
  const shard: Shard | undefined = values.shard === undefined ? undefined : parseShard(values.shard);
  const concurrency =
    values.concurrency === undefined ? DEFAULT_CONCURRENCY : parseConcurrency(values.concurrency);
  const bad = unknownCitations(spec.requirements, allCases);
  if (bad.length) throw new UsageError(`cases cite unknown requirement ids: ${bad.join(', ')}`);
  const expectedFailures = values['expected-failures']
    ? await expectedFailuresOf(values['expected-failures'])
    : {};
  const optIn = optInOf(values);
  const selection = selectionOf(values);
  const resolved = await resolveTarget(values, settings.seed, { spares: concurrency });
  try {
    checkRequired(values, resolved.adapter, optIn);
  } catch (error) {
    await resolved.close();
    throw error;
  }
  const traceDir = values['trace-dir'] ?? '.conformance/traces';
  console.log(
    `conformance: ${resolved.embedded ? 'embedded reference server' : resolved.target.baseUrl} · ${resolved.describe} · seed ${settings.seed} · ${settings.numRuns} runs${shard ? ` · shard ${values.shard}` : ''} · concurrency ${concurrency} · max wait ${durationText(settings.maxWaitMs)}`,
  );
  const started = performance.now();
  let results: Awaited<ReturnType<typeof runCases>>;
  try {
    results = await runCases(allCases, {
      target: resolved.target,
      adapter: resolved.adapter,
      spec,
      settings,
      ...selection,
      ...(shard ? { shard } : {}),
      expectedFailures,
      optIn,
      traceDir,
      concurrency,
      ...(resolved.fresh ? { perCase: resolved.fresh } : {}),
      missingReason: resolved.missingReason,
      onResult: (r, i, n) => {
        progress.ended = i + 1;
        progress.total = n;
        console.log(progressLine(r, i, n));
      },
    });
  } finally {
    await resolved.close();
  }
  const elapsedMs = performance.now() - started;
  const replayTarget = resolved.embedded ? '' : replayOptions(values, resolved.target);
  for (const r of results) {
    if (r.failure)
      console.log(`\n${failureBlock(r, (t) => `vendor-conformance replay ${t}${replayTarget}`)}`);
    if (r.outcome === 'unexpected-pass') console.log(`\n✗ ${r.id}: ${r.reason}`);
  }
  const failOnSkip = values['fail-on-skip'] === true;
  console.log(summary(results, elapsedMs, { failOnSkip, lackHeadline: resolved.lackHeadline }));
  const meta = {
    baseUrl: resolved.embedded ? 'embedded' : resolved.target.baseUrl,
    adapter: resolved.adapter.name,
    seed: settings.seed,
    numRuns: settings.numRuns,
    ...(values.shard ? { shard: values.shard } : {}),
    concurrency,
    maxWaitMs: settings.maxWaitMs,
    elapsedMs,
  };
  if (values.junit) await write(values.junit, junitXml(results));
  if (values.json) await write(values.json, `${JSON.stringify(jsonReport(results, meta), null, 2)}\n`);
  return conformant(results) && !(failOnSkip && uncheckedSkips(results).length) ? 0 : 1;
}

export const run: Command = {
  synopsis: 'run',
  summary: ['run the suite (default command)'],
  help: `Usage: vendor-conformance run [options]

Runs the suite against a target and reports every case: passed, failed, skipped (the adapter
lacks a capability the case needs) or an expected failure.

${TARGET_HELP}

Run options:
${SEED_HELP}
${SELECT_HELP}
  --shard i/n               the i-th of n shards (stable split by case id)
  --concurrency N           cases run at once (default ${DEFAULT_CONCURRENCY}; the embedded servers run on a
                            thread of their own, a fresh one per case); against a shared server a
                            case that moves its clock or switches faults runs alone; the report
                            stays in case order
  --max-wait DURATION       how long a case waits for a batch to end or a dream to start or end
                            where the adapter cannot drive them (it polls, as a client would):
                            90s, 5m, 1500ms (default ${durationText(DEFAULT_MAX_WAIT_MS)})
  --max-time DURATION       the longest the whole run may take (discovery, cases, reports): at
                            that time it stops with one line and exit code 2 (default: unbounded;
                            every request is bounded by --timeout)
  --opt-in CAP,...          run the cases of capabilities that are off unless asked for:
                            large-requests (batch bodies of about 256 MB: slow, ~1 GB of memory)
  --vendor NAME             the vendor name headers, prefixes, models and variables derive from
                            (default vendor); the embedded reference server runs for it too
  --fail-on-skip            skipped cases fail the run (exit 1): nothing may go unchecked
  --require CAP,...         the target must offer these capabilities (exit 2 before any case
                            runs when it does not): coverage a CI job insists on
  --expected-failures FILE  known deviations: {"expectedFailures": {"<case id>": "<reason>"}}
  --junit FILE              write a JUnit XML report
  --json FILE               write a JSON report (schema: jsonReportSchema of the package)
  --trace-dir DIR           where failure traces go (default .conformance/traces)

${EXIT_HELP}`,
  options: [
    ...TARGET_OPTS,
    ...SELECT_OPTS,
    ...SEED_OPTS,
    'shard',
    'concurrency',
    'max-wait',
    'max-time',
    'opt-in',
    'vendor',
    'fail-on-skip',
    'require',
    'expected-failures',
    'junit',
    'json',
    'trace-dir',
  ],
  run: commandRun,
};
