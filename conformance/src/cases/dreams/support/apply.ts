/**
 * Applying events to a dream the case holds: `step` gives the row, the event is carried out, and
 * the answer and the record read back are judged by the row.
 */
import { dreamsMachine, step } from '@vendor-api/spec';
import type { Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { createDream, type DreamHandle } from './create.js';
import { type EventOptions, expectedErrorType, perform } from './events.js';
import { judgeAnswer, judgePipelineSession, judgeRecord, judgeStores, outputStateBefore } from './judge.js';
import { type DreamEvent, type DreamState, type DreamStep, machine, pathTo } from './machine.js';
import { retrieve } from './retrieve.js';

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

/** Creates a dream and brings it to `target` along `path` (default `pathTo(target)`), judging every step. */
export async function dreamIn(
  ctx: CaseContext,
  ws: Workspace,
  target: DreamState,
  path: readonly DreamEvent[] = pathTo(target),
): Promise<DreamHandle> {
  const handle = await createDream(ctx, ws);
  for (const event of path) await applyEvent(ctx, handle, event);
  if (handle.state !== target) ctx.fail(`could not bring dream ${handle.id} to ${target}`);
  return handle;
}
