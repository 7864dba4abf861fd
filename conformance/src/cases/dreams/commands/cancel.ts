import type fc from 'fast-check';
import { applyEvent } from '../support/index.js';
import { type DreamModel, type DreamReal, pick } from './model.js';

/** POST /v1/dreams/{dream_id}/cancel, in any state: the answer and the dream read back follow the machine's row. */
export class CancelCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(readonly index: number) {}
  check(model: DreamModel): boolean {
    return pick(model, this.index) !== undefined;
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await applyEvent(real.ctx, pick(model, this.index)!, 'dreams.cancel');
  }
  toString(): string {
    return `cancel(#${this.index})`;
  }
}
