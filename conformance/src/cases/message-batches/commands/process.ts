/**
 * Happening: every request of a batch finishes processing: driven through the adapter when it
 * can (`drive`), else awaited as a client would, retrieving the batch until it has ended.
 */
import type fc from 'fast-check';
import {
  advance,
  type BatchModel,
  type BatchReal,
  happen,
  observe,
  pickBatch,
  statesWhere,
} from '../model.js';
import { processBatch } from '../processing.js';

export class ProcessBatchCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  /** `drive`: the adapter drives the processing; otherwise the command waits for it. */
  constructor(
    readonly pick: number,
    readonly drive = true,
  ) {}

  /** Only where the machine lets the happening take effect (never where it is impossible). */
  check(model: Readonly<BatchModel>): boolean {
    return pickBatch(model, this.pick, statesWhere('processing.completed', ['happens'])) !== undefined;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    const batch = pickBatch(model, this.pick, statesWhere('processing.completed', ['happens']));
    if (!batch) return;
    if (this.drive) {
      await real.ctx.fixture('drive-batches', 'driveBatch', batch.id, { action: 'process' });
      happen(batch, 'processing.completed');
    } else {
      // The wait ends once the batch is read ended; the read below takes the row (`observe`).
      const { movedMs } = await processBatch(real.ctx, batch.id, real.auth);
      if (movedMs > 0) advance(model, movedMs);
    }
    await observe(model, real, batch);
  }

  toString(): string {
    return `${this.drive ? 'process' : 'await'}(#${this.pick})`;
  }
}
