/**
 * `GET /v1/organizations/usage_report/messages`: usage of the caller's organization in
 * `bucket_width` buckets, optionally per workspace (`group_by[]=workspace_id`), the Default
 * Workspace reported as `workspace_id` null (USAGE-DEFAULT-WORKSPACE-NULL). Usage of archived
 * workspaces stays in the report (WSARCH-HISTORY-PRESERVED).
 */

import { apiError } from '../errors.js';
import type { SomeHandlers } from '../state.js';
import { namesDefaultWorkspace, organizationOf } from '../workspaces/organizations.js';
import { buildReport, DEFAULT_RANGE_MS, MAX_BUCKETS } from './report.js';

const bad = (problem: string) => apiError('bad_request', { problem });

export const handlers = {
  'organizations.usage_report.messages': (ctx) => {
    const { state, query } = ctx;
    const organizationId = organizationOf(ctx.caller);

    // UNSPEC-USAGE-BUCKET-WIDTH-VALUES, UNSPEC-USAGE-GROUP-BY-VALUES, UNSPEC-USAGE-PARAMS-REQUIRED,
    // UNSPEC-USAGE-RANGE: how the query is read.
    const c = state.choices;
    const reading = c.usageReportReading;

    // `1d` (also the default).
    const width = query.bucket_width ?? '1d';
    // Own keys only: `constructor` is no bucket width.
    const widthMs = Object.hasOwn(reading.bucketWidths, width) ? reading.bucketWidths[width] : undefined;
    if (widthMs === undefined)
      throw bad(`query.bucket_width: must be one of ${Object.keys(reading.bucketWidths).join(', ')}`);

    // `workspace_id` only.
    const groupBy = query['group_by[]'] ?? [];
    for (const g of groupBy) {
      if (!reading.groupBy.includes(g)) {
        throw bad(`query["group_by[]"]: ${JSON.stringify(g)} is not one of ${reading.groupBy.join(', ')}`);
      }
    }

    // `ending_at` defaults to now, `starting_at` to 7 days before it; `ending_at` must be after
    // `starting_at`, at most MAX_BUCKETS buckets.
    if (reading.startingAtRequired && typeof query.starting_at !== 'string') {
      throw bad('query.starting_at: required');
    }
    const end = typeof query.ending_at === 'string' ? Date.parse(query.ending_at) : state.clock.now();
    const start =
      typeof query.starting_at === 'string' ? Date.parse(query.starting_at) : end - DEFAULT_RANGE_MS;
    if (!Number.isFinite(start) || !Number.isFinite(end)) throw bad('query: not a valid timestamp');
    if (end <= start && !reading.reversedRangeIsEmpty)
      throw bad('query.ending_at: must be after starting_at');
    if ((end - start) / widthMs > MAX_BUCKETS) throw bad(`query: at most ${MAX_BUCKETS} buckets per report`);

    // USAGE-WORKSPACE-IDS; an identifier of no workspace of the organization is a 400
    // (UNSPEC-USAGE-ERRORS); archived ones are fine (their history is kept). How the Default
    // Workspace is selected is not shown (UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER): it cannot be.
    const sent = query['workspace_ids[]'] ?? null;
    const includeDefaultWorkspace = sent?.some((id) => namesDefaultWorkspace(state, id)) ?? false;
    const workspaceIds = sent?.filter((id) => !namesDefaultWorkspace(state, id)) ?? null;
    for (const id of workspaceIds ?? []) {
      const w = state.store.workspaces.get(id);
      if (!w || w.organizationId !== organizationId || w.isDefault) {
        throw bad(`query["workspace_ids[]"]: ${JSON.stringify(id)} is not a workspace of the organization`);
      }
    }

    // WSARCH-HISTORY-PRESERVED: archived workspaces' usage is reported.
    const archivedReported = c.usageOfArchivedWorkspacesReported;
    const records = state.store.usage.group(organizationId).filter((r) => {
      if (!archivedReported && r.workspaceId !== null) {
        return state.store.workspaces.get(r.workspaceId)?.archivedAt === null;
      }
      return true;
    });
    const data = buildReport(records, {
      start,
      end,
      widthMs,
      workspaceIds,
      groupByWorkspace: c.usageGroupedByWorkspace(groupBy.includes('workspace_id')),
      groupByModel: groupBy.includes('model'),
      includeDefaultWorkspace,
      // USAGE-DEFAULT-WORKSPACE-NULL
      defaultWorkspaceId: c.usageDefaultWorkspaceId,
      // Rows of workspaces without usage (UNSPEC-USAGE-ZERO-ROWS): none, or every workspace covered.
      everyBucket: !c.usageZeroRows
        ? []
        : workspaceIds === null
          ? [
              null,
              ...state.store.workspaces
                .group('organization', organizationId)
                .filter((w) => !w.isDefault)
                .map((w) => w.id),
            ]
          : [...(includeDefaultWorkspace ? [null] : []), ...workspaceIds],
    });
    // UNSPEC-USAGE-RESPONSE, UNSPEC-USAGE-PAGINATION: one page of buckets.
    return { status: ctx.endpoint.success.status, body: c.usagePage(data, ctx.unshown) };
  },
} satisfies SomeHandlers;
