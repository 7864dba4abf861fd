/**
 * The built-in adapter of the conformance control API (`--control-url URL --control-token T`):
 * the protocol of the spec's table (`spec/src/control/`, OpenAPI document in
 * `@vendor-api/openapi/control.openapi.json`), which any server in any language can expose in
 * test. It knows nothing of the reference server: it reads `GET /capabilities` and calls the
 * endpoints of the capabilities offered. The reference server's adapter is this one pointed at its
 * `/_test` (see `reference.ts`).
 */
import {
  CONTROL_PROTOCOL,
  CONTROL_PROTOCOL_VERSION,
  CONTROL_TOKEN_HEADER,
  type ControlDiscovery,
  type ControlEndpointId,
  ControlTarget,
  controlEndpoint,
  controlPath,
} from '@vendor-api/spec';
import type { Adapter, BatchDrive, DreamDrive, OrganizationRoleName, Target, Workspace } from '../adapter.js';
import { type Capability, isCapability, OPT_IN_CAPABILITIES } from '../capabilities.js';
import { boundedRequest, MAX_ANSWER_BYTES, ReadError } from '../http.js';
import { adminMethods } from './control-admin.js';
import { federationMethods } from './control-federation.js';

/** A control call that failed: the server refused a fixture, or answers no control API. */
export class ControlError extends Error {
  override readonly name = 'ControlError';
}

/** Path parameters of a control endpoint. */
export type ControlParams = Readonly<Record<string, string>>;

/** How the area files reach the control API. */
export interface ControlCalls {
  /** Calls a control endpoint of the protocol; any answer is returned. */
  call(
    id: ControlEndpointId,
    params?: ControlParams,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>;
  /** Like `call`, but a status of 300 or more throws a ControlError. */
  ok<T>(id: ControlEndpointId, params?: ControlParams, body?: unknown): Promise<T>;
}

/** The methods an area adds to the adapter. */
export interface AreaMethods {
  readonly methods: Partial<Adapter>;
}

/** Where a server's control API answers and the token its calls carry. */
export interface ControlOptions {
  /** The control URL the server printed (paths of the protocol are relative to it). */
  readonly controlUrl: string;
  /** The control token the server printed; every call carries it. */
  readonly token?: string;
  /** Per-call timeout (ms). */
  readonly timeoutMs?: number;
}

/** The fields of discovery's target (the protocol's `ControlTarget`). */
const TARGET_FIELDS = Object.keys(ControlTarget.properties) as (keyof ControlTarget)[];

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** Calls that ran out of time before the adapter stops calling a control API (it hangs). */
export const MAX_CONTROL_TIMEOUTS = 3;

/** Control calls that ran out of time, per control API (its options). */
const timeouts = new WeakMap<ControlOptions, number>();

/**
 * One control call, bounded as the suite's own requests are (a deadline for the whole answer and a
 * byte cap). Every failure is a ControlError of one line; once `MAX_CONTROL_TIMEOUTS` calls have
 * run out of time, later calls fail at once instead of each waiting out its deadline.
 */
async function send(
  options: ControlOptions,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const where = `control ${method} ${trimmed(options.controlUrl)}${path}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timedOut = timeouts.get(options) ?? 0;
  if (timedOut >= MAX_CONTROL_TIMEOUTS)
    throw new ControlError(
      `${where} not called: ${timedOut} control calls got no answer within ${timeoutMs / 1000} s (the control API hangs)`,
    );
  const token = options.token === undefined ? {} : { [CONTROL_TOKEN_HEADER]: options.token };
  let text: string;
  let status: number;
  try {
    ({ status, text } = await boundedRequest(
      `${trimmed(options.controlUrl)}${path}`,
      {
        method,
        headers: body === undefined ? token : { ...token, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { timeoutMs, maxBytes: MAX_ANSWER_BYTES },
    ));
  } catch (error) {
    if (error instanceof ReadError && error.kind === 'deadline') timeouts.set(options, timedOut + 1);
    throw new ControlError(`${where} failed: ${firstLine(error)}`);
  }
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep the text */
  }
  return { status, body: parsed };
}

/** An error's message, its first line only. */
const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];

/** What discovery found: the capabilities this suite knows, the rest named, and the target. */
export interface Discovered {
  readonly discovery: ControlDiscovery;
  readonly capabilities: ReadonlySet<Capability>;
  /** Names the server offered that this suite does not know (a newer protocol); ignored. */
  readonly unknown: readonly string[];
}

/**
 * Reads `GET /capabilities`: a ControlError when the URL answers no control API of this protocol
 * and version (with what it answered).
 */
export async function discover(options: ControlOptions): Promise<Discovered> {
  const path = controlPath('capabilities');
  const where = `GET ${trimmed(options.controlUrl)}${path}`;
  const r = await send(options, 'GET', path);
  if (r.status === 401)
    throw new ControlError(
      `${where} answered 401: give the control token the server printed (--control-token)`,
    );
  if (r.status !== 200)
    throw new ControlError(
      `${where} answered ${r.status}: no conformance control API there (is the server started for tests, and is this its control URL?)`,
    );
  const d = r.body as Partial<ControlDiscovery> | null;
  if (typeof d !== 'object' || d === null || d.protocol !== CONTROL_PROTOCOL)
    throw new ControlError(`${where} answered no "protocol": "${CONTROL_PROTOCOL}" document`);
  if (d.version !== CONTROL_PROTOCOL_VERSION)
    throw new ControlError(
      `${where} speaks version ${JSON.stringify(d.version)} of the control protocol; this suite speaks version ${CONTROL_PROTOCOL_VERSION}`,
    );
  if (!Array.isArray(d.capabilities) || !d.capabilities.every((c) => typeof c === 'string'))
    throw new ControlError(`${where}: "capabilities" must be an array of capability names`);
  const target = d.target;
  if (
    target !== undefined &&
    (typeof target !== 'object' ||
      target === null ||
      !TARGET_FIELDS.every((k) => typeof (target as Record<string, unknown>)[k] === 'string'))
  )
    throw new ControlError(`${where}: "target" must hold ${TARGET_FIELDS.join(', ')} (strings)`);
  const known = d.capabilities.filter(isCapability).filter((c) => !OPT_IN_CAPABILITIES.includes(c));
  return {
    discovery: d as ControlDiscovery,
    capabilities: new Set(known),
    unknown: d.capabilities.filter((c) => !isCapability(c)),
  };
}

/** The target discovery names (its seeded organization), at a base URL. */
export function discoveredTarget(baseUrl: string, discovered: Discovered): Target | undefined {
  const t = discovered.discovery.target;
  if (!t) return undefined;
  return {
    baseUrl,
    adminKey: t.admin_key,
    workspace: { id: t.workspace_id, apiKey: t.workspace_key },
    organizationId: t.organization_id,
  };
}

/**
 * The adapter over a control API, offering the capabilities given (what discovery found; the
 * adapter has a method for every capability of the catalog). `organizationId` is the target's: the
 * organization fixtures are made in.
 */
export function controlAdapter(
  options: ControlOptions & {
    readonly capabilities: ReadonlySet<Capability>;
    readonly organizationId: string;
    readonly runHooks?: boolean;
    readonly name?: string;
  },
): Adapter {
  async function call(id: ControlEndpointId, params: ControlParams = {}, body?: unknown) {
    return send(options, controlEndpoint(id).method, controlPath(id, params), body);
  }
  async function ok<T>(id: ControlEndpointId, params: ControlParams = {}, body?: unknown): Promise<T> {
    const r = await call(id, params, body);
    if (r.status >= 300)
      throw new ControlError(
        `control ${controlEndpoint(id).method} ${controlPath(id, params)} answered ${r.status}: ${JSON.stringify(r.body)}`,
      );
    return r.body as T;
  }
  const calls: ControlCalls = { call, ok };
  const org = { organization_id: options.organizationId };
  const areas = [federationMethods(calls), adminMethods(calls)];
  const methods: Partial<Adapter> = {
    async advanceClock(ms: number) {
      await ok('clock.advance', {}, { ms });
    },
    async now() {
      const s = await ok<{ now: string }>('clock.read');
      return Date.parse(s.now);
    },
    async createWorkspace(name?: string) {
      const r = await ok<{ id: string; workspace_key: string }>(
        'workspaces.create',
        org,
        name === undefined ? {} : { name },
      );
      return { id: r.id, apiKey: r.workspace_key };
    },
    async createUser(organizationRole: OrganizationRoleName) {
      const r = await ok<{ user_id: string }>('users.create', org, { role: organizationRole });
      return { user_id: r.user_id };
    },
    async createFile(workspace: Workspace) {
      return { id: (await ok<{ id: string }>('files.create', {}, { workspace_id: workspace.id })).id };
    },
    async createMemoryStore(workspace: Workspace, fields = {}) {
      const r = await ok<{ id: string }>(
        'memory-stores.create',
        {},
        { workspace_id: workspace.id, ...fields },
      );
      return { id: r.id };
    },
    async changeMemoryStore(id: string, change: 'archive' | 'delete') {
      return call(change === 'archive' ? 'memory-stores.archive' : 'memory-stores.delete', {
        memory_store_id: id,
      });
    },
    async createSession(workspace: Workspace) {
      return { id: (await ok<{ id: string }>('sessions.create', {}, { workspace_id: workspace.id })).id };
    },
    async changeSession(id: string, change: 'archive' | 'delete') {
      return call(change === 'archive' ? 'sessions.archive' : 'sessions.delete', { session_id: id });
    },
    async sessionState(id: string) {
      const r = await ok<{ archived: boolean; deleted?: unknown }>('sessions.read', { session_id: id });
      return { archived: r.archived, ...(typeof r.deleted === 'boolean' ? { deleted: r.deleted } : {}) };
    },
    async memoryStoreState(id: string) {
      const r = await ok<{ archived: boolean; deleted: boolean; digest: string | null }>(
        'memory-stores.read',
        {
          memory_store_id: id,
        },
      );
      return { archived: r.archived, deleted: r.deleted, digest: r.digest };
    },
    async renameMemoryStore(id: string, name: string) {
      await ok('memory-stores.rename', { memory_store_id: id }, { name });
    },
    async attachRepository(sessionId, repository) {
      const r = await ok<{ id: string }>('sessions.repositories', { session_id: sessionId }, repository);
      return { id: r.id };
    },
    async driveDream(id: string, drive: DreamDrive) {
      const endpoint = DREAM_DRIVES[drive.action];
      const { action: _action, ...body } = drive;
      await ok(endpoint, { dream_id: id }, body);
    },
    async driveBatch(id: string, drive: BatchDrive) {
      const errors = drive.internalErrors === undefined ? {} : { internal_errors: drive.internalErrors };
      if (drive.customIds !== undefined)
        await ok('batches.process', { batch_id: id }, { custom_ids: drive.customIds, ...errors });
      else await ok('batches.complete', { batch_id: id }, errors);
    },
    async setFaults(names: readonly string[]) {
      await ok('faults.set', {}, { names });
    },
  };
  const adapter: Adapter = {
    ...methods,
    ...Object.assign({}, ...areas.map((a) => a.methods)),
    name: options.name ?? `control API at ${trimmed(options.controlUrl)}`,
    capabilities: options.capabilities,
    ...(options.runHooks
      ? {
          async setup() {
            await ok('run.start');
          },
          async teardown() {
            await ok('run.end');
          },
        }
      : {}),
  };
  controlCalls.set(adapter, calls);
  return adapter;
}

/** The control calls behind each adapter `controlAdapter` made. */
const controlCalls = new WeakMap<Adapter, ControlCalls>();

/**
 * The control calls behind an adapter over a control API (undefined for any other adapter): for
 * a caller that knows the server it controls, as the client kit does the embedded reference
 * server, and makes fixtures through endpoints or fields the adapter's methods do not use.
 */
export const controlCallsOf = (adapter: Adapter): ControlCalls | undefined => controlCalls.get(adapter);

/** The control endpoint of each dream drive. */
const DREAM_DRIVES = {
  start: 'dreams.start',
  progress: 'dreams.progress',
  succeed: 'dreams.complete',
  fail: 'dreams.fail',
} as const satisfies Record<DreamDrive['action'], ControlEndpointId>;

/**
 * Connects to a control API: discovery, then the adapter of what it offers. The target is the one
 * given, else the one discovery names (a ControlError when neither).
 */
export async function connectControl(
  options: ControlOptions & { readonly baseUrl: string; readonly target?: Target; readonly name?: string },
): Promise<{ readonly adapter: Adapter; readonly target: Target; readonly discovered: Discovered }> {
  const discovered = await discover(options);
  const target = options.target ?? discoveredTarget(options.baseUrl, discovered);
  if (!target)
    throw new ControlError(
      `the control API at ${trimmed(options.controlUrl)} names no target (its discovery has no "target"): give --admin-key, --workspace-key, --workspace-id and --organization-id`,
    );
  const adapter = controlAdapter({
    ...options,
    capabilities: discovered.capabilities,
    organizationId: target.organizationId,
    runHooks: discovered.discovery.run_hooks === true,
  });
  return { adapter, target, discovered };
}
