/**
 * The adapter of the reference server, over its test-control API (`/_test/...`, mounted when the
 * server starts with test control). It doubles as the worked example of an adapter.
 */
import { TEST_CONTROL_TOKEN_HEADER } from '@vendor-api/reference-server';
import { request } from 'undici';
import type { Adapter, BatchDrive, DreamDrive, OrganizationRoleName, Target, Workspace } from '../adapter.js';
import type { Capability } from '../capabilities.js';
import { adminMethods } from './reference-admin.js';
import { federationMethods } from './reference-federation.js';

export class TestControlError extends Error {
  override readonly name = 'TestControlError';
}

/** How the area files reach the test-control API. */
export interface TestControl {
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>;
  /** Like `call`, but a status of 300 or more throws a TestControlError. */
  ok<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** The methods an area adds to the adapter, and the capabilities they provide. */
export interface AreaMethods {
  readonly capabilities: readonly Capability[];
  readonly methods: Partial<Adapter>;
}

/** Where the server's test control answers. */
const testControlBase = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/_test`;

/** How the adapter reaches test control. */
export interface ReferenceAdapterOptions {
  /** The token the server printed at start (`control token:`); every test-control call carries it. */
  readonly testControlToken?: string;
}

/** The header carrying the test-control token, when one is given. */
const tokenHeader = (options: ReferenceAdapterOptions): Record<string, string> =>
  options.testControlToken === undefined ? {} : { [TEST_CONTROL_TOKEN_HEADER]: options.testControlToken };

/**
 * The target of the seeded (demo) organization, as test control's state gives it
 * (`GET /_test/state`): its admin key, its workspace with a workspace key, its id. A TestControlError when the server answers without test control (started without
 * it).
 */
export async function referenceTarget(
  baseUrl: string,
  options: ReferenceAdapterOptions = {},
): Promise<Target> {
  const url = `${testControlBase(baseUrl)}/state`;
  const r = await request(url, { method: 'GET', headers: tokenHeader(options), headersTimeout: 10_000 });
  const text = await r.body.text();
  if (r.statusCode === 401)
    throw new TestControlError(`GET ${url} answered 401: give the server's test-control token`);
  if (r.statusCode !== 200) throw new TestControlError(`GET ${url} answered ${r.statusCode}`);
  let demo: Partial<Record<'organizationId' | 'workspaceId' | 'adminKey' | 'workspaceKey', unknown>> = {};
  try {
    demo = (JSON.parse(text) as { demo?: typeof demo }).demo ?? {};
  } catch {
    /* not test control's answer */
  }
  const { organizationId, workspaceId, adminKey, workspaceKey } = demo;
  if (
    typeof organizationId !== 'string' ||
    typeof workspaceId !== 'string' ||
    typeof adminKey !== 'string' ||
    typeof workspaceKey !== 'string'
  )
    throw new TestControlError(`GET ${url} names no seeded organization with its keys`);
  return { baseUrl, adminKey, workspace: { id: workspaceId, apiKey: workspaceKey }, organizationId };
}

export function referenceAdapter(baseUrl: string, options: ReferenceAdapterOptions = {}): Adapter {
  const base = testControlBase(baseUrl);
  const token = tokenHeader(options);
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const r = await request(base + path, {
      method,
      headers: body === undefined ? token : { ...token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* keep the text */
    }
    return { status: r.statusCode, body: parsed };
  }
  async function ok<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const r = await call(method, path, body);
    if (r.status >= 300)
      throw new TestControlError(
        `test control ${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`,
      );
    return r.body as T;
  }

  const capabilities = new Set<Capability>([
    'clock',
    'memory-stores',
    'memory-store-rename',
    'memory-store-state',
    'sessions',
    'session-state',
    'session-repositories',
    'files',
    'drive-dreams',
    'drive-batches',
    'batch-internal-errors',
    'batch-partial-processing',
    'faults',
    'workspaces',
    'users',
  ]);
  let organizationId: string | undefined;
  async function demoOrganization(): Promise<string> {
    if (organizationId === undefined) {
      const s = await ok<{ demo: { organizationId: string } }>('GET', '/state');
      organizationId = s.demo.organizationId;
    }
    return organizationId;
  }
  const tc: TestControl = { call, ok };
  let frozeTheClock = false;
  const areas = [federationMethods(tc), adminMethods(tc)];
  for (const area of areas) for (const c of area.capabilities) capabilities.add(c);
  return {
    ...Object.assign({}, ...areas.map((a) => a.methods)),
    name: 'reference-server',
    capabilities,
    // The suite keeps time itself: a server on the running wall clock stands still for the run and
    // moves only when the suite advances it; after the run it runs on from where the suite left it.
    // A manual clock, or one frozen before the run, is left as it was.
    async setup() {
      const s = await ok<{ clock: string }>('GET', '/state');
      if (s.clock !== 'wall') return;
      await ok('POST', '/clock/freeze');
      frozeTheClock = true;
    },
    async teardown() {
      if (!frozeTheClock) return;
      frozeTheClock = false;
      await ok('POST', '/clock/resume');
    },
    async advanceClock(ms: number) {
      await ok('POST', '/clock/advance', { ms });
    },
    async now() {
      const s = await ok<{ now: string }>('GET', '/state');
      return Date.parse(s.now);
    },
    async createWorkspace(name?: string) {
      const org = await demoOrganization();
      const r = await ok<{ id: string; workspace_key: string }>(
        'POST',
        `/organizations/${encodeURIComponent(org)}/workspaces`,
        name === undefined ? {} : { name },
      );
      return { id: r.id, apiKey: r.workspace_key };
    },
    async createUser(organizationRole: OrganizationRoleName) {
      const org = await demoOrganization();
      const r = await ok<{ user_id: string }>('POST', `/organizations/${encodeURIComponent(org)}/users`, {
        role: organizationRole,
      });
      return { user_id: r.user_id };
    },
    async createFile(workspace: Workspace) {
      const r = await ok<{ id: string }>('POST', '/files', { workspace_id: workspace.id });
      return { id: r.id };
    },
    async createMemoryStore(workspace: Workspace, options = {}) {
      const r = await ok<{ id: string }>('POST', '/memory_stores', {
        workspace_id: workspace.id,
        ...options,
      });
      return { id: r.id };
    },
    async changeMemoryStore(id: string, change: 'archive' | 'delete') {
      return change === 'archive'
        ? call('POST', `/memory_stores/${encodeURIComponent(id)}/archive`)
        : call('POST', `/memory_stores/${encodeURIComponent(id)}/delete`);
    },
    async memoryStoreState(id: string) {
      const r = await ok<{ archived: boolean; deleted: boolean; digest: string | null }>(
        'GET',
        `/memory_stores/${encodeURIComponent(id)}`,
      );
      return { archived: r.archived, deleted: r.deleted, digest: r.digest };
    },
    async createSession(workspace: Workspace) {
      const r = await ok<{ id: string }>('POST', '/sessions', { workspace_id: workspace.id });
      return { id: r.id };
    },
    async changeSession(id: string, change: 'archive' | 'delete') {
      return call('POST', `/sessions/${encodeURIComponent(id)}/${change}`);
    },
    async sessionState(id: string) {
      const r = await ok<{ archived: boolean; deleted: boolean }>(
        'GET',
        `/sessions/${encodeURIComponent(id)}`,
      );
      return { archived: r.archived, deleted: r.deleted };
    },
    async renameMemoryStore(id: string, name: string) {
      await ok('POST', `/memory_stores/${encodeURIComponent(id)}/rename`, { name });
    },
    async attachRepository(sessionId, repository) {
      const r = await ok<{ id: string }>(
        'POST',
        `/sessions/${encodeURIComponent(sessionId)}/repositories`,
        repository,
      );
      return { id: r.id };
    },
    async driveDream(id: string, drive: DreamDrive) {
      const action = drive.action === 'succeed' ? 'complete' : drive.action;
      await ok('POST', `/dreams/${encodeURIComponent(id)}/${action}`, drive);
    },
    async driveBatch(id: string, drive: BatchDrive) {
      const errors = drive.internalErrors === undefined ? {} : { internal_errors: drive.internalErrors };
      if (drive.customIds !== undefined) {
        await ok('POST', `/batches/${encodeURIComponent(id)}/process`, {
          custom_ids: drive.customIds,
          ...errors,
        });
        return;
      }
      await ok('POST', `/batches/${encodeURIComponent(id)}/complete`, errors);
    },
    async setFaults(names: readonly string[]) {
      await ok('POST', '/faults', { names });
    },
  };
}
