/**
 * The model of the dream state-machine case: the dreams created so far (each holds the state
 * key the machine gives it and the record last read back) and the real side (the case context and
 * its workspace). Commands pick a dream by an index taken modulo the number of dreams.
 */

import { step } from '@vendor-api/spec';
import type { Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { type DreamEvent, type DreamHandle, machine } from '../support/index.js';

export interface DreamModel {
  readonly dreams: DreamHandle[];
  /**
   * The pipeline moves on its own (the adapter cannot drive it): a dream read back may be in any
   * state its pipeline reaches from the model's.
   */
  readonly ownPipeline?: boolean;
}

export interface DreamReal {
  readonly ctx: CaseContext;
  readonly ws: Workspace;
}

/** The dream an index names (modulo the number of dreams), or undefined when there is none. */
export function pick(model: DreamModel, index: number): DreamHandle | undefined {
  return model.dreams.length ? model.dreams[index % model.dreams.length] : undefined;
}

/** Whether the machine lets a happening occur for the picked dream (never an `impossible` row). */
export function canHappen(model: DreamModel, index: number, event: DreamEvent): boolean {
  const d = pick(model, index);
  return d !== undefined && step(machine, d.state, event).outcome.kind !== 'impossible';
}
