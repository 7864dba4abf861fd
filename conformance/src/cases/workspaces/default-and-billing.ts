import { step, workspaceRules } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import {
  createWorkspace,
  freshOrganization,
  judge,
  listWorkspaces,
  machine,
  orgUser,
  probeKey,
  success,
  wireOf,
} from './support.js';

/**
 * A fresh organization has a Default Workspace: a key of it works at once. No archive reaches it:
 * it has no identifier, so archiving every listed workspace, and asking to archive `default`
 * (whose answer the documents leave open: UNSPEC-WS-ARCHIVE-DEFAULT), leave its key working.
 */
export const defaultWorkspaceStays = defineCase({
  id: 'workspaces.default-workspace-exists-and-stays',
  family: 'workspaces',
  title:
    'a fresh organization has a Default Workspace whose key works, and no archive (of every listed workspace, or of "default") revokes it',
  requirements: ['WS-DEFAULT-EXISTS', 'WS-DEFAULT-NO-ARCHIVE', 'WS-ARCHIVE-NO-BODY'],
  needs: ['organizations', 'workspace-keys'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const orgId = org.fixture.organizationId;
    const key = (await ctx.fixture('workspace-keys', 'createWorkspaceKey', orgId, 'default')).apiKey;
    ctx.recorder.secret(key, 'default_workspace_key');
    await probeKey(ctx, key, true);

    const made = await createWorkspace(ctx, org, 'not-the-default');
    success(ctx, made.res);
    const { records } = await listWorkspaces(ctx, org, { include_archived: true });
    for (const r of records) {
      if (typeof r.id !== 'string') continue;
      const row = step(machine, 'active', 'organizations.workspaces.archive', {
        adminCredential: true,
        isDefault: false,
        isCodingAssistant: false,
      });
      const res = await ctx.call(
        'organizations.workspaces.archive',
        { path: { workspace_id: r.id }, auth: org.auth },
        false,
      );
      // Bodiless, as documented; an archived one may answer otherwise (UNSPEC-WS-ARCHIVE-ARCHIVED).
      if (r.id === made.id) judge(ctx, res, row.outcome);
    }
    const attempt = step(machine, 'active', 'organizations.workspaces.archive', {
      adminCredential: true,
      isDefault: true,
    });
    const res = await ctx.call(
      'organizations.workspaces.archive',
      { path: { workspace_id: 'default' }, auth: org.auth },
      false,
    );
    judge(ctx, res, attempt.outcome);
    if (res.status >= 500) ctx.fail(`archiving "default" answered ${res.status}`);
    await probeKey(ctx, key, true);
  },
});

/** Wire values a client might try for Workspace Billing (its wire value is not stated). */
const BILLING_GUESSES = ['workspace_billing', 'billing', 'Workspace Billing', 'workspace_billing_user'];

/**
 * The Workspace Billing role cannot be assigned: whatever role value an add or an update names,
 * a user who is not an organization billing member never holds Workspace Billing afterwards.
 */
export const billingNotAssignable = defineCase({
  id: 'workspaces.billing-role-not-assignable',
  family: 'workspaces',
  title: 'no member add or update gives a user the Workspace Billing role (it is only inherited)',
  requirements: ['MEMBER-BILLING-NOT-ASSIGNABLE'],
  needs: ['organizations', 'workspace-members'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const made = await createWorkspace(ctx, org, 'billing-roles');
    success(ctx, made.res);
    const ws = made.id!;
    const billingOf = async (userId: string) =>
      (await ctx.fixture('workspace-members', 'workspaceMembers', ws)).find((m) => m.user_id === userId)
        ?.role;
    // The organization roles that inherit no workspace role (so no billing role either).
    const uninherited = workspaceRules.ORG_ROLES.filter(
      (r) => workspaceRules.ORG_ROLE_INHERITANCE[r].inherited === null,
    );
    for (const orgRole of uninherited) {
      for (const guess of BILLING_GUESSES) {
        const userId = await orgUser(ctx, org, orgRole);
        // The guess is no documented role value: the body is off the operation's type on purpose.
        await ctx.callUnchecked(
          'organizations.workspaces.members.create',
          { path: { workspace_id: ws }, body: { user_id: userId, workspace_role: guess }, auth: org.auth },
          false,
        );
        if ((await billingOf(userId)) === 'billing')
          ctx.fail(`adding ${orgRole} ${userId} as ${JSON.stringify(guess)} gave the Workspace Billing role`);
        // A member with a documented role, then an update to the guess.
        const added = await ctx.call(
          'organizations.workspaces.members.create',
          {
            path: { workspace_id: ws },
            body: { user_id: userId, workspace_role: wireOf('developer') },
            auth: org.auth,
          },
          false,
        );
        if (added.status >= 300 && (await billingOf(userId)) === undefined)
          ctx.fail(`adding ${orgRole} ${userId} as workspace_developer answered ${added.status}`);
        await ctx.callUnchecked(
          'organizations.workspaces.members.update',
          { path: { workspace_id: ws, user_id: userId }, body: { workspace_role: guess }, auth: org.auth },
          false,
        );
        if ((await billingOf(userId)) === 'billing')
          ctx.fail(
            `updating ${orgRole} ${userId} to ${JSON.stringify(guess)} gave the Workspace Billing role`,
          );
      }
    }
  },
});
