import { dreamsMachine } from '@vendor-api/spec';
import type fc from 'fast-check';
import { reachableByPipeline, retrieve } from '../support/index.js';
import type { DreamModel, DreamReal } from './model.js';

/**
 * Time passes (adapter clock). The documents tie no transition to a duration, so a dream may only
 * have moved along the pipeline's own `happens` rows (start, progress, success, failure): each
 * dream read back must be in a state the machine reaches from its model state that way, and the
 * model adopts it. Operations never happen by themselves: an archived or canceled dream stays so.
 */
export class ClockAdvanceCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await real.ctx.fixture('clock', 'advanceClock', this.ms);
    for (const d of model.dreams) {
      const dream = await retrieve(real.ctx, d);
      const observed = dreamsMachine.stateOf(dream);
      const allowed = reachableByPipeline(d.state);
      if (!allowed.has(observed))
        real.ctx.fail(
          `after ${this.ms} ms dream ${d.id} went from ${d.state} to ${observed}; the pipeline alone reaches only ${[...allowed].join(', ')}`,
        );
      d.state = observed;
      d.last = dream;
    }
  }
  toString(): string {
    return `clock.advance(${this.ms})`;
  }
}
