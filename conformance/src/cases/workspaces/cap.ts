import { step, workspaceRules } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { createWorkspace, freshOrganization, judge, machine } from './support.js';

/**
 * The 100-workspace cap in a fresh organization: 100 creates succeed, the 101st is refused (the
 * refusal's status is not shown: a 4xx with the error body), archiving one frees a slot, and the
 * next create succeeds while the one after it is refused again. Every expectation comes from
 * `canCreateWorkspace(countTowardCap(...))` and the archive row of the machine.
 *
 * Whether the Default Workspace counts toward the cap is not shown (UNSPEC-WS-CAP-DEFAULT-COUNTED):
 * the first time the last slot is taken, the create may be refused, and the answer says from
 * there on whether the Default Workspace is counted.
 */
export const workspaceCap = defineCase({
  id: 'workspaces.cap-100-archived-excluded',
  family: 'workspaces',
  title: 'an organization holds at most 100 non-archived workspaces; archiving one frees a slot',
  requirements: ['WS-CAP-100', 'WSARCH-CAP-EXCLUDED', 'WSARCH-ACTIVE-TO-ARCHIVED'],
  needs: ['organizations'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const workspaces: { id: string | null; archived: boolean }[] = [];
    let defaultCounted: boolean | null = null;
    const counted = () => workspaceRules.countTowardCap(workspaces) + (defaultCounted ? 1 : 0);
    const create = async (name: string) => {
      const cap = workspaceRules.canCreateWorkspace(counted());
      const lastSlot = cap.ok && defaultCounted === null && counted() === workspaceRules.WORKSPACE_CAP - 1;
      if (cap.ok) {
        // Only the first identifier is needed (to archive it); the others skip the lookup.
        if (workspaces.length === 0) {
          const { res, id } = await createWorkspace(ctx, org, name);
          judge(ctx, res, { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
          workspaces.push({ id, archived: false });
          return;
        }
        const res = await ctx.call(
          'organizations.workspaces.create',
          { body: { name }, auth: org.auth },
          false,
        );
        if (lastSlot) defaultCounted = res.status >= 400 && res.status < 500;
        if (defaultCounted && lastSlot) {
          judge(ctx, res, { kind: 'unspecified', unspecified: 'UNSPEC-WS-CAP-DEFAULT-COUNTED' });
          return;
        }
        judge(ctx, res, { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
        workspaces.push({ id: null, archived: false });
        return;
      }
      const res = await ctx.call(
        'organizations.workspaces.create',
        { body: { name }, auth: org.auth },
        false,
      );
      judge(ctx, res, {
        kind: 'unspecified',
        unspecified: cap.reason === 'cap' ? cap.unspecified : 'UNSPEC-WS-ADMIN-ERRORS',
      });
    };
    for (let i = 0; i < workspaceRules.WORKSPACE_CAP + 1; i++) await create(`cap-${i}`);
    const first = workspaces[0]!;
    const archived = step(machine, 'active', 'organizations.workspaces.archive', { adminCredential: true });
    const res = await ctx.call(
      'organizations.workspaces.archive',
      { path: { workspace_id: first.id! }, auth: org.auth },
      false,
    );
    judge(ctx, res, archived.outcome);
    first.archived = archived.next === 'archived';
    await create('cap-after-archive');
    await create('cap-after-archive-2');
  },
});
