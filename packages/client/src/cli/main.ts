#!/usr/bin/env node
/**
 * `vendor`: the command-line client. Exit codes: 0 ok, 1 failure (API or connection error),
 * 2 usage or configuration error.
 */
import { readFile } from 'node:fs/promises';
import { vendor as defaultVendor, pathPattern, type Vendor } from '@vendor-api/spec';
import {
  didYouMean,
  httpUrlOption,
  integerOption,
  invokedDirectly,
  type OptionValues,
  orList,
  parseOptions,
  positionalsOf,
  settleColour,
  UsageError,
  usageLine,
} from '@vendor-api/spec/cli';
import type { Dispatcher } from 'undici';
import { VendorClient } from '../client.js';
import { VERSION } from '../core/core.js';
import { listProfiles, resolve, setActiveProfile } from '../core/credentials.js';
import {
  APIConnectionError,
  APIError,
  ConfigurationError,
  CredentialsError,
  IdentityTokenFileNotFoundError,
  TokenExchangeError,
} from '../core/errors.js';
import { operations } from '../generated/operations.js';

export interface CliIO {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly vendor?: Vendor;
  readonly dispatcher?: Dispatcher;
  readonly homeDir?: string;
}

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

const GLOBAL = `Global options:
  --base-url URL      service base address (default: base_url of the profile)
  --profile NAME      use this profile (as if the profile variable were set)
  --config-dir DIR    configuration directory
  --max-retries N     retries after the first attempt (default 2)
  --timeout-ms N      per-attempt timeout
  --json-errors       print an error as one JSON line on stderr: {"error": {"kind", "status",
                      "request_id", "type", "message"}}; kind is usage, configuration,
                      credentials, identity_token_file_not_found, exchange, api, connection
                      or other
  -h, --help          help for the command
  --version           the version of the client`;

const help = (v: Vendor): Record<string, string> => ({
  main: `Usage: ${v.name} <command> [options]

Commands:
  auth status              show which credential source is in effect (never prints secrets)
  profiles list            list the profiles of the configuration directory, marking the active one
  profiles use NAME        make NAME the active profile (writes active_config)
  token                    print a valid access token (federation exchange, cached)
  request METHOD PATH      send a raw request and print the JSON response
  help COMMAND             the help of a command (as COMMAND --help)

${GLOBAL}

Exit codes: 0 ok, 1 failure, 2 usage or configuration error.`,
  auth: `Usage: ${v.name} auth status [options]

Shows the credential source in effect (${v.env.apiKey}, ${v.env.authToken}, the profile named by
${v.env.profile}, the federation variables, or the active profile), without printing secrets.

${GLOBAL}`,
  profiles: `Usage: ${v.name} profiles list | ${v.name} profiles use NAME [options]

  list       profiles under <config_dir>/configs, the active one marked with *
  use NAME   write NAME to <config_dir>/active_config (the profile must exist)

${GLOBAL}`,
  token: `Usage: ${v.name} token [options]

Prints a valid access token for the credential in effect: exchanges the identity token
(POST /v1/oauth/token) unless a cached token is still valid. This prints a secret.

${GLOBAL}`,
  request: `Usage: ${v.name} request METHOD PATH [options]

  METHOD                GET, POST or DELETE
  PATH                  path under the base URL, e.g. /v1/dreams
  -d, --data JSON       request body (JSON text, or @file to read it from a file)
  -q, --query K=V       query parameter (repeatable)
  --beta ID             beta identifier for ${v.headers.beta} (repeatable), besides those the
                        documented operation at METHOD PATH requires (always sent)
  -H, --header K:V      extra header (repeatable; cannot replace auth or version headers)

A body that is not JSON (the JSON lines of batch results) is printed as it came.

Example: ${v.name} request GET /v1/dreams -q limit=5

${GLOBAL}`,
});

const OPTIONS = {
  'base-url': { type: 'string' },
  profile: { type: 'string' },
  'config-dir': { type: 'string' },
  'max-retries': { type: 'string' },
  'timeout-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  data: { type: 'string', short: 'd' },
  query: { type: 'string', short: 'q', multiple: true },
  beta: { type: 'string', multiple: true },
  header: { type: 'string', short: 'H', multiple: true },
  'json-errors': { type: 'boolean' },
} as const;

type Values = OptionValues<typeof OPTIONS>;

/** The commands, each with the subcommands it takes (none: it takes none). */
const COMMANDS = { auth: ['status'], profiles: ['list', 'use'], token: [], request: [] } as const;
type CommandName = keyof typeof COMMANDS;
const isCommand = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(COMMANDS, name);

/** Options only `request` takes; the others go with every command. */
const REQUEST_OPTIONS = [
  'data',
  'query',
  'beta',
  'header',
] as const satisfies readonly (keyof typeof OPTIONS)[];
const optionsOf = (command: CommandName | undefined): string[] =>
  Object.keys(OPTIONS).filter(
    (o) =>
      command === undefined || command === 'request' || !(REQUEST_OPTIONS as readonly string[]).includes(o),
  );

/** The request methods the API uses. */
const METHODS = ['GET', 'POST', 'DELETE'] as const;

/** The subcommand of `auth` or `profiles`, checked; a mistyped one names the closest. */
function subcommandOf(command: 'auth' | 'profiles', rest: readonly string[]): string {
  const subs: readonly string[] = COMMANDS[command];
  const [sub] = rest;
  if (sub === undefined) throw new UsageError(`${command} needs a subcommand: ${subs.join(' or ')}`);
  if (!subs.includes(sub))
    throw new UsageError(`unknown ${command} command ${JSON.stringify(sub)}${didYouMean(sub, subs)}`);
  return sub;
}

/** No arguments beyond the first `count`. */
function noneBeyond(rest: readonly string[], count: number): void {
  if (rest.length > count) throw new UsageError(`unexpected argument ${JSON.stringify(rest[count])}`);
}

/** The client options of the command line, each value checked. */
function clientOptions(values: Values) {
  return {
    ...(values['base-url'] !== undefined ? { baseURL: httpUrlOption('base-url', values['base-url']) } : {}),
    ...(values['max-retries'] !== undefined
      ? { maxRetries: integerOption('max-retries', values['max-retries'], { min: 0 }) }
      : {}),
    ...(values['timeout-ms'] !== undefined
      ? { timeoutMs: integerOption('timeout-ms', values['timeout-ms'], { min: 1 }) }
      : {}),
  };
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const v = io.vendor ?? defaultVendor;
  const texts = help(v);
  // Asked for before the options are read, so that a mistake in them is reported as asked too.
  const jsonErrors = argv.includes('--json-errors');
  /** A usage error: one line pointing at the help of the command (or one JSON line). */
  const usage = (message: string, command?: string): number => {
    io.stderr(
      jsonErrors
        ? `${JSON.stringify({ error: { kind: 'usage', message } })}\n`
        : `${usageLine(message, `${v.name}${command ? ` ${command}` : ''} --help`)}\n`,
    );
    return EXIT_USAGE;
  };
  const named = positionalsOf(OPTIONS, argv)[0];
  const namedCommand = isCommand(named) ? named : undefined;
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseOptions(OPTIONS, argv, { suggest: optionsOf(namedCommand) });
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message, namedCommand);
    throw error;
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.stdout(`${VERSION}\n`);
    return EXIT_OK;
  }
  const [command, ...rest] = positionals;
  if (command === undefined) {
    (values.help ? io.stdout : io.stderr)(`${texts.main}\n`);
    return values.help ? EXIT_OK : EXIT_USAGE;
  }
  const unknownCommand = (name: string) =>
    usage(`unknown command ${JSON.stringify(name)}${didYouMean(name, [...Object.keys(COMMANDS), 'help'])}`);
  if (command === 'help') {
    const [asked, extra] = rest;
    if (extra !== undefined) return usage(`unexpected argument ${JSON.stringify(extra)}`);
    if (asked !== undefined && !isCommand(asked)) return unknownCommand(asked);
    io.stdout(`${texts[asked ?? 'main']}\n`);
    return EXIT_OK;
  }
  if (!isCommand(command)) return unknownCommand(command);
  if (values.help) {
    io.stdout(`${texts[command]}\n`);
    return EXIT_OK;
  }
  const foreign = Object.keys(values).filter((k) => !optionsOf(command).includes(k));
  if (foreign.length) return usage(`${command} takes no ${foreign.map((k) => `--${k}`).join(', ')}`, command);

  const env: Record<string, string | undefined> = { ...io.env };
  if (values.profile !== undefined) env[v.env.profile] = values.profile;
  const envInputs = {
    vendor: v,
    env,
    ...(values['config-dir'] !== undefined ? { configDir: values['config-dir'] } : {}),
    ...(io.homeDir !== undefined ? { homeDir: io.homeDir } : {}),
  };

  try {
    const options = clientOptions(values);
    const makeClient = () =>
      new VendorClient({ ...envInputs, ...options, ...(io.dispatcher ? { dispatcher: io.dispatcher } : {}) });
    switch (command) {
      case 'auth': {
        subcommandOf('auth', rest);
        noneBeyond(rest, 1);
        const r = resolve(envInputs);
        if (r.outcome === 'resolved') {
          io.stdout(`source ${r.source} (${r.sourceName.replace(/_/g, ' ')})\n${r.description}\n`);
          return EXIT_OK;
        }
        io.stderr(`${r.description}\n`);
        return EXIT_USAGE;
      }
      case 'profiles': {
        if (subcommandOf('profiles', rest) === 'list') {
          noneBeyond(rest, 1);
          const listing = await listProfiles(envInputs);
          io.stdout(
            `configuration directory: ${listing.configDir}\nactive profile: ${listing.active} (from ${listing.activeFrom.replace(/_/g, ' ')})\n`,
          );
          for (const n of listing.names) io.stdout(`${n === listing.active ? '*' : ' '} ${n}\n`);
          if (listing.names.length === 0) io.stdout('(no profiles)\n');
          return EXIT_OK;
        }
        const name = rest[1];
        if (name === undefined) throw new UsageError('profiles use needs the NAME of a profile');
        noneBeyond(rest, 2);
        const path = await setActiveProfile(envInputs, name);
        io.stdout(`active profile: ${name} (${path})\n`);
        return EXIT_OK;
      }
      case 'token': {
        noneBeyond(rest, 0);
        const client = makeClient();
        io.stdout(`${await client.accessToken()}\n`);
        return EXIT_OK;
      }
      case 'request': {
        const [method, path] = rest;
        if (!method || !path)
          throw new UsageError('request needs METHOD and PATH, e.g. `request GET /v1/dreams`');
        noneBeyond(rest, 2);
        const m = METHODS.find((known) => known === method.toUpperCase());
        if (!m)
          throw new UsageError(
            `METHOD must be ${orList(METHODS)}; got ${JSON.stringify(method)}${didYouMean(method.toUpperCase(), METHODS)}`,
          );
        const query: Record<string, string[]> = {};
        for (const q of values.query ?? []) {
          const i = q.indexOf('=');
          if (i <= 0) throw new UsageError(`--query expects K=V, got ${JSON.stringify(q)}`);
          const key = q.slice(0, i);
          query[key] = [...(query[key] ?? []), q.slice(i + 1)];
        }
        const headers: Record<string, string> = {};
        for (const h of values.header ?? []) {
          const i = h.indexOf(':');
          if (i <= 0) throw new UsageError(`--header expects K:V, got ${JSON.stringify(h)}`);
          headers[h.slice(0, i).trim()] = h.slice(i + 1).trim();
        }
        const body = values.data === undefined ? undefined : await bodyOf(values.data);
        const client = makeClient();
        const betas = [...new Set([...documentedBetas(m, path), ...(values.beta ?? [])])];
        const res = await client.request(
          { method: m, path, query, ...(body !== undefined ? { body } : {}) },
          { headers, ...(betas.length ? { betas } : {}) },
        );
        const text =
          res.body === undefined
            ? ''
            : typeof res.body === 'string'
              ? res.body
              : JSON.stringify(res.body, null, 2);
        io.stdout(text.endsWith('\n') ? text : `${text}\n`);
        return EXIT_OK;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message, command);
    if (values['json-errors']) {
      io.stderr(`${JSON.stringify({ error: jsonError(error) })}\n`);
      const usageLike =
        error instanceof ConfigurationError && !(error instanceof IdentityTokenFileNotFoundError);
      return usageLike ? EXIT_USAGE : EXIT_FAILURE;
    }
    if (error instanceof ConfigurationError && !(error instanceof IdentityTokenFileNotFoundError)) {
      io.stderr(
        `configuration error: ${error.message}${error.code === 'base_url_missing' ? ' Use --base-url.' : ''}\n`,
      );
      return EXIT_USAGE;
    }
    if (error instanceof APIError) {
      io.stderr(`${error.message}\n`);
      if (error.body !== undefined) io.stderr(`${JSON.stringify(error.body, null, 2)}\n`);
      return EXIT_FAILURE;
    }
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
}

/** The body `--data` gives: JSON text, or `@FILE` to read it from a file. */
async function bodyOf(data: string): Promise<unknown> {
  let text = data;
  if (data.startsWith('@')) {
    try {
      text = await readFile(data.slice(1), 'utf8');
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      throw new UsageError(`--data ${data}: cannot read ${data.slice(1)}: ${reason}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--data must be JSON text or @FILE; ${data.startsWith('@') ? `${data.slice(1)} is not JSON` : 'got text that is not JSON'} (${(error as Error).message})`,
    );
  }
}

/** The betas the documented operation at METHOD PATH requires (none for a path it does not know). */
function documentedBetas(method: string, path: string): readonly string[] {
  const pathname = /^https?:\/\//i.test(path) ? new URL(path).pathname : (path.split('?')[0] ?? path);
  for (const op of Object.values(operations)) {
    if (op.method !== method || op.path === null) continue;
    if (pathPattern(op.path).test(pathname)) return op.betas;
  }
  return [];
}

/** An error as `--json-errors` prints it. */
function jsonError(error: unknown): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof IdentityTokenFileNotFoundError)
    return { kind: 'identity_token_file_not_found', message };
  if (error instanceof CredentialsError) return { kind: 'credentials', code: error.code, message };
  if (error instanceof ConfigurationError) return { kind: 'configuration', code: error.code, message };
  if (error instanceof APIError)
    return {
      kind: error instanceof TokenExchangeError ? 'exchange' : 'api',
      status: error.status,
      request_id: error.requestID ?? null,
      type: error.errorType ?? null,
      body: error.body ?? null,
      message,
    };
  if (error instanceof APIConnectionError) return { kind: 'connection', message };
  return { kind: 'other', message };
}

/** Runs the command line of this process and sets its exit code (the bin calls it). */
export function runCli(): void {
  settleColour();
  main(process.argv.slice(2), {
    env: process.env,
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

if (invokedDirectly(import.meta.url)) runCli();
