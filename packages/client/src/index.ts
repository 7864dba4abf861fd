/**
 * @vendor-api/client: typed client of the vendor API.
 *
 * The resource layer (`client.dreams.cancel(...)`) and the types are generated from the spec; the
 * core (transport, credentials, retries, pagination, JSON lines) is hand-written once behind the
 * `Core` interface.
 */

export type { TokenExchangeResponse } from '@vendor-api/spec';
export { type ClientOptions, VendorClient } from './client.js';
export type { AuthState, Credential, TokenProvider } from './core/auth.js';
export { type BatchResultLine, batchResults, type MatchedResults, matchResults } from './core/batches.js';
export {
  type CoreOptions,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  defaultAgent,
  HttpCore,
  type Logger,
  type RawRequest,
  type RawResponse,
  VERSION,
} from './core/core.js';
export {
  type CredentialResolution,
  type CredentialsArgument,
  type EnvironmentInputs,
  type FederationCredentials,
  listProfiles,
  type ProfileListing,
  type ResolveOptions,
  resolve as resolveCredentials,
  setActiveProfile,
} from './core/credentials.js';
export { UNSETTLED_DREAM_STATUSES, type WaitForDreamOptions, waitForDream } from './core/dreams.js';
export * from './core/errors.js';
export {
  type FederationSettings,
  FederationTokenProvider,
  type FederationTokenProviderOptions,
  type IdentityTokenInput,
  JWT_BEARER_GRANT,
  type TokenExchangeBody,
} from './core/federation.js';
export {
  type ContentBlockDelta,
  type ContentBlockDeltaEvent,
  type ContentBlockStartEvent,
  type ContentBlockStopEvent,
  type EventSource,
  type MessageDeltaEvent,
  type MessageStartEvent,
  type MessageStopEvent,
  MessageStream,
  type MessageStreamEvent,
  type OtherStreamEvent,
  openEventStream,
  type StreamContentBlock,
  StreamingMessages,
} from './core/message-stream.js';
export { type PageFetcher, Paginator } from './core/pagination.js';
export type * from './core/types.js';
export { type OperationId, operations } from './generated/operations.js';
export * from './generated/resources/index.js';
export type { components, operations as OperationTypes, paths } from './generated/types.js';
export { SecretRegistry } from './internal/redact.js';
