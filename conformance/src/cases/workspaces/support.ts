/**
 * What the workspace cases share: a fresh organization per run (so the workspace list and the
 * 100-workspace cap hold only what the case made), finding workspace records in answers whose
 * envelope is not shown, probing a workspace key on a standard endpoint, and judging an answer by
 * the outcome the spec gives (a machine row or a rule result).
 *
 * What the documents leave open is judged only as the Unspecified entries' treatments say: the
 * success statuses of the admin endpoints as a 2xx class, refusals as a 4xx with the error body,
 * everything else not at all. Response bodies are never asserted, except that a workspace record
 * is `{id, name}` (document 000: "Fields of a workspace record returned by the admin endpoints
 * beyond its identifier and name: not shown"): records are found by those two fields anywhere in
 * an answer, whatever the envelope.
 */
import { type Outcome, type WorkspaceRole, workspaceRules, workspacesMachine } from '@vendor-api/spec';
import { type OrganizationFixture, type OrganizationRoleName, Unobservable } from '../../adapter.js';
import type { CaseContext } from '../../case.js';
import type { Auth, Response } from '../../http.js';

export const machine = workspacesMachine.machine;
export type RoleKey = workspaceRules.WorkspaceRoleKey;
export type OrgRole = workspaceRules.OrgRole;
export type WorkspaceState = workspacesMachine.WorkspaceState;

/**
 * How the suite judges an answer whose outcome the documents leave open, by the Unspecified id
 * (each as that entry's treatment says); ids not listed are not judged at all.
 */
export const UNSPECIFIED_CLASS: Readonly<Record<string, '2xx' | '4xx'>> = {
  'UNSPEC-WS-ADMIN-SUCCESS-STATUS': '2xx',
  'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED': '4xx',
  'UNSPEC-WS-CAP-EXCEEDED': '4xx',
  'UNSPEC-WS-CREATE-NON-ADMIN': '4xx',
  'UNSPEC-MEMBER-CHANGE-REJECTED': '4xx',
  'UNSPEC-MEMBER-NOT-A-MEMBER': '4xx',
  'UNSPEC-WS-REVOKED-KEY-ERROR': '4xx',
};

/** Asserts a 2xx answer (no success status of the admin endpoints is shown). */
export function success(ctx: CaseContext, res: Response): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
}

/** Judges an answer by an outcome of the spec (a machine row's or a rule's). */
export function judge(ctx: CaseContext, res: Response, outcome: Outcome): void {
  switch (outcome.kind) {
    case 'ok':
      success(ctx, res);
      return;
    case 'error':
      ctx.status(res, outcome.status, { errorType: outcome.errorType });
      return;
    case 'unspecified': {
      const cls = UNSPECIFIED_CLASS[outcome.unspecified];
      if (cls === '2xx') success(ctx, res);
      else if (cls === '4xx') ctx.clientError(res);
      return;
    }
    default:
      ctx.fail(`an operation has a ${outcome.kind} row`);
  }
}

/** The outcome a member rule result stands for (only `allowed` and `rejected` are run). */
export function memberOutcome(result: workspaceRules.MemberChangeResult): Outcome {
  switch (result.kind) {
    case 'allowed':
      return { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' };
    case 'rejected':
      return { kind: 'unspecified', unspecified: result.unspecified };
    case 'unspecified':
      return { kind: 'unspecified', unspecified: result.unspecified };
    default:
      return { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-ERRORS' };
  }
}

/** A fresh organization: its admin key as a credential of the calls. */
export interface Org {
  readonly fixture: OrganizationFixture;
  readonly auth: Auth;
}

export async function freshOrganization(ctx: CaseContext): Promise<Org> {
  const fixture = await ctx.fixture('organizations', 'createOrganization');
  ctx.recorder.secret(fixture.adminKey, 'org_admin_key');
  return { fixture, auth: { apiKey: fixture.adminKey, placeholder: 'org_admin_key' } };
}

/**
 * A key of the Default Workspace of a fresh organization, as a credential of the calls: what it
 * does counts toward no other organization's limits. `name` tells its placeholders apart.
 */
export async function freshDefaultWorkspaceKey(ctx: CaseContext, name: string): Promise<Auth> {
  const org = await ctx.fixture('organizations', 'createOrganization');
  ctx.recorder.secret(org.adminKey, `org_${name}_admin_key`);
  const { apiKey } = await ctx.fixture('workspace-keys', 'createWorkspaceKey', org.organizationId, 'default');
  const placeholder = `default_workspace_key_${name}`;
  ctx.recorder.secret(apiKey, placeholder);
  return { apiKey, placeholder };
}

export async function orgUser(ctx: CaseContext, org: Org, role: OrganizationRoleName): Promise<string> {
  return (await ctx.fixture('organizations', 'createOrganizationUser', org.fixture.organizationId, role))
    .user_id;
}

/** The credential of a workspace key. */
export const keyAuth = (apiKey: string, placeholder = 'workspace_key_x'): Auth => ({ apiKey, placeholder });

/** A workspace record found in an answer: an object with a string `name` (its `id` as found). */
export interface FoundRecord {
  readonly id: unknown;
  readonly name: string;
}

/** Every workspace record (`{id, name}`) anywhere in a body, whatever the envelope. */
export function workspaceRecords(body: unknown, depth = 0): FoundRecord[] {
  if (depth > 4 || body === null || typeof body !== 'object') return [];
  if (Array.isArray(body)) return body.flatMap((x) => workspaceRecords(x, depth + 1));
  const o = body as Record<string, unknown>;
  if (typeof o.name === 'string') return [{ id: o.id, name: o.name }];
  return Object.values(o).flatMap((x) => workspaceRecords(x, depth + 1));
}

/**
 * Creates a workspace through the documented create with a unique name and finds its identifier:
 * in the create answer when it holds the record, else in the list with archived workspaces.
 */
export async function createWorkspace(
  ctx: CaseContext,
  org: Org,
  name: string,
): Promise<{ res: Response; id: string | null }> {
  const res = await ctx.call('organizations.workspaces.create', { body: { name }, auth: org.auth }, false);
  if (res.status >= 300) return { res, id: null };
  let found = workspaceRecords(res.body).find((r) => r.name === name && typeof r.id === 'string');
  if (!found) {
    const list = await ctx.call(
      'organizations.workspaces.list',
      { query: { include_archived: true }, auth: org.auth },
      false,
    );
    success(ctx, list);
    found = workspaceRecords(list.body).find((r) => r.name === name && typeof r.id === 'string');
  }
  // Both bodies are not shown (UNSPEC-WS-CREATE-RESPONSE, UNSPEC-WS-LIST-RESPONSE).
  if (!found)
    throw new Unobservable(
      `workspace ${JSON.stringify(name)} was created but no record {id, name} of it is in the create answer or the list (their bodies are not shown)`,
    );
  return { res, id: found.id as string };
}

/** Lists the workspaces of the organization; the records found. */
export async function listWorkspaces(
  ctx: CaseContext,
  org: Org,
  query: { include_archived?: boolean; limit?: number } = {},
): Promise<{ res: Response; records: FoundRecord[] }> {
  const res = await ctx.call('organizations.workspaces.list', { query, auth: org.auth }, false);
  success(ctx, res);
  return { res, records: workspaceRecords(res.body) };
}

/**
 * Probes a workspace key on a standard endpoint (the batch list of its workspace): 2xx when
 * the key works; a revoked key gets a 4xx with the error body (UNSPEC-WS-REVOKED-KEY-ERROR).
 */
export async function probeKey(ctx: CaseContext, apiKey: string, works: boolean): Promise<void> {
  const res = await ctx.call('messages.batches.list', { auth: keyAuth(apiKey) }, works);
  if (works) success(ctx, res);
  else ctx.clientError(res);
}

/** The state a workspace handle holds. */
export interface WorkspaceHandle {
  readonly id: string;
  readonly name: string;
  /** A workspace key minted at creation. */
  readonly key: string;
  state: WorkspaceState;
  /** Explicitly assigned roles by user id (absent: none). */
  readonly explicit: Map<string, RoleKey>;
}

/**
 * Compares the effective members of a workspace (adapter) with the roles the spec's
 * `effectiveWorkspaceRole` gives the users the case knows.
 */
export async function checkMembers(
  ctx: CaseContext,
  ws: WorkspaceHandle,
  users: readonly { readonly id: string; readonly orgRole: OrgRole }[],
): Promise<void> {
  const members = await ctx.fixture('workspace-members', 'workspaceMembers', ws.id);
  const problems: string[] = [];
  for (const u of users) {
    const want = workspaceRules.effectiveWorkspaceRole(u.orgRole, ws.explicit.get(u.id) ?? null);
    if (!want.ok) ctx.fail(want.error);
    const got = members.find((m) => m.user_id === u.id)?.role ?? null;
    if (got !== want.role)
      problems.push(
        `organization ${u.orgRole} ${u.id} holds ${JSON.stringify(got)}, expected ${JSON.stringify(want.role)} (${want.requirements.join(', ')})`,
      );
  }
  if (problems.length) ctx.fail(`members of ${ws.id}: ${problems.join('; ')}`);
}

/** The wire value of an assignable role with one. */
export function wireOf(role: RoleKey): WorkspaceRole {
  const wire = workspaceRules.WORKSPACE_ROLES[role].wire;
  if (wire === null) throw new Error(`role ${role} has no wire value`);
  return wire;
}

/** Roles the member cases send: those with a verified wire value (`workspace_user` is unverified). */
export const SENT_ROLES = (Object.keys(workspaceRules.WORKSPACE_ROLES) as RoleKey[]).filter(
  (k) => workspaceRules.WORKSPACE_ROLES[k].wireVerified,
);

/** Carries out a member operation through the API. */
export function memberCall(
  ctx: CaseContext,
  org: Org,
  ws: WorkspaceHandle,
  userId: string,
  op: workspaceRules.MemberOperation,
): Promise<Response> {
  switch (op.kind) {
    case 'add':
      return ctx.call(
        'organizations.workspaces.members.create',
        {
          path: { workspace_id: ws.id },
          body: { user_id: userId, workspace_role: wireOf(op.role) },
          auth: org.auth,
        },
        false,
      );
    case 'update':
      return ctx.call(
        'organizations.workspaces.members.update',
        {
          path: { workspace_id: ws.id, user_id: userId },
          body: { workspace_role: wireOf(op.role) },
          auth: org.auth,
        },
        false,
      );
    case 'remove':
      return ctx.call(
        'organizations.workspaces.members.delete',
        { path: { workspace_id: ws.id, user_id: userId }, auth: org.auth },
        false,
      );
  }
}

/**
 * Applies a member operation: the rule's result decides the answer class and whether the explicit
 * role changes; the members read back must match.
 */
export async function applyMember(
  ctx: CaseContext,
  org: Org,
  ws: WorkspaceHandle,
  user: { readonly id: string; readonly orgRole: OrgRole },
  op: workspaceRules.MemberOperation,
  users: readonly { readonly id: string; readonly orgRole: OrgRole }[],
): Promise<workspaceRules.MemberChangeResult> {
  const result = workspaceRules.checkMemberChange(op, {
    orgRole: user.orgRole,
    explicitRole: ws.explicit.get(user.id) ?? null,
  });
  const res = await memberCall(ctx, org, ws, user.id, op);
  judge(ctx, res, memberOutcome(result));
  if (result.kind === 'allowed') {
    if (op.kind === 'remove') ws.explicit.delete(user.id);
    else ws.explicit.set(user.id, op.role);
  }
  if (result.kind === 'allowed' || result.kind === 'rejected') await checkMembers(ctx, ws, users);
  return result;
}

/** Whether the member rule decides the operation (the model runs only those). */
export function decided(
  op: workspaceRules.MemberOperation,
  user: { readonly orgRole: OrgRole },
  ws: WorkspaceHandle,
  userId: string,
): boolean {
  if (ws.state !== 'active') return false; // UNSPEC-MEMBER-ARCHIVED-WORKSPACE
  const r = workspaceRules.checkMemberChange(op, {
    orgRole: user.orgRole,
    explicitRole: ws.explicit.get(userId) ?? null,
  });
  return r.kind === 'allowed' || r.kind === 'rejected';
}
