import type fc from 'fast-check';
import { applyEvent } from '../support.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/** The pipeline of a pending dream starts (adapter): `running`, session_id and output store set. */
export class PipelineStartCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(readonly index: number) {}
  check(model: DreamModel): boolean {
    return canHappen(model, this.index, 'pipeline.started');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await applyEvent(real.ctx, pick(model, this.index)!, 'pipeline.started');
  }
  toString(): string {
    return `pipeline.started(#${this.index})`;
  }
}
