import { type OrganizationRateLimit, rateLimits } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { allPages } from './support.js';

/**
 * The organization entries, read through every page without filters: each page carries `data` and
 * `next_page` (strict schema), the loop on `next_page` ends, every model identifier and alias
 * listed appears in exactly one `model_group` entry (the documents' model ids among them), other
 * groups have `models` null, and `enqueued_batch_requests` appears only in the `batch` group.
 */
export const organizationEntries = defineCase({
  id: 'rate-limits.organization-entries',
  family: 'rate-limits',
  title:
    'every model id and alias is in exactly one model group; next_page is always present and the loop ends',
  requirements: [
    'RL-ORG-ADMIN-CREDENTIAL',
    'RL-ORG-QUERY-OPTIONAL',
    'RL-LIST-ENVELOPE',
    'RL-PAGE-PARAM',
    'RL-CLIENT-LOOP-NEXT-PAGE',
    'RL-ORG-ENTRY-TYPE',
    'RL-ORG-ENTRY-FIELDS',
    'RL-ORG-LIMIT-ITEM',
    'RL-GROUP-TYPE-VALUES',
    'RL-LIMITER-TYPE-VALUES',
    'RL-MODELS-MODEL-GROUP',
    'RL-MODELS-NULL-OTHER-GROUPS',
    'RL-MODEL-IN-EXACTLY-ONE-GROUP',
    'RL-ENQUEUED-BATCH-REQUESTS-BATCH',
  ],
  async run(ctx) {
    const entries = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list');
    const problems = [
      ...rateLimits.checkModelGroups(entries, ctx.vendor.models.all).problems,
      ...rateLimits.checkLimiterPlacement(entries).problems,
    ];
    if (problems.length)
      ctx.fail(
        `organization rate limits: ${problems.map((p) => `${p.message}${p.requirement ? ` (${p.requirement})` : ''}`).join('; ')}`,
      );
  },
});
