/**
 * What the commands of `vendor-conformance` share: the options table (one for every command; each
 * command lists those it takes), the shape of a command, the help texts several commands show,
 * the seed and runs settings, and writing a report file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { defineVendor, vendor as publishedVendor, type Vendor } from '@vendor-api/spec';
import { checkNames, integerOption, integerValue, listOption, UsageError } from '@vendor-api/spec/cli';

/** Every option of the command line; a command takes those its `options` list. */
export const OPTIONS = {
  'base-url': { type: 'string' },
  'control-url': { type: 'string' },
  'control-token': { type: 'string' },
  require: { type: 'string' },
  out: { type: 'string' },
  kind: { type: 'string' },
  force: { type: 'boolean' },
  'admin-key': { type: 'string' },
  'workspace-key': { type: 'string' },
  'workspace-id': { type: 'string' },
  'organization-id': { type: 'string' },
  'other-admin-key': { type: 'string' },
  'other-workspace-id': { type: 'string' },
  'other-workspace-key': { type: 'string' },
  adapter: { type: 'string' },
  'test-control-token': { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  family: { type: 'string' },
  case: { type: 'string' },
  shard: { type: 'string' },
  concurrency: { type: 'string' },
  'max-wait': { type: 'string' },
  'max-time': { type: 'string' },
  timeout: { type: 'string' },
  'expected-failures': { type: 'string' },
  'opt-in': { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  'trace-dir': { type: 'string' },
  fault: { type: 'string' },
  variant: { type: 'string' },
  proven: { type: 'boolean' },
  'fail-on-skip': { type: 'boolean' },
  driver: { type: 'string' },
  profile: { type: 'string' },
  list: { type: 'boolean' },
  vendor: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

export type OptionName = keyof typeof OPTIONS;

/** Options every command takes. */
export const COMMON_OPTIONS: readonly OptionName[] = ['help', 'version'];

export type Values = {
  [K in OptionName]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
};

/** A command of the command line: its place in the main help, its own help, options and body. */
export interface Command {
  /** Its name and arguments as the main help lists them (`replay TRACE`). */
  readonly synopsis: string;
  /** What it does, one or more lines of the main help. */
  readonly summary: readonly string[];
  /** `vendor-conformance COMMAND --help`. */
  readonly help: string;
  /** The options it takes besides the common ones. */
  readonly options: readonly OptionName[];
  /** How many arguments it takes after its name (default none). */
  readonly args?: number;
  run(values: Values, args: readonly string[]): Promise<number> | number;
}

export const TARGET_HELP = `Target. Without --base-url or --control-url the reference server runs in-process:
  --base-url URL            the implementation under test (default with --control-url: the
                            control URL's origin)
  --control-url URL         the server's conformance control API (any language; its OpenAPI
                            document: @vendor-api/openapi/control.openapi.json): the suite reads
                            GET /capabilities and calls what it offers; the keys and ids below
                            default to the target its discovery names
  --control-token T         the control token the server printed (default:
                            VENDOR_API_CONTROL_TOKEN)
  --admin-key KEY           an admin API key of the organization
  --workspace-key KEY       a workspace API key
  --workspace-id ID         that key's workspace id
  --organization-id ID      the organization's UUID
  --other-admin-key KEY, --other-workspace-id ID, --other-workspace-key KEY
                            another tenant (organization) for the cross-tenant cases
                            (skipped without them, unless the target can create one)
  --adapter reference       a reference server started with --test-control: the control API
                            at its base URL + /_test
  --adapter control         the control API (the default with --control-url)
  --adapter MODULE          any other value: a JavaScript module whose default export (or
                            createAdapter) builds the adapter: (target) => Adapter; see README
                            "Writing an adapter"
  --test-control-token T    the same as --control-token (default: VENDOR_API_TEST_CONTROL_TOKEN)
  --timeout MS              per-request deadline: the whole answer, headers and body, within
                            it (default 15000)`;

export const SELECT_HELP = `  --family a,b              only the cases of these families (unknown families are an error)
  --case id,id              only these cases (unknown case ids are an error)`;

export const SEED_HELP = `  --seed N                  seed of every property (default: VENDOR_API_SEED or random; printed)
  --runs N                  runs per property (default 25)`;

export const EXIT_HELP = 'Exit codes: 0 conformant, 1 failures, 2 usage, configuration or connection error.';

/** The options naming the target, taken by the commands that reach one. */
export const TARGET_OPTS = [
  'base-url',
  'control-url',
  'control-token',
  'admin-key',
  'workspace-key',
  'workspace-id',
  'organization-id',
  'adapter',
  'test-control-token',
  'other-admin-key',
  'other-workspace-id',
  'other-workspace-key',
  'timeout',
] as const satisfies readonly OptionName[];
export const SELECT_OPTS = ['family', 'case'] as const satisfies readonly OptionName[];
export const SEED_OPTS = ['seed', 'runs'] as const satisfies readonly OptionName[];

/**
 * `--vendor NAME`: the vendor name every header, variable, prefix and model id derives from (the
 * published one without it); a name that cannot be one is a usage error.
 */
export function vendorOf(values: Values): Vendor {
  if (values.vendor === undefined) return publishedVendor;
  try {
    return defineVendor(values.vendor);
  } catch (error) {
    throw new UsageError(`--vendor: ${(error as Error).message}`);
  }
}

/** A comma list option's items, or undefined when it is not given (or empty). */
export const list = (value: string | undefined): string[] | undefined =>
  value ? listOption(value) : undefined;

/**
 * A comma list option whose items must be `known` names (a typo is a usage error with the
 * closest name and `hint`, never a run of nothing), or undefined when it is not given.
 */
export function knownList(
  value: string | undefined,
  known: readonly string[],
  nouns: readonly [string, string],
  hint: string,
): string[] | undefined {
  const items = list(value);
  checkNames(items ?? [], known, nouns, hint);
  return items;
}

/** The seed (`--seed`, else VENDOR_API_SEED, else random), runs per property and request timeout. */
export function settingsFrom(values: Values) {
  const envSeed = process.env.VENDOR_API_SEED;
  const seed =
    values.seed !== undefined
      ? integerOption('seed', values.seed)
      : envSeed !== undefined && envSeed !== ''
        ? integerValue('VENDOR_API_SEED', envSeed)
        : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  return {
    seed,
    numRuns: values.runs === undefined ? 25 : integerOption('runs', values.runs, { min: 1 }),
    timeoutMs: values.timeout === undefined ? 15_000 : integerOption('timeout', values.timeout, { min: 1 }),
  };
}

/** A share in whole percent (100 of nothing). */
export const percent = (n: number, of: number) => (of ? Math.round((100 * n) / of) : 100);

/** Seconds since `started` (a `performance.now()`), one decimal. */
export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/**
 * A score's command: its results (printed one a line as they come), then its line and the time it
 * took; exit code 0 when every result is good, else 1.
 */
export async function printScore<R>(
  results: () => Promise<readonly R[]>,
  line: (results: readonly R[]) => string,
  good: (result: R) => boolean,
): Promise<number> {
  const started = performance.now();
  const all = await results();
  console.log(`\n${line(all)} in ${secondsSince(started)} s`);
  return all.every(good) ? 0 : 1;
}

/** Writes a report file, making its folder. */
export async function write(path: string, content: string): Promise<void> {
  await mkdir(dirname(resolve(path)), { recursive: true });
  await writeFile(path, content);
}
