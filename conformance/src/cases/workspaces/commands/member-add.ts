import type { RoleKey } from '../support.js';
import { MemberCommand } from './member.js';

/** POST /v1/organizations/workspaces/{workspace_id}/members. */
export class MemberAddCommand extends MemberCommand {
  constructor(ws: number, user: number, role: RoleKey) {
    super(ws, user, { kind: 'add', role }, 'memberAdd');
  }
}
