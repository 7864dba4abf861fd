import type fc from 'fast-check';
import { applyEvent } from '../support/index.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/** A running pipeline fails with an error type (adapter): `failed` with that `error.type`. */
export class PipelineFailCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly index: number,
    readonly errorType: string,
  ) {}
  check(model: DreamModel): boolean {
    return canHappen(model, this.index, 'pipeline.failed');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await applyEvent(real.ctx, pick(model, this.index)!, 'pipeline.failed', { errorType: this.errorType });
  }
  toString(): string {
    return `pipeline.failed(#${this.index}, ${this.errorType})`;
  }
}
