import { describe, it } from 'vitest';
import {
  OrganizationRole,
  Workspace,
  WorkspaceCreateParams,
  WorkspaceListParams,
  WorkspaceMember,
  WorkspaceMemberCreateParams,
  WorkspaceMemberUpdateParams,
  WorkspaceRole,
} from '../../src/resources/workspaces.js';
import { Fail, Ok, str } from '../helpers.js';

describe('Workspace record', () => {
  it('accepts an id and a name', () => Ok(Workspace, { id: 'wrkspc_01abc', name: 'Research' }));
  it('accepts fields that are not shown (the record is open)', () =>
    Ok(Workspace, { id: 'wrkspc_01abc', name: 'Research', archived_at: null, color: '#aabbcc' }));
  it('accepts a one-character opaque part of the identifier', () =>
    Ok(Workspace, { id: 'wrkspc_x', name: 'n' }));
  it('rejects an identifier that is the bare prefix', () => Fail(Workspace, { id: 'wrkspc_', name: 'n' }));
  it('rejects an identifier with another prefix', () => Fail(Workspace, { id: 'wrksp_01abc', name: 'n' }));
  it('rejects the literal default as an identifier', () =>
    Fail(Workspace, { id: 'default', name: 'Default' }));
  it('rejects a record without a name', () => Fail(Workspace, { id: 'wrkspc_01abc' }));
  it('rejects a record without an id', () => Fail(Workspace, { name: 'n' }));
  it('rejects a non-string name', () => Fail(Workspace, { id: 'wrkspc_01abc', name: 7 }));
});

describe('WorkspaceCreateParams', () => {
  it('accepts a name', () => Ok(WorkspaceCreateParams, { name: 'Research' }));
  it('accepts a long name (no length rule is stated)', () => Ok(WorkspaceCreateParams, { name: str(1000) }));
  it('rejects a body without a name', () => Fail(WorkspaceCreateParams, {}));
  it('rejects a non-string name', () => Fail(WorkspaceCreateParams, { name: null }));
  it('rejects fields other than name', () => Fail(WorkspaceCreateParams, { name: 'a', color: 'red' }));
});

describe('WorkspaceListParams', () => {
  it('accepts no parameters', () => Ok(WorkspaceListParams, {}));
  it('accepts an integer limit and a boolean include_archived', () =>
    Ok(WorkspaceListParams, { limit: 20, include_archived: true }));
  it('accepts include_archived false', () => Ok(WorkspaceListParams, { include_archived: false }));
  it('rejects a fractional limit', () => Fail(WorkspaceListParams, { limit: 2.5 }));
  it('rejects a string limit', () => Fail(WorkspaceListParams, { limit: '20' }));
  it('rejects a non-boolean include_archived', () => Fail(WorkspaceListParams, { include_archived: 'yes' }));
  it('rejects an undocumented cursor parameter', () => Fail(WorkspaceListParams, { after_id: 'wrkspc_1' }));
});

describe('WorkspaceRole', () => {
  for (const role of ['workspace_user', 'workspace_developer', 'workspace_admin']) {
    it(`accepts ${role}`, () => Ok(WorkspaceRole, role));
  }
  for (const role of [
    'workspace_billing',
    'workspace_limited_developer',
    'admin',
    'developer',
    'WORKSPACE_ADMIN',
    '',
  ]) {
    it(`rejects ${JSON.stringify(role)} (no such wire value is stated)`, () => Fail(WorkspaceRole, role));
  }
});

describe('member bodies', () => {
  it('accepts a member', () => Ok(WorkspaceMember, { user_id: 'user_1', workspace_role: 'workspace_admin' }));
  it('rejects a member with an unknown role', () =>
    Fail(WorkspaceMember, { user_id: 'user_1', workspace_role: 'owner' }));
  it('accepts an add body with user_id and workspace_role', () =>
    Ok(WorkspaceMemberCreateParams, { user_id: 'user_1', workspace_role: 'workspace_developer' }));
  it('rejects an add body without user_id', () =>
    Fail(WorkspaceMemberCreateParams, { workspace_role: 'workspace_developer' }));
  it('rejects an add body without workspace_role', () =>
    Fail(WorkspaceMemberCreateParams, { user_id: 'user_1' }));
  it('rejects an add body with extra fields', () =>
    Fail(WorkspaceMemberCreateParams, {
      user_id: 'u',
      workspace_role: 'workspace_admin',
      organization_role: 'admin',
    }));
  it('accepts an update body with workspace_role', () =>
    Ok(WorkspaceMemberUpdateParams, { workspace_role: 'workspace_user' }));
  it('rejects an update body that names the user (the path does)', () =>
    Fail(WorkspaceMemberUpdateParams, { user_id: 'u', workspace_role: 'workspace_user' }));
  it('rejects an empty update body', () => Fail(WorkspaceMemberUpdateParams, {}));
});

describe('OrganizationRole', () => {
  for (const role of ['admin', 'billing', 'user', 'developer'])
    it(`accepts ${role}`, () => Ok(OrganizationRole, role));
  it('rejects a workspace role', () => Fail(OrganizationRole, 'workspace_admin'));
});
