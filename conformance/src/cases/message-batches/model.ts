/**
 * The model of the message-batch machine for the model-based case: each batch's state key, the
 * effects of the rows that moved it, and the model clock. Every transition comes from the spec's
 * `step` on `messageBatchesMachine.machine`; nothing here restates a row.
 */
import { batchRules, type MessageBatch, messageBatchesMachine, step } from '@vendor-api/spec';
import type { CaseContext } from '../../case.js';
import type { Auth } from '../../http.js';
import { endedAtProblem } from '../../instants.js';
import { checkRecord, type SentRequest, success } from './checks.js';

export const machine = messageBatchesMachine.machine;
export type BatchState = messageBatchesMachine.MessageBatchState;
export type BatchEvent = messageBatchesMachine.MessageBatchEvent;

export interface ModelBatch {
  readonly id: string;
  readonly requests: readonly SentRequest[];
  /** Server time at creation (ms since epoch). */
  readonly createdAt: number;
  state: BatchState;
  /** Effects of every row that moved the batch (what its results may hold). */
  readonly effects: Set<string>;
  /** The last non-null `results_url` seen. */
  resultsUrl: string | null;
  /** Client time (`performance.now()`) before its creation was sent: bounds `ended_at` on the wall clock. */
  readonly sentAt: number;
  /** No longer viewable: the server answered a 4xx once the batch was well past its retention. */
  gone?: boolean;
}

/**
 * How long a batch past its results retention is held viewable: the documents say it stays
 * viewable, not for how long (UNSPEC-BATCH-VIEWABLE-PERIOD), so only for a day after it.
 */
export const VIEWABLE_AFTER_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface BatchModel {
  /** The server's time as the model knows it (ms since epoch). */
  now: number;
  readonly batches: ModelBatch[];
  /**
   * Batches process on their own (the adapter cannot drive them): an `in_progress` batch may be
   * found ended at any read, its processing done (`processing.completed` needs no trigger).
   */
  readonly ownProcessing?: boolean;
  /** The server's time is the wall clock (no adapter clock): `ended_at` is checked within bounds. */
  readonly wallClock?: boolean;
}

export interface BatchReal {
  readonly ctx: CaseContext;
  readonly auth: Auth;
}

/** Most batches one run creates (keeps runs short). */
export const MAX_BATCHES = 4;

/** Picks the `pick`-th (modulo) of the batches in the given states, or undefined. */
export function pickBatch(
  model: BatchModel,
  pick: number,
  states: readonly BatchState[],
): ModelBatch | undefined {
  const candidates = model.batches.filter((b) => states.includes(b.state));
  return candidates.length ? candidates[pick % candidates.length] : undefined;
}

/** The states in which the machine has a row of this kind for the event. */
export function statesWhere(event: BatchEvent, kinds: readonly string[]): BatchState[] {
  return machine.states.filter((s) => kinds.includes(step(machine, s, event).outcome.kind));
}

/** Applies a happening through `step`; a row that `happens` moves the batch and adds its effects. */
export function happen(batch: ModelBatch, event: BatchEvent): void {
  const r = step(machine, batch.state, event);
  if (r.outcome.kind === 'impossible') throw new Error(`model: ${event} cannot happen in ${batch.state}`);
  if (r.outcome.kind !== 'happens') return;
  batch.state = r.next;
  for (const e of r.effects) batch.effects.add(e);
}

/**
 * Moves the model clock by `ms` and applies, per batch and in time order, the happenings whose
 * instant passed: `clock.24h` at `expires_at`, `clock.29d` at creation + 29 days. Before its
 * deadline an `in_progress` batch may also have finished processing on its own (the
 * `processing.completed` happening needs no trigger), so a batch whose deadline passed took one
 * of the two rows: both must lead to the same state, and its results may carry the effects of
 * either. Where batches process on their own (`ownProcessing`), a move short of a deadline is
 * allowed too: the next read tells whether processing happened.
 */
export function advance(model: BatchModel, ms: number): void {
  const from = model.now;
  const to = from + ms;
  for (const batch of model.batches) {
    const instants: [number, BatchEvent][] = [
      [batch.createdAt + batchRules.PROCESSING_DEADLINE_MS, 'clock.24h'],
      [batch.createdAt + batchRules.RESULTS_RETENTION_MS, 'clock.29d'],
    ];
    for (const [at, event] of instants) {
      if (at <= from || at > to) continue;
      if (
        event === 'clock.24h' &&
        step(machine, batch.state, 'processing.completed').outcome.kind === 'happens'
      ) {
        const byProcessing = step(machine, batch.state, 'processing.completed');
        const byDeadline = step(machine, batch.state, 'clock.24h');
        if (byProcessing.next !== byDeadline.next)
          throw new Error('model: processing and the deadline lead to different states');
        for (const e of byProcessing.effects) batch.effects.add(e);
      }
      happen(batch, event);
    }
    if (
      !model.ownProcessing &&
      batch.state === 'in_progress' &&
      to < batch.createdAt + batchRules.PROCESSING_DEADLINE_MS &&
      to > from
    ) {
      // Processing may or may not have happened: the model cannot tell. Commands never advance
      // less than the deadline, so this does not arise.
      throw new Error('model: clock advanced to before a batch deadline');
    }
  }
  model.now = to;
}

/**
 * Compares the state a server's record shows with the model's: equal, or, where batches process
 * on their own, the state processing leads to (the model then takes that row: the batch was
 * processed between two reads). Returns whether they agree.
 */
export function reconcile(model: BatchModel, batch: ModelBatch, observed: BatchState): boolean {
  if (observed === batch.state) return true;
  if (!model.ownProcessing) return false;
  const r = step(machine, batch.state, 'processing.completed');
  if (r.outcome.kind !== 'happens' || r.next !== observed) return false;
  happen(batch, 'processing.completed');
  return true;
}

/**
 * Retrieves a batch and compares it with the model: the retrieve row's outcome (a 2xx: the
 * success status is not shown, UNSPEC-BATCH-SUCCESS-STATUS), the state key of the record, and
 * the spec's record consistency rules. A batch more than a day past its retention may be gone (a
 * 4xx, and from then on), null then.
 */
export async function observe(
  model: BatchModel,
  real: BatchReal,
  batch: ModelBatch,
): Promise<MessageBatch | null> {
  const ctx: CaseContext = real.ctx;
  const row = step(machine, batch.state, 'messages.batches.retrieve');
  const res = await ctx.call('messages.batches.retrieve', {
    path: { message_batch_id: batch.id },
    auth: real.auth,
  });
  const mayBeGone =
    model.now > batch.createdAt + batchRules.RESULTS_RETENTION_MS + VIEWABLE_AFTER_RETENTION_MS;
  if (batch.gone || (mayBeGone && res.status >= 400)) {
    ctx.clientError(res);
    batch.gone = true;
    return null;
  }
  if (row.outcome.kind === 'ok') success(ctx, res);
  else ctx.fail(`model: retrieve has a ${row.outcome.kind} row in ${batch.state}`);
  const seenAt = performance.now();
  const record = ctx.bodyOf(res);
  ctx.field(res, '/id', batch.id);
  const observed = messageBatchesMachine.stateOf(record, new Date(model.now));
  if (!reconcile(model, batch, observed))
    ctx.fail(`batch ${batch.id}: the model says ${batch.state}, the server's record says ${observed}`);
  checkRecord(ctx, record, batch.requests.length, batch.state === 'ended:past_retention');
  if (model.wallClock) {
    const problem = endedAtProblem(record, batch.sentAt, seenAt);
    if (problem) ctx.fail(`batch ${batch.id}: ${problem}`);
  }
  if (record.results_url !== null) batch.resultsUrl = record.results_url;
  return record;
}
