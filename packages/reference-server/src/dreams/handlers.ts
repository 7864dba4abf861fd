/**
 * Dreams: create, retrieve, cancel, archive, list. Cancel and archive are the machine's operation
 * events: `step` decides the next state and the HTTP answer; nothing here restates a transition.
 */
import type { Dream, DreamCreateParams } from '@vendor-api/spec';
import { iso } from '../clock.js';
import { apiError, notFound } from '../errors.js';
import { cursorPage } from '../pagination.js';
import { datedModelOf } from '../rate-limits/config.js';
import { checkStoredObjects, type HandlerContext, ownerOf, type SomeHandlers } from '../state.js';
import { type DreamRecord, ownerKey } from '../store.js';
import { applyDreamEvent, scheduleDream } from './lifecycle.js';

/** The operations on one dream. */
type OnDream = HandlerContext<'dreams.retrieve' | 'dreams.cancel' | 'dreams.archive'>;

function findDream(ctx: OnDream): DreamRecord {
  const id = ctx.path.dream_id;
  const record = ctx.state.store.dreams.get(id);
  // Another workspace's dream is answered exactly as an unknown id (AUTH-KEY-ONE-WORKSPACE).
  if (!record || !ctx.owns(record)) throw notFound('dream', id);
  return record;
}

/** Runs an operation event through the machine and answers from the row's outcome. */
function operate(ctx: OnDream, event: 'dreams.cancel' | 'dreams.archive') {
  const record = findDream(ctx);
  const verb = event === 'dreams.cancel' ? 'cancel' : 'archive';
  const result = applyDreamEvent(ctx.state, record, event, ctx.state.clock.now());
  const outcome = result.outcome;
  if (outcome.kind === 'error') {
    // The error type of the 400 rows is not named (UNSPEC-DREAM-400-ERROR-TYPE): invalid_request_error.
    throw apiError(
      'dream_event_refused',
      { verb, status: record.dream.status },
      { status: outcome.status, errorType: outcome.errorType ?? null },
    );
  }
  if (outcome.kind !== 'ok') throw new Error(`dreams: ${event} has a ${outcome.kind} row`);
  // The response body is not shown (UNSPEC-DREAM-CANCEL-RESPONSE, UNSPEC-DREAM-ARCHIVE-RESPONSE):
  // the reference server answers with the dream.
  return { status: outcome.status, body: record.dream };
}

/**
 * Refuses a dream whose inputs are not all the caller's: every memory store and session it names
 * (access.BODY_RESOURCE_REFERENCES) must exist and belong to the caller's workspace and organization
 * (AUTH-KEY-ONE-WORKSPACE). One of another workspace gets the answer an unknown id gets, 404
 * `not_found_error` (UNSPEC-DREAM-INPUT-OWNERSHIP), so the caller learns nothing of it.
 */
function checkInputsOwned(ctx: HandlerContext, params: DreamCreateParams): void {
  const { store } = ctx.state;
  for (const input of params.inputs) {
    if (input.type === 'memory_store') {
      const record = store.memoryStores.get(input.memory_store_id);
      if (!record || record.deletedAt !== null || !ctx.owns(record))
        throw notFound('memory store', input.memory_store_id);
    } else {
      for (const id of input.session_ids) {
        const record = store.sessions.get(id);
        if (!record || record.deletedAt !== null || !ctx.owns(record)) throw notFound('session', id);
      }
    }
  }
}

export const handlers = {
  'dreams.create': (ctx) => {
    const { state } = ctx;
    const c = state.choices;
    const owner = ownerOf(ctx);
    const params = ctx.body;
    const now = state.clock.now();
    // Inputs are the caller's (AUTH-KEY-ONE-WORKSPACE), looked at now or when the pipeline starts
    // (UNSPEC-DREAM-INPUT-OWNERSHIP).
    if (!c.inputsCheckedAtStart && c.foreignDreamInputsRefused) checkInputsOwned(ctx, params);
    // Duplicate session ids are not stated either way (UNSPEC-DREAM-SESSION-IDS-SHAPE).
    const sessionIds = params.inputs.flatMap((i) => (i.type === 'sessions' ? i.session_ids : []));
    if (c.duplicateSessionIdsRefused && new Set(sessionIds).size !== sessionIds.length) {
      throw apiError('dream_session_twice');
    }
    // Numeric rate limits of dream creation are not shown (UNSPEC-DREAM-RATE-LIMITS).
    const perMinute = c.dreamCreationsPerMinute;
    if (perMinute !== null) {
      const recent = state.store.dreams
        .group('owner', ownerKey(owner))
        .filter((r) => Date.parse(r.dream.created_at) > now - 60_000).length;
      if (recent >= perMinute) {
        throw apiError('dreams_per_minute', { perMinute });
      }
    }
    checkStoredObjects(state, state.store.dreams, owner, 'dreams');
    const id = state.ids.next('dream');
    // The value when none was sent is not shown (UNSPEC-DREAM-INSTRUCTIONS-OMITTED): the choice
    // table's (the empty string by default; null, or the field left out, are the other choices).
    const instructions = params.instructions ?? c.instructionsWhenOmitted;
    const dream: Dream = {
      type: 'dream',
      id,
      status: 'pending',
      inputs: params.inputs,
      outputs: [],
      // Whether `model.id` is the string sent is not shown (UNSPEC-DREAM-MODEL-ID-ECHO).
      model: { id: (c.datedModelId ? datedModelOf(state.vendor, params.model) : undefined) ?? params.model },
      ...(instructions === undefined ? {} : { instructions }),
      session_id: null,
      created_at: iso(now),
      ended_at: null,
      archived_at: null,
      usage: {
        input_tokens: 0,
        output_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
      error: null,
    };
    const startMs = state.timings.dreamStartMs;
    const record = state.store.dreams.put({
      id,
      organizationId: owner.organizationId,
      workspaceId: owner.workspaceId,
      seq: state.store.nextSeq(),
      dream,
      startAt: startMs === null ? null : now + startMs,
      finishAt: null,
    });
    scheduleDream(state, record);
    return { status: ctx.endpoint.success.status, body: dream };
  },

  'dreams.retrieve': (ctx) => ({ status: ctx.endpoint.success.status, body: findDream(ctx).dream }),

  'dreams.cancel': (ctx) => operate(ctx, 'dreams.cancel'),

  'dreams.archive': (ctx) => operate(ctx, 'dreams.archive'),

  'dreams.list': (ctx) => {
    const { state } = ctx;
    const owner = ownerOf(ctx);
    // DREAM-LIST-DEFAULT-NON-ARCHIVED: archived dreams only with include_archived=true.
    const includeArchived = ctx.query.include_archived === true;
    // DREAM-LIST-LIMIT-MAX
    const limit = state.choices.dreamListLimit(ctx.query.limit);
    if (!limit.ok) throw apiError('query_limit', { problem: limit.problem.message });
    // Newest first by `created_at` (a stable sort keeps the order given on ties: newest first, an
    // order the documents do not state, UNSPEC-DREAM-LIST-ORDER-TIES).
    // DREAM-LIST-WORKSPACE: the dreams of the caller's workspace only.
    const scoped = state.choices.dreamListWorkspaceOnly
      ? state.store.dreams.group('owner', ownerKey(owner))
      : state.store.dreams.group('organization', owner.organizationId);
    const records = state.choices.unstatedOrder(scoped.reverse());
    // DREAM-LIST-NEWEST-FIRST
    const visible = state.choices.listDreams(
      records.map((r) => r.dream),
      { include_archived: includeArchived },
    );
    // The envelope is not shown (UNSPEC-DREAM-LIST-ENVELOPE): `data` and `next_page`, like the
    // other page-cursor lists of the documents.
    const page = cursorPage(visible, (d) => d.id, {
      cursor: ctx.query.page,
      size: limit.limit,
      where: 'query.page',
    });
    return { status: ctx.endpoint.success.status, body: page };
  },
} satisfies SomeHandlers;
