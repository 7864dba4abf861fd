import type fc from 'fast-check';
import { applyEvent } from '../support/index.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/**
 * The dream's input memory store is archived or deleted (adapter): a running dream fails with
 * `input_memory_store_unavailable`; an ended one is unaffected; a pending one is not stated
 * (UNSPEC-DREAM-INPUT-LOSS-PENDING: the model adopts what it observes).
 */
export class InputStoreLostCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly index: number,
    readonly change: 'archive' | 'delete',
  ) {}
  check(model: DreamModel): boolean {
    const d = pick(model, this.index);
    if (!d || d.store === 'deleted' || (this.change === 'archive' && d.store === 'archived')) return false;
    return canHappen(model, this.index, 'input_store.unavailable');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const d = pick(model, this.index)!;
    await applyEvent(real.ctx, d, 'input_store.unavailable', { change: this.change });
    d.store = this.change === 'archive' ? 'archived' : 'deleted';
  }
  toString(): string {
    return `input_store.${this.change}(#${this.index})`;
  }
}
