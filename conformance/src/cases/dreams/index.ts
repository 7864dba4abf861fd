import { betasRequired } from './betas.js';
import { createFresh } from './create-fresh.js';
import { createBoundaries, createRejectsInvalid } from './create-validation.js';
import { exampleCases } from './examples.js';
import { listInvariants } from './list.js';
import { listWorkspaceScoped } from './list-workspace.js';
import { dreamStateMachine } from './model.js';
import { outputStoreOrdinary } from './output-store.js';
import { pipelineSessionReadable } from './pipeline-session.js';
import { storeEffects } from './store-effects.js';

export const cases = [
  dreamStateMachine,
  ...exampleCases,
  createBoundaries,
  createRejectsInvalid,
  createFresh,
  listInvariants,
  listWorkspaceScoped,
  betasRequired,
  outputStoreOrdinary,
  pipelineSessionReadable,
  storeEffects,
] as const;
