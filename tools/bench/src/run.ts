/**
 * pnpm bench [name...]: runs the benchmarks (all, or those named) and prints ratios against
 * baselines measured in the same run. Exit 1 when a target is missed.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNames, parseCommandLine } from '@vendor-api/spec/cli';
import * as generate from './generate.bench.js';
import * as validate from './validate.bench.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const { values, positionals: wanted } = parseCommandLine(
  {
    large: { type: 'boolean' },
    faults: { type: 'string' },
    variants: { type: 'string' },
    'max-time': { type: 'string' },
    'suite-max-time': { type: 'string' },
    'max-examples': { type: 'string' },
    'skip-mocks': { type: 'boolean' },
    'skip-tools': { type: 'boolean' },
  },
  `Usage: pnpm bench [name...] [--large] [peers options]

  name      run only these benchmarks: validate, generate, jsonl, exchange, messages, tenants,
            suite, kit, and peers (only when named: Schemathesis, Prism and Steady side by side,
            minutes)
  --large   jsonl streams about 256 MB instead of a smaller body
  --help    this text

  peers options (see tools/peers/src/cli.ts):
  --faults A,B  --variants A,B  --max-time S  --suite-max-time S  --max-examples N
  --skip-mocks  --skip-tools

Exit codes: 0 every target met, 1 a target missed, 2 bad usage.`,
  { positionals: Number.POSITIVE_INFINITY },
);

/** A benchmark that lives beside its package, run as its own process (it measures RSS). */
const child =
  (script: string, ...args: string[]) =>
  () =>
    spawnSync(join(root, 'node_modules/.bin/tsx'), ['--conditions=@vendor-api/source', script, ...args], {
      cwd: root,
      stdio: 'inherit',
    }).status === 0;

const benches: Record<string, () => boolean | Promise<boolean>> = {
  validate: validate.run,
  generate: generate.run,
  // Streaming batch results through the client's iterator vs a raw undici read (add --large for ~256 MB).
  jsonl: child('packages/client/bench/jsonl.bench.ts', ...(values.large ? ['--large'] : [])),
  // Token exchange vs raw jose ES256, messages.create vs a bare Fastify route (load from a second process).
  exchange: child('packages/reference-server/bench/run.ts', 'exchange'),
  messages: child('packages/reference-server/bench/run.ts', 'messages'),
  // One tenant's requests with 50,000 objects of another tenant stored vs none (target >= 0.9).
  tenants: child('packages/reference-server/bench/run.ts', 'tenants'),
  // The main job's request rate vs the reference server's bare rate (target >= 0.025).
  suite: child('conformance/bench/suite.bench.ts'),
  // The client kit's wall time with the shipped driver vs its drivers alone (target <= 1.25; <= 20 s idle).
  kit: child('conformance/bench/kit.bench.ts'),
  // Our suite and Schemathesis on the seeded faults and variants; the sandbox, Prism and Steady on
  // one scenario. A report (it always passes), and minutes long: run only when named.
  peers: child(
    'tools/peers/src/cli.ts',
    ...(['faults', 'variants', 'max-time', 'suite-max-time', 'max-examples'] as const).flatMap((k) =>
      values[k] === undefined ? [] : [`--${k}`, values[k]],
    ),
    ...(['skip-mocks', 'skip-tools'] as const).flatMap((k) => (values[k] ? [`--${k}`] : [])),
  ),
};
/** Benchmarks a run without names leaves out. */
const ONLY_WHEN_NAMED = new Set(['peers']);

try {
  checkNames(
    wanted,
    Object.keys(benches),
    ['benchmark', 'benchmarks'],
    `known: ${Object.keys(benches).join(', ')}`,
  );
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}
let ok = true;
for (const [name, fn] of Object.entries(benches)) {
  if (wanted.length ? !wanted.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
  ok = (await fn()) && ok;
}
process.exit(ok ? 0 : 1);
