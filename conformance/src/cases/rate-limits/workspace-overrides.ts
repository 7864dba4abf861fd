import {
  type OrganizationRateLimit,
  RATE_LIMIT_GROUP_TYPES,
  RATE_LIMITER_TYPES,
  rateLimits,
  type WorkspaceRateLimit,
} from '@vendor-api/spec';
import fc from 'fast-check';
import type { RateLimitOverrideFixture } from '../../adapter.js';
import { defineCase } from '../../case.js';
import { allPages, sameEntries } from './support.js';

/**
 * Overrides of one organization entry: a non-empty set of limiters, each no higher than the
 * organization value (WS-LIMIT-NOT-HIGHER), or any value for a limiter the organization has none of
 * (its `org_limit` is then null); `enqueued_batch_requests` only in the `batch` group.
 */
function overrideOf(entry: OrganizationRateLimit): fc.Arbitrary<RateLimitOverrideFixture> {
  const types = RATE_LIMITER_TYPES.filter(
    (t) => t !== 'enqueued_batch_requests' || entry.group_type === 'batch',
  );
  return fc.subarray([...types], { minLength: 1 }).chain((chosen) =>
    fc
      .tuple(
        ...chosen.map((type) => {
          const org = entry.limits.find((l) => l.type === type)?.value;
          // A limit value need not be an integer (UNSPEC-RL-VALUE-TYPE): overrides stay whole numbers below it.
          return fc
            .integer({
              min: 0,
              max: org === undefined ? 100_000 : Math.floor(Math.min(org, Number.MAX_SAFE_INTEGER)),
            })
            .map((value) => ({ type, value }));
        }),
      )
      .map((limits) => ({ group_type: entry.group_type, models: entry.models, limits })),
  );
}

/** What the workspace list must hold for the overrides: each limit with its organization value or null. */
function expected(org: readonly OrganizationRateLimit[], overrides: readonly RateLimitOverrideFixture[]) {
  return overrides.map((o) => {
    const entry = org.find(
      (e) => e.group_type === o.group_type && JSON.stringify(e.models) === JSON.stringify(o.models),
    );
    return {
      type: 'workspace_rate_limit',
      group_type: o.group_type,
      models: o.models,
      limits: o.limits.map((l) => ({
        type: l.type,
        value: l.value,
        org_limit: entry?.limits.find((x) => x.type === l.type)?.value ?? null,
      })),
    } as WorkspaceRateLimit;
  });
}

/**
 * A workspace with generated overrides: its list holds exactly the overridden groups (never an
 * inherited one), each limit with `value` the override and `org_limit` the organization value (or
 * null when the organization has none); `group_type` filters it; `next_page` is always present and
 * the loop on it ends; `model` is not accepted there (it filters nothing).
 */
export const workspaceOverrides = defineCase({
  id: 'rate-limits.workspace-overrides-only',
  family: 'rate-limits',
  title: 'a workspace lists only its overrides, each with org_limit equal to the organization value or null',
  requirements: [
    'RL-WS-ADMIN-CREDENTIAL',
    'RL-WS-QUERY',
    'RL-WS-LIST-ENVELOPE',
    'RL-WS-ENTRY-TYPE',
    'RL-WS-LIMIT-ITEM',
    'RL-WS-VALUE-IS-OVERRIDE',
    'RL-WS-ONLY-OVERRIDES',
    'RL-WS-ABSENT-GROUP-INHERITS',
    'RL-WS-ABSENT-LIMITER-INHERITS',
    'RL-WS-ORG-LIMIT',
    'RL-WS-ORG-LIMIT-NULL',
    'RL-WS-VALUE-WITHIN-ORG-LIMIT',
    'RL-GROUP-TYPE-FILTER',
    'RL-WS-MODEL-NOT-ACCEPTED',
    'RL-CLIENT-LOOP-NEXT-PAGE',
  ],
  needs: ['workspaces', 'rate-limit-overrides'],
  async run(ctx) {
    const org = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list');
    const overrides = fc
      .subarray(org)
      .chain((entries) => fc.tuple(...entries.map(overrideOf)))
      .map((x): RateLimitOverrideFixture[] => x);
    await ctx.property(
      fc.tuple(overrides, fc.constantFrom(...RATE_LIMIT_GROUP_TYPES)),
      async ([set, groupType]) => {
        const ws = await ctx.workspace();
        const answer = await ctx.fixture('rate-limit-overrides', 'setRateLimitOverrides', ws.id, set);
        if (answer.status >= 300)
          ctx.fail(
            `the adapter could not set the overrides: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        const path = { workspace_id: ws.id };
        const got = await allPages<WorkspaceRateLimit>(ctx, 'organizations.workspaces.rate_limits.list', {
          path,
        });
        const want = expected(org, set);
        if (!sameEntries(got, want))
          ctx.fail(
            `workspace overrides: expected exactly ${JSON.stringify(want)}, got ${JSON.stringify(got)}`,
          );
        // `model` is not accepted there (RL-WS-MODEL-NOT-ACCEPTED): it filters nothing. What the
        // list answers when it is sent anyway is not shown (UNSPEC-RL-WS-MODEL-PARAM): a refusal
        // with an error body, or the list as without it.
        const model = set.find((o) => o.models?.length)?.models?.[0] ?? ctx.vendor.models.sonnet;
        // A query parameter the operation does not take, on purpose.
        const withModel = await ctx.callUnchecked('organizations.workspaces.rate_limits.list', {
          path,
          query: { model },
        });
        if (withModel.status >= 300) ctx.clientError(withModel);
        else if (!sameEntries((withModel.body as { data: WorkspaceRateLimit[] }).data, got))
          ctx.fail(`model=${model} filtered the workspace list: ${withModel.text}`);
        const merged = rateLimits.mergeRateLimits(org, got);
        if (!merged.ok) ctx.fail(`workspace overrides: ${merged.problems.map((p) => p.message).join('; ')}`);
        const filtered = await allPages<WorkspaceRateLimit>(
          ctx,
          'organizations.workspaces.rate_limits.list',
          {
            path,
            query: { group_type: groupType },
          },
        );
        const answerOf = rateLimits.filterWorkspaceRateLimits(want, { group_type: groupType });
        if (answerOf.status !== 200 || !sameEntries(filtered, answerOf.body.data))
          ctx.fail(`group_type=${groupType}: got ${JSON.stringify(filtered)}`);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
