/**
 * Applies message-batch happenings through the spec's `step`: processing completion and the
 * 24-hour expiry. Each request's result type comes from the spec's `resultTypeFor`, the counts
 * from `tallyRequestCounts`, and a request's `params` are validated (asynchronously, as the
 * documents say) with the spec's `MessageBatchRequestParams` schema.
 */
import { batchRules, errors, type MessageBatchResult, step } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import { iso } from '../clock.js';
import type { AnyStep } from '../dreams/lifecycle.js';
import { batchStateKey } from '../lifecycle/machines.js';
import { modelRefused } from '../messages/handlers.js';
import { generateMessage, withUnshownKinds } from '../messages/model.js';
import { messageEvents } from '../messages/streaming.js';
import { pruneValue } from '../pipeline/pruning.js';
import { completedParams } from '../pipeline/tolerance.js';
import type { ServerState } from '../state.js';
import type { BatchRecord } from '../store.js';
import { recordMessageUsage } from '../usage/report.js';
import { batchEnqueuedChanged, enqueuedRequests } from './enqueued.js';

/**
 * How processing goes: the requests of the batch (by `custom_id`) that meet an internal error,
 * with its error type (the documents name none: UNSPEC-BATCH-ERRORED-TYPES). Only test control
 * asks for internal errors; on its own the stand-in model never fails.
 */
export interface Processing {
  readonly internalErrors: ReadonlyMap<string, string>;
  /** `requests.processed`: the requests (by `custom_id`) processed now; the others stay unsent. */
  readonly only?: ReadonlySet<string>;
}

/** The named schema a request's `params` are validated with when it is processed. */
const BATCH_PARAMS = 'MessageBatchRequestParams';

/** A validation message of a request's params, naming them as the item does (`params.model: ...`). */
const asParams = (message: string): string =>
  message.startsWith(BATCH_PARAMS) ? `params${message.slice(BATCH_PARAMS.length)}` : message;

/** The error type of an internal error when test control names none. */
export const DEFAULT_INTERNAL_ERROR_TYPE: string = errors.ERRORS.internal.type;

const NO_INTERNAL_ERRORS: Processing = { internalErrors: new Map() };

/** The result of one request, from what happened to it (`internalError`: its error type, if it met one). */
function resultFor(
  state: ServerState,
  params: Record<string, unknown>,
  stoppedBy: 'deadline' | null,
  internalError?: string,
): MessageBatchResult['result'] {
  if (stoppedBy === 'deadline') {
    const d = batchRules.resultTypeFor({
      processed: false,
      paramsValid: true,
      internalError: false,
      stoppedBy,
    });
    return { type: d.ok ? (d.value.type as 'expired') : 'expired' };
  }
  // Params as the server reads them (what a request may leave out is not shown:
  // UNSPEC-MSG-CREATE-REQUIRED, UNSPEC-BATCH-PARAMS-STREAMING, ...).
  // Fields and kinds the documents do not show are pruned as on `POST /v1/messages`, and the
  // dropped blocks and tools counted as input (UNSPEC-REQUEST-UNKNOWN-FIELDS,
  // UNSPEC-MSG-CONTENT-BLOCK-KINDS, UNSPEC-MSG-TOOL-KINDS).
  const c = state.choices;
  const tolerance = c.requestTolerance;
  const pruned = pruneValue(BATCH_PARAMS, params, state.spec.schemas, tolerance);
  const read = (
    tolerance.unmarkedOptional
      ? completedParams(pruned.value, { creation: true, inBatch: true })
      : pruned.value
  ) as Record<string, unknown>;
  const check = validateSchema(BATCH_PARAMS, read);
  // BATCH-ITEM-NON-STREAMING (seeded fault: an item asking for streaming is served as a stream).
  // Asked for as sent: a server that ignores `stream` in an item reads it without.
  const streamed = asksForStreaming(params) && c.batchItemStreamed;
  // A valid request the server still does not serve (UNSPEC-MSG-UNKNOWN-MODEL, and the rules
  // `messageParamsProblem` names) is an invalid request too; so is one asking for streaming
  // (BATCH-ITEM-NON-STREAMING: the reference server reads `stream: true` as asking for it,
  // UNSPEC-BATCH-PARAMS-STREAMING).
  const refusal = !check.ok
    ? asParams(check.error.error.message)
    : modelRefused(state, read.model)
      ? `params.model: ${JSON.stringify(read.model)} is not an active model`
      : (c.messageParamsProblem(read) ?? (streamed ? null : batchStreamingProblem(read)));
  const decision = batchRules.resultTypeFor({
    processed: true,
    paramsValid: refusal === null,
    internalError: internalError !== undefined,
    stoppedBy: null,
  });
  if (refusal !== null || (decision.ok && decision.value.type === 'errored')) {
    // The rule names the type of an invalid request only; an internal error has its own
    // (BATCH-RESULT-ERRORED-CAUSES).
    const named = decision.ok ? decision.value.errorType : errors.ERRORS.bad_request.type;
    const type = named ?? c.internalErrorResultType(internalError ?? DEFAULT_INTERNAL_ERROR_TYPE);
    const message = refusal ?? 'internal error';
    return { type: 'errored', error: { type: 'error', error: { type, message } } };
  }
  const message = withUnshownKinds(
    generateMessage(
      read as { model: string; max_tokens: number } & Record<string, unknown>,
      state.ids.next('message'),
      c.replyOptions,
    ),
    pruned.dropped,
  );
  // The seeded fault's streamed result: server-sent events in place of the message.
  if (streamed)
    return { type: 'succeeded', events: messageEvents(message) } as unknown as MessageBatchResult['result'];
  return { type: 'succeeded', message };
}

/** Whether batch params ask for streaming, as the reference server reads them (UNSPEC-BATCH-PARAMS-STREAMING). */
const asksForStreaming = (params: Record<string, unknown>): boolean => params.stream === true;

/** Why params as read cannot be served in a batch because they ask for streaming (null: they do not). */
function batchStreamingProblem(read: Record<string, unknown>): string | null {
  return asksForStreaming(read) ? 'params.stream: a batch request is non-streaming' : null;
}

/**
 * Steps a batch by one happening at instant `at` and carries out the row's effects. Rows that
 * are `ignored` or `impossible` change nothing.
 */
export function applyBatchEvent(
  state: ServerState,
  record: BatchRecord,
  event: string,
  at: number,
  processing: Processing = NO_INTERNAL_ERRORS,
): AnyStep {
  const c = state.choices;
  const machine = c.batchesMachine;
  const result = step(machine, batchStateKey(machine, record.batch, at), event);
  const kind = result.outcome.kind;
  if (kind !== 'happens') return result;

  const batch = { ...record.batch };
  const enqueuedBefore = enqueuedRequests(record);
  /** Processes a request not processed yet: its result, and its usage when it succeeded. */
  const process = (r: (typeof record.requests)[number]): MessageBatchResult['result'] => {
    const done = resultFor(
      state,
      r.params as Record<string, unknown>,
      null,
      processing.internalErrors.get(r.custom_id),
    );
    // The succeeded requests are the batch workspace's usage, as they finish.
    // (A seeded fault's streamed result carries no message to record.)
    if (done.type === 'succeeded' && done.message !== undefined)
      recordMessageUsage(state, record, at, done.message);
    return done;
  };
  for (const effect of result.effects as readonly string[]) {
    switch (effect) {
      case 'record_processed_results':
        // BATCH-PROCESSED-INDEPENDENTLY: the requests named are processed, the others stay unsent.
        for (const r of record.requests) {
          if (processing.only?.has(r.custom_id) && !record.processed.has(r.custom_id))
            record.processed.set(r.custom_id, process(r));
        }
        break;
      case 'record_results':
        record.results = record.requests.map((r) => ({
          custom_id: r.custom_id,
          result: record.processed.get(r.custom_id) ?? process(r),
        }));
        break;
      case 'expire_unsent_requests': {
        // No request is in flight in the reference server (UNSPEC-BATCH-EXPIRY-IN-FLIGHT): every
        // request not processed yet is unsent, and expires (BATCH-EXPIRY-UNSENT-EXPIRED; seeded
        // fault: the unsent ones are processed at the deadline instead).
        const expire = !c.expiryProcessesUnsent;
        record.results = record.requests.map((r) => ({
          custom_id: r.custom_id,
          result:
            record.processed.get(r.custom_id) ??
            (expire ? resultFor(state, r.params as Record<string, unknown>, 'deadline') : process(r)),
        }));
        break;
      }
      case 'set_ended_at':
        batch.ended_at = iso(at);
        break;
      case 'set_results_url':
        // Rendered per response from the request's origin (see `batchWire`).
        break;
      case 'make_results_unavailable':
        // Derived from the clock: the state key turns `ended:past_retention` after 29 days.
        break;
      default:
        throw new Error(`message-batches: effect ${effect} has no implementation`);
    }
  }
  // BATCH-COUNTS-SUM: each request counted once, still `processing` until it has a result.
  const states = record.results
    ? record.results.map((r) => r.result.type)
    : record.requests.map((r) => record.processed.get(r.custom_id)?.type ?? 'processing');
  if (record.results || record.processed.size > 0) {
    const tally = batchRules.tallyRequestCounts(states);
    if (tally.ok) {
      const counts = c.requestCounts(tally.value);
      batch.request_counts = event === 'clock.24h' ? c.countsAtExpiry(counts) : counts;
    }
  }
  if (record.results) {
    // BATCH-EXPIRY-UNSENT-EXPIRED: a result line for every request, the expired ones included.
    record.results = c.resultLines(record.results);
  }
  batch.processing_status = result.next === 'in_progress' ? 'in_progress' : 'ended';
  record.batch = batch;
  batchEnqueuedChanged(state, record, enqueuedBefore);
  return result;
}

/** The instant an in-progress batch expires (UNSPEC-BATCH-DEADLINE-INSTANT: at `expires_at` or just after). */
const deadlineOf = (state: ServerState, record: BatchRecord): number =>
  Date.parse(record.batch.expires_at) + (state.choices.deadlinesPassAfterInstant ? 1 : 0);

/**
 * The clock as the retention check reads it (UNSPEC-BATCH-DEADLINE-INSTANT): results are gone at
 * the instant 29 days after creation, or only after it.
 */
export const retentionClock = (state: ServerState): number =>
  state.clock.now() - (state.choices.deadlinesPassAfterInstant ? 1 : 0);

/** Schedules a new batch's end: its processing time, and its 24-hour deadline should that come first. */
export function scheduleBatch(state: ServerState, record: BatchRecord): void {
  const deadline = deadlineOf(state, record);
  if (record.completeAt !== null && record.completeAt < deadline) {
    state.schedule.add(record.completeAt, 'batch', record.id);
  }
  state.schedule.add(deadline, 'batch', record.id);
}

/** Ends a batch whose processing time or 24-hour deadline has come, at that instant. */
export function catchUpBatch(state: ServerState, record: BatchRecord, now: number): void {
  if (record.batch.processing_status !== 'in_progress') return;
  const deadline = deadlineOf(state, record);
  if (record.completeAt !== null && record.completeAt < deadline && record.completeAt <= now) {
    applyBatchEvent(state, record, 'processing.completed', record.completeAt);
  } else if (deadline <= now) {
    applyBatchEvent(state, record, 'clock.24h', deadline);
  }
}

/** The wire object of a batch, with `results_url` absolute on the caller's origin once ended. */
export function batchWire(state: ServerState, record: BatchRecord, origin: string) {
  // BATCH-OBJECT-RESULTS-URL-NULL
  const c = state.choices;
  const early = c.resultsUrlWhileInProgress;
  // Whether `results_url` stays set past the retention is not shown (UNSPEC-BATCH-RESULTS-AFTER-RETENTION).
  const withdrawn =
    !c.resultsUrlKeptAfterRetention &&
    batchStateKey(c.batchesMachine, record.batch, retentionClock(state)) === 'ended:past_retention';
  const path = c.resultsPath(record.id);
  return {
    ...record.batch,
    results_url: (record.results === null && !early) || withdrawn ? null : `${origin}${path}`,
  };
}
