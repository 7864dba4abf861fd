import type { workspaceRules } from '@vendor-api/spec';
import type fc from 'fast-check';
import { applyMember, decided, wireOf } from '../support.js';
import { pickUser, pickWorkspace, type WsModel, type WsReal } from './model.js';

/**
 * The body the three member commands (add, update, remove) share: only operations the member
 * rules decide (`checkMemberChange` allowed or rejected) are run; the members read back must hold
 * the roles `effectiveWorkspaceRole` gives. A command is its operation and its name.
 */
export abstract class MemberCommand implements fc.AsyncCommand<WsModel, WsReal> {
  constructor(
    readonly ws: number,
    readonly user: number,
    readonly op: workspaceRules.MemberOperation,
    private readonly name: string,
  ) {}
  check(model: WsModel): boolean {
    const w = pickWorkspace(model, this.ws);
    const u = pickUser(model, this.user);
    return w !== undefined && u !== undefined && decided(this.op, u, w, u.id);
  }
  async run(model: WsModel, real: WsReal): Promise<void> {
    const w = pickWorkspace(model, this.ws)!;
    const u = pickUser(model, this.user)!;
    await applyMember(real.ctx, real.org, w, u, this.op, model.users);
  }
  toString(): string {
    const role = this.op.kind === 'remove' ? '' : `, ${wireOf(this.op.role)}`;
    return `${this.name}(#${this.ws}, user #${this.user}${role})`;
  }
}
