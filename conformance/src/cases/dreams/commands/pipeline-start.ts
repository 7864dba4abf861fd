import type fc from 'fast-check';
import { applyEvent, type DreamEvent } from '../support/index.js';
import { canHappen, type DreamModel, type DreamReal, pick } from './model.js';

/**
 * The pipeline of a pending dream starts (adapter): `running`, session_id and output store set. An
 * input lost while the dream was pending may be noticed only now (UNSPEC-DREAM-INPUT-LOSS-PENDING):
 * then the dream fails as that loss makes it.
 */
export class PipelineStartCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(readonly index: number) {}
  check(model: DreamModel): boolean {
    return canHappen(model, this.index, 'pipeline.started');
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const d = pick(model, this.index)!;
    const noticed: DreamEvent[] = [
      ...(d.store === 'live' ? [] : (['input_store.unavailable'] as const)),
      ...(d.session === 'live' ? [] : (['input_session.unavailable'] as const)),
    ];
    await applyEvent(real.ctx, d, 'pipeline.started', { noticed });
  }
  toString(): string {
    return `pipeline.started(#${this.index})`;
  }
}
