/**
 * Sessions and their resources: session creation (to attach memory stores), the file resources
 * of a session, and token rotation of its repository resources (which test control attaches: their
 * add-resource body is not shown). Mount paths, rotation support, list limit and order, memory-store
 * ownership and attach-time copies come from the spec's session rules.
 */

import {
  type FileSessionResource,
  type GitHostRepositorySessionResource,
  idPrefix,
  type MemoryStoreAccess,
  MemoryStoreId,
  type MemoryStoreSessionResource,
  type SessionResourceCreateParams,
  sessionRules,
} from '@vendor-api/spec';
import { iso } from '../clock.js';
import { apiError, notFound } from '../errors.js';
import {
  checkStoredObjects,
  type HandlerContext,
  ownerOf,
  type ResourceOwner,
  type SomeHandlers,
  sameOwner,
} from '../state.js';
import type { SessionRecord, SessionResourceRecord } from '../store.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Store key of a session's resource. */
export const resourceKey = (sessionId: string, resourceId: string) => `${sessionId}/${resourceId}`;

/** The operations on one resource of a session. */
type OnResource = HandlerContext<
  'sessions.resources.retrieve' | 'sessions.resources.update' | 'sessions.resources.delete'
>;

function findSession(
  ctx: OnResource | HandlerContext<'sessions.resources.create' | 'sessions.resources.list'>,
) {
  const id = ctx.path.session_id;
  const session = ctx.state.store.sessions.get(id);
  // Another workspace's session is answered exactly as an unknown id (AUTH-KEY-ONE-WORKSPACE).
  if (!session || session.deletedAt !== null || !ctx.owns(session)) throw notFound('session', id);
  return session;
}

function findResource(ctx: OnResource, session: SessionRecord): SessionResourceRecord {
  const id = ctx.path.resource_id;
  const record = ctx.state.store.sessionResources.get(resourceKey(session.id, id));
  if (!record) throw notFound('session resource', id);
  return record;
}

/** A session's resources ordered by `created_at`, in a direction not stated (UNSPEC-SRES-LIST-ORDER-DIRECTION). */
function resourcesOf(ctx: HandlerContext, sessionId: string): SessionResourceRecord[] {
  return ctx.state.choices.unstatedOrder(
    ctx.state.store.sessionResources.group('session', sessionId).sort((a, b) => a.seq - b.seq),
  );
}

/** The file of an id, when the owner (a session's workspace) has it; 404 otherwise. */
function ownedFile(ctx: HandlerContext, owner: ResourceOwner, fileId: string): void {
  const file = ctx.state.store.files.get(fileId);
  if (!file || !sameOwner(file, owner)) throw notFound('file', fileId);
}

/** Adds a file resource to a session (SRES-CREATE-FILE-BODY, SRES-CREATE-*-MOUNT-PATH). */
function addFile(ctx: HandlerContext, session: SessionRecord, params: SessionResourceCreateParams) {
  const { state } = ctx;
  ownedFile(ctx, session, params.file_id);
  const now = iso(state.clock.now());
  const resource: FileSessionResource = {
    id: state.ids.next('sessionResource'),
    file_id: params.file_id,
    // SRES-CREATE-DEFAULT-MOUNT-PATH
    mount_path: state.choices.mountPathFor(params),
    type: 'file',
    created_at: now,
    updated_at: now,
  };
  return keep(ctx, session, resource.id, resource);
}

/** Stores a resource of a session under its key (a memory store's: its `memory_store_id`). */
function keep<R extends SessionResourceRecord['resource']>(
  ctx: HandlerContext,
  session: SessionRecord,
  key: string,
  resource: R,
  authorizationToken?: string,
): R {
  ctx.state.store.sessionResources.put({
    id: resourceKey(session.id, key),
    sessionId: session.id,
    seq: ctx.state.store.nextSeq(),
    resource,
    ...(authorizationToken === undefined ? {} : { authorizationToken }),
  });
  return resource;
}

type MemoryStoreItem = {
  readonly memory_store_id: unknown;
  readonly access?: MemoryStoreAccess;
  readonly instructions?: string;
};

/**
 * Attaches a memory store of the caller's organization and workspace to a session
 * (SRES-MEMSTORE-ID-PREFIX, SRES-MEMSTORE-*-COPIED); its shape beyond the documented fields is a
 * seam's choice.
 */
function attachStore(
  ctx: HandlerContext,
  session: SessionRecord,
  owner: ResourceOwner,
  item: MemoryStoreItem,
) {
  const attachment = storeAttachment(ctx, owner, item);
  return keep(ctx, session, attachment.memory_store_id, attachment);
}

/** The attachment of a memory store item, checked and not yet stored (404 for another workspace's store). */
function storeAttachment(ctx: HandlerContext, owner: ResourceOwner, item: MemoryStoreItem) {
  const { state } = ctx;
  const storeId = String(item.memory_store_id);
  const store = state.store.memoryStores.get(storeId);
  if (!store || store.deletedAt !== null) throw notFound('memory store', storeId);
  const problems = sessionRules.checkMemoryStoreOwnership(
    { organization_id: store.organizationId, workspace_id: String(store.workspaceId) },
    { organization_id: owner.organizationId, workspace_id: String(owner.workspaceId) },
  );
  if (problems.length > 0) throw notFound('memory store', storeId);
  const attached = sessionRules.attachMemoryStore(
    { memory_store_id: store.id, name: store.name, description: store.description },
    {
      ...(item.access !== undefined ? { access: item.access } : {}),
      ...(item.instructions !== undefined ? { instructions: item.instructions } : {}),
    },
  );
  if (!attached.ok) {
    throw apiError('bad_request', { problem: attached.problems.map((p) => p.message).join('; ') });
  }
  return state.choices.memoryStoreAttachment(attached.resource, iso(state.clock.now()));
}

/**
 * Where the reference server mounts a repository when test control gives no `mount_path`: the
 * documents show no rule (UNSPEC-SRES-MOUNT-PATH-RULES); this is the server's own choice.
 */
export const repositoryMountPath = (resourceId: string) => `/mnt/session/repositories/${resourceId}`;

const isCheckout = (x: unknown): x is NonNullable<GitHostRepositorySessionResource['checkout']> =>
  typeof x === 'object' && x !== null;

/** Adds a repository resource (its add body is not shown: only a variant takes one). */
function addRepository(ctx: HandlerContext, session: SessionRecord, body: Record<string, unknown>) {
  const { state } = ctx;
  const id = state.ids.next('sessionResource');
  const now = iso(state.clock.now());
  const resource: GitHostRepositorySessionResource = {
    id,
    mount_path: typeof body.mount_path === 'string' ? body.mount_path : repositoryMountPath(id),
    type: 'git_host_repository',
    created_at: now,
    updated_at: now,
    url: String(body.url),
    ...(isCheckout(body.checkout) ? { checkout: body.checkout } : {}),
  };
  const token = typeof body.authorization_token === 'string' ? body.authorization_token : undefined;
  return keep(ctx, session, id, resource, token);
}

const COMMIT_SHA = /^[0-9a-f]{40}$/;

/**
 * What is wrong with an add-resource body of another kind (UNSPEC-SRES-CREATE-OTHER-KINDS,
 * UNSPEC-SRES-REPO-URL-FORMAT, UNSPEC-SRES-REPO-SHA-FORMAT), or null. Only bodies the server
 * admits beyond the documents reach it.
 */
function otherKindProblem(body: JsonObject): string | null {
  const optionalString = (name: string) =>
    body[name] === undefined || typeof body[name] === 'string' ? null : `body.${name}: must be a string`;
  if (body.type === 'memory_store') {
    const prefix = idPrefix(MemoryStoreId);
    if (typeof body.memory_store_id !== 'string' || !body.memory_store_id.startsWith(prefix))
      return `body.memory_store_id: a ${prefix} identifier is required`;
    return optionalString('instructions') ?? optionalString('access');
  }
  let url: URL | null = null;
  try {
    url = typeof body.url === 'string' ? new URL(body.url) : null;
  } catch {
    url = null;
  }
  if (url === null || url.protocol !== 'https:') return 'body.url: an https URL is required';
  const checkout = body.checkout;
  if (checkout !== undefined) {
    if (!isObject(checkout)) return 'body.checkout: must be an object';
    if (checkout.type === 'branch' && typeof checkout.name === 'string' && checkout.name !== '') return null;
    if (checkout.type === 'commit' && typeof checkout.sha === 'string' && COMMIT_SHA.test(checkout.sha))
      return null;
    return 'body.checkout: a branch name, or a commit sha of 40 lowercase hexadecimal digits';
  }
  return optionalString('mount_path') ?? optionalString('authorization_token');
}

/** Per server (by its store): the deletion confirmations of the resources deleted so far. */
const confirmations = new WeakMap<object, Map<string, unknown>>();

export const handlers = {
  'sessions.create': (ctx) => {
    const { state } = ctx;
    const owner = ownerOf(ctx);
    const params = ctx.body;
    const now = state.clock.now();
    checkStoredObjects(state, state.store.sessions, owner, 'sessions');
    // Every item is checked before anything is stored: a refused request leaves no session behind.
    // Items of other kinds are accepted unchecked (UNSPEC-SESS-CREATE-RESOURCE-KINDS).
    type Pending = { readonly fileId: string } | { readonly store: MemoryStoreSessionResource };
    const items = params.resources.flatMap((item): Pending[] => {
      if (item.type === 'file' && 'file_id' in item && state.choices.fileItemsAttached) {
        const fileId = String(item.file_id);
        ownedFile(ctx, owner, fileId);
        return [{ fileId }];
      }
      if (item.type !== 'memory_store' || !('memory_store_id' in item)) return [];
      return [{ store: storeAttachment(ctx, owner, item as MemoryStoreItem) }];
    });
    const session = state.store.sessions.put({
      id: state.ids.next('session'),
      organizationId: owner.organizationId,
      workspaceId: owner.workspaceId,
      createdAt: now,
      archivedAt: null,
      deletedAt: null,
      dreamId: null,
    });
    for (const item of items) {
      if ('fileId' in item) addFile(ctx, session, { type: 'file', file_id: item.fileId });
      else keep(ctx, session, item.store.memory_store_id, item.store);
    }
    // The response body is not shown (UNSPEC-SESS-CREATE-RESPONSE): the session's id and resources.
    return {
      status: ctx.endpoint.success.status,
      body: {
        id: session.id,
        type: 'session',
        resources: resourcesOf(ctx, session.id).map((r) => r.resource),
      },
    };
  },

  'sessions.resources.create': (ctx) => {
    const session = findSession(ctx);
    // The add-resource body of the other kinds is not shown (UNSPEC-SRES-CREATE-OTHER-KINDS): one
    // the server takes is set aside before validation.
    const other = ctx.unshown.resource;
    const mountPath = isObject(other) ? other.mount_path : ctx.body.mount_path;
    // Caller-chosen mount paths are not constrained by the documents (UNSPEC-SRES-MOUNT-PATH-RULES).
    const used = resourcesOf(ctx, session.id).flatMap((r) =>
      'mount_path' in r.resource ? [r.resource.mount_path] : [],
    );
    const mountProblem = ctx.state.choices.mountPathProblem(
      typeof mountPath === 'string' ? mountPath : undefined,
      used,
    );
    if (mountProblem !== null) throw apiError('bad_request', { problem: mountProblem });
    if (!isObject(other))
      return { status: ctx.endpoint.success.status, body: addFile(ctx, session, ctx.body) };
    const problem = otherKindProblem(other);
    if (problem !== null) throw apiError('bad_request', { problem });
    const resource =
      other.type === 'memory_store'
        ? attachStore(ctx, session, ownerOf(ctx), other as MemoryStoreItem)
        : addRepository(ctx, session, other);
    return { status: ctx.endpoint.success.status, body: resource };
  },

  'sessions.resources.list': (ctx) => {
    const session = findSession(ctx);
    // SRES-LIST-LIMIT-OMITTED-ALL: every resource when the limit is omitted.
    const limit = ctx.state.choices.resourceListLimit(ctx.query.limit);
    if (!limit.ok) throw apiError('query_limit', { problem: limit.problem.message });
    const all = resourcesOf(ctx, session.id);
    // SRES-LIST-NEXT-PAGE-NULL: no cursor on the last page.
    const page = ctx.state.choices.resourcePage(all, (r) => r.id, {
      cursor: ctx.query.page,
      size: limit.limit,
      where: 'query.page',
    });
    return {
      status: ctx.endpoint.success.status,
      body: { data: page.data.map((r) => r.resource), next_page: page.next_page },
    };
  },

  'sessions.resources.retrieve': (ctx) => {
    const session = findSession(ctx);
    return { status: ctx.endpoint.success.status, body: findResource(ctx, session).resource };
  },

  'sessions.resources.update': (ctx) => {
    const session = findSession(ctx);
    const record = findResource(ctx, session);
    // SRES-UPDATE-ROTATION-REPO-ONLY
    const problems = ctx.state.choices.checkRotation(record.resource);
    if (problems.length > 0) {
      throw apiError('bad_request', { problem: problems.map((p) => p.message).join('; ') });
    }
    const token = ctx.body.authorization_token;
    record.authorizationToken = token;
    // Whether anything of the token is shown is not stated (UNSPEC-SRES-UPDATE-TOKEN-ECHO).
    record.resource = {
      ...record.resource,
      updated_at: iso(ctx.state.clock.now()),
      ...ctx.state.choices.rotatedTokenEcho(token),
    };
    return { status: ctx.endpoint.success.status, body: record.resource };
  },

  'sessions.resources.delete': (ctx) => {
    const session = findSession(ctx);
    const key = resourceKey(session.id, ctx.path.resource_id);
    // A resource deleted before (UNSPEC-SRES-DELETE-REPEATED): unknown, or confirmed again.
    const again = ctx.state.choices.deletionRepeated
      ? confirmations.get(ctx.state.store)?.get(key)
      : undefined;
    if (again !== undefined && !ctx.state.store.sessionResources.get(key))
      return { status: ctx.endpoint.success.status, body: again };
    const record = findResource(ctx, session);
    ctx.state.store.sessionResources.delete(record.id);
    const confirmation = {
      id: ctx.path.resource_id,
      // SRES-DELETED-SHAPE
      type: 'session_resource_deleted',
    };
    if (ctx.state.choices.deletionRepeated) {
      const kept = confirmations.get(ctx.state.store) ?? new Map<string, unknown>();
      confirmations.set(ctx.state.store, kept.set(key, confirmation));
    }
    return { status: ctx.endpoint.success.status, body: confirmation };
  },
} satisfies SomeHandlers;
