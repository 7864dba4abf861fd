/**
 * The `enqueued_batch_requests` limiter of the `batch` group, enforced when a batch is created
 * (BATCH-RATE-LIMIT-ENQUEUED). The batch endpoints' HTTP requests are limited apart, by the
 * group's `requests_per_minute` (`http-rate.ts`, BATCH-RATE-LIMIT-HTTP).
 *
 * - The requests of a batch count as enqueued while they are `processing` in a batch still
 *   `in_progress`; an ended batch holds none (UNSPEC-BATCH-ENQUEUED-COUNT).
 * - A workspace's limit is its override when it has one, else the organization's value
 *   (RL-WS-ABSENT-GROUP-INHERITS, RL-WS-ABSENT-LIMITER-INHERITS, WS-LIMIT-DEFAULT-EQUALS-ORG); the
 *   Default Workspace has no override (WS-DEFAULT-NO-LIMITS), so the organization's value is its
 *   limit.
 * - The organization's value also caps the requests enqueued across all its workspaces, whatever
 *   the workspace limits sum to (WS-LIMIT-ORG-ALWAYS-APPLIES).
 * - The caller's workspace is the workspace of its key or of its access token, so the limits of a
 *   rule's workspace apply to the tokens minted under it (RULE-WORKSPACE-LIMITS-APPLY).
 *
 * A batch that would take either count over its limit is refused whole, before anything is
 * stored, with 429 `rate_limit_error` (UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR).
 */
import { type RateLimiterType, workspaceRules } from '@vendor-api/spec';
import { apiError } from '../errors.js';
import { organizationEntryFor, organizationRateLimits } from '../rate-limits/config.js';
import type { ResourceOwner, ServerState } from '../state.js';
import { type BatchRecord, ownerKey } from '../store.js';

/** Whether a (non-default) workspace is archived. */
const workspaceArchived = (state: ServerState, workspaceId: string | null): boolean =>
  workspaceId !== null && (state.store.workspaces.get(workspaceId)?.archivedAt ?? null) !== null;

const LIMITER: RateLimiterType = 'enqueued_batch_requests';

/** The requests of a batch still enqueued (UNSPEC-BATCH-ENQUEUED-COUNT). */
export const enqueuedRequests = (record: BatchRecord): number =>
  record.batch.processing_status === 'in_progress' ? record.batch.request_counts.processing : 0;

/** The organization's value of a limiter of the `batch` group (the same configuration for every organization). */
export function organizationBatchLimit(state: ServerState, limiter: RateLimiterType): number | null {
  const entry = organizationEntryFor(
    organizationRateLimits(state.vendor, { other: state.choices.otherRateLimitConfiguration }),
    'batch',
    null,
  );
  return entry?.limits.find((l) => l.type === limiter)?.value ?? null;
}

/** A workspace's override of a limiter of the `batch` group, if it has one (never the Default Workspace). */
export function workspaceBatchOverride(
  state: ServerState,
  workspaceId: string | null,
  limiter: RateLimiterType,
): number | null {
  if (workspaceId === null) return null;
  const override = state.store.rateLimitOverrides
    .group('workspace', workspaceId)
    .find((o) => o.groupType === 'batch');
  return override?.limits.find((l) => l.type === limiter)?.value ?? null;
}

/** Requests enqueued per workspace (by `ownerKey`), kept as batches are created and end: no scan. */
const enqueuedByOwner = new WeakMap<ServerState['store'], Map<string, number>>();

function enqueuedCounts(state: ServerState): Map<string, number> {
  let counts = enqueuedByOwner.get(state.store);
  if (counts === undefined) {
    counts = new Map();
    enqueuedByOwner.set(state.store, counts);
  }
  return counts;
}

/**
 * Keeps the enqueued count of a batch's workspace: call after the batch was created (`before`
 * 0) or changed (`before`: its enqueued requests before the change).
 */
export function batchEnqueuedChanged(state: ServerState, record: BatchRecord, before: number): void {
  const delta = enqueuedRequests(record) - before;
  if (delta === 0) return;
  const counts = enqueuedCounts(state);
  const key = ownerKey(record);
  counts.set(key, (counts.get(key) ?? 0) + delta);
}

/**
 * The requests enqueued in an organization, in total and in one of its workspaces: a sum over the
 * organization's workspaces (at most its cap), whatever the number of batches.
 */
function enqueuedBatchRequests(
  state: ServerState,
  owner: ResourceOwner,
): { readonly organization: number; readonly workspace: number } {
  const counts = enqueuedCounts(state);
  const of = (workspaceId: string | null) =>
    counts.get(ownerKey({ organizationId: owner.organizationId, workspaceId })) ?? 0;
  // Whether the batches of an archived workspace still count is not shown (UNSPEC-BATCH-ENQUEUED-COUNT).
  const archivedCount = state.choices.archivedWorkspaceBatchesEnqueued;
  let organization = of(null);
  for (const w of state.store.workspaces.group('organization', owner.organizationId)) {
    if (w.isDefault) continue;
    if (archivedCount || !workspaceArchived(state, w.id)) organization += of(w.id);
  }
  return { organization, workspace: of(owner.workspaceId) };
}

/**
 * Refuses a new batch of `count` requests that would take the enqueued requests of the caller's
 * workspace over the workspace's limit, or those of its organization over the organization's.
 */
export function checkEnqueuedBatchRequests(state: ServerState, owner: ResourceOwner, count: number): void {
  const org = organizationBatchLimit(state, LIMITER);
  // BATCH-RATE-LIMIT-ENQUEUED: a workspace's override applies.
  const override = state.choices.enqueuedLimitOverrideApplies
    ? workspaceBatchOverride(state, owner.workspaceId, LIMITER)
    : null;
  const limit = workspaceRules.checkWorkspaceLimit(org, override, {
    defaultWorkspace: owner.workspaceId === null,
  });
  // Test control refuses an override above the organization's value or on the Default Workspace.
  if (!limit.ok) throw new Error(`enqueued_batch_requests: ${limit.message}`);
  const enqueued = enqueuedBatchRequests(state, owner);
  const over = (who: string, already: number, value: number | null) => {
    if (value === null || already + count <= value) return;
    throw apiError('enqueued_batch_requests_over', {
      count,
      who,
      total: already + count,
      limiter: LIMITER,
      limit: value,
    });
  };
  over('workspace', enqueued.workspace, limit.effective);
  over('organization', enqueued.organization, org);
}
