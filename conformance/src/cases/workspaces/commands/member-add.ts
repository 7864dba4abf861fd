import type { workspaceRules } from '@vendor-api/spec';
import type fc from 'fast-check';
import { applyMember, decided, type RoleKey, wireOf } from '../support.js';
import { pickUser, pickWorkspace, type WsModel, type WsReal } from './model.js';

/**
 * POST /v1/organizations/workspaces/{workspace_id}/members.
 * Only operations the member rules decide (`checkMemberChange` allowed or rejected) are run; the
 * members read back must hold the roles `effectiveWorkspaceRole` gives.
 */
export class MemberAddCommand implements fc.AsyncCommand<WsModel, WsReal> {
  constructor(
    readonly ws: number,
    readonly user: number,
    readonly role: RoleKey,
  ) {}
  private op(): workspaceRules.MemberOperation {
    return { kind: 'add', role: this.role };
  }
  check(model: WsModel): boolean {
    const w = pickWorkspace(model, this.ws);
    const u = pickUser(model, this.user);
    return w !== undefined && u !== undefined && decided(this.op(), u, w, u.id);
  }
  async run(model: WsModel, real: WsReal): Promise<void> {
    const w = pickWorkspace(model, this.ws)!;
    const u = pickUser(model, this.user)!;
    await applyMember(real.ctx, real.org, w, u, this.op(), model.users);
  }
  toString(): string {
    return `memberAdd(#${this.ws}, user #${this.user}, ${wireOf(this.role)})`;
  }
}
