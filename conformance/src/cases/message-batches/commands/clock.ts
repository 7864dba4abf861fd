/**
 * Happening: the clock moves past the 24-hour deadline (`clock.24h`) or the 29-day retention
 * (`clock.29d`) of every batch created so far. Each advance lands an hour past the instants, never
 * within a minute of one (UNSPEC-BATCH-DEADLINE-INSTANT). Every batch is retrieved afterwards.
 */
import { batchRules } from '@vendor-api/spec';
import type fc from 'fast-check';
import { advance, type BatchModel, type BatchReal, observe } from '../model.js';

const HOUR = 60 * 60 * 1000;

export const CLOCK_STEPS = {
  '24h': batchRules.PROCESSING_DEADLINE_MS + HOUR,
  '29d': batchRules.RESULTS_RETENTION_MS + HOUR,
} as const;

export class AdvanceClockCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  constructor(readonly by: keyof typeof CLOCK_STEPS) {}

  check(model: Readonly<BatchModel>): boolean {
    return model.batches.length > 0;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    await real.ctx.fixture('clock', 'advanceClock', CLOCK_STEPS[this.by]);
    advance(model, CLOCK_STEPS[this.by]);
    for (const batch of model.batches) await observe(model, real, batch);
  }

  toString(): string {
    return `clock(+${this.by})`;
  }
}
