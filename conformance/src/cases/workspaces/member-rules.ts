import { workspaceRules } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import {
  applyMember,
  createWorkspace,
  freshOrganization,
  type OrgRole,
  orgUser,
  success,
  type WorkspaceHandle,
} from './support.js';

/** One script of member operations, tried for a user of every organization role. */
const SCRIPT: readonly workspaceRules.MemberOperation[] = [
  { kind: 'update', role: 'developer' },
  { kind: 'remove' },
  { kind: 'update', role: 'admin' },
  { kind: 'update', role: 'developer' },
  { kind: 'remove' },
  { kind: 'add', role: 'developer' },
  { kind: 'update', role: 'admin' },
  { kind: 'update', role: 'developer' },
  { kind: 'remove' },
];

/**
 * Every organization-role rule of the member endpoints, deterministically: for a user of each
 * organization role, the script's operations that `checkMemberChange` decides are run (allowed:
 * a 2xx and the role changes; refused: a 4xx with the error body, membership unchanged), and the
 * members read back hold what `effectiveWorkspaceRole` gives.
 */
export const memberRules = defineCase({
  id: 'workspaces.member-organization-role-rules',
  family: 'workspaces',
  title:
    'organization admins and billing members cannot be removed or changed (billing may be upgraded to admin); users and developers only where added',
  requirements: [
    'MEMBER-NO-REMOVE-ORG-ADMIN',
    'MEMBER-NO-REMOVE-ORG-BILLING',
    'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
    'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
    'MEMBER-BILLING-UPGRADE-ADMIN',
    'MEMBER-INHERIT-ORG-ADMIN',
    'MEMBER-INHERIT-ORG-BILLING',
    'MEMBER-EXPLICIT-USER-DEVELOPER',
    'MEMBER-CREATE-BODY',
    'MEMBER-UPDATE-BODY',
    'MEMBER-DELETE-NO-BODY',
    'MEMBER-WIRE-DEVELOPER',
    'MEMBER-WIRE-ADMIN',
    'MEMBER-SHAPE',
  ],
  needs: ['organizations', 'workspace-members'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const users: { id: string; orgRole: OrgRole }[] = [];
    for (const orgRole of workspaceRules.ORG_ROLES)
      users.push({ id: await orgUser(ctx, org, orgRole), orgRole });
    const { res, id } = await createWorkspace(ctx, org, 'member-rules');
    success(ctx, res);
    const ws: WorkspaceHandle = {
      id: id!,
      name: 'member-rules',
      key: '',
      state: 'active',
      explicit: new Map(),
    };
    const seen = new Set<string>();
    for (const user of users) {
      for (const op of SCRIPT) {
        const result = workspaceRules.checkMemberChange(op, {
          orgRole: user.orgRole,
          explicitRole: ws.explicit.get(user.id) ?? null,
        });
        if (result.kind !== 'allowed' && result.kind !== 'rejected') continue;
        await applyMember(ctx, org, ws, user, op, users);
        for (const r of result.requirements) seen.add(r);
      }
    }
    // The script must reach every rule it cites (a guard against a script that drifts from the rules).
    for (const r of [
      'MEMBER-NO-REMOVE-ORG-ADMIN',
      'MEMBER-NO-REMOVE-ORG-BILLING',
      'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
      'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
      'MEMBER-BILLING-UPGRADE-ADMIN',
    ])
      if (!seen.has(r)) throw new Error(`member-rules script never reaches ${r}`);
  },
});
