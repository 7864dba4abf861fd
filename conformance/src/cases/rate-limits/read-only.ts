import type { OrganizationRateLimit, WorkspaceRateLimit } from '@vendor-api/spec';
import { type CaseContext, defineCase } from '../../case.js';
import type { Response } from '../../http.js';
import { observedWith } from '../../needs.js';
import { allPages } from './support.js';

/** The organization entry and limiter an override case works on (one the organization sets). */
async function someLimit(ctx: CaseContext) {
  const org = await allPages<OrganizationRateLimit>(ctx, 'organizations.rate_limits.list');
  const entry = org.find((e) => e.limits.some((l) => l.value > 1 && l.value < Number.MAX_SAFE_INTEGER));
  if (!entry) return ctx.fail('the organization has no rate limit to override');
  const limit = entry.limits.find((l) => l.value > 1 && l.value < Number.MAX_SAFE_INTEGER)!;
  return { entry, limit };
}

const nextPageNull = (ctx: CaseContext, res: Response) => {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
  ctx.field(res, '/next_page', null);
};

/**
 * The rate-limit endpoints only read: a write of any method on their paths (with a body that
 * would change a limit) changes nothing either list answers, whatever it answers itself (no such
 * operation is documented). Both lists are a single page: `next_page` is null, filtered or not.
 */
export const readOnlySinglePage = defineCase({
  id: 'rate-limits.read-only-single-page',
  family: 'rate-limits',
  title:
    'writes to the rate-limit paths change nothing, and both rate-limit lists are a single page (next_page null)',
  requirements: ['RL-READ-ONLY', 'RL-SINGLE-PAGE'],
  needs: ['workspaces', observedWith('rate-limit-overrides')],
  async run(ctx) {
    const ws = await ctx.workspace();
    const { entry, limit } = await someLimit(ctx);
    if (ctx.adapter.capabilities.has('rate-limit-overrides')) {
      const set = await ctx.fixture('rate-limit-overrides', 'setRateLimitOverrides', ws.id, [
        {
          group_type: entry.group_type,
          models: entry.models,
          limits: [{ type: limit.type, value: limit.value - 1 }],
        },
      ]);
      if (set.status >= 300) ctx.fail(`the adapter could not set an override: ${set.status}`);
    }
    const orgPath = ctx.http.endpoint('organizations.rate_limits.list').path ?? '';
    const wsPath = (ctx.http.endpoint('organizations.workspaces.rate_limits.list').path ?? '').replace(
      '{workspace_id}',
      encodeURIComponent(ws.id),
    );
    const readOrg = () => ctx.call('organizations.rate_limits.list');
    const readWs = () =>
      ctx.call('organizations.workspaces.rate_limits.list', { path: { workspace_id: ws.id } });
    const org = await readOrg();
    const own = await readWs();
    nextPageNull(ctx, org);
    nextPageNull(ctx, own);
    nextPageNull(
      ctx,
      await ctx.call('organizations.rate_limits.list', { query: { group_type: entry.group_type } }),
    );
    nextPageNull(
      ctx,
      await ctx.call('organizations.workspaces.rate_limits.list', {
        path: { workspace_id: ws.id },
        query: { group_type: entry.group_type },
      }),
    );

    const lowered = { ...limit, value: 1 };
    const orgWrite = {
      data: [{ ...entry, limits: [lowered] }],
    };
    const wsWrite = {
      data: [
        {
          type: 'workspace_rate_limit',
          group_type: entry.group_type,
          models: entry.models,
          limits: [{ ...lowered, org_limit: limit.value }],
        },
      ],
    };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await ctx.http.raw(method, orgPath, { auth: 'admin', body: orgWrite });
      await ctx.http.raw(method, wsPath, { auth: 'admin', body: wsWrite });
    }
    // Entry and limit order are not stated (UNSPEC-RL-ENTRY-ORDER).
    ctx.sameBody(await readOrg(), org, { unordered: true });
    ctx.sameBody(await readWs(), own, { unordered: true });
  },
});

/**
 * A workspace override may equal the organization's limit or be lower, never higher: the higher
 * one is refused and leaves the workspace without an override (so the organization's value
 * applies, which is what an unset workspace limit is).
 */
export const workspaceLimitBounds = defineCase({
  id: 'rate-limits.workspace-limit-not-higher',
  family: 'rate-limits',
  title:
    "a workspace override above the organization's limit is refused; one equal to it or lower is set and listed",
  requirements: ['WS-LIMIT-NOT-HIGHER', 'WS-LIMIT-DEFAULT-EQUALS-ORG'],
  needs: ['workspaces', 'rate-limit-overrides'],
  async run(ctx) {
    const ws = await ctx.workspace();
    const { entry, limit } = await someLimit(ctx);
    const list = () =>
      allPages<WorkspaceRateLimit>(ctx, 'organizations.workspaces.rate_limits.list', {
        path: { workspace_id: ws.id },
      });
    const set = (value: number) =>
      ctx.fixture('rate-limit-overrides', 'setRateLimitOverrides', ws.id, [
        { group_type: entry.group_type, models: entry.models, limits: [{ type: limit.type, value }] },
      ]);

    const higher = await set(limit.value + 1);
    if (higher.status < 400)
      ctx.fail(
        `an override of ${limit.value + 1} above the organization's ${limit.value} was set (${higher.status})`,
      );
    const none = await list();
    if (none.length) ctx.fail(`a refused override left entries: ${JSON.stringify(none)}`);

    for (const value of [limit.value, limit.value - 1]) {
      const answer = await set(value);
      if (answer.status >= 300)
        ctx.fail(
          `an override of ${value} (organization: ${limit.value}) was refused: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      const got = (await list()).flatMap((e) => e.limits).find((l) => l.type === limit.type);
      if (got?.value !== value || got.org_limit !== limit.value)
        ctx.fail(`after setting ${value}, the workspace lists ${JSON.stringify(got)} for ${limit.type}`);
    }
  },
});
