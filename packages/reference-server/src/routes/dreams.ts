/**
 * Dreams: create, retrieve, cancel, archive, list. Cancel and archive are the machine's operation
 * events: `step` decides the next state and the HTTP answer; nothing here restates a transition.
 */
import { type Dream, type DreamCreateParams, dreamRules } from '@vendor-api/spec';
import { iso } from '../clock.js';
import { ApiError, notFound } from '../errors.js';
import { applyDreamEvent } from '../lifecycle/dreams.js';
import { decodeCursor, encodeCursor } from '../pagination.js';
import { type HandlerContext, type HandlerMap, ownerOf } from '../state.js';
import type { DreamRecord } from '../store.js';

function findDream(ctx: HandlerContext): DreamRecord {
  const id = String(ctx.path.dream_id);
  const record = ctx.state.store.dreams.get(id);
  if (!record) throw notFound('dream', id);
  ctx.authorizeResource(record.workspaceId);
  return record;
}

/** Runs an operation event through the machine and answers from the row's outcome. */
function operate(ctx: HandlerContext, event: 'dreams.cancel' | 'dreams.archive') {
  const record = findDream(ctx);
  const result = applyDreamEvent(ctx.state, record, event, ctx.state.clock.now());
  const outcome = result.outcome;
  if (outcome.kind === 'error') {
    throw new ApiError(
      outcome.status,
      outcome.errorType ?? 'invalid_request_error',
      `cannot ${event === 'dreams.cancel' ? 'cancel' : 'archive'} a ${record.dream.status} dream`,
    );
  }
  if (outcome.kind !== 'ok') throw new Error(`dreams: ${event} has a ${outcome.kind} row`);
  // The response body is not shown (UNSPEC-DREAM-CANCEL-RESPONSE, UNSPEC-DREAM-ARCHIVE-RESPONSE):
  // the reference server answers with the dream.
  return { status: outcome.status, body: record.dream };
}

export const handlers: HandlerMap = {
  'dreams.create': (ctx) => {
    const { state } = ctx;
    const owner = ownerOf(ctx);
    const params = ctx.body as DreamCreateParams;
    const now = state.clock.now();
    const id = state.ids.next('dream');
    const dream: Dream = {
      type: 'dream',
      id,
      status: 'pending',
      inputs: params.inputs,
      outputs: [],
      model: { id: params.model },
      // The value when none was sent is not shown (UNSPEC-DREAM-INSTRUCTIONS-OMITTED): empty string.
      instructions: params.instructions ?? '',
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
    state.store.dreams.put({
      id,
      workspaceId: owner.workspaceId,
      seq: state.store.nextSeq(),
      dream,
      startAt: startMs === null ? null : now + startMs,
      finishAt: null,
    });
    return { status: ctx.endpoint.success.status, body: dream };
  },

  'dreams.retrieve': (ctx) => ({ status: ctx.endpoint.success.status, body: findDream(ctx).dream }),

  'dreams.cancel': (ctx) => operate(ctx, 'dreams.cancel'),

  'dreams.archive': (ctx) => operate(ctx, 'dreams.archive'),

  'dreams.list': (ctx) => {
    const { state } = ctx;
    const owner = ownerOf(ctx);
    const includeArchived = ctx.query.include_archived === true;
    const limit = dreamRules.dreamListLimit(ctx.query.limit);
    if (!limit.ok) throw new ApiError(400, 'invalid_request_error', `query.limit: ${limit.problem.message}`);
    const records = state.store.dreams
      .values()
      .filter((r) => r.workspaceId === owner.workspaceId)
      .sort((a, b) => b.seq - a.seq);
    // Newest first by `created_at` (a stable sort keeps creation order, newest first, on ties).
    const visible = dreamRules.listDreams(
      records.map((r) => r.dream),
      { include_archived: includeArchived },
    );
    let start = 0;
    if (typeof ctx.query.page === 'string') {
      const after = decodeCursor(ctx.query.page, 'query.page');
      const index = visible.findIndex((d) => d.id === after);
      if (index < 0) throw new ApiError(400, 'invalid_request_error', 'query.page: unknown cursor');
      start = index + 1;
    }
    const data = visible.slice(start, start + limit.limit);
    const more = start + limit.limit < visible.length;
    const last = data.at(-1);
    // The envelope is not shown (UNSPEC-DREAM-LIST-ENVELOPE): `data` and `next_page`, like the
    // other page-cursor lists of the documents.
    return {
      status: ctx.endpoint.success.status,
      body: { data, next_page: more && last ? encodeCursor(last.id) : null },
    };
  },
};
