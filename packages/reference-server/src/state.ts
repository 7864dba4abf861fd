/**
 * What every handler can reach: the vendor and its spec, the clock, the id generator, the store,
 * the background timings and the seeded demo organization; and the handler contract itself.
 */
import {
  type access,
  type BodyOf,
  type Endpoint,
  type OperationId,
  type PathParamsOf,
  type QueryOf,
  type Vendor,
  type VendorSpec,
  workspaceRules,
} from '@vendor-api/spec';
import type { Choices } from './choices/table.js';
import type { Clock } from './clock.js';
import { apiError, refused } from './errors.js';

type PresentedCredential = access.PresentedCredential;

import type { IdGenerator } from './ids.js';
import type { Schedule } from './lifecycle/schedule.js';
import { ownerKey, type Store } from './store.js';

/** How long background work takes on its own (null: never on its own, only through test control). */
export interface Timings {
  /** From batch creation to the end of processing (must be under 24 h to beat the expiry). */
  readonly batchProcessingMs: number | null;
  /** From dream creation to the pipeline start. */
  readonly dreamStartMs: number | null;
  /** From the pipeline start to its success. */
  readonly dreamRunMs: number | null;
}

export const DEFAULT_TIMINGS: Timings = {
  batchProcessingMs: 60_000,
  dreamStartMs: 1_000,
  dreamRunMs: 60_000,
};

/** The organization, workspace and keys seeded at start. */
export interface Demo {
  readonly organizationId: string;
  readonly workspaceId: string;
  readonly adminKey: string;
  readonly workspaceKey: string;
}

export interface ServerState {
  readonly vendor: Vendor;
  readonly spec: VendorSpec;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly store: Store;
  readonly timings: Timings;
  readonly demo: Demo;
  /**
   * What the server chooses at every choice point: the table's defaults, patched by the variants
   * it started with and the seeded faults switched on.
   */
  readonly choices: Choices;
  /** The seeded faults switched on (none by default), by name; test control switches them. */
  readonly faults: { list(): string[]; set(names: readonly string[]): void };
  /** Most batches, dreams and sessions one workspace may hold, each (UNSPEC-WS-STORED-OBJECTS-CAP). */
  readonly storedObjectsCap: number;
  /** Background happenings by due instant (`catchUp` applies the due ones). */
  readonly schedule: Schedule;
  /** Applies every background happening due at the clock's current time. */
  catchUp(): void;
}

/** The authenticated caller of a request. */
export interface Caller {
  readonly kind: Exclude<PresentedCredential['kind'], 'none'>;
  readonly organizationId: string;
  /** Workspace of a workspace key or token (null: the Default Workspace); null for admin keys. */
  readonly workspaceId: string | null;
  readonly presented: PresentedCredential;
  /** The store id of the API key used (null for access tokens). */
  readonly apiKeyId: string | null;
}

/** Who owns a stored resource: an organization and one of its workspaces (null: its Default Workspace). */
export interface ResourceOwner {
  readonly organizationId: string;
  readonly workspaceId: string | null;
}

/** Whether two owners are the same workspace of the same organization (Default Workspaces are null). */
export const sameOwner = (a: ResourceOwner, b: ResourceOwner): boolean =>
  a.organizationId === b.organizationId && a.workspaceId === b.workspaceId;

/** A part of a request an operation does not take: nothing. */
type Part<T> = [T] extends [never] ? Readonly<Record<string, never>> : T;

/**
 * What a handler of operation `K` is given: its path parameters, query and body typed by the
 * operation's schemas (the pipeline validated them with the operation's validators).
 */
export interface HandlerContext<K extends OperationId = OperationId> {
  readonly state: ServerState;
  readonly endpoint: Endpoint;
  /** Null only on endpoints that take no credential (the token exchange). */
  readonly caller: Caller | null;
  readonly path: Part<PathParamsOf<K>>;
  readonly query: Part<QueryOf<K>>;
  readonly body: BodyOf<K>;
  /**
   * What the server takes beyond the documents, set aside before validation, by name: query
   * parameters they do not show, a body of a kind they do not show (`resource`).
   */
  readonly unshown: Readonly<Record<string, unknown>>;
  /** `<scheme>://<host>` the client used: absolute URLs this server serves start with it. */
  readonly origin: string;
  /**
   * Whether the caller may reach a resource owned by a workspace of an organization (spec
   * `authorize` with `resourceWorkspaceId`). A resource it may not reach is answered as unknown.
   */
  owns(owner: ResourceOwner): boolean;
}

export interface HandlerResult {
  readonly status: number;
  readonly body: unknown;
  /** Defaults to JSON. */
  readonly contentType?: 'application/json' | 'application/x-ndjson' | 'text/event-stream';
}

/**
 * Refuses to store one more object of a kind (`what`, plural) in a workspace that holds the most
 * it may (UNSPEC-WS-STORED-OBJECTS-CAP): a count of the workspace's own records, never a scan.
 */
export function checkStoredObjects(
  state: ServerState,
  table: { groupSize(index: 'owner', key: string): number },
  owner: ResourceOwner,
  what: string,
): void {
  const check = workspaceRules.canStoreObject(
    what,
    table.groupSize('owner', ownerKey(owner)),
    state.storedObjectsCap,
  );
  if (!check.ok) throw refused(check);
}

/** The caller's organization and workspace; throws 401 on an endpoint reached without a credential. */
export function ownerOf(ctx: HandlerContext): ResourceOwner {
  if (ctx.caller === null) throw apiError('credential_required');
  return { organizationId: ctx.caller.organizationId, workspaceId: ctx.caller.workspaceId };
}

export type Handler<K extends OperationId = OperationId> = (
  ctx: HandlerContext<K>,
) => HandlerResult | Promise<HandlerResult>;

/** A handler for every operation of the spec, by operation id (`dreams.cancel`), typed by it. */
export type HandlerMap = { readonly [K in OperationId]: Handler<K> };

/**
 * Handlers of some operations (one resource family's, or a server's replacements): an id the
 * spec does not have does not compile. The families' maps make up a `HandlerMap`.
 */
export type SomeHandlers = { readonly [K in OperationId]?: Handler<K> };

export type { IdGenerator };
