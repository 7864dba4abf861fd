import type fc from 'fast-check';
import { applyEvent } from '../support/index.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/** A running pipeline finishes successfully (adapter): `completed`, ended_at set. */
export class PipelineSucceedCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(readonly index: number) {}
  check(model: DreamModel): boolean {
    return canHappen(model, this.index, 'pipeline.succeeded');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await applyEvent(real.ctx, pick(model, this.index)!, 'pipeline.succeeded');
  }
  toString(): string {
    return `pipeline.succeeded(#${this.index})`;
  }
}
