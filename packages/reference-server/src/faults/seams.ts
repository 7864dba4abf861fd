/**
 * The seams seeded faults act at. Each entry of `Decisions` says WHAT the server decides at that
 * point (a key revoked, the cap a workspace count is held to, the rows of the dream list); its
 * documented value is the spec's rule or the documented answer, and a fault replaces it. Handlers
 * and the request pipeline ask `decide(state).<seam>(...)` and never learn which fault, if any,
 * answered.
 *
 * Beside the decisions, two more seams need no call in a handler: an operation's handler wrapped
 * (the request rewritten before it, the answer after it: `operationHandler`), and a machine's rows
 * replaced (`machine`).
 */
import {
  type AnyMachine,
  access,
  dreamRules,
  type Endpoint,
  type MessageBatchRequestCounts,
  type MessageBatchResult,
  type OperationId,
  type OrganizationRateLimit,
  sessionRules,
  type Vendor,
  type WorkspaceRateLimit,
  workspaceRules,
} from '@vendor-api/spec';
import { validateRequest } from '@vendor-api/validators';
import { cursorPage } from '../pagination.js';
import type { Handler } from '../state.js';

type TokenScope = Extract<access.PresentedCredential, { kind: 'access_token' }>['scope'];

/** What the server decides where a fault can change the answer, with the documented decision. */
export interface Decisions {
  // ---------------------------------------------------------------------------------------------
  // The request pipeline

  /** The check of a request's beta header against the betas its endpoint requires (BETA-*). */
  readonly checkBetaHeader: (
    endpoint: Endpoint,
    required: readonly string[],
    value: string | undefined,
    v: Vendor,
  ) => ReturnType<typeof access.checkBetaHeader>;
  /** The validation of a request's parts (the precompiled validators). */
  readonly validateRequest: typeof validateRequest;
  /** Whether an access token is past its expiry (FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE). */
  readonly accessTokenExpired: (now: number, expiresAt: number) => boolean;
  /** The scope an access token is admitted with on an endpoint (SCOPE-OUTSIDE-403). */
  readonly tokenScope: (granted: TokenScope, endpoint: Endpoint) => TokenScope;
  /** Whether a key is revoked (WSARCH-KEYS-REVOKED). */
  readonly keyRevoked: (revokedAt: number | null) => boolean;
  /** Whether resources are told apart by organization as well as workspace (AUTH-KEY-ONE-WORKSPACE). */
  readonly organizationsToldApart: () => boolean;
  /** Whether an error answer of the token exchange carries the request id (ERROR-EXCHANGE-TYPED-REQUEST-ID). */
  readonly exchangeErrorsCarryRequestId: () => boolean;

  // ---------------------------------------------------------------------------------------------
  // Workspaces, members, rate limits, usage

  /** Whether a caller may create a workspace, by whether it is an organization admin (WS-CREATE-ORG-ADMIN-ONLY). */
  readonly mayCreateWorkspace: (organizationAdmin: boolean) => boolean;
  /** How many workspaces count toward the cap (WSARCH-CAP-EXCLUDED). */
  readonly countTowardWorkspaceCap: typeof workspaceRules.countTowardCap;
  /** Whether one more workspace may be created (WS-CAP-100). */
  readonly canCreateWorkspace: typeof workspaceRules.canCreateWorkspace;
  /** Whether a member change is allowed (MEMBER-*). */
  readonly checkMemberChange: typeof workspaceRules.checkMemberChange;
  /** Whether the workspace list lists the Default Workspace (WS-DEFAULT-NOT-LISTED). */
  readonly defaultWorkspaceListed: () => boolean;
  /** The organization's rate-limit entries (RL-MODEL-IN-EXACTLY-ONE-GROUP). */
  readonly organizationRateLimits: (entries: OrganizationRateLimit[]) => OrganizationRateLimit[];
  /** The `org_limit` of a workspace override's limiter (RL-WS-ORG-LIMIT, RL-WS-ORG-LIMIT-NULL). */
  readonly orgLimitOfOverride: (value: number, organizationValue: number | null) => number | null;
  /** The entries of a workspace's rate-limit list, from its overrides (RL-WS-ONLY-OVERRIDES). */
  readonly workspaceRateLimits: (
    overrides: WorkspaceRateLimit[],
    organization: readonly OrganizationRateLimit[],
  ) => WorkspaceRateLimit[];
  /** Whether the usage report counts the usage of archived workspaces (WSARCH-HISTORY-PRESERVED). */
  readonly usageOfArchivedWorkspacesReported: () => boolean;
  /** Whether the usage report groups by workspace, given whether it was asked to (USAGE-GROUP-BY). */
  readonly usageGroupedByWorkspace: (asked: boolean) => boolean;
  /** The `workspace_id` of the Default Workspace in the usage report (USAGE-DEFAULT-WORKSPACE-NULL). */
  readonly usageDefaultWorkspaceId: () => string | null;
  /** Whether a workspace's `enqueued_batch_requests` override applies (BATCH-RATE-LIMIT-ENQUEUED). */
  readonly enqueuedLimitOverrideApplies: () => boolean;

  // ---------------------------------------------------------------------------------------------
  // Message batches

  /** The error type of a batch request that met an internal error (BATCH-RESULT-ERRORED-CAUSES). */
  readonly internalErrorResultType: (type: string) => string;
  /** A batch's request counts, tallied from its results (BATCH-COUNTS-SUM). */
  readonly requestCounts: (tally: MessageBatchRequestCounts) => MessageBatchRequestCounts;
  /** Whether a batch request asking for streaming is served as a stream (BATCH-ITEM-NON-STREAMING). */
  readonly batchItemStreamed: () => boolean;
  /** Whether the 24-hour expiry processes the unsent requests instead of expiring them (BATCH-EXPIRY-UNSENT-EXPIRED). */
  readonly expiryProcessesUnsent: () => boolean;
  /** The request counts of a batch ended by the 24-hour expiry, from its tally (BATCH-COUNTS-SUM). */
  readonly countsAtExpiry: (counts: MessageBatchRequestCounts) => MessageBatchRequestCounts;
  /** The result lines a batch keeps (BATCH-EXPIRY-UNSENT-EXPIRED). */
  readonly resultLines: <T extends { readonly result: MessageBatchResult['result'] }>(results: T[]) => T[];
  /** Whether `results_url` is set while the batch is in progress (BATCH-OBJECT-RESULTS-URL-NULL). */
  readonly resultsUrlWhileInProgress: () => boolean;

  // ---------------------------------------------------------------------------------------------
  // Dreams

  /** Whether dream creation refuses inputs that are not the caller's (AUTH-KEY-ONE-WORKSPACE). */
  readonly foreignDreamInputsRefused: () => boolean;
  /** The page size of the dream list (DREAM-LIST-LIMIT-MAX). */
  readonly dreamListLimit: typeof dreamRules.dreamListLimit;
  /** Whether an ended dream's pipeline session stays readable, archived but not deleted (DREAM-PIPELINE-SESSION-READABLE). */
  readonly pipelineSessionKeptReadable: () => boolean;
  /**
   * What becomes of a dream's output store when a row leaves it as it is, by the event
   * (DREAM-CANCEL-LEAVES-OUTPUT, DREAM-FAILED-OUTPUT-KEPT, DREAM-ARCHIVE-KEEPS-OUTPUT-STORE).
   */
  readonly outputStoreLeftAs: (event: string) => 'as-is' | 'emptied' | 'deleted' | 'archived';
  /** Whether a dream's pipeline writes into its input store (MEMSTORE-INPUT-NEVER-MODIFIED). */
  readonly pipelineWritesInputStore: () => boolean;
  /** Whether the dream list holds only the caller's workspace's dreams (DREAM-LIST-WORKSPACE). */
  readonly dreamListWorkspaceOnly: () => boolean;
  /** The dreams the list shows, in order (DREAM-LIST-NEWEST-FIRST). */
  readonly listDreams: typeof dreamRules.listDreams;
  /** The `error.type` a dream fails with, by the event that fails it (DREAM-ERROR-INPUT-STORE-UNAVAILABLE). */
  readonly failedDreamErrorType: (event: string, documented: string) => string;

  // ---------------------------------------------------------------------------------------------
  // Session resources

  /** Where a file resource is mounted (SRES-CREATE-DEFAULT-MOUNT-PATH). */
  readonly mountPathFor: typeof sessionRules.mountPathFor;
  /** What stands against rotating a resource's token (SRES-UPDATE-ROTATION-REPO-ONLY). */
  readonly checkRotation: typeof sessionRules.checkRotation;
  /** The page size of the session-resource list (SRES-LIST-LIMIT-OMITTED-ALL). */
  readonly resourceListLimit: typeof sessionRules.resourceListLimit;
  /** A page of the session-resource list (SRES-LIST-NEXT-PAGE-NULL). */
  readonly resourcePage: typeof cursorPage;
}

/** A fault's replacement of a seam: given the documented one (or an earlier fault's), its own. */
export type Override<T> = (documented: T) => T;

/** The machines a fault can replace rows of (`state.spec.machines`). */
export type MachineId = 'dreams' | 'message-batches';

/** The documented decisions: the spec's rules and the documented answers. */
export const DOCUMENTED: Decisions = {
  checkBetaHeader: (_endpoint, required, value, v) => access.checkBetaHeader(required, value, v),
  validateRequest,
  accessTokenExpired: (now, expiresAt) => now >= expiresAt,
  tokenScope: (granted) => granted,
  keyRevoked: (revokedAt) => revokedAt !== null,
  organizationsToldApart: () => true,
  exchangeErrorsCarryRequestId: () => true,
  mayCreateWorkspace: (organizationAdmin) => organizationAdmin,
  countTowardWorkspaceCap: workspaceRules.countTowardCap,
  canCreateWorkspace: workspaceRules.canCreateWorkspace,
  checkMemberChange: workspaceRules.checkMemberChange,
  defaultWorkspaceListed: () => false,
  organizationRateLimits: (entries) => entries,
  orgLimitOfOverride: (_value, organizationValue) => organizationValue,
  workspaceRateLimits: (overrides) => overrides,
  usageOfArchivedWorkspacesReported: () => true,
  usageGroupedByWorkspace: (asked) => asked,
  usageDefaultWorkspaceId: () => null,
  enqueuedLimitOverrideApplies: () => true,
  internalErrorResultType: (type) => type,
  requestCounts: (tally) => tally,
  resultLines: (results) => results,
  expiryProcessesUnsent: () => false,
  batchItemStreamed: () => false,
  countsAtExpiry: (counts) => counts,
  resultsUrlWhileInProgress: () => false,
  foreignDreamInputsRefused: () => true,
  dreamListLimit: dreamRules.dreamListLimit,
  dreamListWorkspaceOnly: () => true,
  pipelineSessionKeptReadable: () => true,
  outputStoreLeftAs: () => 'as-is',
  pipelineWritesInputStore: () => false,
  listDreams: dreamRules.listDreams,
  failedDreamErrorType: (_event, documented) => documented,
  mountPathFor: sessionRules.mountPathFor,
  checkRotation: sessionRules.checkRotation,
  resourceListLimit: sessionRules.resourceListLimit,
  resourcePage: cursorPage,
};

/** What a server's seams read: its fault set. */
export interface HasFaults {
  readonly faults: {
    readonly decisions: Decisions;
    handlerOf(id: OperationId, handler: Handler): Handler;
    machine(id: MachineId, documented: AnyMachine): AnyMachine;
  };
}

/** The decisions of a server, as its faults leave them. */
export const decide = (state: HasFaults): Decisions => state.faults.decisions;

/** The handler an operation runs with: its own, or wrapped by the faults on. */
export const operationHandler = (state: HasFaults, id: OperationId, handler: Handler): Handler =>
  state.faults.handlerOf(id, handler);
