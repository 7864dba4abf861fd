import { step } from '@vendor-api/spec';
import type fc from 'fast-check';
import { judge, keyAuth, machine } from '../support.js';
import { observeWorkspaces, pickWorkspace, type WsModel, type WsReal } from './model.js';

/**
 * POST /v1/organizations/workspaces/{workspace_id}/archive with the admin key or with the
 * workspace's own key: the answer class, the next state and its effects (keys revoked at once)
 * come from the workspace machine's row.
 */
export class ArchiveCommand implements fc.AsyncCommand<WsModel, WsReal> {
  constructor(
    readonly index: number,
    readonly credential: 'admin' | 'workspace',
  ) {}
  check(model: WsModel): boolean {
    return pickWorkspace(model, this.index) !== undefined;
  }
  async run(model: WsModel, real: WsReal): Promise<void> {
    const { ctx, org } = real;
    const ws = pickWorkspace(model, this.index)!;
    const result = step(machine, ws.state, 'organizations.workspaces.archive', {
      adminCredential: this.credential === 'admin',
      isDefault: false,
      isCodingAssistant: false,
    });
    const res = await ctx.call(
      'organizations.workspaces.archive',
      {
        path: { workspace_id: ws.id },
        auth: this.credential === 'admin' ? org.auth : keyAuth(ws.key),
      },
      false,
    );
    judge(ctx, res, result.outcome);
    ws.state = result.next;
    // revokeApiKeys: the key stops working at once; otherwise it works exactly while active.
    await observeWorkspaces(real, model, ws);
  }
  toString(): string {
    return `archive(#${this.index}, ${this.credential} key)`;
  }
}
