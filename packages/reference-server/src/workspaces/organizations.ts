/**
 * Organizations, workspaces, users and keys of the admin endpoints: lookups scoped to the caller's
 * organization, the provisioning the test-control API needs (the documented workspace create mints
 * no key), and the answers the reference server gives where the documents show none.
 */
import type { OrganizationRole } from '@vendor-api/spec';
import { iso } from '../clock.js';
import { apiError, notFound } from '../errors.js';
import { adminKeySecret, defaultWorkspaceKey, workspaceKeySecret } from '../seed.js';
import type { Caller, ServerState } from '../state.js';
import type { ApiKeyRecord, UserRecord, WorkspaceRecord } from '../store.js';
import type { MemberChange } from './choices.js';

/**
 * Throws the error answer the server chooses for a case whose answer the documents do not show;
 * returns normally for a `success` answer (`change`: the member change in question, for answers
 * that depend on it).
 */
export function answerUnspecified(
  state: ServerState,
  id: string,
  message: string,
  change?: MemberChange,
): void {
  const answer = state.choices.unspecifiedAnswer(id, change);
  if (answer !== 'success') throw apiError(answer.refused, { problem: message, unspecified: id });
}

/** Whether a workspace id of an admin endpoint is the literal `default`, where it names the Default Workspace. */
export const namesDefaultWorkspace = (state: ServerState, id: string): boolean =>
  id === 'default' && state.choices.defaultWorkspaceNamed;

/** The caller's organization (admin endpoints: the pipeline admits admin keys only). */
export function organizationOf(caller: Caller | null): string {
  if (caller === null) throw apiError('credential_required');
  return caller.organizationId;
}

/** A workspace with an identifier of this organization; 404 otherwise (UNSPEC-WS-ADMIN-ERRORS). */
export function findWorkspace(state: ServerState, organizationId: string, id: string): WorkspaceRecord {
  const record = state.store.workspaces.get(id);
  if (!record || record.organizationId !== organizationId || record.isDefault)
    throw notFound('workspace', id);
  return record;
}

/**
 * The workspace an admin path names: `findWorkspace`, or the Default Workspace when the literal
 * `default` may name it (a seam's choice; the documents give it no identifier).
 */
export function findAdminWorkspace(state: ServerState, organizationId: string, id: string): WorkspaceRecord {
  const named = namesDefaultWorkspace(state, id)
    ? state.store.workspaces.get(defaultWorkspaceKey(organizationId))
    : undefined;
  return named ?? findWorkspace(state, organizationId, id);
}

/** The organization's workspaces with an identifier, in creation order (the Default one excluded). */
export const namedWorkspaces = (state: ServerState, organizationId: string): WorkspaceRecord[] =>
  state.store.workspaces.group('organization', organizationId).filter((w) => !w.isDefault);

/**
 * A workspace record as the admin endpoints render it: `id` and `name` are documented; `archived_at`
 * is the reference server's addition (UNSPEC-WS-RECORD-FIELDS, UNSPEC-WS-CREATE-RESPONSE).
 */
export const renderWorkspace = (w: WorkspaceRecord) => ({
  id: w.id,
  name: w.name,
  archived_at: w.archivedAt === null ? null : iso(w.archivedAt),
});

/** A user of this organization; 404 otherwise (UNSPEC-WS-ADMIN-ERRORS). */
export function findUser(state: ServerState, organizationId: string, userId: string): UserRecord {
  const user = state.store.users.get(userId);
  if (!user || user.organizationId !== organizationId) throw notFound('user', userId);
  return user;
}

/**
 * Whether the caller is an organization admin (WS-CREATE-ORG-ADMIN-ONLY). An admin key acts for the
 * user who provisioned it (`ownerUserId`, set by test control); only admins can provision admin
 * keys, so a key with no recorded owner counts as an admin's.
 */
export function callerIsOrganizationAdmin(state: ServerState, caller: Caller | null): boolean {
  if (caller === null || caller.kind !== 'admin_key') return false;
  const keyId = caller.apiKeyId;
  if (keyId === null) return true;
  const owner = state.store.apiKeys.get(keyId)?.ownerUserId;
  if (owner === undefined) return true;
  return state.store.users.get(owner)?.orgRole === 'admin';
}

// ---------------------------------------------------------------------------------------------
// Provisioning (test control and the create endpoint)
// ---------------------------------------------------------------------------------------------

export function createWorkspaceRecord(
  state: ServerState,
  organizationId: string,
  name: string,
  options: { readonly codingAssistant?: boolean } = {},
): WorkspaceRecord {
  return state.store.workspaces.put({
    id: state.ids.next('workspace'),
    organizationId,
    name,
    isDefault: false,
    archivedAt: null,
    ...(options.codingAssistant ? { codingAssistant: true } : {}),
  });
}

/** A user id of the reference server's own shape (UNSPEC-MEMBER-USER-ID). */
export const newUserId = (state: ServerState): string => `user_${state.ids.token('user').slice(0, 24)}`;

export function createUser(
  state: ServerState,
  organizationId: string,
  orgRole: OrganizationRole,
  userId: string = newUserId(state),
): UserRecord {
  if (state.store.users.get(userId)) {
    throw apiError('user_exists', { id: userId });
  }
  return state.store.users.put({ id: userId, organizationId, orgRole });
}

/** A workspace key of a workspace (null: the Default Workspace). */
export function mintWorkspaceKey(
  state: ServerState,
  organizationId: string,
  workspaceId: string | null,
): ApiKeyRecord {
  return state.store.apiKeys.put({
    id: workspaceKeySecret(state.vendor, state.ids, state.choices),
    kind: 'workspace_key',
    organizationId,
    workspaceId,
    revokedAt: null,
  });
}

/** An admin key provisioned by an organization user (only admins can provision one). */
export function mintAdminKey(state: ServerState, organizationId: string, ownerUserId?: string): ApiKeyRecord {
  return state.store.apiKeys.put({
    id: adminKeySecret(state.vendor, state.ids),
    kind: 'admin_key',
    organizationId,
    workspaceId: null,
    revokedAt: null,
    ...(ownerUserId === undefined ? {} : { ownerUserId }),
  });
}

/** A new organization with its Default Workspace, an admin user and that user's admin key. */
export function createOrganization(state: ServerState, name: string) {
  const organizationId = state.ids.uuid();
  state.store.organizations.put({ id: organizationId, name });
  state.store.workspaces.put({
    id: defaultWorkspaceKey(organizationId),
    organizationId,
    name: 'Default Workspace',
    isDefault: true,
    archivedAt: null,
  });
  const admin = createUser(state, organizationId, 'admin');
  const adminKey = mintAdminKey(state, organizationId, admin.id);
  return { organizationId, adminUserId: admin.id, adminKey: adminKey.id };
}
