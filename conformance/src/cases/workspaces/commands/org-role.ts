import { workspaceRules } from '@vendor-api/spec';
import type fc from 'fast-check';
import type { OrgRole } from '../support.js';
import { observeMembers, pickUser, type WsModel, type WsReal } from './model.js';

/**
 * A user's organization role changes (adapter): a promotion to admin or billing reaches every
 * workspace, a demotion keeps access only where a role was explicitly assigned (`orgRoleChange`;
 * the members read back in every active workspace hold what `effectiveWorkspaceRole` gives).
 * Lateral changes are not run (UNSPEC-MEMBER-ORG-ROLE-LATERAL).
 */
export class OrgRoleCommand implements fc.AsyncCommand<WsModel, WsReal> {
  constructor(
    readonly user: number,
    readonly role: OrgRole,
  ) {}
  check(model: WsModel): boolean {
    const u = pickUser(model, this.user);
    if (!u) return false;
    const change = workspaceRules.orgRoleChange(u.orgRole, this.role);
    return 'kind' in change && (change.kind === 'promotion' || change.kind === 'demotion');
  }
  async run(model: WsModel, real: WsReal): Promise<void> {
    const u = pickUser(model, this.user)!;
    await real.ctx.fixture('organization-roles', 'setOrganizationRole', u.id, this.role);
    u.orgRole = this.role;
    for (const ws of model.workspaces) if (ws.state === 'active') await observeMembers(real, model, ws);
  }
  toString(): string {
    return `orgRole(user #${this.user}, ${this.role})`;
  }
}
