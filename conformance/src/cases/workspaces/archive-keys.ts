import { step } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { createWorkspace, freshOrganization, judge, listWorkspaces, machine, probeKey } from './support.js';

/**
 * Archiving revokes every key of the workspace at once (a standard endpoint refuses them with a
 * 4xx), leaves other workspaces' keys working, and cannot be undone: archiving again leaves the
 * workspace archived (that answer is not shown) and its keys stay revoked. The expectations come
 * from the archive rows of the workspace machine.
 */
export const archiveRevokesKeys = defineCase({
  id: 'workspaces.archive-revokes-keys-irreversibly',
  family: 'workspaces',
  title: 'archiving a workspace revokes all its keys at once and cannot be undone',
  requirements: ['WSARCH-ACTIVE-TO-ARCHIVED', 'WSARCH-KEYS-REVOKED', 'WSARCH-IRREVERSIBLE', 'WS-KEY-SCOPED'],
  needs: ['organizations', 'workspace-keys'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const orgId = org.fixture.organizationId;
    const a = await createWorkspace(ctx, org, 'archive-a');
    const b = await createWorkspace(ctx, org, 'archive-b');
    const keysA = [
      (await ctx.fixture('workspace-keys', 'createWorkspaceKey', orgId, a.id!)).apiKey,
      (await ctx.fixture('workspace-keys', 'createWorkspaceKey', orgId, a.id!)).apiKey,
    ];
    const keyB = (await ctx.fixture('workspace-keys', 'createWorkspaceKey', orgId, b.id!)).apiKey;
    for (const k of [...keysA, keyB]) await probeKey(ctx, k, true);

    let state = machine.initial;
    for (let round = 0; round < 2; round++) {
      const result = step(machine, state, 'organizations.workspaces.archive', { adminCredential: true });
      const res = await ctx.call(
        'organizations.workspaces.archive',
        { path: { workspace_id: a.id! }, auth: org.auth },
        false,
      );
      judge(ctx, res, result.outcome);
      state = result.next;
      if (state !== 'archived') ctx.fail(`the machine leaves the workspace ${state} after archive`);
      for (const k of keysA) await probeKey(ctx, k, false);
      await probeKey(ctx, keyB, true);
      const { records } = await listWorkspaces(ctx, org, { include_archived: true });
      if (!records.some((r) => r.id === a.id))
        ctx.fail(`the archived workspace ${a.id} is missing from the list with include_archived=true`);
    }
  },
});
