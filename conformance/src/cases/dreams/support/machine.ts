/**
 * The dream machine as the dream cases walk it: its state, event and step types, and the paths
 * through its table. Nothing here restates a transition: every next state comes from
 * `step(dreamsMachine.machine, state, event)`.
 */
import { dreamsMachine, type StepResult, step } from '@vendor-api/spec';

export type DreamState = dreamsMachine.DreamState;
export type DreamEvent = dreamsMachine.DreamEvent;
export type DreamStep = StepResult<DreamState, DreamEvent, never, dreamsMachine.DreamEffect>;

export const machine = dreamsMachine.machine;

/** The happenings that move a dream by themselves as time passes (the pipeline's own progress). */
const TIME_DRIVEN: readonly DreamEvent[] = [
  'pipeline.started',
  'pipeline.progress',
  'pipeline.succeeded',
  'pipeline.failed',
];

/** The states a dream may reach from `from` by the pipeline alone (the table's `happens` rows). */
export function reachableByPipeline(from: DreamState): Set<DreamState> {
  const seen = new Set<DreamState>([from]);
  const queue: DreamState[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    for (const e of TIME_DRIVEN) {
      const r = step(machine, s, e);
      if (r.outcome.kind === 'happens' && !seen.has(r.next)) {
        seen.add(r.next);
        queue.push(r.next);
      }
    }
  }
  return seen;
}

/**
 * The shortest sequence of events (by default operations and pipeline happenings whose rows take
 * effect) that brings a new dream (or one in `from`) to `target`, found by walking the machine's
 * table.
 */
export function pathTo(
  target: DreamState,
  events: readonly DreamEvent[] = ['dreams.cancel', 'dreams.archive', ...TIME_DRIVEN],
  from: DreamState = machine.initial,
): DreamEvent[] {
  const prev = new Map<DreamState, { from: DreamState; event: DreamEvent } | null>([[from, null]]);
  const queue: DreamState[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    if (s === target) break;
    for (const e of events) {
      const r = step(machine, s, e);
      const takesEffect = r.outcome.kind === 'ok' || r.outcome.kind === 'happens';
      if (takesEffect && r.changed && !prev.has(r.next)) {
        prev.set(r.next, { from: s, event: e });
        queue.push(r.next);
      }
    }
  }
  if (!prev.has(target)) throw new Error(`no path to ${target} in the dream machine`);
  const path: DreamEvent[] = [];
  for (let s = target, p = prev.get(s); p; s = p.from, p = prev.get(s)) path.unshift(p.event);
  return path;
}
