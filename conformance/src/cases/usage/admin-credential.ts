import { USAGE_BUCKET_WIDTH_KNOWN, USAGE_GROUP_BY_KNOWN } from '@vendor-api/spec';
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
        query: { 'group_by[]': [...USAGE_GROUP_BY_KNOWN], bucket_width: USAGE_BUCKET_WIDTH_KNOWN[0] },
        auth: 'workspace',
      }),
    );
  },
});
