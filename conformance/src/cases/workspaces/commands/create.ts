import { workspaceRules } from '@vendor-api/spec';
import type fc from 'fast-check';
import { createWorkspace, judge, machine } from '../support.js';
import { observeWorkspaces, type WsModel, type WsReal } from './model.js';

/**
 * POST /v1/organizations/workspaces: allowed while fewer than 100 workspaces count toward the cap
 * (`canCreateWorkspace` over `countTowardCap`); a new workspace starts in the machine's initial state.
 */
export class CreateCommand implements fc.AsyncCommand<WsModel, WsReal> {
  constructor(readonly label: string) {}
  check(): boolean {
    return true;
  }
  async run(model: WsModel, real: WsReal): Promise<void> {
    const { ctx, org } = real;
    const cap = workspaceRules.canCreateWorkspace(
      workspaceRules.countTowardCap(model.workspaces.map((w) => ({ archived: w.state === 'archived' }))),
    );
    const name = `ws-${model.workspaces.length}-${this.label}`;
    const { res, id } = await createWorkspace(ctx, org, name);
    if (!cap.ok) {
      judge(ctx, res, {
        kind: 'unspecified',
        unspecified: cap.reason === 'cap' ? cap.unspecified : 'UNSPEC-WS-ADMIN-ERRORS',
      });
      await observeWorkspaces(real, model);
      return;
    }
    judge(ctx, res, { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' });
    if (id === null) return;
    const key = await ctx.fixture('workspace-keys', 'createWorkspaceKey', org.fixture.organizationId, id);
    ctx.recorder.secret(key.apiKey, `workspace_key_${model.workspaces.length}`);
    const handle = { id, name, key: key.apiKey, state: machine.initial, explicit: new Map() };
    model.workspaces.push(handle);
    await observeWorkspaces(real, model, handle);
  }
  toString(): string {
    return `create(${this.label})`;
  }
}
