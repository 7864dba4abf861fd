/**
 * @vendor-api/reference-server: a stateful reference implementation of the vendor API, built
 * from the spec's endpoint table, state machines and rules.
 */
export {
  createServer,
  REQUEST_ID_HEADER,
  type ReferenceServer,
  routeUrl,
  type ServerOptions,
  type TimeLimits,
} from './app.js';
export { BANNER_LABELS } from './banner.js';
export {
  FAULTS,
  type FaultDefinition,
  parseVariants,
  resolveFaults,
  resolveVariants,
  UNREALISABLE,
  VARIANTS,
  type VariantDefinition,
} from './choices/index.js';
export { type Clock, ManualClock, realClock, SandboxClock } from './clock.js';
export { ApiError } from './errors.js';
export { handlers } from './handlers.js';
export { createIds, type IdGenerator } from './ids.js';
export {
  keepState,
  type PersistedState,
  readStateFile,
  STATE_FILE_VERSION,
  StateFileError,
  snapshotState,
  stateText,
} from './persistence.js';
export { TEST_CONTROL_TOKEN_HEADER } from './request-guards.js';
export { DEFAULT_TIMINGS, type Demo, type HandlerMap, type ServerState, type Timings } from './state.js';
export { createMemoryStore, type Store } from './store.js';
export { TEST_CONTROL_PREFIX } from './test-control/index.js';
