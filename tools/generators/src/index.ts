/**
 * The generator matrix: clients generated from the OpenAPI document by openapi-typescript +
 * openapi-fetch, @hey-api/openapi-ts and orval, type-checked and calling the reference server.
 */
export type { Calls, Connect, Connection, Inputs, Reply } from './calls.js';
export { childCalls } from './child.js';
export { GENERATORS, type Generator, LANGUAGES, type Language, versionOf } from './generators.js';
export { type KitRow, runKit } from './kit.js';
export {
  PUBLISHED_DOCUMENT,
  passed,
  type Row,
  runGenerator,
  runMatrix,
  type Sandbox,
  type Stage,
  startSandbox,
  workFolder,
} from './matrix.js';
export { type Control, runScenario, type Step } from './scenario.js';
