/**
 * The test-control API (off unless the server starts with `testControl: true`): what the
 * documents give no endpoint for. Provision memory stores (and rename them), sessions, their
 * repository resources, and files; move the clock;
 * drive a dream's pipeline or a batch's processing. Every state change still goes through the
 * spec's `step` (via the lifecycle modules); a happening the machine calls impossible is a 409.
 */

import { batchRules, type GitHostRepositorySessionResource, sessionRules } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import type { FastifyInstance } from 'fastify';
import { clockMode, isMovableClock, iso, type MovableClock, SandboxClock } from './clock.js';
import { ApiError, notFound } from './errors.js';
import { FAULTS, faultOn } from './faults/index.js';
import { type AnyStep, applyDreamEvent, inputStoreId, startPipeline } from './lifecycle/dreams.js';
import {
  applyBatchEvent,
  DEFAULT_INTERNAL_ERROR_TYPE,
  type Processing,
} from './lifecycle/message-batches.js';
import { repositoryMountPath, resourceKey } from './routes/sessions.js';
import type { ResourceOwner, ServerState } from './state.js';
import type { BatchRecord } from './store.js';
import { registerAdminTestControl } from './test-control-admin.js';
import { registerFederationTestControl } from './test-control-federation.js';
import { registerLifecycleTestControl } from './test-control-lifecycle.js';

export const TEST_CONTROL_PREFIX = '/_test';

type Body = Record<string, unknown> | undefined;

const str = (body: Body, key: string): string | undefined =>
  typeof body?.[key] === 'string' ? (body[key] as string) : undefined;

function checkStep(result: AnyStep, what: string): AnyStep {
  const kind = result.outcome.kind;
  if (kind === 'impossible') throw new ApiError(409, 'invalid_request_error', `${what} cannot happen now`);
  if (kind === 'error') {
    throw new ApiError(
      result.outcome.status,
      result.outcome.errorType ?? 'invalid_request_error',
      `${what} refused`,
    );
  }
  return result;
}

/** A required non-empty string field of a test-control body. */
function required(body: Body, key: string): string {
  const value = str(body, key);
  if (value === undefined || value === '') {
    throw new ApiError(400, 'invalid_request_error', `body.${key}: must be a non-empty string`);
  }
  return value;
}

/**
 * The processing test control asks of a batch: `internal_errors` (custom ids of its requests
 * that meet an internal error) and their `error_type`: one a client may retry as it is, so not
 * the type of an invalid request (the spec's `batchRules.isRetryable`, BATCH-RESULT-ERRORED-CAUSES).
 */
function processingOf(body: Body, record: BatchRecord): Processing {
  const ids = body?.internal_errors ?? [];
  const known = new Set(record.requests.map((r) => r.custom_id));
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && known.has(id))) {
    throw new ApiError(
      400,
      'invalid_request_error',
      "body.internal_errors: must list custom ids of the batch's requests",
    );
  }
  const errorType = body?.error_type ?? DEFAULT_INTERNAL_ERROR_TYPE;
  if (typeof errorType !== 'string' || !batchRules.isRetryable(errorType)) {
    throw new ApiError(
      400,
      'invalid_request_error',
      'body.error_type: must be an error type a client may retry (not the type of an invalid request)',
    );
  }
  return { internalErrors: new Map((ids as string[]).map((id) => [id, errorType])) };
}

/**
 * The owner of a fixture: the workspace the body names (`workspace_id`: an id, or a Default
 * Workspace's store key), else the demo workspace; its organization comes from the workspace.
 */
function ownerFor(state: ServerState, body: Body): ResourceOwner {
  const id = str(body, 'workspace_id') ?? state.demo.workspaceId;
  const workspace = state.store.workspaces.get(id);
  if (!workspace) throw notFound('workspace', id);
  return { organizationId: workspace.organizationId, workspaceId: workspace.isDefault ? null : workspace.id };
}

export function registerTestControl(app: FastifyInstance, state: ServerState): void {
  const p = TEST_CONTROL_PREFIX;

  // `GET /_test/`: every test-control route, as registered.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${p}/`)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
  app.get(`${p}/`, async () => ({ routes }));

  app.get(`${p}/state`, async () => ({
    now: iso(state.clock.now()),
    clock: clockMode(state.clock),
    demo: state.demo,
    faults: state.faults.list(),
  }));

  app.get(`${p}/faults/catalog`, async () => ({ faults: FAULTS }));

  app.post(`${p}/faults`, async (request) => {
    const names = (request.body as Body)?.names;
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
      throw new ApiError(400, 'invalid_request_error', 'body.names: must be an array of fault names');
    }
    try {
      state.faults.set(names as string[]);
    } catch (error) {
      throw new ApiError(400, 'invalid_request_error', `body.names: ${(error as Error).message}`);
    }
    return { faults: state.faults.list() };
  });

  const movable = (): MovableClock => {
    if (!isMovableClock(state.clock)) {
      throw new ApiError(
        409,
        'invalid_request_error',
        'this server runs on a clock test control cannot move',
      );
    }
    return state.clock;
  };
  const clockState = () => ({ now: iso(state.clock.now()), mode: clockMode(state.clock) });

  app.post(`${p}/clock/advance`, async (request) => {
    const body = request.body as Body;
    const ms = body?.ms;
    const clock = movable();
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new ApiError(400, 'invalid_request_error', 'body.ms: must be a non-negative number');
    }
    clock.advance(ms);
    state.catchUp();
    return clockState();
  });

  // The wall clock stops (a manual clock always stands still) and runs on again.
  app.post(`${p}/clock/freeze`, async () => {
    const clock = movable();
    if (clock instanceof SandboxClock) clock.freeze();
    return clockState();
  });

  app.post(`${p}/clock/resume`, async () => {
    const clock = movable();
    if (!(clock instanceof SandboxClock)) {
      throw new ApiError(409, 'invalid_request_error', 'a manual clock moves only when advanced');
    }
    clock.resume();
    return clockState();
  });

  app.post(`${p}/memory_stores`, async (request) => {
    const body = request.body as Body;
    const { organizationId, workspaceId } = ownerFor(state, body);
    const record = state.store.memoryStores.put({
      id: state.ids.next('memoryStore'),
      organizationId,
      workspaceId,
      name: str(body, 'name') ?? 'memory store',
      description: str(body, 'description') ?? null,
      createdAt: state.clock.now(),
      archivedAt: null,
      deletedAt: null,
      populatedBy: null,
    });
    return { id: record.id, name: record.name, description: record.description, workspace_id: workspaceId };
  });

  // Archiving a store: rejected while it is the output of an active dream; fails the active dreams
  // that read it. Both answers come from the dream machine.
  app.post<{ Params: { id: string } }>(`${p}/memory_stores/:id/archive`, async (request) => {
    state.catchUp();
    const store = state.store.memoryStores.get(request.params.id);
    if (!store) throw notFound('memory store', request.params.id);
    const now = state.clock.now();
    for (const record of state.store.dreams.values()) {
      if (record.dream.outputs.some((o) => o.memory_store_id === store.id)) {
        checkStep(applyDreamEvent(state, record, 'output_store.archive', now), 'archiving the output store');
      }
    }
    store.archivedAt = now;
    for (const record of state.store.dreams.values()) {
      if (inputStoreId(record) === store.id) applyDreamEvent(state, record, 'input_store.unavailable', now);
    }
    return { id: store.id, archived_at: iso(now) };
  });

  app.post(`${p}/sessions`, async (request) => {
    const body = request.body as Body;
    const { organizationId, workspaceId } = ownerFor(state, body);
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
  app.post<{ Params: { id: string } }>(`${p}/sessions/:id/repositories`, async (request) => {
    const session = state.store.sessions.get(request.params.id);
    if (!session || session.deletedAt !== null) throw notFound('session', request.params.id);
    const body = request.body as Body;
    const url = required(body, 'url');
    const authorizationToken = required(body, 'authorization_token');
    const mountPath = str(body, 'mount_path');
    let checkout = body?.checkout as GitHostRepositorySessionResource['checkout'];
    if (checkout !== undefined) {
      const valid = validateSchema('GitHostRepositoryCheckout', checkout);
      if (!valid.ok) {
        const issue = valid.issues[0];
        throw new ApiError(400, 'invalid_request_error', `body.checkout: ${issue?.message ?? 'is invalid'}`);
      }
      // SRES-REPO-CHECKOUT-COMMIT (seeded fault: the full hash is abbreviated)
      if (checkout.type === 'commit' && faultOn(state, 'SRES_REPO_COMMIT_SHA_ABBREVIATED')) {
        checkout = { ...checkout, sha: checkout.sha.slice(0, 7) };
      }
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
  app.post<{ Params: { id: string } }>(`${p}/memory_stores/:id/rename`, async (request) => {
    const store = state.store.memoryStores.get(request.params.id);
    if (!store || store.deletedAt !== null) throw notFound('memory store', request.params.id);
    const name = required(request.body as Body, 'name');
    store.name = name;
    for (const record of state.store.sessionResources.values()) {
      const r = record.resource;
      if (r.type !== 'memory_store' || r.memory_store_id !== store.id) continue;
      // (seeded fault: the new name reaches the attached resources)
      record.resource = faultOn(state, 'SRES_MEMSTORE_RENAME_PROPAGATES')
        ? { ...r, name }
        : sessionRules.afterStoreRename(r, name);
    }
    return { id: store.id, name: store.name };
  });

  app.post(`${p}/files`, async (request) => {
    const body = request.body as Body;
    const { organizationId, workspaceId } = ownerFor(state, body);
    const file = state.store.files.put({
      id: state.ids.next('file'),
      organizationId,
      workspaceId,
      filename: str(body, 'filename') ?? 'file.txt',
      createdAt: state.clock.now(),
    });
    return { id: file.id, filename: file.filename, workspace_id: workspaceId };
  });

  app.post<{ Params: { id: string; action: string } }>(`${p}/dreams/:id/:action`, async (request) => {
    state.catchUp();
    const record = state.store.dreams.get(request.params.id);
    if (!record) throw notFound('dream', request.params.id);
    const now = state.clock.now();
    const body = request.body as Body;
    const action = request.params.action;
    if (action === 'start') checkStep(startPipeline(state, record, now), 'pipeline.started');
    else if (action === 'progress')
      checkStep(applyDreamEvent(state, record, 'pipeline.progress', now), action);
    else if (action === 'complete')
      checkStep(applyDreamEvent(state, record, 'pipeline.succeeded', now), action);
    else if (action === 'fail') {
      const errorType = str(body, 'error_type') ?? 'internal_error';
      checkStep(applyDreamEvent(state, record, 'pipeline.failed', now, { errorType }), 'pipeline.failed');
    } else throw new ApiError(404, 'not_found_error', `unknown dream action ${JSON.stringify(action)}`);
    return record.dream;
  });

  app.post<{ Params: { id: string } }>(`${p}/batches/:id/complete`, async (request) => {
    state.catchUp();
    const record = state.store.batches.get(request.params.id);
    if (!record) throw notFound('message batch', request.params.id);
    checkStep(
      applyBatchEvent(
        state,
        record,
        'processing.completed',
        state.clock.now(),
        processingOf(request.body as Body, record),
      ),
      'processing.completed',
    );
    return record.batch;
  });

  registerLifecycleTestControl(app, state);
  registerAdminTestControl(app, state);
  registerFederationTestControl(app, state);
}
