#!/usr/bin/env node
/**
 * vendor-conformance: the conformance suite's command line. See `--help`.
 * Exit codes: 0 conformant (or replay fixed), 1 failures (or replay still failing), 2 usage,
 * configuration or connection error.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { spec } from '@vendor-api/spec';
import { invokedDirectly, packageVersion } from '@vendor-api/spec/cli';
import { request } from 'undici';
import type { Adapter, Target } from './adapter.js';
import { ControlError, connectControl, controlAdapter, type Discovered } from './adapters/control.js';
import { referenceControlUrl } from './adapters/reference.js';
import { CAPABILITIES, type Capability, isCapability, OPT_IN_CAPABILITIES } from './capabilities.js';
import { allCases } from './cases/index.js';
import { ClientUsageError, commandClient } from './client/command.js';
import { CALLS_FILE_VARIABLE, SERVER_PROFILES } from './client/protocol.js';
import { clientScoreLines, runClientAlternatives, runClientFaults } from './client/seeded.js';
import { coverage, coverageText, unknownCitations } from './coverage.js';
import { startEmbedded } from './embedded.js';
import { ConfigurationError, loadExpectedFailures } from './expected.js';
import { commandInit, INIT_HELP } from './init.js';
import { type MutantResult, runMutants } from './mutants.js';
import { needsText } from './needs.js';
import { loadTrace, replay } from './replay.js';
import { failureBlock, progressLine, summary } from './report/console.js';
import { jsonReport } from './report/json.js';
import { junitXml } from './report/junit.js';
import {
  adapterLacks,
  conformant,
  parseConcurrency,
  parseShard,
  runCases,
  type Shard,
  uncheckedSkips,
} from './runner.js';
import { runVariants, type VariantResult } from './variants.js';
import { DEFAULT_MAX_WAIT_MS, durationText, parseDuration } from './wait.js';

const TARGET_HELP = `Target. Without --base-url or --control-url the reference server runs in-process:
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
  --timeout MS              per-request timeout (default 15000)`;

const SELECT_HELP = `  --family a,b              only the cases of these families (unknown families are an error)
  --case id,id              only these cases (unknown case ids are an error)`;

const SEED_HELP = `  --seed N                  seed of every property (default: VENDOR_API_SEED or random; printed)
  --runs N                  runs per property (default 25)`;

/**
 * Cases a run takes at once unless `--concurrency` says otherwise: against a server of its own
 * process; the embedded server shares the suite's thread, where more at once gains nothing.
 */
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_EMBEDDED_CONCURRENCY = 1;

const EXIT_HELP = 'Exit codes: 0 conformant, 1 failures, 2 usage, configuration or connection error.';

const HELP: Readonly<Record<string, string>> = {
  main: `Usage: vendor-conformance <command> [options]

Commands:
  run                 run the suite (default command)
  replay TRACE        re-run a failure trace; says fixed or still failing
  list                list the cases (id, family, requirements)
  coverage            requirement coverage of the cases, by observability class
  mutants             the mutation score against the reference server's seeded faults (sensitivity)
  variants            the suite against each of the reference server's variants (specificity)
  score               both: sensitivity and specificity, one summary
  init                write a starter: the control endpoints to implement, or an adapter module
  client              the client cases through your driver: check an SDK or CLI, in any language
  client-score        the client kit's own numbers: seeded client faults killed, legal client
                      alternatives passed (through the project's client)

  vendor-conformance <command> --help   the options of a command
  --version                             the version of the suite

${EXIT_HELP}`,
  run: `Usage: vendor-conformance run [options]

Runs the suite against a target and reports every case: passed, failed, skipped (the adapter
lacks a capability the case needs) or an expected failure.

${TARGET_HELP}

Run options:
${SEED_HELP}
${SELECT_HELP}
  --shard i/n               the i-th of n shards (stable split by case id)
  --concurrency N           cases run at once (default ${DEFAULT_CONCURRENCY} against a server given by
                            --base-url or --control-url, ${DEFAULT_EMBEDDED_CONCURRENCY} embedded: it shares the
                            suite's thread); against a shared server a case that moves its clock
                            or switches faults runs alone; the report stays in case order
  --max-wait DURATION       how long a case waits for a batch to end or a dream to start or end
                            where the adapter cannot drive them (it polls, as a client would):
                            90s, 5m, 1500ms (default ${durationText(DEFAULT_MAX_WAIT_MS)})
  --opt-in CAP,...          run the cases of capabilities that are off unless asked for:
                            large-requests (batch bodies of about 256 MB: slow, ~1 GB of memory)
  --fail-on-skip            skipped cases fail the run (exit 1): nothing may go unchecked
  --require CAP,...         the target must offer these capabilities (exit 2 before any case
                            runs when it does not): coverage a CI job insists on
  --expected-failures FILE  known deviations: {"expectedFailures": {"<case id>": "<reason>"}}
  --junit FILE              write a JUnit XML report
  --json FILE               write a JSON report (schema: jsonReportSchema of the package)
  --trace-dir DIR           where failure traces go (default .conformance/traces)

${EXIT_HELP}`,
  client: `Usage: vendor-conformance client --driver "<command>" [options]

Checks a client (an SDK, a command-line client) against the documents' client requirements:
credential resolution, profile files, the token exchange, batch results, dream polling, paging.
For each case the runner starts a judging reference server on 127.0.0.1, prepares a temporary
home, configuration directory and environment, and runs the driver: your program, which reads
the calls in the file named by ${CALLS_FILE_VARIABLE}, makes them with your client and prints
one JSON line per outcome (conformance/README.md, "Client conformance"). Each case runs against
the reference server's choices and against every legal alternative at once.

Options:
  --driver COMMAND          the driver, run by the shell from the current directory (required)
  --case ID,...             only these cases (ID or ID@profile: one run, as a report names it)
  --profile P,...           only these server profiles: ${SERVER_PROFILES.join(', ')}
  --list                    list the cases and the requirements each checks
  --concurrency N           cases run at once (default 4)
  --timeout MS              per case (default 60000)
  --fail-on-skip            cases the driver calls unsupported fail the run (exit 1)
  --junit FILE              write a JUnit XML report
  --json FILE               write a JSON report

${EXIT_HELP}`,
  'client-score': `Usage: vendor-conformance client-score [--fault A,B] [--variant X,Y]

The client kit measured as the server suite is: each seeded client fault (a client requirement
broken in the project's client, through its driver) must fail the client cases that name it, and
each legal client alternative must pass every client case. Needs @vendor-api/client installed.

Options:
  --fault A,B       only these client faults (and no alternatives unless --variant is given)
  --variant X,Y     only these client alternatives (and no faults unless --fault is given)

${EXIT_HELP}`,
  replay: `Usage: vendor-conformance replay TRACE [options]

Re-runs the requests of a failure trace (written by run) against a target.

${TARGET_HELP}

Exit codes: 0 fixed, 1 still failing, 2 usage, configuration or connection error.`,
  list: `Usage: vendor-conformance list [options]

Lists the cases: id, family, requirement ids and the capabilities they need.

${SELECT_HELP}

Exit codes: 0, 2 usage error.`,
  coverage: `Usage: vendor-conformance coverage [--proven] [options]

Requirement coverage of the cases, by observability class.

  --proven                  also count the requirements a killed seeded fault proves checked
                            (runs the mutation score first)
${SEED_HELP}

Exit codes: 0, 2 usage error.`,
  mutants: `Usage: vendor-conformance mutants [options]

The mutation score: the suite against the reference server with each seeded fault on; every
fault must be killed (sensitivity).

  --fault A,B               only these seeded faults
${SELECT_HELP}
${SEED_HELP}

Exit codes: 0 every fault killed, 1 a fault survived, 2 usage error.`,
  variants: `Usage: vendor-conformance variants [options]

The suite against the reference server with each variant on (a legal alternative where the
documents are silent), and with all of them at once; every variant must pass (specificity).

  --variant a,b             only these variants; 'all' is the run with every one on
${SELECT_HELP}
${SEED_HELP}

Exit codes: 0 every variant passed, 1 a variant failed, 2 usage error.`,
  score: `Usage: vendor-conformance score [options]

Both numbers: sensitivity (mutants) and specificity (variants), then the coverage.

  --fault A,B               only these seeded faults
  --variant a,b             only these variants
${SELECT_HELP}
${SEED_HELP}

Exit codes: 0 both at 100 %, 1 otherwise, 2 usage error.`,
  init: INIT_HELP,
};

/**
 * The options each command takes, where not every command does: an option listed for some
 * commands is a usage error with the others. Options listed nowhere (--help, --version) go
 * with every command.
 */
const TARGET_OPTS = [
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
] as const;
const SELECT_OPTS = ['family', 'case'] as const;
const SEED_OPTS = ['seed', 'runs'] as const;
const COMMAND_OPTS: Readonly<Record<string, readonly string[]>> = {
  run: [
    ...TARGET_OPTS,
    ...SELECT_OPTS,
    ...SEED_OPTS,
    'shard',
    'concurrency',
    'max-wait',
    'opt-in',
    'fail-on-skip',
    'require',
    'expected-failures',
    'junit',
    'json',
    'trace-dir',
  ],
  replay: TARGET_OPTS,
  'client-score': ['fault', 'variant'],
  client: ['driver', 'case', 'profile', 'list', 'junit', 'json', 'concurrency', 'timeout', 'fail-on-skip'],
  list: SELECT_OPTS,
  coverage: ['proven', ...SEED_OPTS],
  mutants: ['fault', ...SELECT_OPTS, ...SEED_OPTS],
  variants: ['variant', ...SELECT_OPTS, ...SEED_OPTS],
  score: ['fault', 'variant', ...SELECT_OPTS, ...SEED_OPTS],
  init: ['out', 'kind', 'force'],
};

/** The suite's version: its package's. */
export const VERSION = packageVersion(new URL('../package.json', import.meta.url));

class UsageError extends Error {}

const opts = {
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
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

type Values = { [K in keyof typeof opts]?: (typeof opts)[K]['type'] extends 'boolean' ? boolean : string };

const int = (value: string | undefined, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new UsageError(`--${name} must be an integer; got ${JSON.stringify(value)}`);
  return n;
};
const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

function settingsFrom(values: Values) {
  const envSeed = process.env.VENDOR_API_SEED;
  const seed = int(
    values.seed ?? (envSeed && envSeed !== '' ? envSeed : undefined),
    'seed',
    (Date.now() ^ (Math.random() * 0x7fffffff)) | 0,
  );
  return { seed, numRuns: int(values.runs, 'runs', 25), timeoutMs: int(values.timeout, 'timeout', 15_000) };
}

/**
 * Families the suite renamed, by their old name: still taken (with their old case ids, in
 * `--case` and expected-failures files) with a one-line notice on stderr.
 */
const RENAMED_FAMILIES: Readonly<Record<string, string>> = { exchange: 'federation' };

/** The current name of a family or case id; a deprecated one is noted on stderr. */
function currentName(name: string, what: 'family' | 'case id'): string {
  const dot = name.indexOf('.');
  const family = what === 'family' ? name : name.slice(0, dot);
  if ((what === 'case id' && dot < 0) || !Object.hasOwn(RENAMED_FAMILIES, family)) return name;
  const current = `${RENAMED_FAMILIES[family]}${what === 'family' ? '' : name.slice(dot)}`;
  process.stderr.write(
    `vendor-conformance: the ${what} ${JSON.stringify(name)} is deprecated; it is ${JSON.stringify(current)} now\n`,
  );
  return current;
}

/** The expected failures of a file, its case ids as they are now (old ones are still taken). */
async function expectedFailuresOf(path: string): Promise<Record<string, string>> {
  const ids = allCases.map((c) => c.id);
  const renamed = Object.entries(RENAMED_FAMILIES).flatMap(([old, current]) =>
    ids.filter((id) => id.startsWith(`${current}.`)).map((id) => `${old}${id.slice(current.length)}`),
  );
  const loaded = await loadExpectedFailures(path, new Set([...ids, ...renamed]));
  return Object.fromEntries(
    Object.entries(loaded).map(([id, reason]) => [currentName(id, 'case id'), reason]),
  );
}

/**
 * The families and case ids `--family` and `--case` name, each checked against the suite: a typo
 * is a usage error, never a run of nothing.
 */
function selectionOf(values: Values): { families?: string[]; only?: string[] } {
  const families = list(values.family)?.map((f) => currentName(f, 'family'));
  const only = list(values.case)?.map((c) => currentName(c, 'case id'));
  const knownFamilies = new Set(allCases.map((c) => c.family));
  const knownCases = new Set(allCases.map((c) => c.id));
  const badFamilies = (families ?? []).filter((f) => !knownFamilies.has(f));
  if (badFamilies.length)
    throw new UsageError(
      `unknown famil${badFamilies.length > 1 ? 'ies' : 'y'} ${badFamilies.map((f) => JSON.stringify(f)).join(', ')}; families: ${[...knownFamilies].sort().join(', ')}`,
    );
  const badCases = (only ?? []).filter((c) => !knownCases.has(c));
  if (badCases.length)
    throw new UsageError(
      `unknown case id${badCases.length > 1 ? 's' : ''} ${badCases.map((c) => JSON.stringify(c)).join(', ')} (vendor-conformance list prints them)`,
    );
  return { ...(families ? { families } : {}), ...(only ? { only } : {}) };
}

/** The opt-in capabilities a run asks for (`--opt-in`); only those of OPT_IN_CAPABILITIES. */
function optInOf(values: Values): ReadonlySet<Capability> {
  const asked = list(values['opt-in']) ?? [];
  const unknown = asked.filter((c) => !(OPT_IN_CAPABILITIES as readonly string[]).includes(c));
  if (unknown.length)
    throw new UsageError(
      `--opt-in takes ${OPT_IN_CAPABILITIES.join(', ')}; not ${unknown.map((u) => JSON.stringify(u)).join(', ')}`,
    );
  return new Set(asked as Capability[]);
}

interface Resolved {
  readonly target: Target;
  readonly adapter: Adapter;
  readonly embedded: boolean;
  /** Why a case is skipped for capabilities the target lacks, in this run's terms. */
  readonly missingReason: (missing: readonly Capability[]) => string;
  /** What the run's header says about the adapter. */
  readonly describe: string;
  /** The summary's headline for cases skipped for capabilities. */
  readonly lackHeadline: string;
  close(): Promise<void>;
}

/** The options naming the target's credentials and ids (with `--base-url`). */
const TARGET_OPTIONS = ['admin-key', 'workspace-key', 'workspace-id', 'organization-id'] as const;

/** The built-in adapters, by the name `--adapter` takes instead of a module path. */
const BUILT_IN_ADAPTERS = ['reference', 'control'] as const;

/** The control token: the option, else the environment. */
function controlTokenOf(values: Values): string | undefined {
  return (
    (values['control-token'] ??
      values['test-control-token'] ??
      process.env.VENDOR_API_CONTROL_TOKEN ??
      process.env.VENDOR_API_TEST_CONTROL_TOKEN) ||
    undefined
  );
}

/** Whether `--adapter` names a built-in adapter. */
const isBuiltIn = (name: string | undefined) =>
  name !== undefined && (BUILT_IN_ADAPTERS as readonly string[]).includes(name);

/** The adapter a module builds: its default export or `createAdapter`, given the target. */
async function adapterFromModule(path: string, target: Target): Promise<Adapter> {
  let mod: { default?: unknown; createAdapter?: unknown };
  try {
    mod = (await import(pathToFileURL(resolve(path)).href)) as typeof mod;
  } catch (error) {
    throw new UsageError(
      `cannot load the adapter module ${path} (${(error as Error).message.split('\n')[0]}); built-in adapters: ${BUILT_IN_ADAPTERS.join(', ')}`,
    );
  }
  const factory = (mod.createAdapter ?? mod.default) as
    | ((t: Target) => Adapter | Promise<Adapter>)
    | undefined;
  if (typeof factory !== 'function')
    throw new UsageError(`${path} exports no adapter factory (default export or createAdapter)`);
  return factory(target);
}

/** An absolute http(s) URL option, or a usage error. */
function urlOption(values: Values, name: 'base-url' | 'control-url'): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new UsageError(`--${name} must be an absolute http(s) URL; got ${JSON.stringify(value)}`);
  return value;
}

/** The target the options name, filled from what discovery names where they are silent. */
function targetFrom(values: Values, baseUrl: string, fallback: Target | undefined): Target {
  const given = (option: (typeof TARGET_OPTIONS)[number], read: (t: Target) => string) =>
    values[option] || (fallback ? read(fallback) : '');
  return {
    baseUrl,
    adminKey: given('admin-key', (t) => t.adminKey),
    workspace: {
      id: given('workspace-id', (t) => t.workspace.id),
      apiKey: given('workspace-key', (t) => t.workspace.apiKey),
    },
    organizationId: given('organization-id', (t) => t.organizationId),
    ...(values['other-admin-key'] && values['other-workspace-id'] && values['other-workspace-key']
      ? {
          otherTenant: {
            adminKey: values['other-admin-key'],
            workspace: { id: values['other-workspace-id'], apiKey: values['other-workspace-key'] },
          },
        }
      : {}),
  };
}

async function resolveTarget(values: Values, seed: number): Promise<Resolved> {
  let baseUrl = urlOption(values, 'base-url');
  let controlUrl = urlOption(values, 'control-url');
  const adapterName = values.adapter;
  if (!baseUrl && !controlUrl) {
    if (adapterName !== undefined)
      throw new UsageError(
        `--adapter ${adapterName} needs --base-url (or --control-url) of the server it adapts`,
      );
    const e = await startEmbedded({ seed });
    return {
      target: e.target,
      adapter: e.adapter,
      embedded: true,
      missingReason: adapterLacks,
      lackHeadline: 'the adapter lacks a capability they need',
      describe: `adapter ${e.adapter.name}`,
      close: e.close,
    };
  }
  if (controlUrl && adapterName !== undefined && adapterName !== 'control')
    throw new UsageError(
      `--control-url goes with the built-in control adapter; --adapter ${adapterName} is another adapter (leave one out)`,
    );
  if (adapterName === 'control' && !controlUrl)
    throw new UsageError('--adapter control needs --control-url (the server prints its control URL)');
  if (adapterName === 'reference') controlUrl = referenceControlUrl(baseUrl!);
  baseUrl ??= new URL(controlUrl!).origin;
  const viaControl = controlUrl !== undefined;
  const missing = TARGET_OPTIONS.filter((k) => !values[k]);
  if (missing.length && !viaControl)
    throw new UsageError(
      `with --base-url, also give ${missing.map((m) => `--${m}`).join(', ')} (or --control-url of the server's conformance control API, which names its target)`,
    );
  // A second tenant is named by all three options or none (the tenancy cases need each of them).
  const other = ['other-admin-key', 'other-workspace-id', 'other-workspace-key'] as const;
  const unnamed = other.filter((o) => !values[o]);
  if (unnamed.length > 0 && unnamed.length < other.length)
    throw new UsageError(
      `a second tenant needs ${other.map((o) => `--${o}`).join(', ')}; missing: ${unnamed.map((o) => `--${o}`).join(', ')}`,
    );
  try {
    const r = await request(baseUrl, { method: 'GET', headersTimeout: 10_000 });
    await r.body.dump();
  } catch (error) {
    throw new ConnectionError(`cannot reach ${baseUrl}: ${(error as Error).message}`);
  }
  if (viaControl) {
    const token = controlTokenOf(values);
    let connected: Awaited<ReturnType<typeof connectControl>>;
    try {
      connected = await connectControl({
        baseUrl,
        controlUrl: controlUrl!,
        ...(token === undefined ? {} : { token }),
        ...(missing.length ? {} : { target: targetFrom(values, baseUrl, undefined) }),
        ...(adapterName === 'reference' ? { name: 'reference-server' } : {}),
      });
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      throw new UsageError(
        adapterName === 'reference'
          ? `--adapter reference needs the reference server's test control: ${error.message} (start the server with --test-control and pass the token it prints with --control-token)`
          : error.message,
      );
    }
    const target = targetFrom(values, baseUrl, connected.target);
    // Fixtures are made in the target's organization (the options win over discovery's).
    const adapter = controlAdapter({
      controlUrl: controlUrl!,
      ...(token === undefined ? {} : { token }),
      capabilities: connected.discovered.capabilities,
      organizationId: target.organizationId,
      runHooks: connected.discovered.discovery.run_hooks === true,
      name: connected.adapter.name,
    });
    warnUnknown(connected.discovered);
    await adapter.setup?.();
    const offered = [...adapter.capabilities];
    return {
      target,
      adapter,
      embedded: false,
      missingReason: (m) => `the control API offers no ${m.join(', ')}`,
      lackHeadline: 'the control API does not offer a capability they need',
      describe: `control API ${controlUrl} · ${offered.length} of ${CAPABILITY_COUNT} capabilities`,
      close: async () => adapter.teardown?.(),
    };
  }
  const target = targetFrom(values, baseUrl, undefined);
  const adapter: Adapter = adapterName
    ? await adapterFromModule(adapterName, target)
    : { name: 'none (documented API only)', capabilities: new Set() };
  await adapter.setup?.();
  return {
    target,
    adapter,
    embedded: false,
    missingReason: adapterName
      ? (m) => `the adapter ${adapter.name} lacks: ${m.join(', ')}`
      : (m) => `no control API or adapter given (needs ${m.join(', ')}; see --control-url)`,
    lackHeadline: adapterName
      ? `the adapter ${adapter.name} lacks a capability they need`
      : 'no control API or adapter given (--control-url)',
    describe: adapterName ? `adapter ${adapter.name}` : 'no control API or adapter: documented API only',
    close: async () => adapter.teardown?.(),
  };
}

/** Capabilities a server can offer (the catalog less the run's opt-ins). */
const CAPABILITY_COUNT = Object.keys(CAPABILITIES).length - OPT_IN_CAPABILITIES.length;

/** Capability names the server offered that this suite does not know: named once on stderr. */
function warnUnknown(discovered: Discovered): void {
  if (discovered.unknown.length)
    process.stderr.write(
      `vendor-conformance: the control API offers capabilities this suite does not know (ignored): ${discovered.unknown.join(', ')}\n`,
    );
}

/** `--require`: capabilities the target must offer; a usage error names those it lacks. */
function checkRequired(values: Values, adapter: Adapter, optIn: ReadonlySet<Capability>): void {
  const required = list(values.require) ?? [];
  const unknown = required.filter((c) => !isCapability(c));
  if (unknown.length)
    throw new UsageError(
      `--require names unknown capabilit${unknown.length > 1 ? 'ies' : 'y'} ${unknown.map((u) => JSON.stringify(u)).join(', ')}; capabilities: ${Object.keys(CAPABILITIES).join(', ')}`,
    );
  const lacking = (required as Capability[]).filter((c) => !adapter.capabilities.has(c) && !optIn.has(c));
  if (lacking.length)
    throw new RequirementError(
      `the target does not offer the required capabilit${lacking.length > 1 ? 'ies' : 'y'} ${lacking.join(', ')} (--require)`,
    );
}

class RequirementError extends Error {}

/**
 * The target options a replay of this run takes: the base URL, the adapter, and the keys and ids
 * (elided; those a built-in adapter reads from the server only when they were given).
 */
function replayOptions(values: Values, target: Target): string {
  const viaControl = isBuiltIn(values.adapter) || values['control-url'] !== undefined;
  const keys = TARGET_OPTIONS.filter((k) => !viaControl || values[k]).map((k) => ` --${k} …`);
  return ` --base-url ${target.baseUrl}${values['control-url'] ? ` --control-url ${values['control-url']}` : ''}${keys.join('')}${values.adapter ? ` --adapter ${values.adapter}` : ''}`;
}

class ConnectionError extends Error {}

async function write(path: string, content: string) {
  await mkdir(dirname(resolve(path)), { recursive: true });
  await writeFile(path, content);
}

/** An option's parse, its error a usage error (one line, exit 2). */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--max-wait`: a duration (`90s`, `5m`, `1500ms`; a bare number is seconds). */
function maxWaitOf(values: Values): number {
  const text = values['max-wait'];
  if (text === undefined) return DEFAULT_MAX_WAIT_MS;
  const ms = parseDuration(text);
  if (ms === null)
    throw new UsageError(
      `--max-wait must be a positive duration such as 90s, 5m or 1500ms; got ${JSON.stringify(text)}`,
    );
  return ms;
}

async function commandRun(values: Values): Promise<number> {
  const settings = { ...settingsFrom(values), maxWaitMs: maxWaitOf(values) };
  const shard: Shard | undefined = values.shard ? parsed(() => parseShard(values.shard!)) : undefined;
  const concurrency =
    values.concurrency === undefined
      ? values['base-url'] || values['control-url']
        ? DEFAULT_CONCURRENCY
        : DEFAULT_EMBEDDED_CONCURRENCY
      : parsed(() => parseConcurrency(values.concurrency!));
  const bad = unknownCitations(spec.requirements, allCases);
  if (bad.length) throw new UsageError(`cases cite unknown requirement ids: ${bad.join(', ')}`);
  const expectedFailures = values['expected-failures']
    ? await expectedFailuresOf(values['expected-failures'])
    : {};
  const optIn = optInOf(values);
  const selection = selectionOf(values);
  const resolved = await resolveTarget(values, settings.seed);
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
      ...(resolved.embedded ? { perCase: () => startEmbedded({ seed: settings.seed }) } : {}),
      missingReason: resolved.missingReason,
      onResult: (r, i, n) => console.log(progressLine(r, i, n)),
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

async function commandReplay(values: Values, tracePath: string | undefined): Promise<number> {
  if (!tracePath) throw new UsageError('replay needs the path of a trace file');
  let trace: Awaited<ReturnType<typeof loadTrace>>;
  try {
    trace = await loadTrace(tracePath);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read the trace ${tracePath}: ${reason}`);
  }
  const resolved = await resolveTarget(values, trace.seed);
  try {
    const r = await replay(trace, resolved.target, resolved.adapter);
    console.log(
      r.fixed
        ? `fixed: ${trace.caseId} — ${r.message}`
        : `still failing: ${trace.caseId} at step ${r.step}: ${r.message}`,
    );
    return r.fixed ? 0 : 1;
  } finally {
    await resolved.close();
  }
}

function commandList(values: Values): number {
  for (const c of selected(values)) {
    console.log(
      `${c.id.padEnd(60)} ${c.family.padEnd(16)} ${c.requirements.join(' ')}${c.needs?.length ? `  [needs ${needsText(c.needs)}]` : ''}`,
    );
  }
  return 0;
}

async function commandCoverage(values: Values): Promise<number> {
  // --proven runs the mutation score first (the reference server's faults, about 10 s).
  const mutants = values.proven ? await runMutants(allCases, spec, settingsFrom(values)) : undefined;
  const rows = coverage(spec.requirements, allCases, mutants);
  console.log(coverageText(rows));
  for (const r of rows.filter((x) => x.observability === 'http' || x.observability === 'fixture')) {
    if (r.missing.length)
      console.log(`\n  ${r.observability} without a case (${r.missing.length}): ${r.missing.join(', ')}`);
  }
  return 0;
}

/** The cases `--family` and `--case` select (all when neither is given). */
function selected(values: Values) {
  const { families, only } = selectionOf(values);
  return allCases.filter((c) => (!families || families.includes(c.family)) && (!only || only.includes(c.id)));
}

const percent = (n: number, of: number) => (of ? Math.round((100 * n) / of) : 100);

async function mutantsOf(values: Values): Promise<MutantResult[]> {
  return runMutants(selected(values), spec, settingsFrom(values), {
    ...(list(values.fault) ? { only: list(values.fault)! } : {}),
    onResult: (r, i, n) =>
      console.log(
        `[${i + 1}/${n}] ${r.killed ? 'killed  ' : 'SURVIVED'} ${r.fault.name.padEnd(44)} ${r.fault.requirement}${r.by ? `  by ${r.by}` : ''}`,
      ),
  });
}

function sensitivityLine(results: readonly MutantResult[]): string {
  const killed = results.filter((r) => r.killed).length;
  const survivors = results.filter((r) => !r.killed);
  return `sensitivity (mutation score): ${killed} / ${results.length} faults killed (${percent(killed, results.length)} %)${
    survivors.length
      ? `\n  survivors: ${survivors.map((s) => `${s.fault.name} (${s.fault.requirement})`).join(', ')}`
      : ''
  }`;
}

async function variantsOf(values: Values): Promise<VariantResult[]> {
  return runVariants(selected(values), spec, settingsFrom(values), {
    ...(list(values.variant) ? { only: list(values.variant)! } : {}),
    onResult: (r, i, n) => {
      console.log(
        `[${i + 1}/${n}] ${r.passed ? 'passed' : 'FAILED'} ${r.variant.padEnd(28)} ${r.cases - r.failures.length} / ${r.cases} cases`,
      );
      for (const f of r.failures)
        console.log(`    ✗ ${f.id}: ${(f.failure?.message ?? '').split('\n')[0]?.slice(0, 400)}`);
    },
  });
}

function specificityLine(results: readonly VariantResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  const failed = results.filter((r) => !r.passed);
  return `specificity (variants passed): ${passed} / ${results.length} (${percent(passed, results.length)} %)${
    failed.length
      ? `\n  failed: ${failed.map((f) => `${f.variant} (${f.failures.map((c) => c.id).join(', ')})`).join('; ')}`
      : ''
  }`;
}

async function commandMutants(values: Values): Promise<number> {
  const started = performance.now();
  const results = await mutantsOf(values);
  console.log(`\n${sensitivityLine(results)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return results.every((r) => r.killed) ? 0 : 1;
}

async function commandVariants(values: Values): Promise<number> {
  const started = performance.now();
  const results = await variantsOf(values);
  console.log(`\n${specificityLine(results)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return results.every((r) => r.passed) ? 0 : 1;
}

async function commandScore(values: Values): Promise<number> {
  const started = performance.now();
  // The client kit's runs wait mostly on driver processes: they go on beside the server's.
  const client = (async () => ({
    faults: await runClientFaults(),
    alternatives: await runClientAlternatives(),
  }))();
  client.catch(() => {}); // awaited below; a failure surfaces there
  const mutants = await mutantsOf(values);
  const variants = await variantsOf(values);
  const { faults: clientFaults, alternatives: clientAlternatives } = await client;
  console.log(
    `\n${sensitivityLine(mutants)}\n${specificityLine(variants)}\n${clientScoreLines(clientFaults, clientAlternatives)}\n(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`\n${coverageText(coverage(spec.requirements, selected(values), mutants))}`);
  return mutants.every((r) => r.killed) &&
    variants.every((r) => r.passed) &&
    clientFaults.every((r) => r.killed) &&
    clientAlternatives.every((r) => r.passed)
    ? 0
    : 1;
}

/** `client-score [--fault A,B] [--variant X,Y]`: the client kit's sensitivity and specificity. */
async function commandClientScore(values: Values): Promise<number> {
  const started = performance.now();
  const faults = values.variant && !values.fault ? [] : await runClientFaults(list(values.fault));
  const alternatives =
    values.fault && !values.variant ? [] : await runClientAlternatives(list(values.variant));
  console.log(
    `\n${clientScoreLines(faults, alternatives)}\n(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return faults.every((r) => r.killed) && alternatives.every((r) => r.passed) ? 0 : 1;
}

export async function main(argv: readonly string[]): Promise<number> {
  // `pnpm conformance -- --flag` passes the separator through; no command takes one.
  const args = argv.filter((a) => a !== '--');
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: opts, allowPositionals: true, strict: true }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${HELP.main}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.version) {
    console.log(VERSION);
    return 0;
  }
  const [command = 'run', ...rest] = positionals;
  const commandOpts = COMMAND_OPTS[command];
  if (!commandOpts) {
    console.error(`error: unknown command ${JSON.stringify(command)}\n\n${HELP.main}`);
    return 2;
  }
  if (values.help) {
    console.log(positionals.length ? HELP[command] : HELP.main);
    return 0;
  }
  // An option another command takes is a mistake here; one no command lists (--help, --version,
  // options every command shares) is not.
  const listed = new Set(Object.values(COMMAND_OPTS).flat());
  const foreign = Object.keys(values).filter((k) => listed.has(k) && !commandOpts.includes(k));
  if (foreign.length) {
    console.error(
      `error: ${command} takes no ${foreign.map((k) => `--${k}`).join(', ')}\n\n${HELP[command]}`,
    );
    return 2;
  }
  if (rest.length > (command === 'replay' ? 1 : 0)) {
    console.error(`error: unexpected argument ${JSON.stringify(rest.at(-1))}\n\n${HELP[command]}`);
    return 2;
  }
  try {
    switch (command) {
      case 'run':
        return await commandRun(values);
      case 'replay':
        return await commandReplay(values, rest[0]);
      case 'list':
        return commandList(values);
      case 'coverage':
        return await commandCoverage(values);
      case 'mutants':
        return await commandMutants(values);
      case 'variants':
        return await commandVariants(values);
      case 'score':
        return await commandScore(values);
      case 'client':
        return await commandClient(values);
      case 'client-score':
        return await commandClientScore(values);
      case 'init':
        return await commandInit({
          ...(values.out === undefined ? {} : { out: values.out }),
          ...(values.kind === undefined ? {} : { kind: values.kind }),
          force: values.force === true,
        });
      default:
        return 2;
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof ConnectionError ||
      error instanceof ConfigurationError ||
      error instanceof RequirementError ||
      error instanceof ClientUsageError
    ) {
      console.error(`error: ${error.message}`);
      return 2;
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 2;
  }
}

/** Runs the command line of this process and sets its exit code (the bin calls it). */
export function runCli(): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 2;
    },
  );
}

if (invokedDirectly(import.meta.url)) runCli();
