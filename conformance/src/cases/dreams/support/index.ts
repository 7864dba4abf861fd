/**
 * What the dream cases share, one concern per file: the machine's paths (`machine.ts`), calling
 * and judging a success (`answers.ts`), creating dreams (`create.ts`), reading one back
 * (`retrieve.ts`), carrying out an event (`events.ts`), judging it by its row (`judge.ts`),
 * applying events (`apply.ts`) and reading the list (`list.ts`).
 *
 * Nothing here restates a transition: the expected next state, the HTTP outcome and the effects
 * all come from `step(dreamsMachine.machine, state, event)`. What these files add is how each
 * event is carried out and how each effect of the table is observed on the dream record.
 */
export { authOf, success } from './answers.js';
export { applyEvent, dreamIn } from './apply.js';
export { checkFresh, createBody, createDream, type DreamHandle, freshInputs } from './create.js';
export { type EventOptions, PIPELINE_ERROR_TYPES, perform } from './events.js';
export { judgeAnswer, judgeRecord, judgeSessionReadable } from './judge.js';
export { firstPage, listProblems, readDreamPage } from './list.js';
export {
  type DreamEvent,
  type DreamState,
  type DreamStep,
  machine,
  pathTo,
  reachableByPipeline,
} from './machine.js';
export { adoptPipelineState, awaitDream, drivesDreams } from './pipeline.js';
export { retrieve } from './retrieve.js';
