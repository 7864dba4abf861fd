import { dreamsMachine } from '@vendor-api/spec';
import type fc from 'fast-check';
import { adoptPipelineState, retrieve } from '../support/index.js';
import { type DreamModel, type DreamReal, pick } from './model.js';

/**
 * GET /v1/dreams/{dream_id}: reading a dream changes nothing; archived dreams stay readable. Where
 * the pipeline moves on its own, the dream may have moved along it since the last read.
 */
export class RetrieveCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(readonly index: number) {}
  check(model: DreamModel): boolean {
    return pick(model, this.index) !== undefined;
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const d = pick(model, this.index)!;
    const dream = await retrieve(real.ctx, d);
    if (model.ownPipeline) return await adoptPipelineState(real.ctx, d, dream, 'read back');
    const observed = dreamsMachine.stateOf(dream);
    if (observed !== d.state) real.ctx.fail(`dream ${d.id}: expected state ${d.state}, observed ${observed}`);
    d.last = dream;
  }
  toString(): string {
    return `retrieve(#${this.index})`;
  }
}
