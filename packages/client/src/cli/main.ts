#!/usr/bin/env node
/**
 * `vendor`: the command-line client. Exit codes: 0 ok, 1 failure (API or connection error),
 * 2 usage or configuration error.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { vendor as defaultVendor, type Vendor } from '@vendor-api/spec';
import { invokedDirectly } from '@vendor-api/spec/cli';
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

class UsageError extends Error {}

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

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function intOption(values: Values, name: 'max-retries' | 'timeout-ms'): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a non-negative integer`);
  return n;
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const v = io.vendor ?? defaultVendor;
  const texts = help(v);
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${texts.main}\n`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.stdout(`${VERSION}\n`);
    return EXIT_OK;
  }
  const [command, ...rest] = positionals;
  if (command === undefined || command === 'help') {
    (values.help || command === 'help' ? io.stdout : io.stderr)(`${texts.main}\n`);
    return values.help || command === 'help' ? EXIT_OK : EXIT_USAGE;
  }
  const commandHelp = texts[command];
  if (!commandHelp) {
    io.stderr(`unknown command ${JSON.stringify(command)}\n\n${texts.main}\n`);
    return EXIT_USAGE;
  }
  if (values.help) {
    io.stdout(`${commandHelp}\n`);
    return EXIT_OK;
  }

  const env: Record<string, string | undefined> = { ...io.env };
  if (values.profile !== undefined) env[v.env.profile] = values.profile;
  const envInputs = {
    vendor: v,
    env,
    ...(values['config-dir'] !== undefined ? { configDir: values['config-dir'] } : {}),
    ...(io.homeDir !== undefined ? { homeDir: io.homeDir } : {}),
  };
  const makeClient = () =>
    new VendorClient({
      ...envInputs,
      ...(values['base-url'] !== undefined ? { baseURL: values['base-url'] } : {}),
      ...(io.dispatcher ? { dispatcher: io.dispatcher } : {}),
      ...(intOption(values, 'max-retries') !== undefined
        ? { maxRetries: intOption(values, 'max-retries')! }
        : {}),
      ...(intOption(values, 'timeout-ms') !== undefined
        ? { timeoutMs: intOption(values, 'timeout-ms')! }
        : {}),
    });

  try {
    switch (command) {
      case 'auth': {
        if (rest[0] !== 'status' || rest.length !== 1) throw new UsageError(`expected \`auth status\``);
        const r = resolve(envInputs);
        if (r.outcome === 'resolved') {
          io.stdout(`source ${r.source} (${r.sourceName.replace(/_/g, ' ')})\n${r.description}\n`);
          return EXIT_OK;
        }
        io.stderr(`${r.description}\n`);
        return EXIT_USAGE;
      }
      case 'profiles': {
        const [sub, name, ...extra] = rest;
        if (sub === 'list' && name === undefined) {
          const listing = await listProfiles(envInputs);
          io.stdout(
            `configuration directory: ${listing.configDir}\nactive profile: ${listing.active} (from ${listing.activeFrom.replace(/_/g, ' ')})\n`,
          );
          for (const n of listing.names) io.stdout(`${n === listing.active ? '*' : ' '} ${n}\n`);
          if (listing.names.length === 0) io.stdout('(no profiles)\n');
          return EXIT_OK;
        }
        if (sub === 'use' && name !== undefined && extra.length === 0) {
          const path = await setActiveProfile(envInputs, name);
          io.stdout(`active profile: ${name} (${path})\n`);
          return EXIT_OK;
        }
        throw new UsageError('expected `profiles list` or `profiles use NAME`');
      }
      case 'token': {
        if (rest.length) throw new UsageError('`token` takes no arguments');
        const client = makeClient();
        io.stdout(`${await client.accessToken()}\n`);
        return EXIT_OK;
      }
      case 'request': {
        const [method, path, ...extra] = rest;
        if (!method || !path || extra.length) throw new UsageError('expected `request METHOD PATH`');
        const m = method.toUpperCase();
        if (!['GET', 'POST', 'DELETE'].includes(m))
          throw new UsageError(`METHOD must be GET, POST or DELETE, not ${method}`);
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
        let body: unknown;
        if (values.data !== undefined) {
          const text = values.data.startsWith('@')
            ? await readFile(values.data.slice(1), 'utf8')
            : values.data;
          try {
            body = JSON.parse(text);
          } catch {
            throw new UsageError('--data must be JSON');
          }
        }
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
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    if (values['json-errors']) {
      io.stderr(`${JSON.stringify({ error: jsonError(error) })}\n`);
      const usage =
        error instanceof UsageError ||
        (error instanceof ConfigurationError && !(error instanceof IdentityTokenFileNotFoundError));
      return usage ? EXIT_USAGE : EXIT_FAILURE;
    }
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${commandHelp}\n`);
      return EXIT_USAGE;
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

/** The betas the documented operation at METHOD PATH requires (none for a path it does not know). */
function documentedBetas(method: string, path: string): readonly string[] {
  const pathname = /^https?:\/\//i.test(path) ? new URL(path).pathname : (path.split('?')[0] ?? path);
  for (const op of Object.values(operations)) {
    if (op.method !== method || op.path === null) continue;
    const pattern = new RegExp(`^${op.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`);
    if (pattern.test(pathname)) return op.betas;
  }
  return [];
}

/** An error as `--json-errors` prints it. */
function jsonError(error: unknown): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError) return { kind: 'usage', message };
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
