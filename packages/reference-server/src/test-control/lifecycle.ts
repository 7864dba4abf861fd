/**
 * Test control for the fixtures around dreams (off unless the server starts with test control):
 * archive or delete an input session, delete a memory store. Each change reaches the dreams that
 * use the fixture through the dream machine's `step` (via `applyDreamEvent`):
 *
 * - an archived or deleted session fails the dreams reading it (`input_session.unavailable`);
 * - deleting a memory store is refused with the row's 400 while it is the output of a pending or
 *   running dream (`output_store.delete`), and fails the dreams reading it
 *   (`input_store.unavailable`).
 *
 * Failing a dream's pipeline (including a pending one, which the machine calls impossible: 409)
 * is `POST /_test/dreams/:id/fail` in test-control.ts.
 */
import type { FastifyInstance } from 'fastify';
import { iso } from './clock.js';
import { ApiError, notFound } from './errors.js';
import { faultOn } from './faults/index.js';
import { type AnyStep, applyDreamEvent, inputSessionIds, inputStoreId } from './lifecycle/dreams.js';
import type { ServerState } from './state.js';
import type { SessionRecord } from './store.js';

const PREFIX = '/_test';

/** Throws the row's HTTP error for a rejected event; a 409 for a happening that cannot occur. */
function refuseUnlessAllowed(result: AnyStep, what: string): void {
  const outcome = result.outcome;
  if (outcome.kind === 'error') {
    throw new ApiError(outcome.status, outcome.errorType ?? 'invalid_request_error', `${what} refused`);
  }
  if (outcome.kind === 'impossible')
    throw new ApiError(409, 'invalid_request_error', `${what} cannot happen now`);
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
  // DREAM-INPUT-SESSION-LOST-FAILS (seeded fault: the loss is not reported to the dreams)
  if (faultOn(state, 'DREAM_INPUT_SESSION_LOSS_IGNORED')) return;
  for (const record of dreamsReadingSession(state, sessionId)) {
    applyDreamEvent(state, record, 'input_session.unavailable', at);
  }
}

export function registerLifecycleTestControl(app: FastifyInstance, state: ServerState): void {
  // Whether a session is archived or deleted (session records are not shown: UNSPEC-SESS-RECORD-FIELDS).
  app.get<{ Params: { id: string } }>(`${PREFIX}/sessions/:id`, async (request) => {
    state.catchUp();
    const session = state.store.sessions.get(request.params.id);
    if (!session) throw notFound('session', request.params.id);
    return { id: session.id, archived: session.archivedAt !== null, deleted: session.deletedAt !== null };
  });
  app.post<{ Params: { id: string } }>(`${PREFIX}/sessions/:id/archive`, async (request) => {
    state.catchUp();
    const session = liveSession(state, request.params.id);
    const now = state.clock.now();
    // Archiving an archived session is a no-op (the dreams already took the loss).
    if (session.archivedAt === null) {
      session.archivedAt = now;
      loseSession(state, session.id, now);
    }
    return { id: session.id, archived_at: iso(session.archivedAt) };
  });

  app.post<{ Params: { id: string } }>(`${PREFIX}/sessions/:id/delete`, async (request) => {
    state.catchUp();
    const session = liveSession(state, request.params.id);
    const now = state.clock.now();
    session.deletedAt = now;
    // The machine ignores the loss for dreams that already ended (or failed on the archive).
    loseSession(state, session.id, now);
    return { id: session.id, deleted: true };
  });

  app.post<{ Params: { id: string } }>(`${PREFIX}/memory_stores/:id/delete`, async (request) => {
    state.catchUp();
    const store = state.store.memoryStores.get(request.params.id);
    if (!store || store.deletedAt !== null) throw notFound('memory store', request.params.id);
    const now = state.clock.now();
    // MEMSTORE-OUTPUT-DELETE-ACTIVE-400: the output store of a pending or running dream cannot be
    // deleted (seeded fault: the check is skipped).
    if (!faultOn(state, 'DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE')) {
      for (const record of state.store.dreams.values()) {
        if (record.dream.outputs.some((o) => o.memory_store_id === store.id)) {
          refuseUnlessAllowed(
            applyDreamEvent(state, record, 'output_store.delete', now),
            'deleting the output store',
          );
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
