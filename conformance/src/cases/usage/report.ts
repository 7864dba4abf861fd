import { USAGE_BUCKET_WIDTH_KNOWN, USAGE_BUCKET_WIDTH_MS, USAGE_GROUP_BY_KNOWN } from '@vendor-api/spec';
import fc from 'fast-check';
import type { CaseContext } from '../../case.js';
import { defineCase } from '../../case.js';
import { createWorkspace, freshOrganization, judge, success } from '../workspaces/support.js';

/** The one bucket width the documents show, and its length. */
const [BUCKET] = USAGE_BUCKET_WIDTH_KNOWN;
/** Grouping by workspace (the one `group_by[]` value the documents show). */
const [BY_WORKSPACE] = USAGE_GROUP_BY_KNOWN;
const DAY = USAGE_BUCKET_WIDTH_MS[BUCKET];

/**
 * Every `workspace_id` value anywhere in a report. The body is not shown (UNSPEC-USAGE-RESPONSE);
 * the documents say only that usage grouped by workspace carries `workspace_id`, null for the
 * Default Workspace: that field is all this reads, wherever the envelope puts it.
 */
export function workspaceIdsIn(body: unknown, depth = 0): unknown[] {
  if (depth > 6 || body === null || typeof body !== 'object') return [];
  if (Array.isArray(body)) return body.flatMap((x) => workspaceIdsIn(x, depth + 1));
  return Object.entries(body as Record<string, unknown>).flatMap(([k, v]) =>
    k === 'workspace_id' ? [v] : workspaceIdsIn(v, depth + 1),
  );
}

/** The server's time when the adapter has a clock, else the local time. */
async function now(ctx: CaseContext): Promise<number> {
  return ctx.adapter.capabilities.has('clock') && ctx.adapter.now ? ctx.fixture('clock', 'now') : Date.now();
}

interface Plan {
  /** Usage records: workspace index (0: the Default Workspace, 1..3 named ones) and day (0..2). */
  readonly records: readonly { readonly ws: number; readonly day: number; readonly tokens: number }[];
  /** Named workspaces (1..3) archived before the report is read. */
  readonly archived: readonly number[];
  /** Named workspaces (1..3) the filtered report asks for. */
  readonly filter: readonly number[];
}

const plan: fc.Arbitrary<Plan> = fc.record({
  records: fc.array(
    fc.record({ ws: fc.nat({ max: 3 }), day: fc.nat({ max: 2 }), tokens: fc.integer({ min: 1, max: 5000 }) }),
    { minLength: 1, maxLength: 6 },
  ),
  archived: fc.subarray([1, 2, 3]),
  filter: fc.subarray([1, 2, 3], { minLength: 1 }),
});

const show = (xs: readonly unknown[]) =>
  JSON.stringify([...new Set(xs.map((x) => JSON.stringify(x)))].sort());

/** The values of `want` that `got` lacks (compared as JSON data). */
const lacking = (got: readonly unknown[], want: readonly unknown[]) => {
  const seen = new Set(got.map((x) => JSON.stringify(x)));
  return want.filter((x) => !seen.has(JSON.stringify(x)));
};

/**
 * The usage report over three `1d` buckets in a fresh organization with usage recorded in the
 * Default Workspace and in named workspaces (some archived afterwards): grouped by
 * `workspace_id`, every workspace with usage is reported, the Default Workspace as null and
 * archived ones still present; with `workspace_ids[]`, every workspace asked for that has usage,
 * and none that was not asked for.
 *
 * Not asserted: that workspaces without usage are absent. The body is not shown
 * (UNSPEC-USAGE-RESPONSE), and a report may hold rows of zero usage for the workspaces it covers
 * (UNSPEC-USAGE-ZERO-ROWS).
 */
export const usageReport = defineCase({
  id: 'usage.report-by-workspace',
  family: 'usage',
  title:
    'usage grouped by workspace_id reports the Default Workspace as null, keeps archived workspaces and honours workspace_ids[]',
  requirements: [
    'USAGE-ADMIN-CREDENTIAL',
    'USAGE-STARTING-AT',
    'USAGE-ENDING-AT',
    'USAGE-BUCKET-WIDTH',
    'USAGE-GROUP-BY',
    'USAGE-WORKSPACE-IDS',
    'USAGE-DEFAULT-WORKSPACE-NULL',
    'WSARCH-HISTORY-PRESERVED',
  ],
  needs: ['organizations', 'usage-records'],
  async run(ctx) {
    const today = Math.floor((await now(ctx)) / DAY) * DAY;
    const range = {
      starting_at: new Date(today - 3 * DAY).toISOString(),
      ending_at: new Date(today).toISOString(),
      bucket_width: BUCKET,
    };
    await ctx.property(
      plan,
      async (p) => {
        const org = await freshOrganization(ctx);
        const ids: (string | null)[] = [null];
        for (const i of [1, 2, 3]) ids.push((await createWorkspace(ctx, org, `usage-${i}`)).id);
        for (const r of p.records) {
          await ctx.fixture('usage-records', 'recordUsage', {
            organizationId: org.fixture.organizationId,
            workspaceId: ids[r.ws] ?? null,
            at: today - (3 - r.day) * DAY + 3_600_000,
            input_tokens: r.tokens,
            output_tokens: r.tokens >> 1,
          });
        }
        for (const i of p.archived) {
          const res = await ctx.call(
            'organizations.workspaces.archive',
            { path: { workspace_id: ids[i]! }, auth: org.auth },
            false,
          );
          judge(ctx, res, { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
        }
        const used = p.records.map((r) => ids[r.ws] ?? null);

        const grouped = await ctx.call('organizations.usage_report.messages', {
          query: { ...range, 'group_by[]': [BY_WORKSPACE] },
          auth: org.auth,
        });
        success(ctx, grouped);
        const got = workspaceIdsIn(grouped.body);
        const missing = lacking(got, used);
        if (missing.length)
          ctx.fail(
            `grouped by workspace_id: reported ${show(got)}, which lacks ${show(missing)} of the workspaces with usage ${show(used)} (the Default Workspace as null, archived ones kept)`,
          );

        const asked = p.filter.map((i) => ids[i]!);
        const filtered = await ctx.call('organizations.usage_report.messages', {
          query: { ...range, 'group_by[]': [BY_WORKSPACE], 'workspace_ids[]': asked },
          auth: org.auth,
        });
        success(ctx, filtered);
        const want = used.filter((id) => id !== null && asked.includes(id));
        const gotFiltered = workspaceIdsIn(filtered.body);
        const missed = lacking(gotFiltered, want);
        const unasked = lacking(asked, gotFiltered);
        if (missed.length || unasked.length)
          ctx.fail(
            `workspace_ids[]=${JSON.stringify(asked)}: reported ${show(gotFiltered)}; ${
              missed.length ? `lacks ${show(missed)} of the asked workspaces with usage` : ''
            }${missed.length && unasked.length ? ', and ' : ''}${
              unasked.length ? `reports ${show(unasked)}, not asked for` : ''
            }`,
          );

        const plain = await ctx.call('organizations.usage_report.messages', { query: range, auth: org.auth });
        success(ctx, plain);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 10) },
    );
  },
});
