import { dreamRules, dreamsMachine } from '@vendor-api/spec';
import type fc from 'fast-check';
import { awaitDream, machine } from '../support/index.js';
import { type DreamModel, type DreamReal, pick } from './model.js';

/**
 * Waits for a dream's own pipeline, as a client would (the adapter cannot drive it): until it has
 * left `pending`, or until it is neither `pending` nor `running`. The state it reaches must be one
 * its pipeline alone reaches from the model's (start, progress, success, failure); the model takes
 * it.
 */
export class AwaitCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly index: number,
    readonly until: 'started' | 'ended',
  ) {}
  check(model: DreamModel): boolean {
    const d = pick(model, this.index);
    if (!d) return false;
    return this.until === 'started'
      ? d.state === machine.initial
      : dreamRules.isActive(dreamsMachine.statusOf(d.state));
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await awaitDream(real.ctx, pick(model, this.index)!, this.until);
  }
  toString(): string {
    return `await.${this.until}(#${this.index})`;
  }
}
