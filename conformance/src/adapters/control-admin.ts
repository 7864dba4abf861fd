/**
 * The control adapter's organization-administration methods (beyond workspaces and users: fresh
 * organizations and other tenants, workspace and admin keys, organization-role changes, the
 * effective members of a workspace, rate-limit overrides, usage records), over the control API.
 */
import type {
  MemberFixture,
  OrganizationFixture,
  OrganizationRoleName,
  RateLimitOverrideFixture,
  Tenant,
  UsageFixture,
} from '../adapter.js';
import type { AreaMethods, ControlCalls } from './control.js';

export function adminMethods(tc: ControlCalls): AreaMethods {
  return {
    methods: {
      async createOrganization(): Promise<OrganizationFixture> {
        const r = await tc.ok<{ organization_id: string; admin_user_id: string; admin_key: string }>(
          'organizations.create',
          {},
          { name: 'conformance' },
        );
        return { organizationId: r.organization_id, adminKey: r.admin_key, adminUserId: r.admin_user_id };
      },
      async createTenant(): Promise<Tenant> {
        const org = await tc.ok<{ organization_id: string; admin_key: string }>(
          'organizations.create',
          {},
          {
            name: 'other tenant',
          },
        );
        const ws = await tc.ok<{ id: string; workspace_key: string }>(
          'workspaces.create',
          { organization_id: org.organization_id },
          { name: 'other tenant' },
        );
        return { adminKey: org.admin_key, workspace: { id: ws.id, apiKey: ws.workspace_key } };
      },
      async createOrganizationUser(organizationId: string, organizationRole: OrganizationRoleName) {
        const r = await tc.ok<{ user_id: string }>(
          'users.create',
          { organization_id: organizationId },
          {
            role: organizationRole,
          },
        );
        return { user_id: r.user_id };
      },
      async createWorkspaceKey(organizationId: string, workspaceId: string) {
        const r = await tc.ok<{ key: string }>(
          'keys.create',
          { organization_id: organizationId },
          {
            kind: 'workspace_key',
            workspace_id: workspaceId,
          },
        );
        return { apiKey: r.key };
      },
      async createAdminKey(organizationId: string, ownerUserId: string) {
        const r = await tc.ok<{ key: string }>(
          'keys.create',
          { organization_id: organizationId },
          {
            kind: 'admin_key',
            owner_user_id: ownerUserId,
          },
        );
        return { apiKey: r.key };
      },
      async setOrganizationRole(userId: string, organizationRole: OrganizationRoleName) {
        await tc.ok('users.role', { user_id: userId }, { role: organizationRole });
      },
      async workspaceMembers(workspaceId: string): Promise<readonly MemberFixture[]> {
        const r = await tc.ok<{
          data: { user_id: string; role: string; source: 'inherited' | 'explicit' }[];
        }>('workspaces.members', { workspace_id: workspaceId });
        return r.data.map((m) => ({ user_id: m.user_id, role: m.role, source: m.source }));
      },
      async setRateLimitOverrides(
        workspaceId: string | null,
        overrides: readonly RateLimitOverrideFixture[],
      ) {
        // Test control names a model group by one of its models.
        return tc.call(
          'workspaces.rate-limits',
          { workspace_id: workspaceId ?? 'default' },
          {
            overrides: overrides.map((o) => ({
              group_type: o.group_type,
              ...(o.models?.[0] === undefined ? {} : { model: o.models[0] }),
              limits: o.limits.map((l) => ({ type: l.type, value: l.value })),
            })),
          },
        );
      },
      async recordUsage(usage: UsageFixture) {
        await tc.ok(
          'usage.record',
          {},
          {
            ...(usage.organizationId === undefined ? {} : { organization_id: usage.organizationId }),
            workspace_id: usage.workspaceId,
            at: new Date(usage.at).toISOString(),
            ...(usage.model === undefined ? {} : { model: usage.model }),
            input_tokens: usage.input_tokens ?? 0,
            output_tokens: usage.output_tokens ?? 0,
          },
        );
      },
    },
  };
}
