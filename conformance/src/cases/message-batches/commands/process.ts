/** Happening: every request of a batch finishes processing (driven through the adapter). */
import type fc from 'fast-check';
import { type BatchModel, type BatchReal, happen, observe, pickBatch, statesWhere } from '../model.js';

export class ProcessBatchCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  constructor(readonly pick: number) {}

  /** Only where the machine lets the happening take effect (never where it is impossible). */
  check(model: Readonly<BatchModel>): boolean {
    return pickBatch(model, this.pick, statesWhere('processing.completed', ['happens'])) !== undefined;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    const batch = pickBatch(model, this.pick, statesWhere('processing.completed', ['happens']));
    if (!batch) return;
    await real.ctx.fixture('drive-batches', 'driveBatch', batch.id, { action: 'process' });
    happen(batch, 'processing.completed');
    await observe(model, real, batch);
  }

  toString(): string {
    return `process(#${this.pick})`;
  }
}
