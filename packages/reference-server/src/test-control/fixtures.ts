/**
 * Test control of the fixtures the documents give no create endpoint for: memory stores (and
 * their renaming), sessions, a session's repository resources, and files. A fixture belongs to
 * the workspace its body names (`workspace_id`), else to the demo workspace.
 *
 *   POST /_test/memory_stores             {workspace_id?, name?, description?}
 *   POST /_test/memory_stores/:id/rename  {name}
 *   POST /_test/sessions                  {workspace_id?}
 *   POST /_test/sessions/:id/repositories {url, authorization_token, mount_path?, checkout?}
 *   POST /_test/files                     {workspace_id?, filename?}
 */
import { type GitHostRepositorySessionResource, sessionRules } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import type { FastifyInstance } from 'fastify';
import { iso } from '../clock.js';
import { notFound } from '../errors.js';
import { repositoryMountPath, resourceKey } from '../sessions/handlers.js';
import type { ResourceOwner, ServerState } from '../state.js';
import { BodyFields, controlRoute } from './common.js';

/**
 * The owner of a fixture: the workspace the body names (`workspace_id`: an id, or a Default
 * Workspace's store key), else the demo workspace; its organization comes from the workspace.
 */
function ownerFor(state: ServerState, body: BodyFields): ResourceOwner {
  const id = body.string('workspace_id') ?? state.demo.workspaceId;
  const workspace = state.store.workspaces.get(id);
  if (!workspace) throw notFound('workspace', id);
  return { organizationId: workspace.organizationId, workspaceId: workspace.isDefault ? null : workspace.id };
}

export function registerFixturesTestControl(app: FastifyInstance, state: ServerState): void {
  app.post(controlRoute('memory-stores.create'), async (request) => {
    const body = BodyFields.of(request.body);
    const { organizationId, workspaceId } = ownerFor(state, body);
    const record = state.store.memoryStores.put({
      id: state.ids.next('memoryStore'),
      organizationId,
      workspaceId,
      name: body.string('name') ?? 'memory store',
      description: body.string('description') ?? null,
      createdAt: state.clock.now(),
      archivedAt: null,
      deletedAt: null,
      populatedBy: null,
      memories: [],
    });
    return { id: record.id, name: record.name, description: record.description, workspace_id: workspaceId };
  });

  app.post(controlRoute('sessions.create'), async (request) => {
    const { organizationId, workspaceId } = ownerFor(state, BodyFields.of(request.body));
    const session = state.store.sessions.put({
      id: state.ids.next('session'),
      organizationId,
      workspaceId,
      createdAt: state.clock.now(),
      archivedAt: null,
      deletedAt: null,
      dreamId: null,
    });
    return { id: session.id, workspace_id: workspaceId };
  });

  // A git_host_repository resource of a session: the add-resource body of repositories is not
  // shown, so only test control attaches one. The resource is shaped by the spec's schema
  // (SRES-REPO-FIELDS, SRES-REPO-CHECKOUT-*); its token is kept, never answered.
  app.post<{ Params: { session_id: string } }>(controlRoute('sessions.repositories'), async (request) => {
    const session = state.store.sessions.get(request.params.session_id);
    if (!session || session.deletedAt !== null) throw notFound('session', request.params.session_id);
    const body = BodyFields.of(request.body);
    const url = body.required('url');
    const authorizationToken = body.required('authorization_token');
    const mountPath = body.string('mount_path');
    let checkout = body.values.checkout as GitHostRepositorySessionResource['checkout'];
    if (checkout !== undefined) {
      const valid = validateSchema('GitHostRepositoryCheckout', checkout);
      if (!valid.ok) throw body.refuse('checkout', valid.issues[0]?.message ?? 'is invalid');
      // SRES-REPO-CHECKOUT-COMMIT: the commit as given.
      if (checkout.type === 'commit')
        checkout = { ...checkout, sha: state.choices.checkoutCommit(checkout.sha) };
    }
    const id = state.ids.next('sessionResource');
    const now = iso(state.clock.now());
    const resource: GitHostRepositorySessionResource = {
      id,
      mount_path: mountPath ?? repositoryMountPath(id),
      type: 'git_host_repository',
      created_at: now,
      updated_at: now,
      url,
      ...(checkout === undefined ? {} : { checkout }),
    };
    state.store.sessionResources.put({
      id: resourceKey(session.id, id),
      sessionId: session.id,
      seq: state.store.nextSeq(),
      resource,
      authorizationToken,
    });
    return resource;
  });

  // Renaming a memory store (its update endpoint is not shown). Resources that attached it keep
  // the name copied at attach time (SRES-MEMSTORE-NAME-NO-PROPAGATE, the spec's `afterStoreRename`).
  app.post<{ Params: { memory_store_id: string } }>(controlRoute('memory-stores.rename'), async (request) => {
    const store = state.store.memoryStores.get(request.params.memory_store_id);
    if (!store || store.deletedAt !== null) throw notFound('memory store', request.params.memory_store_id);
    const name = BodyFields.of(request.body).required('name');
    store.name = name;
    for (const record of state.store.sessionResources.values()) {
      const r = record.resource;
      if (r.type !== 'memory_store' || r.memory_store_id !== store.id) continue;
      record.resource = state.choices.storeRenamePropagates
        ? { ...r, name }
        : sessionRules.afterStoreRename(r, name);
    }
    return { id: store.id, name: store.name };
  });

  app.post(controlRoute('files.create'), async (request) => {
    const body = BodyFields.of(request.body);
    const { organizationId, workspaceId } = ownerFor(state, body);
    const file = state.store.files.put({
      id: state.ids.next('file'),
      organizationId,
      workspaceId,
      filename: body.string('filename') ?? 'file.txt',
      createdAt: state.clock.now(),
    });
    return { id: file.id, filename: file.filename, workspace_id: workspaceId };
  });
}
