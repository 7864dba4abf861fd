/** Command: retrieve a batch and compare it with the model. */
import type fc from 'fast-check';
import { type BatchModel, type BatchReal, observe, pickBatch, statesWhere } from '../model.js';

export class RetrieveBatchCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  constructor(readonly pick: number) {}

  check(model: Readonly<BatchModel>): boolean {
    return pickBatch(model, this.pick, statesWhere('messages.batches.retrieve', ['ok'])) !== undefined;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    const batch = pickBatch(model, this.pick, statesWhere('messages.batches.retrieve', ['ok']));
    if (batch) await observe(model, real, batch);
  }

  toString(): string {
    return `retrieve(#${this.pick})`;
  }
}
