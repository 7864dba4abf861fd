/**
 * `pnpm bench peers`: our suite and Schemathesis on the same targets (the reference server clean,
 * with each selected seeded fault, with each selected variant), then our sandbox, Prism and Steady
 * on the same scenario. Prints both tables; a report, not a gate (exit 0 unless it cannot run).
 */
import { createRequire } from 'node:module';
import { FAULTS, VARIANTS } from '@vendor-api/reference-server';
import { checkNames, parseCommandLine } from '@vendor-api/spec/cli';
import {
  type MockTarget,
  MockUnavailable,
  runScenario,
  startPrism,
  startSandbox,
  startSteady,
  throughput,
} from './mocks.js';
import {
  newFindings,
  noisyChecks,
  pinnedVersion,
  runSchemathesis,
  type SchemathesisReport,
  signatures,
} from './schemathesis.js';
import { suiteVerdict } from './suite.js';
import { type MockRow, mockTable, type TargetRow, type ToolVerdict, targetTable } from './table.js';
import { startTarget, type TargetChoice } from './target.js';

const require = createRequire(import.meta.url);
/** The document a team would give the tools: the published one. */
const DOCUMENT = require.resolve('@vendor-api/openapi/openapi.json');

/**
 * The default faults, one per family of what a fault breaks (each named for why it is here):
 * - DREAM_LIST_LIMIT_OVER_100_ACCEPTED: an input bound the document states (`maximum`) not enforced.
 * - BETA_UNNEEDED_REFUSED: a valid request (an allowed beta header) refused.
 * - EXCH_MISSING_FIELD_INVALID_GRANT: the wrong error type, on an operation that needs no key.
 * - SRES_DELETE_CONFIRMATION_TYPE_WRONG: a response body outside its schema (a `const`), behind a resource.
 * - RL_NEXT_PAGE_MISSING: a required field missing, on an admin endpoint (a workspace key cannot reach it).
 * - BATCH_RESULTS_URL_EARLY: a field set in the wrong state (its schema allows both values).
 * - BATCH_LIST_LAST_ID_WRONG: pagination that repeats items (every page is schema-valid).
 * - DREAM_CANCEL_COMPLETED_OK: a state machine's transition allowed where the documents forbid it.
 * - BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED: a rule across the items of a body (unique `custom_id`).
 * - DREAM_LIST_LEAKS_OTHER_WORKSPACES: tenancy, another workspace's records listed.
 */
export const DEFAULT_FAULTS = [
  'DREAM_LIST_LIMIT_OVER_100_ACCEPTED',
  'BETA_UNNEEDED_REFUSED',
  'EXCH_MISSING_FIELD_INVALID_GRANT',
  'SRES_DELETE_CONFIRMATION_TYPE_WRONG',
  'RL_NEXT_PAGE_MISSING',
  'BATCH_RESULTS_URL_EARLY',
  'BATCH_LIST_LAST_ID_WRONG',
  'DREAM_CANCEL_COMPLETED_OK',
  'BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED',
  'DREAM_LIST_LEAKS_OTHER_WORKSPACES',
] as const;

/**
 * The default variants, the legal alternatives a tool reading only the document is most likely to
 * take for defects:
 * - additional-fields: every object carries a field the document does not show.
 * - error-type-only: error bodies smaller than the document's examples.
 * - other-error-statuses: another 4xx where the documents give no status.
 * - other-success-statuses: 201 and 202 where the documents give no status.
 * - strict-unknown-fields: unknown body fields and query parameters refused instead of ignored.
 */
export const DEFAULT_VARIANTS = [
  'additional-fields',
  'error-type-only',
  'other-error-statuses',
  'other-success-statuses',
  'strict-unknown-fields',
] as const;

const HELP = `Usage: pnpm bench peers [--faults a,b] [--variants a,b] [--max-time S] [--suite-max-time S] [--max-examples N] [--skip-mocks]

Our suite and Schemathesis against the reference server (clean, with each seeded fault, with
each variant), then our sandbox, Prism and Steady on the same scenario of calls.

  --faults A,B        seeded faults (default: a subset of ${DEFAULT_FAULTS.length}, one per family); 'all' for every one
  --variants A,B      variants (default: a subset of ${DEFAULT_VARIANTS.length}); 'all' for every one
  --max-time S        Schemathesis' budget per target, in seconds (default 120): it generates
                      and sends requests until the budget is spent
  --suite-max-time S  our suite's bound per target, in seconds (default 300): it ends when every
                      case has run (about 80 s against a clean server here) or one failed
  --max-examples N    Schemathesis' test cases per operation (default 50)
  --skip-mocks        only the first table
  --skip-tools        only the second table (the mocks)

A report, not a gate: exit 0 once both tables are printed, 2 on bad usage.`;

// A signal ends the run through `exit`, whose handlers stop the mock servers started.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(130));

const { values } = parseCommandLine(
  {
    faults: { type: 'string' },
    variants: { type: 'string' },
    'max-time': { type: 'string' },
    'suite-max-time': { type: 'string' },
    'max-examples': { type: 'string' },
    'skip-mocks': { type: 'boolean' },
    'skip-tools': { type: 'boolean' },
  },
  HELP,
);

const list = (
  given: string | undefined,
  defaults: readonly string[],
  known: readonly string[],
  nouns: [string, string],
) => {
  if (given === undefined) return [...defaults];
  if (given === 'all') return [...known];
  const names = given.split(',').filter((n) => n !== '');
  checkNames(names, known, nouns);
  return names;
};
const positive = (name: string, text: string | undefined, fallback: number) => {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`error: --${name} must be a positive whole number; got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return n;
};

let faults: string[];
let variants: string[];
try {
  faults = list(
    values.faults,
    DEFAULT_FAULTS,
    FAULTS.map((f) => f.name),
    ['fault', 'faults'],
  );
  variants = list(
    values.variants,
    DEFAULT_VARIANTS,
    VARIANTS.map((v) => v.name),
    ['variant', 'variants'],
  );
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}
const maxTime = positive('max-time', values['max-time'], 120);
const suiteTime = positive('suite-max-time', values['suite-max-time'], 300);
const maxExamples = positive('max-examples', values['max-examples'], 50);
const seed = Math.abs(Number.parseInt(process.env.VENDOR_API_SEED ?? '1', 10) || 1);
const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

console.log(
  `peers, ${new Date().toISOString().slice(0, 10)}: our suite ${version('@vendor-api/conformance')}, Schemathesis ${pinnedVersion()}, Prism ${version('@stoplight/prism-cli')}, Steady ${version('@stdy/cli')}; seed ${seed}; ${(await import('node:os')).availableParallelism()} cores; per target: Schemathesis --max-time ${maxTime} s --max-examples ${maxExamples}, our suite at most ${suiteTime} s`,
);

async function schemathesisOn(
  choice: TargetChoice,
): Promise<{ report: SchemathesisReport; requests: number; seconds: number }> {
  const started = performance.now();
  const server = await startTarget(choice, seed);
  try {
    const report = await runSchemathesis({
      document: DOCUMENT,
      baseUrl: server.target.baseUrl,
      apiKey: server.target.workspace.apiKey,
      maxExamples,
      maxTimeSeconds: maxTime,
      seed,
    });
    return { report, requests: server.requests(), seconds: (performance.now() - started) / 1000 };
  } finally {
    await server.close();
  }
}

if (!values['skip-tools']) {
  const targets: { name: string; kind: TargetRow['kind']; choice: TargetChoice }[] = [
    { name: 'clean', kind: 'clean', choice: {} },
    ...faults.map((f) => ({ name: f, kind: 'fault' as const, choice: { faults: [f] } })),
    ...variants.map((v) => ({ name: v, kind: 'variant' as const, choice: { variants: [v] } })),
  ];
  // Schemathesis against the clean server twice: every finding there is a false one (the reference
  // is the standard the faults are measured from). A variant is a correct server too: a finding
  // against it is a false failure when its check found nothing in either clean run
  // (`newFindings`). Against a fault, a finding counts only when its check found nothing against any
  // correct server, clean or variant: a check that fails on a server the documents allow cannot tell
  // a fault from a legal choice (a team would exclude it), and where a time-bounded random run
  // happened to go differs from run to run.
  const baselines: SchemathesisReport[] = [];
  const runs: {
    readonly t: (typeof targets)[number];
    readonly ours: Awaited<ReturnType<typeof suiteVerdict>>;
    readonly theirs: Awaited<ReturnType<typeof schemathesisOn>>;
  }[] = [];
  for (const [i, t] of targets.entries()) {
    const ours = await suiteVerdict(t.choice, { seed, maxTimeSeconds: suiteTime });
    const theirs = await schemathesisOn(t.choice);
    if (t.kind === 'clean') baselines.push(theirs.report, (await schemathesisOn(t.choice)).report);
    runs.push({ t, ours, theirs });
    const raw = [...signatures(theirs.report)].sort();
    console.log(
      `[${i + 1}/${targets.length}] ${t.kind} ${t.name}: our suite ${ours.failed || ours.flagged ? `found (${ours.by}${ours.flagged ? `, advisory ${ours.flagged}` : ''})` : ours.unfinished ? 'no verdict' : 'nothing'} in ${Math.round(ours.seconds)} s, ${ours.requests} requests; Schemathesis ${raw.length} findings${raw.length ? ` (${raw.join('; ')})` : ''} in ${Math.round(theirs.seconds)} s, ${theirs.requests} requests, exit ${theirs.report.exitCode}`,
    );
  }
  const correct = [...baselines, ...runs.filter((r) => r.t.kind === 'variant').map((r) => r.theirs.report)];
  const rows: TargetRow[] = runs.map(({ t, ours, theirs }) => {
    const found =
      t.kind === 'clean'
        ? [...new Set(baselines.flatMap((b) => [...signatures(b)]))].sort()
        : newFindings(theirs.report, ...(t.kind === 'fault' ? correct : baselines));
    // A variant is judged by failures alone (an advisory is the suite's policy, not a failure).
    const suite: ToolVerdict = {
      found: ours.failed || (t.kind === 'fault' && ours.flagged !== undefined),
      unfinished: ours.unfinished,
      by: ours.flagged && !ours.failed ? `${ours.by}, advisory ${ours.flagged}` : (ours.by ?? ''),
      requests: ours.requests,
      seconds: ours.seconds,
    };
    const schemathesis: ToolVerdict = {
      found: found.length > 0,
      by: found.length > 3 ? `${found.slice(0, 3).join('; ')}; +${found.length - 3}` : found.join('; '),
      requests: theirs.requests,
      seconds: theirs.seconds,
    };
    return { name: t.name, kind: t.kind, suite, schemathesis };
  });
  console.log(
    `\n${targetTable(rows)}\n\nSchemathesis' checks that failed against the clean server (run twice), not counted elsewhere: ${noisyChecks(...baselines).join(', ') || 'none'}.\nAnd against a variant (a server the documents allow too), not counted against a fault: ${
      noisyChecks(...correct)
        .filter((c) => !noisyChecks(...baselines).includes(c))
        .join(', ') || 'none'
    }.\n`,
  );
}

if (!values['skip-mocks']) {
  const starters: { name: string; version: string; start: () => Promise<MockTarget> }[] = [
    { name: 'sandbox', version: version('@vendor-api/reference-server'), start: startSandbox },
    { name: 'prism', version: version('@stoplight/prism-cli'), start: () => startPrism(DOCUMENT) },
    { name: 'steady', version: version('@stdy/cli'), start: () => startSteady(DOCUMENT) },
  ];
  const running: { row: MockRow & { rounds: number[] }; target?: MockTarget }[] = [];
  for (const s of starters) {
    try {
      const target = await s.start();
      running.push({
        row: { name: s.name, version: s.version, ...(await runScenario(target)), rounds: [] },
        target,
      });
    } catch (error) {
      const words = error instanceof MockUnavailable ? error.message : String(error);
      running.push({
        row: {
          name: s.name,
          version: s.version,
          unavailable: words,
          steps: [],
          state: { ok: false, problem: '' },
          rounds: [],
        },
      });
    }
  }
  // Interleaved rounds: each server in turn, so that the machine's noise hits all alike.
  const ROUNDS = 5;
  for (let round = 0; round < ROUNDS; round++)
    for (const r of running)
      if (r.target) r.row.rounds.push((await throughput(r.target, { count: 500, concurrency: 8 })).perSecond);
  for (const r of running) await r.target?.close();
  console.log(
    `${mockTable(running.map((r) => r.row))}\n\n(requests/s: message creation, 500 requests 8 at a time, median of ${ROUNDS} interleaved rounds)`,
  );
}
process.exit(0);
