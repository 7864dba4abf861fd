/**
 * Message batches: create, retrieve, list, and the results download at `results_url`. Retrieve
 * and results are the machine's operation events; processing and expiry are happenings applied
 * by `lifecycle.ts` as the clock moves.
 */

import { batchRules, type MessageBatch, step } from '@vendor-api/spec';
import { iso } from '../clock.js';
import { apiError, notFound } from '../errors.js';
import { batchStateKey } from '../lifecycle/machines.js';
import { afterIdPage, pagingParameter } from '../pagination.js';
import { checkStoredObjects, type HandlerContext, ownerOf, type SomeHandlers } from '../state.js';
import { type BatchRecord, ownerKey } from '../store.js';
import { batchEnqueuedChanged, checkEnqueuedBatchRequests } from './enqueued.js';
import { checkBatchRequestRate } from './http-rate.js';
import { batchWire, retentionClock, scheduleBatch } from './lifecycle.js';

/** Whether a batch is still viewable (for how long is not shown: UNSPEC-BATCH-VIEWABLE-PERIOD). */
function viewable(ctx: HandlerContext, record: BatchRecord): boolean {
  const period = ctx.state.choices.batchViewableMs;
  return period === null || ctx.state.clock.now() < Date.parse(record.batch.created_at) + period;
}

function findBatch(
  ctx: HandlerContext<'messages.batches.retrieve' | 'messages.batches.results'>,
): BatchRecord {
  checkBatchRequestRate(ctx.state, ownerOf(ctx));
  const id = ctx.path.message_batch_id;
  const record = ctx.state.store.batches.get(id);
  // Another workspace's batch is answered exactly as an unknown id (AUTH-KEY-ONE-WORKSPACE).
  if (!record || !viewable(ctx, record) || !ctx.owns(record)) throw notFound('message batch', id);
  return record;
}

/** Steps an operation event (no effects) and answers its status, or throws for other rows. */
function operationStatus(ctx: HandlerContext, record: BatchRecord, event: string): number {
  const machine = ctx.state.choices.batchesMachine;
  // Which side of the retention instant counts is not shown (UNSPEC-BATCH-DEADLINE-INSTANT).
  const now = retentionClock(ctx.state);
  const { outcome } = step(machine, batchStateKey(machine, record.batch, now), event);
  switch (outcome.kind) {
    case 'ok':
      return outcome.status;
    case 'error':
      throw apiError(
        'event_refused',
        { event },
        { status: outcome.status, errorType: outcome.errorType ?? null },
      );
    case 'unspecified': {
      // Results before the end or after the 29-day retention: the status is not shown
      // (UNSPEC-BATCH-RESULTS-BEFORE-END, UNSPEC-BATCH-RESULTS-AFTER-RETENTION); the reference
      // server answers 404.
      throw apiError('batch_results_unavailable', { id: record.id });
    }
    default:
      throw new Error(`message-batches: ${event} has a ${outcome.kind} row`);
  }
}

export const handlers = {
  'messages.batches.create': (ctx) => {
    const { state } = ctx;
    const owner = ownerOf(ctx);
    // BATCH-RATE-LIMIT-HTTP: the batch endpoints' requests are limited per minute (http-rate.ts).
    checkBatchRequestRate(state, owner);
    const params = ctx.body;
    const bytes = batchRules.bodyByteLength(JSON.stringify(params));
    const checked = batchRules.exceededBatchLimits(params.requests.length, bytes);
    // How 256 MB is measured is not shown (UNSPEC-BATCH-SIZE-UNIT).
    const exceeded = checked.ok ? state.choices.batchLimitsExceeded(checked.value, bytes) : [];
    if (exceeded.length > 0) {
      const problem = exceeded.map((l) => l.description).join(' ');
      throw apiError(exceeded.some((l) => l.limit === 'bytes') ? 'content_too_large' : 'bad_request', {
        problem,
      });
    }
    // BATCH-RATE-LIMIT-ENQUEUED: the enqueued requests of the caller's workspace (of its key, or of
    // the rule its access token was minted under: RULE-WORKSPACE-LIMITS-APPLY) and of its
    // organization (WS-LIMIT-ORG-ALWAYS-APPLIES) stay within their limits; a batch that would
    // exceed one is refused with 429 `rate_limit_error` (UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR).
    checkStoredObjects(state, state.store.batches, owner, 'message batches');
    checkEnqueuedBatchRequests(state, owner, params.requests.length);
    const now = state.clock.now();
    const counts = batchRules.initialRequestCounts(params.requests.length);
    const expires = batchRules.expiresAt(iso(now));
    if (!counts.ok || !expires.ok) throw new Error('message-batches: creation rules failed on valid input');
    const id = state.ids.next('batch');
    const batch: MessageBatch = {
      id,
      type: 'message_batch',
      processing_status: 'in_progress',
      request_counts: counts.value,
      created_at: iso(now),
      expires_at: expires.value,
      ended_at: null,
      cancel_initiated_at: null,
      results_url: null,
    };
    const record = state.store.batches.put({
      id,
      organizationId: owner.organizationId,
      workspaceId: owner.workspaceId,
      seq: state.store.nextSeq(),
      batch,
      requests: params.requests,
      completeAt: state.timings.batchProcessingMs === null ? null : now + state.timings.batchProcessingMs,
      processed: new Map(),
      results: null,
    });
    scheduleBatch(state, record);
    batchEnqueuedChanged(state, record, 0);
    return { status: ctx.endpoint.success.status, body: batchWire(ctx.state, record, ctx.origin) };
  },

  'messages.batches.retrieve': (ctx) => {
    const record = findBatch(ctx);
    const status = operationStatus(ctx, record, 'messages.batches.retrieve');
    return { status, body: batchWire(ctx.state, record, ctx.origin) };
  },

  'messages.batches.list': (ctx) => {
    const { state } = ctx;
    const c = state.choices;
    const owner = ownerOf(ctx);
    checkBatchRequestRate(state, owner);
    // Not shown (UNSPEC-BATCH-LIST-LIMIT).
    const limits = c.batchListLimits;
    const asked = typeof ctx.query.limit === 'number' ? ctx.query.limit : limits.byDefault;
    if (asked > limits.cap && limits.refusedAboveCap) {
      throw apiError('bad_request', { problem: `query.limit: at most ${limits.cap}` });
    }
    const limit = Math.min(asked, limits.cap);
    // Order is not shown (UNSPEC-BATCH-LIST-ORDER): newest first.
    const all = c.unstatedOrder(
      ctx.state.store.batches
        .group('owner', ownerKey(owner))
        .filter((r) => viewable(ctx, r))
        .reverse(),
    );
    // An unknown after_id is not shown (UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN): 400. Backward paging
    // is not shown either (UNSPEC-BATCH-LIST-BACKWARD): only `after_id`.
    const page = afterIdPage(all, (r) => r.id, {
      afterId: ctx.query.after_id,
      beforeId: pagingParameter(ctx.unshown, 'before_id'),
      limit,
      unknownIsEmpty: c.unknownCursorIsEmptyPage,
      where: 'query.after_id',
    });
    return {
      status: ctx.endpoint.success.status,
      body: {
        data: page.data.map((r) => batchWire(ctx.state, r, ctx.origin)),
        has_more: page.has_more,
        // `last_id` on an empty page is not shown (UNSPEC-BATCH-LIST-LAST-ID): null.
        last_id:
          page.data.length > 0 ? page.last_id : c.emptyPageKeepsCursor ? (ctx.query.after_id ?? null) : null,
        ...(c.firstIdListed ? { first_id: page.first_id } : {}),
      },
    };
  },

  'messages.batches.results': (ctx) => {
    const record = findBatch(ctx);
    const status = operationStatus(ctx, record, 'messages.batches.results');
    const lines = (record.results ?? []).map((r) => `${JSON.stringify(r)}\n`).join('');
    return { status, body: lines, contentType: 'application/x-ndjson' };
  },
} satisfies SomeHandlers;
