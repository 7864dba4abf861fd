import type fc from 'fast-check';
import { listWorkspaces } from '../support.js';
import type { WsModel, WsReal } from './model.js';

/**
 * GET /v1/organizations/workspaces with `include_archived` and `limit`: a 2xx listing only the
 * organization's workspaces (never the Default Workspace), at most `limit` of them; without a
 * limit, every active workspace, and with `include_archived=true` every workspace.
 */
export class ListCommand implements fc.AsyncCommand<WsModel, WsReal> {
  constructor(
    readonly includeArchived: boolean | undefined,
    readonly limit: number | undefined,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: WsModel, real: WsReal): Promise<void> {
    const { ctx, org } = real;
    const { records } = await listWorkspaces(ctx, org, {
      ...(this.includeArchived === undefined ? {} : { include_archived: this.includeArchived }),
      ...(this.limit === undefined ? {} : { limit: this.limit }),
    });
    const ids = records.map((r) => r.id);
    const known = new Set(model.workspaces.map((w) => w.id));
    const unknown = ids.filter((id) => typeof id !== 'string' || !known.has(id));
    if (unknown.length)
      ctx.fail(`${this}: records ${JSON.stringify(unknown)} are not workspaces of the organization`);
    if (this.limit !== undefined && ids.length > this.limit)
      ctx.fail(`${this}: ${ids.length} workspaces listed, more than the limit`);
    if (this.limit === undefined) {
      const want = model.workspaces.filter((w) => this.includeArchived === true || w.state === 'active');
      const missing = want.filter((w) => !ids.includes(w.id)).map((w) => w.id);
      if (missing.length) ctx.fail(`${this}: missing ${JSON.stringify(missing)}`);
    }
  }
  toString(): string {
    return `list(include_archived=${this.includeArchived}, limit=${this.limit})`;
  }
}
