import type fc from 'fast-check';
import { applyEvent } from '../support/index.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/** A running pipeline consumes tokens (adapter): the dream's usage grows. */
export class PipelineProgressCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly index: number,
    readonly inputTokens: number,
    readonly outputTokens: number,
  ) {}
  check(model: DreamModel): boolean {
    return canHappen(model, this.index, 'pipeline.progress');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    await applyEvent(real.ctx, pick(model, this.index)!, 'pipeline.progress', {
      tokens: { input_tokens: this.inputTokens, output_tokens: this.outputTokens },
    });
  }
  toString(): string {
    return `pipeline.progress(#${this.index}, ${this.inputTokens}/${this.outputTokens})`;
  }
}
