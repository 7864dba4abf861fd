import { defineCase } from '../../case.js';
import {
  checkMembers,
  createWorkspace,
  freshOrganization,
  judge,
  keyAuth,
  listWorkspaces,
  type OrgRole,
  orgUser,
  probeKey,
  type WorkspaceHandle,
  wireOf,
} from './support.js';

/**
 * The workspace administration endpoints take an admin key: a workspace key (even one of the
 * workspace concerned) is refused on every one of them (status not shown: a 4xx with the error
 * body) and changes nothing: no workspace created, none archived, no member changed.
 */
export const adminCredentialOnly = defineCase({
  id: 'workspaces.admin-endpoints-refuse-workspace-keys',
  family: 'workspaces',
  title: 'every workspace administration endpoint refuses a workspace key and changes nothing',
  requirements: ['WS-ADMIN-CREDENTIAL', 'WSARCH-ADMIN-CREDENTIAL'],
  needs: ['organizations', 'workspace-keys', 'workspace-members'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const developer = await orgUser(ctx, org, 'developer');
    const users: { id: string; orgRole: OrgRole }[] = [{ id: developer, orgRole: 'developer' }];
    const created = await createWorkspace(ctx, org, 'admin-credential');
    const key = (
      await ctx.fixture('workspace-keys', 'createWorkspaceKey', org.fixture.organizationId, created.id!)
    ).apiKey;
    const ws: WorkspaceHandle = {
      id: created.id!,
      name: 'admin-credential',
      key,
      state: 'active',
      explicit: new Map(),
    };
    const auth = keyAuth(key, 'workspace_key_a');
    const rejected = { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED' } as const;
    const path = { workspace_id: ws.id };
    judge(
      ctx,
      await ctx.call('organizations.workspaces.create', { body: { name: 'by-key' }, auth }, false),
      rejected,
    );
    judge(ctx, await ctx.call('organizations.workspaces.list', { auth }, false), rejected);
    judge(ctx, await ctx.call('organizations.workspaces.archive', { path, auth }, false), rejected);
    judge(
      ctx,
      await ctx.call(
        'organizations.workspaces.members.create',
        { path, body: { user_id: developer, workspace_role: wireOf('developer') }, auth },
        false,
      ),
      rejected,
    );
    await checkMembers(ctx, ws, users);
    ws.explicit.set(developer, 'developer');
    const added = await ctx.call(
      'organizations.workspaces.members.create',
      { path, body: { user_id: developer, workspace_role: wireOf('developer') }, auth: org.auth },
      false,
    );
    judge(ctx, added, { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
    const member = { ...path, user_id: developer };
    judge(
      ctx,
      await ctx.call(
        'organizations.workspaces.members.update',
        { path: member, body: { workspace_role: wireOf('admin') }, auth },
        false,
      ),
      rejected,
    );
    judge(
      ctx,
      await ctx.call('organizations.workspaces.members.delete', { path: member, auth }, false),
      rejected,
    );
    await checkMembers(ctx, ws, users);
    await probeKey(ctx, key, true);
    const { records } = await listWorkspaces(ctx, org, { include_archived: true });
    if (records.some((r) => r.name === 'by-key')) ctx.fail('a workspace key created a workspace');
  },
});
