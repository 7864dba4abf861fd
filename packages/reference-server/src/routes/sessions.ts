/**
 * Sessions and their resources: session creation (to attach memory stores), the file resources
 * of a session, and token rotation of its repository resources (which test control attaches: their
 * add-resource body is not shown). Mount paths, rotation support, list limit and order, memory-store
 * ownership and attach-time copies come from the spec's session rules.
 */

import {
  type FileSessionResource,
  type MemoryStoreAccess,
  type SessionCreateParams,
  type SessionResourceCreateParams,
  type SessionResourceUpdateParams,
  sessionRules,
} from '@vendor-api/spec';
import { iso } from '../clock.js';
import { ApiError, notFound } from '../errors.js';
import { faultOn } from '../faults/index.js';
import { cursorPage } from '../pagination.js';
import { type HandlerContext, type HandlerMap, ownerOf, sameOwner } from '../state.js';
import type { SessionRecord, SessionResourceRecord } from '../store.js';
import { unstatedOrder } from '../variants/seams.js';

/** Store key of a session's resource. */
export const resourceKey = (sessionId: string, resourceId: string) => `${sessionId}/${resourceId}`;

function findSession(ctx: HandlerContext): SessionRecord {
  const id = String(ctx.path.session_id);
  const session = ctx.state.store.sessions.get(id);
  if (!session || session.deletedAt !== null) throw notFound('session', id);
  ctx.authorizeResource(session);
  return session;
}

function findResource(ctx: HandlerContext, session: SessionRecord): SessionResourceRecord {
  const id = String(ctx.path.resource_id);
  const record = ctx.state.store.sessionResources.get(resourceKey(session.id, id));
  if (!record) throw notFound('session resource', id);
  return record;
}

/** A session's resources ordered by `created_at`, in a direction not stated (UNSPEC-SRES-LIST-ORDER-DIRECTION). */
function resourcesOf(ctx: HandlerContext, sessionId: string): SessionResourceRecord[] {
  return unstatedOrder(
    ctx.state,
    ctx.state.store.sessionResources
      .values()
      .filter((r) => r.sessionId === sessionId)
      .sort((a, b) => a.seq - b.seq),
  );
}

export const handlers: HandlerMap = {
  'sessions.create': (ctx) => {
    const { state } = ctx;
    const owner = ownerOf(ctx);
    const params = ctx.body as SessionCreateParams;
    const now = state.clock.now();
    const session = state.store.sessions.put({
      id: state.ids.next('session'),
      organizationId: owner.organizationId,
      workspaceId: owner.workspaceId,
      createdAt: now,
      archivedAt: null,
      deletedAt: null,
      dreamId: null,
    });
    for (const item of params.resources) {
      if (item.type !== 'memory_store' || !('memory_store_id' in item)) continue;
      const storeId = String(item.memory_store_id);
      const store = state.store.memoryStores.get(storeId);
      if (!store || store.deletedAt !== null) throw notFound('memory store', storeId);
      const problems = sessionRules.checkMemoryStoreOwnership(
        { organization_id: store.organizationId, workspace_id: String(store.workspaceId) },
        { organization_id: owner.organizationId, workspace_id: String(owner.workspaceId) },
      );
      if (problems.length > 0) throw notFound('memory store', storeId);
      const extra = item as { access?: MemoryStoreAccess; instructions?: string };
      const attached = sessionRules.attachMemoryStore(
        { memory_store_id: store.id, name: store.name, description: store.description },
        {
          ...(extra.access !== undefined ? { access: extra.access } : {}),
          ...(extra.instructions !== undefined ? { instructions: extra.instructions } : {}),
        },
      );
      if (!attached.ok) {
        throw new ApiError(400, 'invalid_request_error', attached.problems.map((p) => p.message).join('; '));
      }
      state.store.sessionResources.put({
        id: resourceKey(session.id, store.id),
        sessionId: session.id,
        seq: state.store.nextSeq(),
        resource: { ...attached.resource, created_at: iso(now), updated_at: iso(now) },
      });
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
    const { state } = ctx;
    const session = findSession(ctx);
    const params = ctx.body as SessionResourceCreateParams;
    const file = state.store.files.get(params.file_id);
    if (!file || !sameOwner(file, session)) throw notFound('file', params.file_id);
    const now = iso(state.clock.now());
    const resource: FileSessionResource = {
      id: state.ids.next('sessionResource'),
      file_id: params.file_id,
      // SRES-CREATE-DEFAULT-MOUNT-PATH (seeded fault: the default drops `uploads/`)
      mount_path:
        params.mount_path === undefined && faultOn(state, 'SRES_DEFAULT_MOUNT_PATH_WRONG')
          ? `/mnt/session/${params.file_id}`
          : sessionRules.mountPathFor(params),
      type: 'file',
      created_at: now,
      updated_at: now,
    };
    state.store.sessionResources.put({
      id: resourceKey(session.id, resource.id),
      sessionId: session.id,
      seq: state.store.nextSeq(),
      resource,
    });
    return { status: ctx.endpoint.success.status, body: resource };
  },

  'sessions.resources.list': (ctx) => {
    const session = findSession(ctx);
    const limit = sessionRules.resourceListLimit(ctx.query.limit);
    if (!limit.ok) throw new ApiError(400, 'invalid_request_error', `query.limit: ${limit.problem.message}`);
    const all = resourcesOf(ctx, session.id);
    // SRES-LIST-LIMIT-OMITTED-ALL (seeded fault: one page of 20 when limit is omitted)
    const size =
      limit.limit === 'all' && faultOn(ctx.state, 'SRES_LIST_LIMIT_OMITTED_ONE_PAGE') ? 20 : limit.limit;
    const page = cursorPage(all, (r) => r.id, {
      cursor: ctx.query.page,
      size,
      where: 'query.page',
      // SRES-LIST-NEXT-PAGE-NULL (seeded fault: a cursor on the last page)
      deviations: { nextOnLastPage: faultOn(ctx.state, 'SRES_LIST_NEXT_PAGE_ON_LAST_PAGE') },
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
    const problems = sessionRules.checkRotation(record.resource);
    // SRES-UPDATE-ROTATION-REPO-ONLY (seeded fault: file resources accept rotation)
    const allowed = record.resource.type === 'file' && faultOn(ctx.state, 'SRES_ROTATION_ALLOWED_FOR_FILES');
    // (seeded fault: repository resources refuse it too)
    const refused =
      record.resource.type === 'git_host_repository' &&
      faultOn(ctx.state, 'SRES_ROTATION_REFUSED_FOR_REPOSITORIES');
    if ((problems.length > 0 && !allowed) || refused) {
      const message = refused ? 'rotation refused' : problems.map((p) => p.message).join('; ');
      throw new ApiError(400, 'invalid_request_error', message);
    }
    record.authorizationToken = (ctx.body as SessionResourceUpdateParams).authorization_token;
    record.resource = { ...record.resource, updated_at: iso(ctx.state.clock.now()) };
    return { status: ctx.endpoint.success.status, body: record.resource };
  },

  'sessions.resources.delete': (ctx) => {
    const session = findSession(ctx);
    const record = findResource(ctx, session);
    ctx.state.store.sessionResources.delete(record.id);
    return {
      status: ctx.endpoint.success.status,
      body: {
        id: String(ctx.path.resource_id),
        // SRES-DELETED-SHAPE (seeded fault: the wrong confirmation type)
        type: faultOn(ctx.state, 'SRES_DELETE_CONFIRMATION_TYPE_WRONG')
          ? 'session_resource'
          : 'session_resource_deleted',
      },
    };
  },
};
