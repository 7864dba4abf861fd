import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { ListCommand } from './commands/list.js';
import type { WsModel, WsReal } from './commands/model.js';
import { createWorkspace, freshOrganization, judge, machine, success } from './support.js';

/**
 * The workspace list with every combination of `include_archived` and `limit`, in an organization
 * with active and archived workspaces: never the Default Workspace, at most `limit` records, and
 * without a limit every active workspace (every workspace with `include_archived=true`).
 */
export const listQuery = defineCase({
  id: 'workspaces.list-include-archived-limit',
  family: 'workspaces',
  title: 'the workspace list honours include_archived and limit and never lists the Default Workspace',
  requirements: [
    'WS-DEFAULT-NOT-LISTED',
    'WS-LIST-LIMIT-INTEGER',
    'WS-LIST-INCLUDE-ARCHIVED-BOOLEAN',
    // Every workspace is created and found by its string name; two are archived without a body.
    'WS-NAME',
    'WS-ARCHIVE-NO-BODY',
  ],
  needs: ['organizations'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const model: WsModel = { workspaces: [], users: [] };
    for (const name of ['list-a', 'list-b', 'list-c', 'list-d']) {
      const { res, id } = await createWorkspace(ctx, org, name);
      success(ctx, res);
      model.workspaces.push({ id: id!, name, key: '', state: machine.initial, explicit: new Map() });
    }
    for (const ws of model.workspaces.slice(0, 2)) {
      const res = await ctx.call(
        'organizations.workspaces.archive',
        { path: { workspace_id: ws.id }, auth: org.auth },
        false,
      );
      judge(ctx, res, { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
      ws.state = 'archived';
    }
    const real: WsReal = { ctx, org };
    await ctx.property(
      fc.tuple(
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      ),
      async ([includeArchived, limit]) => {
        await new ListCommand(includeArchived, limit).run(model, real);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
