#!/usr/bin/env node
/**
 * `reference-server [options]`: starts the reference server on 127.0.0.1 and prints a banner with
 * its base URL, the seeded organization's keys and ids, the models, how time passes and a first
 * request to try (see `--help`).
 */
import { parseArgs } from 'node:util';
import { packageVersion } from '@vendor-api/spec/cli';
import { createServer } from './app.js';
import { bannerLines } from './banner.js';
import { FAULTS, parseVariants, resolveFaults, VARIANTS } from './choices/index.js';
import { type Clock, ManualClock, SandboxClock } from './clock.js';
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

Exit codes: 0 stopped by a signal, 2 bad options.`;

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    // `pnpm start -- --flag` passes the separator through (after the script's own options): the
    // server takes no positional arguments, so options after it are still options.
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      port: { type: 'string', default: '0' },
      seed: { type: 'string', default: '0' },
      vendor: { type: 'string' },
      'test-control': { type: 'boolean', default: false },
      'public-url': { type: 'string' },
      faults: { type: 'string', default: '' },
      'list-faults': { type: 'boolean', default: false },
      variants: { type: 'string', default: '' },
      'list-variants': { type: 'boolean', default: false },
      clock: { type: 'string', default: 'wall' },
      'batch-seconds': { type: 'string', default: String(SANDBOX_SECONDS.batch) },
      'dream-start-seconds': { type: 'string', default: String(SANDBOX_SECONDS.dreamStart) },
      'dream-run-seconds': { type: 'string', default: String(SANDBOX_SECONDS.dreamRun) },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
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
let variants: string[];
try {
  variants = parseVariants(String(values.variants ?? ''));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const faults = String(values.faults ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
try {
  resolveFaults(faults);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535; got ${values.port}`);
  process.exit(2);
}

/** A timing option in milliseconds (null: never on its own); exits 2 on a bad value. */
function timing(option: string): number | null {
  const text = String(values[option]);
  if (text === 'never') return null;
  const s = Number(text);
  if (text.trim() === '' || !Number.isFinite(s) || s < 0) {
    console.error(
      `--${option} must be a non-negative number of seconds or 'never'; got ${JSON.stringify(text)}`,
    );
    process.exit(2);
  }
  return Math.round(s * 1000);
}
const timings: Timings = {
  batchProcessingMs: timing('batch-seconds'),
  dreamStartMs: timing('dream-start-seconds'),
  dreamRunMs: timing('dream-run-seconds'),
};
let clock: Clock;
if (values.clock === 'wall') clock = new SandboxClock();
else if (values.clock === 'manual') clock = new ManualClock(Date.now());
else {
  console.error(`--clock must be wall or manual; got ${JSON.stringify(values.clock)}`);
  process.exit(2);
}

const testControl = values['test-control'] === true;
if (values.clock === 'manual' && !testControl) {
  console.error('--clock manual needs --test-control: only test control moves a manual clock');
  process.exit(2);
}
let app: ReturnType<typeof createServer>;
try {
  app = createServer({
    seed: String(values.seed ?? '0'),
    testControl,
    faults,
    variants,
    clock,
    timings,
    ...(typeof values.vendor === 'string' ? { vendor: values.vendor } : {}),
    ...(typeof values['public-url'] === 'string' ? { publicUrl: values['public-url'] } : {}),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
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
});
console.log(lines.join('\n'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
