import type { CaseDefinition } from '../../case.js';
import { type Need, observedWith } from '../../needs.js';
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

/**
 * What a dream case observes only through the control API's reads of state the documents do not
 * show, where the target offers them: the stores around an event (an input store never modified, an
 * output store left as it was) and the pipeline session archived. Without them the cases run and
 * those requirements are not credited.
 */
export const DREAM_STATE_NEEDS: readonly Need[] = [
  observedWith(
    'memory-store-state',
    'MEMSTORE-INPUT-NEVER-MODIFIED',
    'DREAM-CANCEL-LEAVES-OUTPUT',
    'DREAM-FAILED-OUTPUT-KEPT',
    'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
  ),
  observedWith('session-state', 'DREAM-PIPELINE-SESSION-ARCHIVED'),
];

const observingState = <C extends CaseDefinition>(c: C): C => ({
  ...c,
  needs: [...(c.needs ?? []), ...DREAM_STATE_NEEDS],
});

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
].map(observingState);
