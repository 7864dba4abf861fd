/**
 * Seeded faults of the rate-limit lists: the configuration and the workspace entries patched, the
 * organization list's filters and answer changed around its handler.
 */
import { rateLimits } from '@vendor-api/spec';
import { rewriteBody, wrapOperation } from '../choices/operations.js';
import { type FaultPatches, named } from '../choices/table.js';
import { ApiError } from '../errors.js';

export const faults = named({
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
} satisfies FaultPatches);
