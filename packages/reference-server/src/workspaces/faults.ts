/**
 * Seeded faults of the admin endpoints: workspaces, members, rate limits, usage report. The
 * workspace cap and the member rules are patched copies of the spec's rules; the rate-limit lists
 * are rewritten after their handler where the answer alone changes.
 */
import { rateLimits, type workspaceRules } from '@vendor-api/spec';
import { rewriteBody, wrapOperation } from '../choices/operations.js';
import type { Override } from '../choices/point.js';
import { type FaultPatches, named, type Patch } from '../choices/table.js';
import { ApiError, apiError } from '../errors.js';

type CheckMemberChange = typeof workspaceRules.checkMemberChange;

/** A refused member change, cited by its requirement id, is allowed. */
const memberChangeAllowed = (requirement: string): Patch => ({
  checkMemberChange: ((documented) => (op, member) => {
    const result = documented(op, member);
    return result.kind === 'rejected' && result.requirements.includes(requirement)
      ? { kind: 'allowed', requirements: result.requirements }
      : result;
  }) satisfies Override<CheckMemberChange>,
});

export const faults = named({
  WS_LIST_INCLUDES_DEFAULT: { defaultWorkspaceListed: () => true },
  WS_LIST_LIMIT_REJECTED: wrapOperation('organizations.workspaces.list', (handler) => (ctx) => {
    if (ctx.query.limit !== undefined) throw apiError('query_limit', { problem: 'not accepted' });
    return handler(ctx);
  }),
  WS_CAP_COUNTS_ARCHIVED: {
    countTowardWorkspaceCap: (documented) => (workspaces) =>
      documented(workspaces.map((w) => ({ ...w, archived: false }))),
  },
  // The cap is 101.
  WS_CAP_ALLOWS_101: { canCreateWorkspace: (documented) => (count) => documented(Math.max(0, count - 1)) },
  WS_CREATE_ANY_ADMIN_KEY: { mayCreateWorkspace: () => () => true },
  MEMBER_ORG_ADMIN_REMOVABLE: memberChangeAllowed('MEMBER-NO-REMOVE-ORG-ADMIN'),
  MEMBER_ORG_BILLING_REMOVABLE: memberChangeAllowed('MEMBER-NO-REMOVE-ORG-BILLING'),
  MEMBER_ORG_ADMIN_ROLE_CHANGEABLE: memberChangeAllowed('MEMBER-NO-ROLE-CHANGE-ORG-ADMIN'),
  MEMBER_BILLING_ROLE_CHANGEABLE: memberChangeAllowed('MEMBER-NO-ROLE-CHANGE-ORG-BILLING'),
  MEMBER_BILLING_UPGRADE_REFUSED: {
    checkMemberChange: (documented) => (op, member) => {
      const result = documented(op, member);
      return result.kind === 'allowed' && result.requirements.includes('MEMBER-BILLING-UPGRADE-ADMIN')
        ? {
            kind: 'rejected',
            reason: 'the workspace role cannot be changed',
            requirements: result.requirements,
            unspecified: 'UNSPEC-MEMBER-CHANGE-REJECTED',
          }
        : result;
    },
  },
  RL_MODEL_IN_TWO_GROUPS: {
    // The second group's second dated identifier is listed in the first group too.
    organizationRateLimits: (documented) => (entries) => {
      const listed = documented(entries);
      const [first, second, ...rest] = listed;
      const model = second?.group_type === 'model_group' ? second.models?.[1] : undefined;
      if (first?.group_type !== 'model_group' || second === undefined || model === undefined) return listed;
      return [{ ...first, models: [...(first.models ?? []), model] }, second, ...rest];
    },
  },
  // A model matching no group answers an empty list instead of 404.
  RL_UNMATCHED_MODEL_200: wrapOperation('organizations.rate_limits.list', (handler) => async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      return { status: ctx.endpoint.success.status, body: { data: [], next_page: null } };
    }
  }),
  RL_GROUP_TYPE_IGNORED: wrapOperation('organizations.rate_limits.list', (handler) => (ctx) => {
    const { group_type: _ignored, ...query } = ctx.query;
    return handler({ ...ctx, query });
  }),
  RL_NEXT_PAGE_MISSING: rewriteBody(
    'organizations.rate_limits.list',
    ({ next_page: _omitted, ...body }) => body,
  ),
  RL_WS_INHERITED_LISTED: {
    // The groups the workspace inherits without override are listed too.
    workspaceRateLimits: (documented) => (overrides, organization) => {
      const entries = documented(overrides, organization);
      const keys = new Set(entries.map((e) => rateLimits.groupKey(e)));
      const inherited = organization
        .filter((e) => !keys.has(rateLimits.groupKey(e)))
        .map((e) => ({
          ...e,
          type: 'workspace_rate_limit' as const,
          limits: e.limits.map((l) => ({ ...l, org_limit: l.value })),
        }));
      return [...entries, ...inherited];
    },
  },
  RL_ORG_LIMIT_WRONG: { orgLimitOfOverride: () => (value) => value },
  RL_ORG_LIMIT_ZERO_NOT_NULL: {
    orgLimitOfOverride: (documented) => (value, organization) => documented(value, organization) ?? 0,
  },
  USAGE_DEFAULT_WORKSPACE_NAMED: { usageDefaultWorkspaceId: () => 'default' },
  USAGE_ARCHIVED_DROPPED: { usageOfArchivedWorkspacesReported: () => false },
  USAGE_GROUP_BY_IGNORED: { usageGroupedByWorkspace: () => () => false },
} satisfies FaultPatches);
