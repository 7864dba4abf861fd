import type { OrganizationRateLimit } from '@vendor-api/spec';
import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { allPages, canonical } from './support.js';

/**
 * `model`: every identifier and alias the organization list shows returns exactly the entry that
 * contains it; a generated model that no group contains (unknown strings, and near misses of the
 * listed ones) answers 404 with the error body.
 */
export const modelFilter = defineCase({
  id: 'rate-limits.model-filter',
  family: 'rate-limits',
  title: '`model` returns only the entry containing it, and 404 when it matches no group',
  requirements: ['RL-ORG-MODEL-FILTER', 'RL-ORG-MODEL-404', 'RL-MODEL-IN-EXACTLY-ONE-GROUP'],
  async run(ctx) {
    const all = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list');
    const known = [...new Set(all.flatMap((e) => e.models ?? []))];
    for (const model of known) {
      const got = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list', {
        query: { model },
      });
      const want = all.filter((e) => e.models?.includes(model));
      if (got.length !== 1 || want.length !== 1 || canonical(got[0]!) !== canonical(want[0]!))
        ctx.fail(
          `model=${model}: expected only the entry containing it (${JSON.stringify(want)}), got ${JSON.stringify(got)}`,
        );
    }
    const near = known.length
      ? fc
          .tuple(fc.constantFrom(...known), fc.constantFrom('-x', '0', '-latest-2', ' '))
          .map(([m, s]) => m + s)
      : fc.constant('no-such-model');
    const unmatched = fc
      .oneof(
        near,
        fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,30}$/),
        fc.string({ minLength: 1, maxLength: 20 }),
      )
      .filter((m) => !known.includes(m));
    await ctx.property(
      unmatched,
      async (model) => {
        const res = await ctx.call('organizations.rate_limits.list', { query: { model } });
        ctx.status(res, 404);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
