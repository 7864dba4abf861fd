/**
 * The target of `run` and `replay`: the reference server in-process, a server's conformance
 * control API (`--control-url`), the reference server's test control (`--adapter reference`), an
 * adapter module, or the documented API alone (`--base-url` and keys).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { httpUrlOption, integerOption, UsageError } from '@vendor-api/spec/cli';
import { request } from 'undici';
import type { Adapter, Target } from '../adapter.js';
import { ControlError, connectControl, controlAdapter, type Discovered } from '../adapters/control.js';
import { referenceControlUrl } from '../adapters/reference.js';
import { CAPABILITIES, type Capability, OPT_IN_CAPABILITIES } from '../capabilities.js';
import { type Embedded, EmbeddedHost } from '../embedded.js';
import { adapterLacks } from '../runner.js';
import type { Values } from './common.js';

/** The target cannot be reached: exit 2 with one line. */
export class ConnectionError extends Error {}

export interface Resolved {
  readonly target: Target;
  readonly adapter: Adapter;
  readonly embedded: boolean;
  /** For the embedded target: a fresh server for one case (the run closes it). */
  readonly fresh?: () => Promise<Embedded>;
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

/** How long the target has to answer the first request (its headers). */
const REACH_TIMEOUT_MS = 10_000;

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
  return value === undefined ? undefined : httpUrlOption(name, value);
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

/**
 * The target options a replay of this run takes: the base URL, the adapter, and the keys and ids
 * (elided; those a built-in adapter reads from the server only when they were given).
 */
export function replayOptions(values: Values, target: Target): string {
  const viaControl = isBuiltIn(values.adapter) || values['control-url'] !== undefined;
  const keys = TARGET_OPTIONS.filter((k) => !viaControl || values[k]).map((k) => ` --${k} …`);
  return ` --base-url ${target.baseUrl}${values['control-url'] ? ` --control-url ${values['control-url']}` : ''}${keys.join('')}${values.adapter ? ` --adapter ${values.adapter}` : ''}`;
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

/**
 * The target the options name. `embedded.spares`: for the embedded target, servers kept started
 * ahead of the cases that ask for a fresh one (one per case the run may run at once).
 */
export async function resolveTarget(
  values: Values,
  seed: number,
  embedded: { readonly spares?: number } = {},
): Promise<Resolved> {
  let baseUrl = urlOption(values, 'base-url');
  let controlUrl = urlOption(values, 'control-url');
  const adapterName = values.adapter;
  if (!baseUrl && !controlUrl) {
    if (adapterName !== undefined)
      throw new UsageError(
        `--adapter ${adapterName} needs --base-url (or --control-url) of the server it adapts`,
      );
    // Every case gets a fresh server; the host keeps the next ones started ahead, one per case
    // that may run at once.
    const host = new EmbeddedHost(embedded);
    const options = { seed, ...(values.vendor ? { vendor: values.vendor } : {}) };
    let e: Embedded;
    try {
      e = await host.start(options);
    } catch (error) {
      await host.close();
      throw error;
    }
    return {
      target: e.target,
      adapter: e.adapter,
      embedded: true,
      fresh: () => host.start(options),
      missingReason: adapterLacks,
      lackHeadline: 'the adapter lacks a capability they need',
      describe: `adapter ${e.adapter.name}`,
      close: async () => {
        try {
          await e.close();
        } finally {
          await host.close();
        }
      },
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
  // Reachable is an answer's status line and headers within the deadline; its body is not read (a
  // server may drip it for ever).
  try {
    const r = await request(baseUrl, {
      method: 'GET',
      headersTimeout: REACH_TIMEOUT_MS,
      signal: AbortSignal.timeout(REACH_TIMEOUT_MS),
    });
    r.body.on('error', () => undefined).destroy();
  } catch (error) {
    throw new ConnectionError(`cannot reach ${baseUrl}: ${(error as Error).message}`);
  }
  if (viaControl) {
    const token = controlTokenOf(values);
    // `--timeout` bounds control calls too when it is given (else their own default).
    const timeout =
      values.timeout === undefined ? {} : { timeoutMs: integerOption('timeout', values.timeout, { min: 1 }) };
    let connected: Awaited<ReturnType<typeof connectControl>>;
    try {
      connected = await connectControl({
        baseUrl,
        controlUrl: controlUrl!,
        ...(token === undefined ? {} : { token }),
        ...timeout,
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
      ...timeout,
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
