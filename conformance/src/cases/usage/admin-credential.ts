import { defineCase } from '../../case.js';

/** The usage report takes an admin key: a workspace key is refused (status not shown: a 4xx). */
export const usageAdminKeyOnly = defineCase({
  id: 'usage.admin-key-only',
  family: 'usage',
  title: 'the usage report refuses a workspace key',
  requirements: ['USAGE-ADMIN-CREDENTIAL'],
  async run(ctx) {
    ctx.clientError(
      await ctx.call('organizations.usage_report.messages', {
        query: { 'group_by[]': ['workspace_id'], bucket_width: '1d' },
        auth: 'workspace',
      }),
    );
  },
});
