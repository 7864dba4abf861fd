#!/usr/bin/env node
/**
 * `reference-server [options]`: starts the reference server on 127.0.0.1 and prints a banner with
 * its base URL, the seeded organization's keys and ids, the models, how time passes and a first
 * request to try (see `--help`).
 */
import { vendor as publishedVendor } from '@vendor-api/spec';
import {
  checkNames,
  choiceOption,
  httpUrlOption,
  integerOption,
  listOption,
  packageVersion,
  parseCommandLine,
} from '@vendor-api/spec/cli';
import { createServer } from './app.js';
import { bannerLines } from './banner.js';
import { FAULTS, parseVariants, resolveFaults, VARIANTS } from './choices/index.js';
import { type Clock, ManualClock, SandboxClock } from './clock.js';
import { keepState, lockStateFile, readStateFile, STATE_SAVE_INTERVAL_MS } from './persistence.js';
import { shutDown } from './shutdown.js';
import type { Timings } from './state.js';

/** Background timings of the sandbox (seconds): a batch or dream is done while you watch. */
const SANDBOX_SECONDS = { batch: 5, dreamStart: 1, dreamRun: 5 } as const;

const HELP = `Usage: reference-server [options]

  --port N                  port on 127.0.0.1 (default 0: a free one)
  --seed S                  seed of every id the server mints (default 0); keys and tokens are
                            always random
  --vendor NAME             vendor name headers, prefixes, model ids and variables derive from
  --test-control            mount the test-control API under /_test/ (fixtures, faults, time);
                            every call carries the printed token in the test-control-token header
  --public-url URL          base URL of absolute URLs in answers (default: the listening address)
  --state FILE              keep the state (keys included, so the file is 0600) in FILE: restored
                            at start, saved every ${STATE_SAVE_INTERVAL_MS / 1000} s and on shutdown (default: in memory only,
                            lost when the server stops; the seed of a restored state is its own);
                            one server per file: FILE.lock holds its pid while it runs
  --faults A,B              switch seeded faults on (--list-faults prints the catalog)
  --list-faults             print the fault catalog and exit
  --variants A,B            switch variants on: legal alternatives where the documents are silent
                            (additional fields, other orders, other statuses, ...); 'all' for every one
  --list-variants           print the variant catalog and exit
  --help                    this text
  --version                 the version of the server

Time:
  --clock wall|manual       wall (default): the wall clock; test control can move it forward
                            (POST /_test/clock/advance {ms}), freeze and resume it
                            (POST /_test/clock/freeze, /_test/clock/resume). manual: time stands
                            still until test control advances it (needs --test-control)
  --batch-seconds S         a batch ends S seconds after creation (default ${SANDBOX_SECONDS.batch})
  --dream-start-seconds S   a dream's pipeline starts S seconds after creation (default ${SANDBOX_SECONDS.dreamStart})
  --dream-run-seconds S     a running dream completes S seconds after it started (default ${SANDBOX_SECONDS.dreamRun})
                            each: a number of seconds, or 'never' (only test control drives it);
                            a batch still expires 24 h after creation, results stay 29 days

Exit codes: 0 stopped by a signal, 2 bad options or a state file that cannot be used.`;

/** A usage error: one line, exit 2. */
function usage(message: string): never {
  console.error(`error: ${message}`);
  process.exit(2);
}
/** An option value read by `read`; its usage error is one line, exit 2. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    return usage((error as Error).message);
  }
}

// One line for a mistake (with the closest option), `--help`; a `--` that `pnpm start -- --flag`
// passes through is dropped (the server takes no positional arguments).
const { values } = parseCommandLine(
  {
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '0' },
    vendor: { type: 'string' },
    'test-control': { type: 'boolean', default: false },
    'public-url': { type: 'string' },
    state: { type: 'string' },
    faults: { type: 'string', default: '' },
    'list-faults': { type: 'boolean', default: false },
    variants: { type: 'string', default: '' },
    'list-variants': { type: 'boolean', default: false },
    clock: { type: 'string', default: 'wall' },
    'batch-seconds': { type: 'string', default: String(SANDBOX_SECONDS.batch) },
    'dream-start-seconds': { type: 'string', default: String(SANDBOX_SECONDS.dreamStart) },
    'dream-run-seconds': { type: 'string', default: String(SANDBOX_SECONDS.dreamRun) },
    version: { type: 'boolean', default: false },
  },
  HELP,
);
if (values.version) {
  console.log(packageVersion(new URL('../package.json', import.meta.url)));
  process.exit(0);
}
if (values['list-faults']) {
  for (const f of FAULTS) console.log(`${f.name.padEnd(44)} ${f.requirement.padEnd(40)} ${f.description}`);
  process.exit(0);
}
if (values['list-variants']) {
  for (const v of VARIANTS) console.log(`${v.name.padEnd(28)} ${v.description}`);
  process.exit(0);
}
// A typo in a name names the closest one and the listing to read.
const variantNames = listOption(values.variants);
checked(() =>
  checkNames(
    variantNames,
    [...VARIANTS.map((v) => v.name), 'all'],
    ['variant', 'variants'],
    '--list-variants prints them',
  ),
);
const variants = checked(() => parseVariants(values.variants));
const faults = listOption(values.faults);
checked(() =>
  checkNames(
    faults,
    FAULTS.map((f) => f.name),
    ['fault', 'faults'],
    '--list-faults prints them',
  ),
);
checked(() => resolveFaults(faults));

const port = checked(() => integerOption('port', values.port, { min: 0, max: 65535 }));
const publicUrl =
  values['public-url'] === undefined
    ? undefined
    : checked(() => httpUrlOption('public-url', values['public-url']!));

/** A timing option in milliseconds (null: never on its own); exits 2 on a bad value. */
function timing(option: 'batch-seconds' | 'dream-start-seconds' | 'dream-run-seconds'): number | null {
  const text = values[option];
  if (text === 'never') return null;
  const s = Number(text);
  if (text.trim() === '' || !Number.isFinite(s) || s < 0)
    usage(`--${option} must be a non-negative number of seconds or 'never'; got ${JSON.stringify(text)}`);
  return Math.round(s * 1000);
}
const timings: Timings = {
  batchProcessingMs: timing('batch-seconds'),
  dreamStartMs: timing('dream-start-seconds'),
  dreamRunMs: timing('dream-run-seconds'),
};
const clockName = checked(() => choiceOption('clock', values.clock, ['wall', 'manual']));
const clock: Clock = clockName === 'wall' ? new SandboxClock() : new ManualClock(Date.now());

const testControl = values['test-control'] === true;
if (clockName === 'manual' && !testControl)
  usage('--clock manual needs --test-control: only test control moves a manual clock');
const statePath = values.state ?? null;
let app: ReturnType<typeof createServer>;
try {
  // One server per state file: a second one is refused before it reads the file.
  if (statePath !== null) {
    const lock = lockStateFile(statePath);
    process.on('exit', () => lock.release());
  }
  const restore = statePath === null ? null : readStateFile(statePath, values.vendor ?? publishedVendor.name);
  app = createServer({
    ...(restore === null ? {} : { restore }),
    seed: values.seed,
    testControl,
    faults,
    variants,
    clock,
    timings,
    ...(values.vendor === undefined ? {} : { vendor: values.vendor }),
    ...(publicUrl === undefined ? {} : { publicUrl }),
  });
  if (statePath !== null) keepState(app, statePath);
} catch (error) {
  usage((error as Error).message);
}
const baseUrl = await app.reference.listenLocal(port);
const { state } = app.reference;
const lines = bannerLines({
  baseUrl,
  spec: state.spec,
  demo: state.demo,
  clock,
  timings,
  testControl,
  faults,
  variants,
  testControlToken: app.reference.testControlToken,
  statePath,
});
// Stops are handled before the banner says the server is up: a harness that reads the banner and
// stops the server at once (SIGTERM) must find the handler in place, not the default, which ends
// the process with no state saved (exit 143).
// A stop ends within the grace period, state saved, whatever a client is sending (shutdown.ts).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void shutDown(app).then(() => process.exit(0));
  });
}
console.log(lines.join('\n'));
