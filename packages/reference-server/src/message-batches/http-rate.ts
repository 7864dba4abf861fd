/**
 * The `requests_per_minute` limiter of the `batch` group, enforced on every request of the batch
 * endpoints (BATCH-RATE-LIMIT-HTTP), beside the enqueued requests (`enqueued.ts`).
 *
 * - A request counts when it reaches its operation (authenticated and valid; one this limiter refused does
 *   not), over the 60 seconds of the server's clock before it (UNSPEC-BATCH-HTTP-RATE-COUNT).
 * - A workspace's limit is its override when it has one, else the organization's value
 *   (RL-WS-ABSENT-GROUP-INHERITS, RL-WS-ABSENT-LIMITER-INHERITS, WS-LIMIT-DEFAULT-EQUALS-ORG); the
 *   Default Workspace has no override (WS-DEFAULT-NO-LIMITS).
 * - The organization's value also caps the requests of all its workspaces together
 *   (WS-LIMIT-ORG-ALWAYS-APPLIES).
 * - The caller's workspace is the workspace of its key or of its access token
 *   (RULE-WORKSPACE-LIMITS-APPLY).
 *
 * A request over either limit is refused before its operation runs, with 429 `rate_limit_error`
 * (UNSPEC-BATCH-HTTP-RATE-COUNT).
 */
import { type RateLimiterType, workspaceRules } from '@vendor-api/spec';
import { apiError } from '../errors.js';
import type { ResourceOwner, ServerState } from '../state.js';
import { ownerKey } from '../store.js';
import { organizationBatchLimit, workspaceBatchOverride } from './enqueued.js';

const LIMITER: RateLimiterType = 'requests_per_minute';
const MINUTE_MS = 60_000;

/** The instants of the requests counted, oldest first, per workspace (`ownerKey`) and per organization. */
const windowsOf = new WeakMap<ServerState['store'], Map<string, number[]>>();

function windows(state: ServerState): Map<string, number[]> {
  let all = windowsOf.get(state.store);
  if (all === undefined) {
    all = new Map();
    windowsOf.set(state.store, all);
  }
  return all;
}

/** The instants of one window still within the minute before `now` (older ones dropped). */
function recent(all: Map<string, number[]>, key: string, now: number): number[] {
  const instants = all.get(key) ?? [];
  let old = 0;
  while (old < instants.length && (instants[old] as number) <= now - MINUTE_MS) old++;
  if (old > 0) instants.splice(0, old);
  if (instants.length === 0) all.delete(key);
  return instants;
}

/**
 * Counts one request of the batch endpoints for the caller's workspace and organization, or
 * refuses it when either already made as many in the last minute as its limit.
 */
export function checkBatchRequestRate(state: ServerState, owner: ResourceOwner): void {
  // BATCH-RATE-LIMIT-HTTP: batch HTTP requests are rate limited.
  if (!state.choices.batchRequestsLimited) return;
  const org = organizationBatchLimit(state, LIMITER);
  const limit = workspaceRules.checkWorkspaceLimit(
    org,
    workspaceBatchOverride(state, owner.workspaceId, LIMITER),
    { defaultWorkspace: owner.workspaceId === null },
  );
  // Test control refuses an override above the organization's value or on the Default Workspace.
  if (!limit.ok) throw new Error(`requests_per_minute: ${limit.message}`);
  const now = state.clock.now();
  const all = windows(state);
  const workspaceKey = `workspace:${ownerKey(owner)}`;
  const organizationKey = `organization:${owner.organizationId}`;
  const counted = [
    { who: 'workspace', key: workspaceKey, value: limit.effective },
    { who: 'organization', key: organizationKey, value: org },
  ];
  for (const { who, key, value } of counted) {
    if (value !== null && recent(all, key, now).length >= value) {
      throw apiError('batch_requests_per_minute', { who, limiter: LIMITER, limit: value });
    }
  }
  for (const { key } of counted) {
    const instants = all.get(key);
    if (instants === undefined) all.set(key, [now]);
    else instants.push(now);
  }
}
