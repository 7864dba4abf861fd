/**
 * @vendor-api/client: typed client of the vendor API.
 *
 * The resource layer (`client.dreams.cancel(...)`) and the types are generated from the spec; the
 * core (transport, credentials, retries, pagination, JSON lines) is hand-written once behind the
 * `Core` interface.
 */
export type * from './core/types.js';
export { type OperationId, operations } from './generated/operations.js';
export * from './generated/resources/index.js';
export type { components, operations as OperationTypes, paths } from './generated/types.js';
