/**
 * Applying events to a dream the case holds: `step` gives the row, the event is carried out, and
 * the answer and the record read back are judged by the row.
 *
 * Where the case cannot drive the pipeline, it moves on its own: between the last read and the
 * event the dream may have moved along it (started, progressed, ended), so the event is judged by
 * the row of any state the pipeline reaches from the one the case knew, and the dream read back
 * may have moved on again since. A pipeline happening is then awaited, not driven.
 */
import { dreamsMachine, step } from '@vendor-api/spec';
import { MissingCapabilityError, Unobservable, type Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { createDream, type DreamHandle } from './create.js';
import { type EventAnswer, type EventOptions, expectedErrorType, perform } from './events.js';
import {
  answerProblem,
  judgeAnswer,
  judgePipelineSession,
  judgeRecord,
  judgeStores,
  outputStateBefore,
  recordProblem,
} from './judge.js';
import {
  type DreamEvent,
  type DreamState,
  type DreamStep,
  machine,
  pathTo,
  reachableByPipeline,
} from './machine.js';
import { awaitDream, checkEndedSession, drivesDreams } from './pipeline.js';
import { retrieve } from './retrieve.js';

/** The happenings of the pipeline itself: driven through the adapter, or awaited. */
const PIPELINE_EVENTS: readonly DreamEvent[] = [
  'pipeline.started',
  'pipeline.progress',
  'pipeline.succeeded',
  'pipeline.failed',
];

/**
 * Applies one event to a dream the case holds: `step` gives the row; the event is carried out;
 * the answer and the record read back are judged by the row (an `unspecified` row asserts
 * nothing and adopts what is observed). Returns the step.
 */
export async function applyEvent(
  ctx: CaseContext,
  handle: DreamHandle,
  event: DreamEvent,
  options: EventOptions = {},
): Promise<DreamStep> {
  if (!drivesDreams(ctx))
    return PIPELINE_EVENTS.includes(event)
      ? awaitPipeline(ctx, handle, event)
      : applyWhileMoving(ctx, handle, event, options);
  const result = step(machine, handle.state, event);
  if (result.outcome.kind === 'impossible')
    throw new Error(`the model generated ${event} in state ${handle.state}, which cannot happen there`);
  const before = handle.last;
  const outputBefore = await outputStateBefore(ctx, before);
  const answer = await perform(ctx, handle, event, options);
  judgeAnswer(ctx, result, event, answer);
  const after = await retrieve(ctx, handle);
  const noticed = after.status === 'failed' ? options.noticed : undefined;
  if (noticed?.length) {
    const loss = noticed.find((e) => expectedErrorType(e, options) === after.error?.type) ?? noticed[0]!;
    const lossStep = step(machine, handle.state, loss);
    judgeRecord(ctx, lossStep, loss, before, after, options);
    await judgeStores(ctx, lossStep, loss, handle, after, outputBefore);
    handle.state = lossStep.next;
    handle.last = after;
    return lossStep;
  }
  if (result.outcome.kind === 'unspecified') handle.state = dreamsMachine.stateOf(after);
  else {
    judgeRecord(ctx, result, event, before, after, options);
    await judgePipelineSession(ctx, result, event, after, handle.ws);
    await judgeStores(ctx, result, event, handle, after, outputBefore);
    handle.state = result.next;
  }
  handle.last = after;
  return result;
}

/**
 * A pipeline happening the case cannot drive: awaited as a client would (`pipeline.started`: until
 * the dream has left `pending`; `pipeline.succeeded`: until it has ended). Where the dream is then
 * in the row's next state, the row's effects are judged on it; it may also have gone further (or
 * elsewhere) along its pipeline meanwhile, which the handle takes. A failure with a chosen error
 * type, or chosen token usage, cannot be awaited: such a case needs `drive-dreams`.
 */
async function awaitPipeline(ctx: CaseContext, handle: DreamHandle, event: DreamEvent): Promise<DreamStep> {
  const result = step(machine, handle.state, event);
  if (event !== 'pipeline.started' && event !== 'pipeline.succeeded')
    throw new MissingCapabilityError('drive-dreams');
  const before = handle.last;
  const from = handle.state;
  const after = await awaitDream(ctx, handle, event === 'pipeline.started' ? 'started' : 'ended');
  if (result.outcome.kind === 'happens' && handle.state === result.next && from !== result.next) {
    judgeRecord(ctx, result, event, before, after);
    await judgePipelineSession(ctx, result, event, after, handle.ws);
  }
  return result;
}

/**
 * One operation or input change while the pipeline moves on its own: judged by the row of the
 * state the case knew, or, where that does not fit, of a state the pipeline reached from it
 * meanwhile; the dream read back is where that row leads or further along the pipeline. With no
 * row that fits, the case fails with what the row of the known state found wrong.
 */
async function applyWhileMoving(
  ctx: CaseContext,
  handle: DreamHandle,
  event: DreamEvent,
  options: EventOptions,
): Promise<DreamStep> {
  const before = handle.last;
  const known = handle.state;
  const rows = [...reachableByPipeline(known)]
    .map((from) => ({ from, result: step(machine, from, event) }))
    .filter((r) => r.result.outcome.kind !== 'impossible');
  if (!rows.length)
    throw new Error(`the model generated ${event} in state ${known}, which cannot happen there`);
  const answer: EventAnswer = await perform(ctx, handle, event, options);
  const after = await retrieve(ctx, handle);
  const observed = dreamsMachine.stateOf(after);
  const problemOf = ({ from, result }: (typeof rows)[number]): string | null => {
    const answered = answerProblem(ctx, result, event, answer);
    if (answered) return answered;
    if (result.outcome.kind === 'unspecified') return null;
    if (!reachableByPipeline(result.next).has(observed))
      return `after ${event}, expected state ${result.next} (or one its pipeline reaches from there), observed ${observed} (${JSON.stringify(after)})`;
    if (observed !== result.next) return null;
    // The record before the event is known only where the dream had not moved since it was read.
    return recordProblem(
      result,
      event,
      before,
      after,
      options,
      from === known ? 'but-running-usage' : 'none',
    );
  };
  const fitting = rows.find((r) => problemOf(r) === null);
  if (!fitting) {
    const first = rows[0]!;
    // The answer of the known state's row fails with its own step; else the record's problem.
    judgeAnswer(ctx, first.result, event, answer);
    const others = rows.slice(1).map((r) => r.from);
    return ctx.fail(
      `${problemOf(first)}${others.length ? ` (the dream was ${known} when last read; neither does the row of ${others.join(', ')}, states its pipeline reaches meanwhile, fit)` : ''}`,
    );
  }
  judgeAnswer(ctx, fitting.result, event, answer);
  if (fitting.result.outcome.kind !== 'unspecified' && observed === fitting.result.next)
    await judgePipelineSession(ctx, fitting.result, event, after, handle.ws);
  await checkEndedSession(ctx, known, after);
  handle.state = observed;
  handle.last = after;
  return fitting.result;
}

/** Creates a dream and brings it to `target` along `path` (default `pathTo(target)`), judging every step. */
export async function dreamIn(
  ctx: CaseContext,
  ws: Workspace,
  target: DreamState,
  path?: readonly DreamEvent[],
): Promise<DreamHandle> {
  const drive = drivesDreams(ctx);
  const handle = await createDream(ctx, ws);
  for (const event of path ?? pathTo(target, drive ? undefined : AWAITABLE)) {
    // A pipeline that moves on its own may have gone ahead of the path, or past the target.
    if (!drive && (handle.state === target || !reachesOnPath(handle.state, target))) break;
    await applyEvent(ctx, handle, event);
  }
  if (handle.state !== target) {
    if (!drive)
      throw new Unobservable(
        `the dream's own pipeline took dream ${handle.id} to ${handle.state} before the case could bring it to ${target} (the adapter cannot drive dream pipelines: drive-dreams)`,
      );
    ctx.fail(`could not bring dream ${handle.id} to ${target}`);
  }
  return handle;
}

/**
 * The events a case that cannot drive the pipeline takes a dream along: operations, input losses,
 * and the pipeline's start and success (awaited); never a failure it cannot choose.
 */
const AWAITABLE: readonly DreamEvent[] = [
  'dreams.cancel',
  'dreams.archive',
  'pipeline.started',
  'pipeline.succeeded',
  'input_store.unavailable',
];

/** Whether `target` is still reachable from `state` by the awaitable events. */
function reachesOnPath(state: DreamState, target: DreamState): boolean {
  if (state === target) return true;
  try {
    return pathTo(target, AWAITABLE, state).length > 0;
  } catch {
    return false;
  }
}
