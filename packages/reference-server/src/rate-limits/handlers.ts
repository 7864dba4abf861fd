/**
 * The read-only rate-limit lists. The organization entries come from the configuration table
 * (`config.ts`), the workspace entries from the overrides test control sets; the
 * spec's `filterOrgRateLimits` / `filterWorkspaceRateLimits` apply the filters and decide the 404.
 */
import {
  type OrganizationRateLimit,
  rateLimits,
  type WorkspaceRateLimit,
  type WorkspaceRateLimitValue,
} from '@vendor-api/spec';
import { apiError, notFound } from '../errors.js';
import type { HandlerContext, ServerState, SomeHandlers } from '../state.js';
import { findAdminWorkspace, organizationOf } from '../workspaces/organizations.js';
import { organizationEntryFor, organizationRateLimits } from './config.js';

/** The organization entries (the same configuration for every organization). */
export const orgEntries = (state: ServerState): OrganizationRateLimit[] =>
  // RL-MODEL-IN-EXACTLY-ONE-GROUP
  state.choices.organizationRateLimits(
    organizationRateLimits(state.vendor, {
      // The aliases, values and batch defaults are the project's choice (UNSPEC-RL-MODEL-ALIASES,
      // UNSPEC-RL-VALUE-TYPE, UNSPEC-BATCH-RATE-LIMIT-DEFAULTS).
      other: state.choices.otherRateLimitConfiguration,
    }),
  );

/**
 * `page`: responses are always a single page (RL-SINGLE-PAGE), so no cursor is ever issued and any
 * cursor is one this server did not issue: 400 (UNSPEC-RL-PAGE-CURSOR).
 */
function checkPage(
  ctx: HandlerContext<'organizations.rate_limits.list' | 'organizations.workspaces.rate_limits.list'>,
): void {
  if (ctx.query.page !== undefined && ctx.state.choices.unissuedPageCursorRefused) {
    throw apiError('cursor_foreign', { where: 'query.page' });
  }
}

/**
 * A workspace's override entries: each override group with its organization fields, each limit with
 * `org_limit` the organization value for the same limiter or null (RL-WS-ORG-LIMIT,
 * RL-WS-ORG-LIMIT-NULL). Overrides only (RL-WS-ONLY-OVERRIDES), in the order they were set.
 */
export function workspaceEntries(state: ServerState, workspaceId: string): WorkspaceRateLimit[] {
  const org = orgEntries(state);
  const overrides = state.store.rateLimitOverrides
    .group('workspace', workspaceId)
    .sort((a, b) => a.seq - b.seq);
  const entries = overrides.map((o) => {
    const orgEntry = organizationEntryFor(org, o.groupType, o.models);
    const limits: WorkspaceRateLimitValue[] = o.limits.map((l) => {
      const orgValue = orgEntry?.limits.find((x) => x.type === l.type)?.value ?? null;
      return { type: l.type, value: l.value, org_limit: state.choices.orgLimitOfOverride(l.value, orgValue) };
    });
    return {
      type: 'workspace_rate_limit',
      group_type: o.groupType,
      models: o.models,
      limits,
    } as WorkspaceRateLimit;
  });
  return state.choices.workspaceRateLimits(entries, org);
}

export const handlers = {
  'organizations.rate_limits.list': (ctx) => {
    const { state } = ctx;
    organizationOf(ctx.caller);
    checkPage(ctx);
    const { model, group_type: groupType } = ctx.query;
    // `model` with another group type is not shown (UNSPEC-RL-MODEL-WITH-GROUP-TYPE).
    if (
      model !== undefined &&
      groupType !== undefined &&
      groupType !== 'model_group' &&
      state.choices.modelWithOtherGroupRefused
    ) {
      throw apiError('rate_limit_model_without_group');
    }
    const answer = rateLimits.filterOrgRateLimits(orgEntries(state), {
      ...(model === undefined ? {} : { model }),
      ...(groupType === undefined ? {} : { group_type: groupType }),
    });
    if (answer.status === null) throw new Error(answer.invalid);
    if (answer.status === 404) {
      // RL-ORG-MODEL-404; the body is UNSPEC-RL-404-BODY: the standard error body.
      throw apiError('model_no_rate_limit_group', { model: String(model) });
    }
    return { status: ctx.endpoint.success.status, body: answer.body };
  },

  'organizations.workspaces.rate_limits.list': (ctx) => {
    const { state } = ctx;
    // UNSPEC-RL-ERRORS: an unknown workspace is a 404; an archived one answers its overrides
    // (UNSPEC-RL-WS-ARCHIVED).
    const workspace = findAdminWorkspace(state, organizationOf(ctx.caller), ctx.path.workspace_id);
    if (workspace.archivedAt !== null && !state.choices.archivedWorkspaceRateLimitsListed) {
      throw notFound('workspace', workspace.id);
    }
    checkPage(ctx);
    const groupType = ctx.query.group_type;
    const answer = rateLimits.filterWorkspaceRateLimits(
      workspaceEntries(state, workspace.id),
      groupType === undefined ? {} : { group_type: groupType },
    );
    if (answer.status !== 200) throw new Error('workspace rate limits: unexpected answer');
    return { status: ctx.endpoint.success.status, body: answer.body };
  },
} satisfies SomeHandlers;
