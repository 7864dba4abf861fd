import type { OrganizationRateLimit } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { allPages } from './support.js';

/**
 * The Default Workspace has no overrides and no entry in the workspace list: the implementation
 * refuses to give it overrides, and naming it (it has no identifier; `default` is the token
 * exchange's literal) in the workspace rate-limit path yields no entry: a 4xx, or an empty list.
 */
export const defaultWorkspaceNoEntry = defineCase({
  id: 'rate-limits.default-workspace-no-entry',
  family: 'rate-limits',
  title: 'the Default Workspace carries no overrides and has no entry in the workspace list',
  requirements: ['RL-WS-DEFAULT-NO-ENTRY', 'WS-DEFAULT-NO-LIMITS', 'WS-DEFAULT-NO-ID'],
  needs: ['rate-limit-overrides'],
  async run(ctx) {
    const org = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list');
    const entry = org.find((e) => e.limits.length > 0);
    if (entry) {
      const limit = entry.limits[0]!;
      const answer = await ctx.fixture('rate-limit-overrides', 'setRateLimitOverrides', null, [
        {
          group_type: entry.group_type,
          models: entry.models,
          limits: [{ type: limit.type, value: limit.value }],
        },
      ]);
      if (answer.status < 400)
        ctx.fail(
          `the Default Workspace was given a rate-limit override: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
    }
    const res = await ctx.call('organizations.workspaces.rate_limits.list', {
      path: { workspace_id: 'default' },
    });
    if (res.status < 300) ctx.field(res, '/data', []);
    else ctx.clientError(res);
  },
});
