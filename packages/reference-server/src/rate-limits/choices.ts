/** Choice points of the rate-limit lists: the configuration, the entries, the filters and `page`. */
import type { OrganizationRateLimit, WorkspaceRateLimit } from '@vendor-api/spec';
import { point } from '../choices/point.js';

export const rateLimits = {
  /** Whether the organizations' rate limits are the other configuration (other aliases, values and batch defaults). */
  otherRateLimitConfiguration: point<boolean>(
    ['UNSPEC-RL-MODEL-ALIASES', 'UNSPEC-RL-VALUE-TYPE', 'UNSPEC-BATCH-RATE-LIMIT-DEFAULTS'],
    false,
  ),
  /** The organization's rate-limit entries. */
  organizationRateLimits: point<(entries: OrganizationRateLimit[]) => OrganizationRateLimit[]>(
    ['RL-MODEL-IN-EXACTLY-ONE-GROUP'],
    (entries) => entries,
  ),
  /** The `org_limit` of a workspace override's limiter: the organization's value, or null. */
  orgLimitOfOverride: point<(value: number, organizationValue: number | null) => number | null>(
    ['RL-WS-ORG-LIMIT', 'RL-WS-ORG-LIMIT-NULL'],
    (_value, organizationValue) => organizationValue,
  ),
  /** The entries of a workspace's rate-limit list, from its overrides. */
  workspaceRateLimits: point<
    (overrides: WorkspaceRateLimit[], organization: readonly OrganizationRateLimit[]) => WorkspaceRateLimit[]
  >(['RL-WS-ONLY-OVERRIDES'], (overrides) => overrides),
  /** Whether the rate-limit list of an archived workspace answers its overrides. */
  archivedWorkspaceRateLimitsListed: point<boolean>(['UNSPEC-RL-WS-ARCHIVED'], true),
  /** Whether `model` with a `group_type` other than `model_group` is refused. */
  modelWithOtherGroupRefused: point<boolean>(['UNSPEC-RL-MODEL-WITH-GROUP-TYPE'], false),
  /** Whether a `page` cursor (none is ever issued) is refused. */
  unissuedPageCursorRefused: point<boolean>(['UNSPEC-RL-PAGE-CURSOR'], true),
};
