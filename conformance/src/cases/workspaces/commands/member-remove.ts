import { MemberCommand } from './member.js';

/** DELETE /v1/organizations/workspaces/{workspace_id}/members/{user_id}. */
export class MemberRemoveCommand extends MemberCommand {
  constructor(ws: number, user: number) {
    super(ws, user, { kind: 'remove' }, 'memberRemove');
  }
}
