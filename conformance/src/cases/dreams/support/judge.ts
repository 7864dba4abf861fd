/**
 * Judging an event by the row `step` gives: its answer, the dream read back after it, and the
 * pipeline session where the adapter can tell.
 */
import { type Dream, dreamsMachine, spec } from '@vendor-api/spec';
import type { MemoryStoreState, Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { documentedPart, sameData } from '../../../data.js';
import { check, isErrorBody } from '../../../expectations.js';
import { authOf, success } from './answers.js';
import { DEFAULT_PROGRESS, type EventAnswer, type EventOptions, expectedErrorType } from './events.js';
import type { DreamEvent, DreamStep } from './machine.js';

/** Judges the answer of an event by the row's outcome. */
export function judgeAnswer(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  answer: EventAnswer,
): void {
  const outcome = result.outcome;
  if (answer.res) {
    if (outcome.kind === 'ok') success(ctx, answer.res);
    else if (outcome.kind === 'error')
      ctx.status(answer.res, outcome.status, outcome.errorType ? { errorType: outcome.errorType } : {});
    return;
  }
  // Only the output-store attempts have an answer the table judges: 400 while the dream is active
  // (MEMSTORE-OUTPUT-*-ACTIVE-400), allowed once it ended (MEMSTORE-OUTPUT-RELEASE-AFTER-END).
  if (answer.fixture && event.startsWith('output_store.')) {
    const { status, body } = answer.fixture;
    if (outcome.kind === 'error') {
      if (status !== outcome.status || !isErrorBody(body))
        ctx.fail(
          `${event} of the output store of a ${result.row.from.join('/')} dream: expected ${outcome.status} with the error body, got ${status}: ${JSON.stringify(body)}`,
        );
    } else if (outcome.kind === 'happens' && (status < 200 || status >= 300)) {
      ctx.fail(
        `${event} of the output store of an ended dream was refused (${status}): ${JSON.stringify(body)}`,
      );
    }
  }
}

/**
 * What `judgeAnswer` would find wrong with an answer, without recording or failing: null when the
 * answer fits the row.
 */
export function answerProblem(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  answer: EventAnswer,
): string | null {
  const outcome = result.outcome;
  if (answer.res) {
    const { status, body } = answer.res;
    const expectations =
      outcome.kind === 'ok'
        ? [{ kind: 'status-class', equals: '2xx' } as const]
        : outcome.kind === 'error'
          ? [
              { kind: 'status', equals: outcome.status } as const,
              { kind: 'error-body' } as const,
              ...(outcome.errorType
                ? [{ kind: 'field', pointer: '/error/type', equals: outcome.errorType } as const]
                : []),
            ]
          : [];
    for (const e of expectations) {
      const problem = check(e, { status, body }, ctx.recorder.steps);
      if (problem) return `${event}: ${problem}`;
    }
    return null;
  }
  if (answer.fixture && event.startsWith('output_store.')) {
    const { status, body } = answer.fixture;
    if (outcome.kind === 'error' && (status !== outcome.status || !isErrorBody(body)))
      return `${event}: expected ${outcome.status} with the error body, got ${status}`;
    if (outcome.kind === 'happens' && (status < 200 || status >= 300))
      return `${event} was refused (${status})`;
  }
  return null;
}

const usageSum = (d: Dream) =>
  d.usage.input_tokens +
  d.usage.output_tokens +
  d.usage.cache_creation_input_tokens +
  d.usage.cache_read_input_tokens;

/**
 * Checks the dream read back after an event against the row: the state key is the row's next
 * state, each observable effect shows on the record, and a row without effects that leaves the
 * state unchanged leaves the whole record unchanged (the idempotent no-ops, the 400s, the ignored
 * happenings).
 */
export function judgeRecord(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  before: Dream,
  after: Dream,
  options: EventOptions = {},
): void {
  const problem = recordProblem(result, event, before, after, options);
  if (problem) ctx.fail(problem);
}

/**
 * What `judgeRecord` would find wrong with the dream read back, or null. `unchanged`: how much of
 * the record a no-op row leaves as it was: all of it (default), or, where the pipeline moves on its
 * own, all but the usage of a running dream (it may grow meanwhile); `none` where the record
 * before the event is not known (the dream had moved on its own since it was read).
 */
export function recordProblem(
  result: DreamStep,
  event: DreamEvent,
  before: Dream,
  after: Dream,
  options: EventOptions = {},
  unchanged: 'all' | 'but-running-usage' | 'none' = 'all',
): string | null {
  const observed = dreamsMachine.stateOf(after);
  const where = `after ${event} on the ${dreamsMachine.stateOf(before)} dream ${after.id}`;
  if (observed !== result.next)
    return `${where}: expected state ${result.next}, observed ${observed} (${JSON.stringify(after)})`;
  if (!result.changed && result.effects.length === 0) {
    if (unchanged === 'none') return null;
    const documented = (d: Dream) => {
      const part = documentedPart(spec.schemas, 'Dream', d) as Record<string, unknown>;
      if (unchanged === 'all' || d.status !== 'running') return part;
      const { usage: _usage, ...rest } = part;
      return rest;
    };
    if (!sameData(documented(after), documented(before)))
      return `${where}: expected the dream unchanged, was ${JSON.stringify(before)}, now ${JSON.stringify(after)}`;
    return null;
  }
  const problems: string[] = [];
  for (const effect of result.effects) {
    switch (effect) {
      case 'set_session_id':
        if (typeof after.session_id !== 'string') problems.push('session_id is not set');
        break;
      case 'add_output_store':
        if (after.outputs.length === 0) problems.push('outputs hold no output store');
        break;
      case 'update_usage': {
        const keys = Object.keys(before.usage) as (keyof Dream['usage'])[];
        const lower = keys.filter((k) => after.usage[k] < before.usage[k]);
        if (lower.length) problems.push(`usage decreased (${lower.join(', ')})`);
        const consumed = options.tokens ?? DEFAULT_PROGRESS;
        if (
          event === 'pipeline.progress' &&
          consumed.input_tokens + consumed.output_tokens > 0 &&
          usageSum(after) <= usageSum(before)
        )
          problems.push(
            `usage did not grow while running (${JSON.stringify(before.usage)} -> ${JSON.stringify(after.usage)})`,
          );
        break;
      }
      case 'set_ended_at':
        if (after.ended_at === null) problems.push('ended_at is not set');
        break;
      case 'set_error_type': {
        const type = expectedErrorType(event, options);
        if (after.error === null) problems.push('error is not set');
        else if (type !== null && after.error.type !== type)
          problems.push(
            `error.type is ${JSON.stringify(after.error.type)}, expected ${JSON.stringify(type)}`,
          );
        break;
      }
      case 'set_archived_at':
        if (after.archived_at === null) problems.push('archived_at is not set');
        break;
      // Not observable on the dream record through the documented API: the pipeline session (read
      // through the adapter, see judgePipelineSession), the output store (read through the
      // adapter, see judgeStores), and the default list (the list command checks that one).
      case 'archive_pipeline_session':
      case 'populate_output_store':
      case 'leave_output_store':
      case 'exclude_from_default_lists':
        break;
    }
  }
  return problems.length ? `${where}: ${problems.join('; ')}: ${JSON.stringify(after)}` : null;
}

/**
 * The pipeline session is archived when the row says so (DREAM-PIPELINE-SESSION-ARCHIVED), and
 * stays readable (DREAM-PIPELINE-SESSION-READABLE): see `judgeSessionReadable`.
 */
export async function judgePipelineSession(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  after: Dream,
  ws: Workspace,
): Promise<void> {
  if (!result.effects.includes('archive_pipeline_session') || after.session_id === null) return;
  await judgeSessionReadable(ctx, after, `after ${event}`, ws);
}

/**
 * The pipeline session of an ended dream: archived and still readable. What the documents show of
 * a session is its resource list, so that list still answers (a 2xx with the documented list)
 * with the dream's workspace key; where the adapter can tell (session records are not shown:
 * capability `session-state`), the session is archived and not deleted.
 */
export async function judgeSessionReadable(
  ctx: CaseContext,
  dream: Dream,
  when: string,
  ws: Workspace,
): Promise<void> {
  const id = dream.session_id;
  if (id === null) return;
  const res = await ctx.call('sessions.resources.list', { path: { session_id: id }, auth: authOf(ctx, ws) });
  if (res.status < 200 || res.status >= 300)
    ctx.fail(
      `${when}, the pipeline session ${id} of dream ${dream.id} is no longer readable: its resource list answered ${res.status} ${res.text.slice(0, 200)}`,
    );
  ctx.bodyOf(res);
  if (!ctx.adapter.capabilities.has('session-state')) return;
  const session = await ctx.fixture('session-state', 'sessionState', id);
  if (!session.archived) ctx.fail(`${when}, the pipeline session ${id} of dream ${dream.id} is not archived`);
  if (session.deleted === true)
    ctx.fail(`${when}, the pipeline session ${id} of dream ${dream.id} is deleted: it must stay readable`);
}

/** The output store of a dream as the dream last showed it (none before the pipeline starts). */
export const outputStoreOf = (dream: Dream): string | undefined => dream.outputs[0]?.memory_store_id;

/**
 * The memory stores around an event, where the adapter can read them (memory-store records and
 * contents are not shown: capability `memory-store-state`):
 * - the input store is never modified (MEMSTORE-INPUT-NEVER-MODIFIED): its contents are those it
 *   had before the dream was created, whatever happened since (until it is deleted);
 * - a row that leaves the output store as it is (`leave_output_store`: cancel while running,
 *   failure, archive; DREAM-CANCEL-LEAVES-OUTPUT, DREAM-FAILED-OUTPUT-KEPT,
 *   DREAM-ARCHIVE-KEEPS-OUTPUT-STORE), and a refused event, leave it exactly as before the event:
 *   same contents, not archived or deleted by it;
 * - a completed dream's output store is there to use (`populate_output_store`): neither archived
 *   nor deleted. What "fully populated" holds is the model's work, which the documents do not
 *   describe: not asserted.
 */
export async function judgeStores(
  ctx: CaseContext,
  result: DreamStep,
  event: DreamEvent,
  handle: { readonly id: string; readonly storeId: string; readonly inputDigest?: string | null },
  after: Dream,
  outputBefore: MemoryStoreState | undefined,
): Promise<void> {
  if (!ctx.adapter.capabilities.has('memory-store-state')) return;
  const where = `after ${event} on dream ${after.id}`;
  if (handle.inputDigest !== undefined) {
    const input = await ctx.fixture('memory-store-state', 'memoryStoreState', handle.storeId);
    if (!input.deleted && input.digest !== handle.inputDigest)
      ctx.fail(
        `${where}: the input store ${handle.storeId} was modified (contents ${handle.inputDigest} before the dream, now ${input.digest})`,
      );
  }
  const output = outputStoreOf(after);
  if (output === undefined) return;
  const left = result.effects.includes('leave_output_store') || result.outcome.kind === 'error';
  const populated = result.effects.includes('populate_output_store');
  if (!(left && outputBefore) && !populated) return;
  const now = await ctx.fixture('memory-store-state', 'memoryStoreState', output);
  if (left && outputBefore) {
    const changed = (['archived', 'deleted', 'digest'] as const).filter((k) => now[k] !== outputBefore[k]);
    if (changed.length)
      ctx.fail(
        `${where}: the output store ${output} was not left as it was (${changed
          .map((k) => `${k} ${JSON.stringify(outputBefore[k])} -> ${JSON.stringify(now[k])}`)
          .join(', ')}; ${result.row.requirements.join(', ')})`,
      );
  }
  if (populated && (now.archived || now.deleted))
    ctx.fail(
      `${where}: the output store ${output} of the completed dream is ${now.deleted ? 'deleted' : 'archived'}`,
    );
}

/** The output store's state before an event, where there is one and the adapter can read it. */
export async function outputStateBefore(
  ctx: CaseContext,
  dream: Dream,
): Promise<MemoryStoreState | undefined> {
  const output = outputStoreOf(dream);
  if (output === undefined || !ctx.adapter.capabilities.has('memory-store-state')) return undefined;
  return ctx.fixture('memory-store-state', 'memoryStoreState', output);
}
