import { DREAM_LIST_LIMIT_MAX, dreamsMachine } from '@vendor-api/spec';
import type fc from 'fast-check';
import { firstPage, listProblems, reachableByPipeline } from '../support/index.js';
import type { DreamModel, DreamReal } from './model.js';

/**
 * GET /v1/dreams, first pages (the cursor's place is not shown): with the command's `limit`, at
 * most that many, newest first, archived ones only with `include_archived=true`, each listed dream
 * in its model state; with the maximum limit, when the page is not full (it is the whole list),
 * every non-archived model dream (all of them with `include_archived=true`). Dreams the model
 * does not know (earlier runs, other cases) are allowed in the list.
 */
export class ListCommand implements fc.AsyncCommand<DreamModel, DreamReal> {
  constructor(
    readonly includeArchived: boolean | undefined,
    readonly limit: number | undefined,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: DreamModel, real: DreamReal): Promise<void> {
    const { ctx } = real;
    const archived = this.includeArchived !== undefined ? { include_archived: this.includeArchived } : {};
    const items = await firstPage(ctx, real.ws, {
      ...(this.limit !== undefined ? { limit: this.limit } : {}),
      ...archived,
    });
    const whole = await firstPage(ctx, real.ws, { limit: DREAM_LIST_LIMIT_MAX, ...archived });
    const problems = listProblems(items);
    const byId = new Map(model.dreams.map((d) => [d.id, d]));
    const listed = new Set(items.map((d) => d.id));
    const all = new Set(whole.map((d) => d.id));
    for (const d of model.dreams) {
      const shown = this.includeArchived === true || !dreamsMachine.isArchivedState(d.state);
      if (shown && whole.length < DREAM_LIST_LIMIT_MAX && !all.has(d.id))
        problems.push(`dream ${d.id} (${d.state}) is missing`);
      if (!shown && (listed.has(d.id) || all.has(d.id)))
        problems.push(`archived dream ${d.id} (${d.state}) is listed`);
    }
    for (const item of items) {
      const d = byId.get(item.id);
      const listedAs = dreamsMachine.stateOf(item);
      // Where the pipeline moves on its own, a dream may be listed further along it.
      if (d && listedAs !== d.state && !(model.ownPipeline && reachableByPipeline(d.state).has(listedAs)))
        problems.push(`dream ${d.id} is listed as ${listedAs}, expected ${d.state}`);
    }
    if (problems.length) ctx.fail(`${this.toString()}: ${problems.join('; ')}`);
  }
  toString(): string {
    const q = [
      this.includeArchived !== undefined ? `include_archived=${this.includeArchived}` : '',
      this.limit !== undefined ? `limit=${this.limit}` : '',
    ].filter(Boolean);
    return `list(${q.join('&')})`;
  }
}
