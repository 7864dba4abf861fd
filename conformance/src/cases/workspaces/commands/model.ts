/**
 * The model of the workspace state-machine case: the workspaces created so far in the run's fresh
 * organization (each with the state key the machine gives it and its explicit member roles) and
 * the organization's users (one per organization role at the start). Commands pick a workspace or
 * a user by an index taken modulo their number.
 */
import type { CaseContext } from '../../../case.js';
import {
  checkMembers,
  listWorkspaces,
  type Org,
  type OrgRole,
  probeKey,
  type WorkspaceHandle,
} from '../support.js';

export interface UserHandle {
  readonly id: string;
  orgRole: OrgRole;
}

export interface WsModel {
  readonly workspaces: WorkspaceHandle[];
  readonly users: UserHandle[];
}

export interface WsReal {
  readonly ctx: CaseContext;
  readonly org: Org;
}

export function pickWorkspace(model: WsModel, index: number): WorkspaceHandle | undefined {
  return model.workspaces.length ? model.workspaces[index % model.workspaces.length] : undefined;
}

export function pickUser(model: WsModel, index: number): UserHandle | undefined {
  return model.users.length ? model.users[index % model.users.length] : undefined;
}

/**
 * The observed state of the workspaces against the model: the list with archived workspaces holds
 * exactly the model's workspaces (never the Default Workspace, which has no identifier), the plain
 * list holds at least the active ones, and a workspace's key works exactly while it is active.
 */
export async function observeWorkspaces(
  real: WsReal,
  model: WsModel,
  touched?: WorkspaceHandle,
): Promise<void> {
  const { ctx, org } = real;
  const all = await listWorkspaces(ctx, org, { include_archived: true });
  const want = new Set(model.workspaces.map((w) => w.id));
  const got = all.records.map((r) => r.id);
  const extra = got.filter((id) => typeof id !== 'string' || !want.has(id));
  const missing = [...want].filter((id) => !got.includes(id));
  if (extra.length || missing.length)
    ctx.fail(
      `list with include_archived=true: unexpected records ${JSON.stringify(extra)} (the Default Workspace is never listed), missing ${JSON.stringify(missing)}`,
    );
  const plain = await listWorkspaces(ctx, org);
  const ids = plain.records.map((r) => r.id);
  const absent = model.workspaces.filter((w) => w.state === 'active' && !ids.includes(w.id)).map((w) => w.id);
  const unknown = ids.filter((id) => typeof id !== 'string' || !want.has(id));
  if (absent.length || unknown.length)
    ctx.fail(
      `list: active workspaces missing ${JSON.stringify(absent)}, unexpected records ${JSON.stringify(unknown)}`,
    );
  if (touched) await probeKey(ctx, touched.key, touched.state === 'active');
}

/** The members of a workspace against the model. */
export const observeMembers = (real: WsReal, model: WsModel, ws: WorkspaceHandle) =>
  checkMembers(real.ctx, ws, model.users);
