import { OrganizationRole } from '@vendor-api/spec';
import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { type UserHandle, type WsModel, type WsReal, workspaceCommands } from './commands/index.js';
import { freshOrganization, type OrgRole, orgUser } from './support.js';

export const workspaceStateMachine = defineCase({
  id: 'workspaces.state-machine',
  family: 'workspaces',
  title:
    'random sequences of workspace creates, lists, archives (admin or workspace key), member changes and organization-role changes follow the workspace machine and the member rules',
  requirements: [
    // The archive rows of the workspace machine the model drives (not the Default Workspace's).
    'WSARCH-ACTIVE-TO-ARCHIVED',
    'WSARCH-ADMIN-CREDENTIAL',
    'WSARCH-KEYS-REVOKED',
    'WSARCH-IRREVERSIBLE',
    'WS-ADMIN-CREDENTIAL',
    'WS-CREATE-NAME',
    'WS-DEFAULT-NOT-LISTED',
    'WS-LIST-LIMIT-INTEGER',
    'WS-LIST-INCLUDE-ARCHIVED-BOOLEAN',
    'MEMBER-CREATE-BODY',
    'MEMBER-UPDATE-BODY',
    'MEMBER-DELETE-NO-BODY',
    'MEMBER-WIRE-DEVELOPER',
    'MEMBER-WIRE-ADMIN',
    'MEMBER-INHERIT-ORG-ADMIN',
    'MEMBER-INHERIT-ORG-BILLING',
    'MEMBER-EXPLICIT-USER-DEVELOPER',
    'MEMBER-NO-REMOVE-ORG-ADMIN',
    'MEMBER-NO-REMOVE-ORG-BILLING',
    'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
    'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
    'MEMBER-BILLING-UPGRADE-ADMIN',
    'MEMBER-DEMOTION-EXPLICIT-ONLY',
    'MEMBER-PROMOTION-ALL',
  ],
  needs: ['organizations', 'workspace-keys', 'workspace-members', 'organization-roles'],
  async run(ctx) {
    const roles: readonly OrgRole[] = OrganizationRole.anyOf.map((s) => s.const);
    await ctx.property(
      fc.commands(workspaceCommands(), { maxCommands: 25, size: 'max' }),
      async (cmds) => {
        const org = await freshOrganization(ctx);
        const users: UserHandle[] = [];
        for (const orgRole of roles) users.push({ id: await orgUser(ctx, org, orgRole), orgRole });
        const setup = () => ({ model: { workspaces: [], users } as WsModel, real: { ctx, org } as WsReal });
        await fc.asyncModelRun(setup, cmds);
      },
      { numRuns: ctx.settings.numRuns },
    );
  },
});
