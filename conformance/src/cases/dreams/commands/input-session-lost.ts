import type fc from 'fast-check';
import { applyEvent } from '../support/index.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/**
 * One input session of the dream is archived or deleted (adapter): a running dream fails with
 * `input_session_unavailable`; an ended one is unaffected; a pending one is not stated
 * (UNSPEC-DREAM-INPUT-LOSS-PENDING: the model adopts what it observes).
 */
export class InputSessionLostCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly index: number,
    readonly change: 'archive' | 'delete',
  ) {}
  check(model: DreamModel): boolean {
    const d = pick(model, this.index);
    if (!d || d.session === 'deleted' || (this.change === 'archive' && d.session === 'archived'))
      return false;
    return canHappen(model, this.index, 'input_session.unavailable');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const d = pick(model, this.index)!;
    await applyEvent(real.ctx, d, 'input_session.unavailable', { change: this.change });
    d.session = this.change === 'archive' ? 'archived' : 'deleted';
  }
  toString(): string {
    return `input_session.${this.change}(#${this.index})`;
  }
}
