import { defineCase } from '../../case.js';
import { observedWith } from '../../needs.js';

/**
 * Admin API keys start with the admin-key prefix: the target's own admin key (which must work on
 * an admin endpoint), and, where the adapter provisions them, the admin keys of a fresh
 * organization and of an organization admin.
 */
export const adminKeyPrefix = defineCase({
  id: 'access.admin-key-prefix',
  family: 'access',
  title: 'every admin API key the implementation issues starts with the admin-key prefix',
  requirements: ['AUTH-ADMIN-KEY-PREFIX'],
  // More admin keys to judge where the target provisions them; the target's own key is judged always.
  needs: [observedWith('organizations'), observedWith('organization-roles')],
  async run(ctx) {
    const prefix = ctx.vendor.prefixes.adminKey;
    const res = await ctx.call('organizations.workspaces.list', { auth: 'admin' }, false);
    ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
    const keys: [string, string][] = [['the target admin key', ctx.target.adminKey]];
    if (ctx.adapter.capabilities.has('organizations')) {
      const org = await ctx.fixture('organizations', 'createOrganization');
      ctx.recorder.secret(org.adminKey, 'org_admin_key');
      keys.push(["a fresh organization's admin key", org.adminKey]);
      if (ctx.adapter.capabilities.has('organization-roles')) {
        const owned = await ctx.fixture(
          'organization-roles',
          'createAdminKey',
          org.organizationId,
          org.adminUserId,
        );
        ctx.recorder.secret(owned.apiKey, 'owned_admin_key');
        keys.push(["an organization admin's admin key", owned.apiKey]);
      }
    }
    for (const [what, key] of keys)
      if (!key.startsWith(prefix)) ctx.fail(`${what} does not start with ${prefix}`);
  },
});
