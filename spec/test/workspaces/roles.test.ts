import { describe, expect, it } from 'vitest';
import {
  checkMemberChange,
  effectiveWorkspaceRole,
  type MemberChangeResult,
  type MemberOperation,
  ORG_ROLES,
  type OrgRole,
  orgRoleChange,
  WORKSPACE_ROLE_KEYS,
  WORKSPACE_ROLES,
  type WorkspaceRoleKey,
  workspaceAccess,
  workspaceRoleFromWire,
} from '../../src/rules/workspaces.js';

const assignable = WORKSPACE_ROLE_KEYS.filter((r) => r !== 'billing');

/** The verdict and the one id (requirement or unspecified) that decides it. */
const verdict = (r: MemberChangeResult): string => {
  switch (r.kind) {
    case 'allowed':
      return `allowed ${r.requirements[0]}`;
    case 'rejected':
      return `rejected ${r.requirements[0]}`;
    case 'unspecified':
      return `unspecified ${r.unspecified}`;
    case 'unreachable':
      return `unreachable ${r.requirements[0]}`;
    case 'invalid':
      return 'invalid';
  }
};

type Case = [OrgRole, WorkspaceRoleKey | null, MemberOperation, string];

/** Every organization role x every operation x every role it could set. */
const cases: Case[] = [];
for (const role of assignable) {
  cases.push(['admin', null, { kind: 'add', role }, 'unspecified UNSPEC-MEMBER-ADD-INHERITED']);
  cases.push(['billing', null, { kind: 'add', role }, 'unspecified UNSPEC-MEMBER-ADD-INHERITED']);
  cases.push(['user', null, { kind: 'add', role }, 'allowed MEMBER-EXPLICIT-USER-DEVELOPER']);
  cases.push(['developer', null, { kind: 'add', role }, 'allowed MEMBER-EXPLICIT-USER-DEVELOPER']);
  cases.push(['user', 'developer', { kind: 'add', role }, 'unspecified UNSPEC-MEMBER-ADD-EXISTING']);
  // An update to the role the member already holds is UNSPEC-MEMBER-UPDATE-SAME-ROLE.
  const update = (held: WorkspaceRoleKey) =>
    held === role ? 'unspecified UNSPEC-MEMBER-UPDATE-SAME-ROLE' : 'allowed MEMBER-EXPLICIT-USER-DEVELOPER';
  cases.push(['user', 'user', { kind: 'update', role }, update('user')]);
  cases.push(['developer', 'admin', { kind: 'update', role }, update('admin')]);
  cases.push(['user', null, { kind: 'update', role }, 'unspecified UNSPEC-MEMBER-NOT-A-MEMBER']);
  cases.push(['developer', null, { kind: 'update', role }, 'unspecified UNSPEC-MEMBER-NOT-A-MEMBER']);
}
for (const role of ['user', 'limited_developer', 'developer'] as const) {
  cases.push(['admin', null, { kind: 'update', role }, 'rejected MEMBER-NO-ROLE-CHANGE-ORG-ADMIN']);
  cases.push(['billing', null, { kind: 'update', role }, 'rejected MEMBER-NO-ROLE-CHANGE-ORG-BILLING']);
  cases.push(['billing', 'admin', { kind: 'update', role }, 'rejected MEMBER-NO-ROLE-CHANGE-ORG-BILLING']);
}
cases.push(
  ['admin', null, { kind: 'update', role: 'admin' }, 'unspecified UNSPEC-MEMBER-UPDATE-SAME-ROLE'],
  ['billing', null, { kind: 'update', role: 'admin' }, 'allowed MEMBER-BILLING-UPGRADE-ADMIN'],
  ['billing', 'developer', { kind: 'update', role: 'admin' }, 'allowed MEMBER-BILLING-UPGRADE-ADMIN'],
  ['billing', 'admin', { kind: 'update', role: 'admin' }, 'unspecified UNSPEC-MEMBER-UPDATE-SAME-ROLE'],
  ['admin', null, { kind: 'remove' }, 'rejected MEMBER-NO-REMOVE-ORG-ADMIN'],
  ['admin', 'developer', { kind: 'remove' }, 'rejected MEMBER-NO-REMOVE-ORG-ADMIN'],
  ['billing', null, { kind: 'remove' }, 'rejected MEMBER-NO-REMOVE-ORG-BILLING'],
  ['billing', 'admin', { kind: 'remove' }, 'rejected MEMBER-NO-REMOVE-ORG-BILLING'],
  ['user', 'user', { kind: 'remove' }, 'allowed MEMBER-EXPLICIT-USER-DEVELOPER'],
  ['developer', 'limited_developer', { kind: 'remove' }, 'allowed MEMBER-EXPLICIT-USER-DEVELOPER'],
  ['user', null, { kind: 'remove' }, 'unspecified UNSPEC-MEMBER-NOT-A-MEMBER'],
  ['developer', null, { kind: 'remove' }, 'unspecified UNSPEC-MEMBER-NOT-A-MEMBER'],
);
for (const orgRole of ORG_ROLES) {
  for (const explicit of [null, 'developer'] as const) {
    cases.push([
      orgRole,
      explicit,
      { kind: 'add', role: 'billing' },
      'rejected MEMBER-BILLING-NOT-ASSIGNABLE',
    ]);
    cases.push([
      orgRole,
      explicit,
      { kind: 'update', role: 'billing' },
      'rejected MEMBER-BILLING-NOT-ASSIGNABLE',
    ]);
  }
}

describe('checkMemberChange', () => {
  it.each(cases)('org %s with explicit role %s: %j is %s', (orgRole, explicitRole, op, expected) => {
    expect(verdict(checkMemberChange(op, { orgRole, explicitRole }))).toBe(expected);
  });

  it('covers every organization role with every operation kind', () => {
    for (const orgRole of ORG_ROLES) {
      for (const kind of ['add', 'update', 'remove']) {
        expect(
          cases.some(([o, , op]) => o === orgRole && op.kind === kind),
          `${orgRole} ${kind}`,
        ).toBe(true);
      }
    }
  });

  it('names the unspecified rejection status on every rejection', () => {
    const r = checkMemberChange({ kind: 'remove' }, { orgRole: 'admin', explicitRole: null });
    expect(r).toMatchObject({ kind: 'rejected', unspecified: 'UNSPEC-MEMBER-CHANGE-REJECTED' });
  });

  it('no member operation reaches the Default Workspace', () => {
    for (const orgRole of ORG_ROLES) {
      for (const op of [
        { kind: 'add', role: 'user' },
        { kind: 'update', role: 'admin' },
        { kind: 'remove' },
      ] as const) {
        expect(verdict(checkMemberChange(op, { orgRole, explicitRole: null, defaultWorkspace: true }))).toBe(
          'unreachable WS-DEFAULT-NO-ID',
        );
      }
    }
  });

  it('answers invalid input with an error result', () => {
    expect(
      checkMemberChange({ kind: 'add', role: 'owner' as never }, { orgRole: 'user', explicitRole: null })
        .kind,
    ).toBe('invalid');
    expect(
      checkMemberChange({ kind: 'remove' }, { orgRole: 'owner' as never, explicitRole: null }).kind,
    ).toBe('invalid');
    expect(
      checkMemberChange({ kind: 'promote' } as never, { orgRole: 'user', explicitRole: null }).kind,
    ).toBe('invalid');
    expect(checkMemberChange({ kind: 'remove' }, { orgRole: 'user', explicitRole: 'x' as never }).kind).toBe(
      'invalid',
    );
  });
});

describe('effectiveWorkspaceRole', () => {
  const table: [OrgRole, WorkspaceRoleKey | null, WorkspaceRoleKey | null, string][] = [
    ['admin', null, 'admin', 'inherited'],
    ['admin', 'user', 'admin', 'inherited'],
    ['billing', null, 'billing', 'inherited'],
    ['billing', 'developer', 'billing', 'inherited'],
    ['billing', 'admin', 'admin', 'explicit'],
    ['user', null, null, 'none'],
    ['developer', null, null, 'none'],
    ['user', 'limited_developer', 'limited_developer', 'explicit'],
    ['developer', 'admin', 'admin', 'explicit'],
    ['developer', 'user', 'user', 'explicit'],
  ];
  it.each(table)('org %s with explicit %s holds %s (%s)', (orgRole, explicit, role, source) => {
    expect(effectiveWorkspaceRole(orgRole, explicit)).toMatchObject({ ok: true, role, source });
  });

  it('rejects an explicit Billing role for users and developers (it cannot be assigned)', () => {
    expect(effectiveWorkspaceRole('user', 'billing').ok).toBe(false);
    expect(effectiveWorkspaceRole('developer', 'billing').ok).toBe(false);
  });

  it('answers unknown roles with an error result', () => {
    expect(effectiveWorkspaceRole('owner' as never, null).ok).toBe(false);
    expect(effectiveWorkspaceRole('user', 'owner' as never).ok).toBe(false);
  });
});

describe('organization role changes', () => {
  const workspaces = ['wrkspc_a', 'wrkspc_b', 'wrkspc_c'];
  const explicit = { wrkspc_b: 'developer' } as const;

  it('a demoted admin keeps access only where a role was explicitly assigned', () => {
    expect(orgRoleChange('admin', 'developer')).toMatchObject({ kind: 'demotion', access: 'explicit-only' });
    expect(workspaceAccess('admin', explicit, workspaces)).toEqual({
      wrkspc_a: 'admin',
      wrkspc_b: 'admin',
      wrkspc_c: 'admin',
    });
    expect(workspaceAccess('developer', explicit, workspaces)).toEqual({
      wrkspc_a: null,
      wrkspc_b: 'developer',
      wrkspc_c: null,
    });
  });

  it('a demoted billing member keeps access only where a role was explicitly assigned', () => {
    expect(orgRoleChange('billing', 'user')).toMatchObject({ kind: 'demotion', access: 'explicit-only' });
    expect(workspaceAccess('user', explicit, workspaces)).toEqual({
      wrkspc_a: null,
      wrkspc_b: 'developer',
      wrkspc_c: null,
    });
  });

  it('a promotion grants access to every workspace', () => {
    expect(orgRoleChange('user', 'admin')).toMatchObject({ kind: 'promotion', access: 'all' });
    expect(orgRoleChange('developer', 'billing')).toMatchObject({ kind: 'promotion', access: 'all' });
    expect(workspaceAccess('billing', {}, workspaces)).toEqual({
      wrkspc_a: 'billing',
      wrkspc_b: 'billing',
      wrkspc_c: 'billing',
    });
  });

  it('changes between admin and billing, or user and developer, are left unspecified', () => {
    expect(orgRoleChange('admin', 'billing')).toMatchObject({
      kind: 'lateral',
      unspecified: 'UNSPEC-MEMBER-ORG-ROLE-LATERAL',
    });
    expect(orgRoleChange('user', 'developer')).toMatchObject({ kind: 'lateral', access: 'explicit-only' });
    expect(orgRoleChange('user', 'user')).toMatchObject({ kind: 'none' });
  });

  it('covers every pair of organization roles', () => {
    for (const a of ORG_ROLES) for (const b of ORG_ROLES) expect(orgRoleChange(a, b)).toHaveProperty('kind');
    expect(orgRoleChange('owner' as never, 'user')).toHaveProperty('invalid');
  });
});

describe('role table', () => {
  it('maps the stated wire values and no others', () => {
    expect(workspaceRoleFromWire('workspace_developer')).toBe('developer');
    expect(workspaceRoleFromWire('workspace_admin')).toBe('admin');
    expect(workspaceRoleFromWire('workspace_user')).toBe('user');
    expect(workspaceRoleFromWire('workspace_billing')).toBeNull();
    expect(WORKSPACE_ROLES.limited_developer.wire).toBeNull();
    expect(WORKSPACE_ROLES.billing.wire).toBeNull();
  });
  it('marks workspace_user as unverified and Billing as not assignable', () => {
    expect(WORKSPACE_ROLES.user.wireVerified).toBe(false);
    expect(WORKSPACE_ROLES.developer.wireVerified).toBe(true);
    expect(WORKSPACE_ROLE_KEYS.filter((k) => !WORKSPACE_ROLES[k].assignable)).toEqual(['billing']);
  });
  it('denies the Limited Developer session tracing views and file downloads', () => {
    expect(WORKSPACE_ROLES.limited_developer.denied).toEqual(['session tracing views', 'file downloads']);
  });
});
