/**
 * A dream pipeline the case cannot drive: it moves on its own (the server's queue and model), and
 * the case waits for it as a client would, retrieving the dream until it has left `pending`, or
 * until it is neither `pending` nor `running` (within the run's `--max-wait`). Every state read
 * back must be one the pipeline alone reaches from the state the case last knew.
 */
import { type Dream, dreamRules, dreamsMachine } from '@vendor-api/spec';
import type { CaseContext } from '../../../case.js';
import { waitUntil } from '../../../wait.js';
import type { DreamHandle } from './create.js';
import { type DreamState, machine, reachableByPipeline } from './machine.js';
import { retrieve } from './retrieve.js';

/** Whether the case drives dream pipelines (the adapter can), rather than waiting for them. */
export const drivesDreams = (ctx: CaseContext): boolean => ctx.has('drive-dreams');

/**
 * Waits for a dream's own pipeline: `started` until it has left `pending` (polled briskly: a
 * running dream is seen before it ends), `ended` until it is neither `pending` nor `running`. The
 * state read back must be one its pipeline reaches from the state the case knew; the handle takes
 * it. Returns the dream read last.
 */
export async function awaitDream(
  ctx: CaseContext,
  handle: DreamHandle,
  until: 'started' | 'ended',
): Promise<Dream> {
  const { value: dream } = await waitUntil(ctx, {
    what: `dream ${handle.id} to ${until === 'started' ? 'start' : 'end'}`,
    poll: () => retrieve(ctx, handle),
    done: (d) =>
      until === 'started'
        ? dreamsMachine.stateOf(d) !== machine.initial
        : !dreamRules.shouldKeepPolling(d.status),
    describe: (d) => `status ${JSON.stringify(d.status)}`,
    kind: until === 'started' ? 'passing' : 'end',
  });
  await adoptPipelineState(
    ctx,
    handle,
    dream,
    `while waiting for it to ${until === 'started' ? 'start' : 'end'}`,
  );
  return dream;
}

/**
 * Takes the state of a dream read back after time passed: it must be one the pipeline alone reaches
 * from the state the case knew (start, progress, success, failure); operations never happen by
 * themselves, so an archived or canceled dream stays so. A dream that ended meanwhile has its
 * pipeline session archived (see `checkEndedSession`).
 */
export async function adoptPipelineState(
  ctx: CaseContext,
  handle: DreamHandle,
  dream: Dream,
  when: string,
): Promise<void> {
  const observed = dreamsMachine.stateOf(dream);
  const allowed = reachableByPipeline(handle.state);
  if (!allowed.has(observed))
    ctx.fail(
      `${when}, dream ${handle.id} went from ${handle.state} to ${observed}; its pipeline alone reaches only ${[...allowed].join(', ')}`,
    );
  await checkEndedSession(ctx, handle.state, dream);
  handle.state = observed;
  handle.last = dream;
}

/**
 * A dream the case knew active that is read back ended (on its own, or by an event while its
 * pipeline moved) ran its pipeline in a session, which is archived now
 * (DREAM-PIPELINE-SESSION-ARCHIVED), where the adapter can tell (capability `session-state`).
 */
export async function checkEndedSession(ctx: CaseContext, known: DreamState, dream: Dream): Promise<void> {
  if (!ctx.has('session-state') || dream.session_id === null) return;
  if (!dreamRules.isActive(dreamsMachine.statusOf(known)) || !dreamRules.isTerminal(dream.status)) return;
  const session = await ctx.fixture('session-state', 'sessionState', dream.session_id);
  if (!session.archived)
    ctx.fail(
      `dream ${dream.id} ended ${dream.status} (it was ${known} when read before), but its pipeline session ${dream.session_id} is not archived`,
    );
}
