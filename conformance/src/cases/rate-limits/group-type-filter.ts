import { type OrganizationRateLimit, RATE_LIMIT_GROUP_TYPES } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { allPages, sameEntries } from './support.js';

/** `group_type`: each of the six values returns exactly the organization entries of that type. */
export const groupTypeFilter = defineCase({
  id: 'rate-limits.group-type-filter',
  family: 'rate-limits',
  title: '`group_type` returns only the entries of that group type',
  requirements: ['RL-GROUP-TYPE-FILTER', 'RL-GROUP-TYPE-VALUES', 'RL-ORG-QUERY-OPTIONAL'],
  async run(ctx) {
    const all = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list');
    for (const group_type of RATE_LIMIT_GROUP_TYPES) {
      const got = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list', {
        query: { group_type },
      });
      const want = all.filter((e) => e.group_type === group_type);
      if (!sameEntries(got, want))
        ctx.fail(`group_type=${group_type}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  },
});
