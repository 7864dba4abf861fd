import { defineCase } from '../../case.js';
import { freshOrganization, judge, listWorkspaces, orgUser, success } from './support.js';

/**
 * Only organization admins create workspaces: an admin key acting for an organization admin
 * creates one; once that user is demoted to developer, the same key is refused (the refusal's
 * status is not shown: a 4xx with the error body) and no workspace of that name appears.
 */
export const createAdminOnly = defineCase({
  id: 'workspaces.create-organization-admins-only',
  family: 'workspaces',
  title: 'a workspace is created only by an organization admin',
  requirements: ['WS-CREATE-ORG-ADMIN-ONLY', 'WS-CREATE-NAME', 'WS-ADMIN-CREDENTIAL'],
  needs: ['organizations', 'organization-roles'],
  async run(ctx) {
    const org = await freshOrganization(ctx);
    const userId = await orgUser(ctx, org, 'admin');
    const key = await ctx.fixture('organization-roles', 'createAdminKey', org.fixture.organizationId, userId);
    const auth = { apiKey: key.apiKey, placeholder: 'owned_admin_key' };
    const ok = await ctx.call('organizations.workspaces.create', { body: { name: 'by-admin' }, auth }, false);
    success(ctx, ok);
    await ctx.fixture('organization-roles', 'setOrganizationRole', userId, 'developer');
    const refused = await ctx.call(
      'organizations.workspaces.create',
      { body: { name: 'by-demoted-admin' }, auth },
      false,
    );
    judge(ctx, refused, { kind: 'unspecified', unspecified: 'UNSPEC-WS-CREATE-NON-ADMIN' });
    const { records } = await listWorkspaces(ctx, org, { include_archived: true });
    if (records.some((r) => r.name === 'by-demoted-admin'))
      ctx.fail('a workspace was created through the key of a user who is no longer an organization admin');
  },
});
