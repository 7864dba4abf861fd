/**
 * Test control of the background work and what it reads (off unless the server starts with test
 * control): drive a dream's pipeline or a batch's processing, archive or delete an input session,
 * archive or delete a memory store. Each change reaches the dreams that use the fixture through
 * the dream machine's `step` (via `applyDreamEvent`):
 *
 * - an archived or deleted session fails the dreams reading it (`input_session.unavailable`);
 * - archiving or deleting a memory store is refused with the row's 400 while it is the output of a
 *   pending or running dream (`output_store.archive`, `output_store.delete`), and fails the dreams
 *   reading it (`input_store.unavailable`);
 * - failing a pending dream's pipeline is a happening the machine calls impossible: 409.
 *
 *   POST /_test/dreams/:id/{start,progress,complete,fail}  {error_type?}  (fail)
 *   POST /_test/batches/:id/complete                      {internal_errors?, error_type?}
 *   POST /_test/batches/:id/process                       {custom_ids, internal_errors?, error_type?}
 *   GET  /_test/sessions/:id
 *   GET  /_test/memory_stores/:id                        {id, archived, deleted, digest}
 *   POST /_test/sessions/:id/{archive,delete}
 *   POST /_test/memory_stores/:id/{archive,delete}
 */
import { createHash } from 'node:crypto';
import { batchRules, type KnownDreamErrorType } from '@vendor-api/spec';
import type { FastifyInstance } from 'fastify';
import { iso } from '../clock.js';
import { applyDreamEvent, inputSessionIds, inputStoreId, startPipeline } from '../dreams/lifecycle.js';
import { notFound } from '../errors.js';
import {
  applyBatchEvent,
  DEFAULT_INTERNAL_ERROR_TYPE,
  type Processing,
} from '../message-batches/lifecycle.js';
import type { ServerState } from '../state.js';
import type { BatchRecord, DreamRecord, SessionRecord } from '../store.js';
import { BodyFields, checkStep, controlRoute } from './common.js';

/** Error type of a failed pipeline when the body names none (the dream's own failure type). */
const PIPELINE_FAILURE_TYPE = 'internal_error' satisfies KnownDreamErrorType;

/**
 * The processing test control asks of a batch: `internal_errors` (custom ids of its requests
 * that meet an internal error) and their `error_type`: one a client may retry as it is, so not
 * the type of an invalid request (the spec's `batchRules.isRetryable`, BATCH-RESULT-ERRORED-CAUSES).
 */
function processingOf(body: BodyFields, record: BatchRecord): Processing {
  const ids = body.values.internal_errors ?? [];
  const known = new Set(record.requests.map((r) => r.custom_id));
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && known.has(id))) {
    throw body.refuse('internal_errors', "must list custom ids of the batch's requests");
  }
  const errorType = body.values.error_type ?? DEFAULT_INTERNAL_ERROR_TYPE;
  if (typeof errorType !== 'string' || !batchRules.isRetryable(errorType)) {
    throw body.refuse(
      'error_type',
      'must be an error type a client may retry (not the type of an invalid request)',
    );
  }
  return { internalErrors: new Map((ids as string[]).map((id) => [id, errorType])) };
}

/** The dreams (any status: the machine decides) that read a session. */
function dreamsReadingSession(state: ServerState, sessionId: string) {
  return state.store.dreams.values().filter((r) => inputSessionIds(r).includes(sessionId));
}

function liveSession(state: ServerState, id: string): SessionRecord {
  const session = state.store.sessions.get(id);
  if (!session || session.deletedAt !== null) throw notFound('session', id);
  return session;
}

/** An input session became unavailable: every dream reading it takes `input_session.unavailable`. */
function loseSession(state: ServerState, sessionId: string, at: number): void {
  // DREAM-INPUT-SESSION-LOST-FAILS
  if (!state.choices.inputSessionLossReported) return;
  for (const record of dreamsReadingSession(state, sessionId)) {
    applyDreamEvent(state, record, 'input_session.unavailable', at);
  }
}

export function registerLifecycleTestControl(app: FastifyInstance, state: ServerState): void {
  // A dream's pipeline, one control endpoint per happening.
  const dreamRoute = (
    id: 'dreams.start' | 'dreams.progress' | 'dreams.complete' | 'dreams.fail',
    apply: (record: DreamRecord, now: number, body: BodyFields) => void,
  ) =>
    app.post<{ Params: { dream_id: string } }>(controlRoute(id), async (request) => {
      state.catchUp();
      const record = state.store.dreams.get(request.params.dream_id);
      if (!record) throw notFound('dream', request.params.dream_id);
      apply(record, state.clock.now(), BodyFields.of(request.body));
      return record.dream;
    });
  dreamRoute('dreams.start', (record, now) =>
    checkStep(startPipeline(state, record, now), 'pipeline.started'),
  );
  dreamRoute('dreams.progress', (record, now) =>
    checkStep(applyDreamEvent(state, record, 'pipeline.progress', now), 'progress'),
  );
  dreamRoute('dreams.complete', (record, now) =>
    checkStep(applyDreamEvent(state, record, 'pipeline.succeeded', now), 'complete'),
  );
  dreamRoute('dreams.fail', (record, now, body) => {
    const errorType = body.string('error_type') ?? PIPELINE_FAILURE_TYPE;
    checkStep(applyDreamEvent(state, record, 'pipeline.failed', now, { errorType }), 'pipeline.failed');
  });

  app.post<{ Params: { batch_id: string } }>(controlRoute('batches.complete'), async (request) => {
    state.catchUp();
    const record = state.store.batches.get(request.params.batch_id);
    if (!record) throw notFound('message batch', request.params.batch_id);
    const processing = processingOf(BodyFields.of(request.body), record);
    checkStep(
      applyBatchEvent(state, record, 'processing.completed', state.clock.now(), processing),
      'processing.completed',
    );
    return record.batch;
  });

  // Processes the requests named (by `custom_id`, unsent ones of an in-progress batch) and holds
  // the others unsent: the batch stays in progress (`requests.processed`) until they are processed
  // too or the 24-hour expiry ends it (it no longer ends on its own after the server's processing
  // time); naming every unsent request ends it (`processing.completed`).
  // `internal_errors` (some of the requests named) meet an internal error, as for `complete`.
  app.post<{ Params: { batch_id: string } }>(controlRoute('batches.process'), async (request) => {
    state.catchUp();
    const record = state.store.batches.get(request.params.batch_id);
    if (!record) throw notFound('message batch', request.params.batch_id);
    const body = BodyFields.of(request.body);
    const ids = body.values.custom_ids;
    const unsent = new Set(record.requests.map((r) => r.custom_id).filter((id) => !record.processed.has(id)));
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => typeof id === 'string' && unsent.has(id))
    ) {
      throw body.refuse(
        'custom_ids',
        'must list distinct custom ids of requests of the batch not processed yet',
      );
    }
    const processing = processingOf(body, record);
    if (![...processing.internalErrors.keys()].every((id) => ids.includes(id)))
      throw body.refuse('internal_errors', 'must list custom ids among custom_ids');
    const all = ids.length === unsent.size;
    const event = all ? 'processing.completed' : 'requests.processed';
    // Test control holds the others unsent: the batch no longer completes on its own (its
    // processing time), only when test control processes them or the 24-hour expiry comes.
    record.completeAt = null;
    checkStep(
      applyBatchEvent(state, record, event, state.clock.now(), {
        ...processing,
        only: new Set(ids as string[]),
      }),
      event,
    );
    return record.batch;
  });

  // Archiving a store: rejected while it is the output of an active dream; fails the active dreams
  // that read it. Both answers come from the dream machine.
  app.post<{ Params: { memory_store_id: string } }>(
    controlRoute('memory-stores.archive'),
    async (request) => {
      state.catchUp();
      const store = state.store.memoryStores.get(request.params.memory_store_id);
      if (!store) throw notFound('memory store', request.params.memory_store_id);
      const now = state.clock.now();
      for (const record of state.store.dreams.values()) {
        if (record.dream.outputs.some((o) => o.memory_store_id === store.id)) {
          checkStep(
            applyDreamEvent(state, record, 'output_store.archive', now),
            'archiving the output store',
          );
        }
      }
      store.archivedAt = now;
      for (const record of state.store.dreams.values()) {
        if (inputStoreId(record) === store.id) applyDreamEvent(state, record, 'input_store.unavailable', now);
      }
      return { id: store.id, archived_at: iso(now) };
    },
  );

  // A memory store's state: whether it is archived or deleted, and a digest of its memories that
  // changes whenever they change (null once deleted: nothing is left). Memory-store records and
  // contents are not shown (UNSPEC-SESS-RECORD-FIELDS); the suite compares digests only.
  app.get<{ Params: { memory_store_id: string } }>(controlRoute('memory-stores.read'), async (request) => {
    state.catchUp();
    const store = state.store.memoryStores.get(request.params.memory_store_id);
    if (!store) throw notFound('memory store', request.params.memory_store_id);
    const deleted = store.deletedAt !== null;
    return {
      id: store.id,
      archived: store.archivedAt !== null,
      deleted,
      digest: deleted ? null : createHash('sha256').update(JSON.stringify(store.memories)).digest('hex'),
    };
  });

  // Whether a session is archived or deleted (session records are not shown: UNSPEC-SESS-RECORD-FIELDS).
  app.get<{ Params: { session_id: string } }>(controlRoute('sessions.read'), async (request) => {
    state.catchUp();
    const session = state.store.sessions.get(request.params.session_id);
    if (!session) throw notFound('session', request.params.session_id);
    return { id: session.id, archived: session.archivedAt !== null, deleted: session.deletedAt !== null };
  });
  app.post<{ Params: { session_id: string } }>(controlRoute('sessions.archive'), async (request) => {
    state.catchUp();
    const session = liveSession(state, request.params.session_id);
    const now = state.clock.now();
    // Archiving an archived session is a no-op (the dreams already took the loss).
    if (session.archivedAt === null) {
      session.archivedAt = now;
      loseSession(state, session.id, now);
    }
    return { id: session.id, archived_at: iso(session.archivedAt) };
  });

  app.post<{ Params: { session_id: string } }>(controlRoute('sessions.delete'), async (request) => {
    state.catchUp();
    const session = liveSession(state, request.params.session_id);
    const now = state.clock.now();
    session.deletedAt = now;
    // The machine ignores the loss for dreams that already ended (or failed on the archive).
    loseSession(state, session.id, now);
    return { id: session.id, deleted: true };
  });

  app.post<{ Params: { memory_store_id: string } }>(controlRoute('memory-stores.delete'), async (request) => {
    state.catchUp();
    const store = state.store.memoryStores.get(request.params.memory_store_id);
    if (!store || store.deletedAt !== null) throw notFound('memory store', request.params.memory_store_id);
    const now = state.clock.now();
    // MEMSTORE-OUTPUT-DELETE-ACTIVE-400: the output store of a pending or running dream cannot be
    // deleted.
    if (!state.choices.outputStoreDeletableWhileActive) {
      for (const record of state.store.dreams.values()) {
        if (record.dream.outputs.some((o) => o.memory_store_id === store.id)) {
          checkStep(applyDreamEvent(state, record, 'output_store.delete', now), 'deleting the output store');
        }
      }
    }
    store.deletedAt = now;
    // The machine ignores the loss for dreams that already ended (or failed on the archive).
    for (const record of state.store.dreams.values()) {
      if (inputStoreId(record) === store.id) applyDreamEvent(state, record, 'input_store.unavailable', now);
    }
    return { id: store.id, deleted: true };
  });
}
