import { defineCase } from '../../case.js';

/** Both rate-limit lists take an admin key: a workspace key is refused (status not shown: a 4xx). */
export const adminKeyOnly = defineCase({
  id: 'rate-limits.admin-key-only',
  family: 'rate-limits',
  title: 'the rate-limit lists refuse a workspace key',
  requirements: ['RL-ORG-ADMIN-CREDENTIAL', 'RL-WS-ADMIN-CREDENTIAL'],
  async run(ctx) {
    ctx.clientError(await ctx.call('organizations.rate_limits.list', { auth: 'workspace' }));
    ctx.clientError(
      await ctx.call('organizations.workspaces.rate_limits.list', {
        path: { workspace_id: ctx.target.workspace.id },
        auth: 'workspace',
      }),
    );
  },
});
