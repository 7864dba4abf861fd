#!/usr/bin/env node
/**
 * `reference-server [--port N] [--seed S] [--vendor NAME] [--test-control] [--faults A,B] [--variants A,B|all]`: starts
 * the reference server on 127.0.0.1 and prints its base URL, admin key, workspace key and
 * organization id.
 */
import { parseArgs } from 'node:util';
import { packageVersion } from '@vendor-api/spec/cli';
import { createServer } from './app.js';
import { ManualClock } from './clock.js';
import { FAULTS, resolveFaults } from './faults/index.js';
import { parseVariants, VARIANTS } from './variants/index.js';

const HELP = `Usage: reference-server [options]

  --port N          port on 127.0.0.1 (default 0: a free one)
  --seed S          seed of every id the server mints (default 0); keys and tokens are
                    always random
  --vendor NAME     vendor name headers, prefixes and model ids derive from
  --test-control    mount the test-control API under /_test/ and use a manual clock; every
                    call carries the printed token in the test-control-token header
  --public-url URL  base URL of absolute URLs in answers (default: the listening address)
  --faults A,B      switch seeded faults on (--list-faults prints the catalog)
  --list-faults     print the fault catalog and exit
  --variants A,B    switch variants on: legal alternatives where the documents are silent
                    (additional fields, other orders, other statuses, ...); 'all' for every one
  --list-variants   print the variant catalog and exit
  --help            this text
  --version         the version of the server

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
const testControl = values['test-control'] === true;
let app: ReturnType<typeof createServer>;
try {
  app = createServer({
    seed: String(values.seed ?? '0'),
    testControl,
    faults,
    variants,
    ...(typeof values.vendor === 'string' ? { vendor: values.vendor } : {}),
    ...(typeof values['public-url'] === 'string' ? { publicUrl: values['public-url'] } : {}),
    // With test control the clock is manual (advanced through /_test/clock/advance).
    ...(testControl ? { clock: new ManualClock(Date.now()) } : {}),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const url = await app.reference.listenLocal(port);
const { demo } = app.reference.state;
console.log(`base URL:        ${url}`);
console.log(`admin key:       ${demo.adminKey}`);
console.log(`workspace key:   ${demo.workspaceKey}`);
console.log(`organization id: ${demo.organizationId}`);
console.log(`workspace id:    ${demo.workspaceId}`);
if (testControl) console.log(`test control:    ${url}/_test/`);
if (testControl) console.log(`control token:   ${app.reference.testControlToken}`);
if (faults.length) console.log(`faults on:       ${faults.join(', ')}`);
if (variants.length) console.log(`variants on:     ${variants.join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
