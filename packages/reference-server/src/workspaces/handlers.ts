/**
 * Workspace administration: create (100-workspace cap, organization admins only), list (the Default
 * Workspace never listed), archive (the spec's workspace machine: keys revoked, irreversible) and
 * the member endpoints (every organization-role rule through `workspaceRules.checkMemberChange`).
 *
 * No response body of these endpoints is shown: the bodies here are the reference server's choice,
 * each marked with its Unspecified id.
 */
import { step, type WorkspaceRole, workspaceRules, workspacesMachine } from '@vendor-api/spec';
import { apiError } from '../errors.js';
import { afterIdPage, pagingParameter } from '../pagination.js';
import type { HandlerContext, ServerState, SomeHandlers } from '../state.js';
import type { WorkspaceRecord } from '../store.js';
import {
  answerUnspecified,
  callerIsOrganizationAdmin,
  createWorkspaceRecord,
  findAdminWorkspace,
  findUser,
  findWorkspace,
  namedWorkspaces,
  organizationOf,
  renderWorkspace,
} from './organizations.js';

type RoleKey = workspaceRules.WorkspaceRoleKey;

const memberKey = (workspaceId: string, userId: string) => `${workspaceId}:${userId}`;

/** Assigns a user a role in a workspace explicitly. */
const setRole = (state: ServerState, workspaceId: string, userId: string, role: RoleKey) =>
  state.store.workspaceMembers.put({ id: memberKey(workspaceId, userId), workspaceId, userId, role });

/** The role explicitly assigned to a user in a workspace, or null. */
const explicitRoleOf = (state: ServerState, workspaceId: string, userId: string): RoleKey | null =>
  state.store.workspaceMembers.get(memberKey(workspaceId, userId))?.role ?? null;

/** Archives a workspace through the spec's machine and carries out the row's effects. */
function archive(ctx: HandlerContext, record: WorkspaceRecord) {
  const { state } = ctx;
  const result = step(
    workspacesMachine.machine,
    workspacesMachine.stateOf({ archived: record.archivedAt !== null }),
    'organizations.workspaces.archive',
    {
      adminCredential: ctx.caller?.kind === 'admin_key',
      isDefault: record.isDefault,
      isCodingAssistant: record.codingAssistant === true,
    },
  );
  const outcome = result.outcome;
  if (outcome.kind === 'error') {
    throw apiError(
      'workspace_archive_refused',
      {},
      { status: outcome.status, errorType: outcome.errorType ?? null },
    );
  }
  if (outcome.kind === 'unspecified')
    answerUnspecified(state, outcome.unspecified, 'cannot archive this workspace');
  else if (outcome.kind !== 'ok') throw new Error(`workspaces: archive has a ${outcome.kind} row`);

  const now = state.clock.now();
  if (result.changed && result.next === 'archived') record.archivedAt = now;
  for (const effect of result.effects) {
    switch (effect) {
      case 'revokeApiKeys':
        // WSARCH-KEYS-REVOKED: every key of the workspace at once; the pipeline rejects a key
        // whose `revokedAt` is set (401, UNSPEC-WS-REVOKED-KEY-ERROR), and access tokens of an
        // archived workspace (the pipeline's `keyRevoked` decision).
        for (const key of state.store.apiKeys.group('workspace', record.id)) {
          if (key.kind === 'workspace_key' && key.revokedAt === null) {
            key.revokedAt = now;
          }
        }
        break;
      case 'disableCodingAssistantSignIn': {
        const org = state.store.organizations.get(record.organizationId);
        if (org) org.codingAssistantSignInDisabled = true;
        break;
      }
      // preserveHistory: usage records stay; leaveWorkspaceCap: `archivedAt` is what the cap reads.
      case 'preserveHistory':
      case 'leaveWorkspaceCap':
        break;
    }
  }
  // UNSPEC-WS-ARCHIVE-RESPONSE: the archived record.
  return { status: ctx.endpoint.success.status, body: workspaceBody(state, record) };
}

/** A workspace as the admin endpoints answer it, with what a variant adds (UNSPEC-WS-RECORD-FIELDS). */
const workspaceBody = (state: ServerState, w: WorkspaceRecord) => ({
  ...renderWorkspace(w),
  ...state.choices.workspaceRecordExtras(w.id),
});

/**
 * A member operation: the spec's `checkMemberChange` decides; rejections and the cases it leaves
 * unspecified answer as the Unspecified entries say (`answerUnspecified`).
 */
function decideMemberChange(
  state: ServerState,
  op: workspaceRules.MemberOperation,
  member: workspaceRules.MemberContext,
): void {
  const result = state.choices.checkMemberChange(op, member);
  switch (result.kind) {
    case 'allowed':
      return;
    case 'rejected':
      answerUnspecified(state, result.unspecified, result.reason);
      return;
    case 'unspecified':
      answerUnspecified(state, result.unspecified, 'this member change is not possible', {
        kind: op.kind,
        ...(op.kind === 'remove' ? {} : { role: op.role }),
        orgRole: member.orgRole,
      });
      return;
    case 'unreachable':
      throw apiError('bad_request', { problem: result.reason });
    case 'invalid':
      throw apiError('bad_request', { problem: result.error });
  }
}

/** The workspace of a member endpoint: active, of the caller's organization. */
/** The member operations. */
type OnMember = HandlerContext<
  | 'organizations.workspaces.members.create'
  | 'organizations.workspaces.members.update'
  | 'organizations.workspaces.members.delete'
>;

function memberWorkspace(ctx: OnMember): WorkspaceRecord {
  const record = findWorkspace(ctx.state, organizationOf(ctx.caller), ctx.path.workspace_id);
  if (record.archivedAt !== null) {
    answerUnspecified(ctx.state, 'UNSPEC-MEMBER-ARCHIVED-WORKSPACE', 'the workspace is archived');
  }
  return record;
}

/**
 * The role key a validated `workspace_role` names (the schema admits only roles with one; the wire
 * values of the other roles are not shown: UNSPEC-MEMBER-ROLE-WIRE-*).
 */
function roleOfWire(state: ServerState, wire: WorkspaceRole): RoleKey {
  const read = state.choices.memberRoleFromWire(wire);
  if ('refused' in read) throw read.refused;
  return read.role;
}

/** A user of the workspace's organization named by a member endpoint (UNSPEC-MEMBER-USER-ID: any string). */
function memberUser(state: ServerState, workspace: WorkspaceRecord, userId: string) {
  const problem = state.choices.userIdProblem(userId);
  if (problem !== null) throw apiError('bad_request', { problem });
  return findUser(state, workspace.organizationId, userId);
}

/**
 * A member as the member endpoints render it (UNSPEC-MEMBER-CREATE-RESPONSE,
 * UNSPEC-MEMBER-UPDATE-RESPONSE): `user_id`, `workspace_role` (the role the member now holds), and
 * the workspace.
 */
function renderMember(
  state: ServerState,
  workspace: WorkspaceRecord,
  userId: string,
  fallback: WorkspaceRole,
) {
  const user = state.store.users.get(userId);
  const effective = user
    ? workspaceRules.effectiveWorkspaceRole(user.orgRole, explicitRoleOf(state, workspace.id, userId))
    : null;
  const role = effective?.ok && effective.role !== null ? effective.role : null;
  return {
    type: 'workspace_member',
    workspace_id: workspace.id,
    user_id: userId,
    workspace_role: (role === null ? null : workspaceRules.WORKSPACE_ROLES[role].wire) ?? fallback,
  };
}

export const handlers = {
  'organizations.workspaces.create': (ctx) => {
    const { state } = ctx;
    const organizationId = organizationOf(ctx.caller);
    // WS-CREATE-ORG-ADMIN-ONLY; the refusal is UNSPEC-WS-CREATE-NON-ADMIN.
    if (!state.choices.mayCreateWorkspace(callerIsOrganizationAdmin(state, ctx.caller))) {
      answerUnspecified(
        state,
        'UNSPEC-WS-CREATE-NON-ADMIN',
        'only organization admins may create workspaces',
      );
    }
    const workspaces = namedWorkspaces(state, organizationId);
    // WS-CAP-100, WSARCH-CAP-EXCLUDED: the spec counts (only workspaces with an identifier:
    // UNSPEC-WS-CAP-DEFAULT-COUNTED) and decides.
    // Whether the Default Workspace counts is not shown (UNSPEC-WS-CAP-DEFAULT-COUNTED).
    const count =
      state.choices.workspacesCountedBesidesNamed +
      state.choices.countTowardWorkspaceCap(
        workspaces.map((w) => ({ archived: w.archivedAt !== null, isDefault: w.isDefault })),
      );
    const cap = state.choices.canCreateWorkspace(count);
    if (!cap.ok) {
      if (cap.reason === 'invalid') throw new Error(cap.error);
      answerUnspecified(
        state,
        cap.unspecified,
        `the organization has ${workspaceRules.WORKSPACE_CAP} workspaces`,
      );
    }
    // UNSPEC-WS-NAME-CONSTRAINTS: any string.
    const { name } = ctx.body;
    const active = workspaces.filter((w) => w.archivedAt === null).map((w) => w.name);
    const nameProblem = state.choices.workspaceNameProblem(name, active);
    if (nameProblem !== null) throw apiError('bad_request', { problem: nameProblem });
    const record = createWorkspaceRecord(state, organizationId, name);
    // UNSPEC-WS-CREATE-RESPONSE: the created record.
    return { status: ctx.endpoint.success.status, body: workspaceBody(state, record) };
  },

  'organizations.workspaces.list': (ctx) => {
    const { state } = ctx;
    const organizationId = organizationOf(ctx.caller);
    // UNSPEC-WS-LIST-LIMIT: no limit when absent; below 1 is a 400. UNSPEC-WS-LIST-INCLUDE-ARCHIVED:
    // active only unless `include_archived` is true.
    const reading = state.choices.workspaceListReading(ctx.query.limit, ctx.query.include_archived);
    if (reading.refuseLimit) {
      throw apiError('query_limit', { problem: 'must be at least 1' });
    }
    // WS-DEFAULT-NOT-LISTED: only workspaces with an identifier.
    const listed = state.store.workspaces.group('organization', organizationId).filter(
      (w) =>
        // WS-DEFAULT-NOT-LISTED
        (!w.isDefault || state.choices.defaultWorkspaceListed) &&
        (reading.includeArchived || w.archivedAt === null),
    );
    // UNSPEC-WS-LIST-PAGINATION: no cursor; the first `limit` workspaces.
    const after = pagingParameter(ctx.unshown, 'after_id');
    const page = afterIdPage(listed, (w) => w.id, {
      afterId: after,
      limit: reading.limit ?? listed.length,
      where: 'query.after_id',
    });
    const data = page.data.map((w) =>
      // A Default Workspace listed (never, as documented) shows with the literal the token exchange
      // uses for it.
      w.isDefault ? { ...workspaceBody(state, w), id: 'default' } : workspaceBody(state, w),
    );
    // UNSPEC-WS-LIST-RESPONSE: `{data}`.
    const paging = state.choices.workspaceListPaged ? { has_more: page.has_more, last_id: page.last_id } : {};
    return { status: ctx.endpoint.success.status, body: { data, ...paging } };
  },

  'organizations.workspaces.archive': (ctx) =>
    archive(ctx, findAdminWorkspace(ctx.state, organizationOf(ctx.caller), ctx.path.workspace_id)),

  'organizations.workspaces.members.create': (ctx) => {
    const { state } = ctx;
    const workspace = memberWorkspace(ctx);
    const { body } = ctx;
    const user = memberUser(state, workspace, body.user_id);
    const role = roleOfWire(state, body.workspace_role);
    decideMemberChange(
      state,
      { kind: 'add', role },
      { orgRole: user.orgRole, explicitRole: explicitRoleOf(state, workspace.id, user.id) },
    );
    setRole(state, workspace.id, user.id, role);
    return {
      status: ctx.endpoint.success.status,
      body: renderMember(state, workspace, user.id, body.workspace_role),
    };
  },

  'organizations.workspaces.members.update': (ctx) => {
    const { state } = ctx;
    const workspace = memberWorkspace(ctx);
    const user = memberUser(state, workspace, ctx.path.user_id);
    const { body } = ctx;
    const role = roleOfWire(state, body.workspace_role);
    const explicitRole = explicitRoleOf(state, workspace.id, user.id);
    decideMemberChange(state, { kind: 'update', role }, { orgRole: user.orgRole, explicitRole });
    // An organization admin "updated" to the role they hold stays as they are
    // (UNSPEC-MEMBER-UPDATE-SAME-ROLE); otherwise the explicit role is set.
    const inherited = workspaceRules.effectiveWorkspaceRole(user.orgRole, explicitRole);
    if (!(inherited.ok && inherited.source === 'inherited' && inherited.role === role)) {
      setRole(state, workspace.id, user.id, role);
    }
    return {
      status: ctx.endpoint.success.status,
      body: renderMember(state, workspace, user.id, body.workspace_role),
    };
  },

  'organizations.workspaces.members.delete': (ctx) => {
    const { state } = ctx;
    const workspace = memberWorkspace(ctx);
    const user = memberUser(state, workspace, ctx.path.user_id);
    decideMemberChange(
      state,
      { kind: 'remove' },
      { orgRole: user.orgRole, explicitRole: explicitRoleOf(state, workspace.id, user.id) },
    );
    state.store.workspaceMembers.delete(memberKey(workspace.id, user.id));
    // UNSPEC-MEMBER-DELETE-RESPONSE: an empty JSON object.
    return { status: ctx.endpoint.success.status, body: {} };
  },
} satisfies SomeHandlers;
