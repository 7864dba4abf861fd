import { step } from '@vendor-api/spec';
import type fc from 'fast-check';
import { applyEvent, machine } from '../support/index.js';
import { type DreamModel, type DreamReal, pick } from './model.js';

/**
 * An attempt to archive or delete the dream's output store (adapter; the memory-store endpoints
 * are not part of this interface): 400 while the dream is pending or running, allowed once it
 * ended, and the dream itself unchanged either way.
 */
export class OutputStoreChangeCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly index: number,
    readonly change: 'archive' | 'delete',
  ) {}
  check(model: DreamModel): boolean {
    const d = pick(model, this.index);
    // Only a dream that has an output store (it appears once the dream runs) has one to protect.
    if (!d || d.last.outputs.length === 0) return false;
    if (d.output === 'deleted' || (this.change === 'archive' && d.output === 'archived')) return false;
    return step(machine, d.state, `output_store.${this.change}`).outcome.kind !== 'impossible';
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const d = pick(model, this.index)!;
    const result = await applyEvent(real.ctx, d, `output_store.${this.change}`);
    if (result.outcome.kind === 'happens') d.output = this.change === 'archive' ? 'archived' : 'deleted';
  }
  toString(): string {
    return `output_store.${this.change}(#${this.index})`;
  }
}
