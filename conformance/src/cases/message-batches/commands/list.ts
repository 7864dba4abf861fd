/**
 * Command: page through the batch list with `limit` and `after_id` until every batch of the model
 * has been seen (the list may hold other batches of the workspace; its order is not stated,
 * UNSPEC-BATCH-LIST-ORDER). No batch appears twice, a page holds at most `limit` batches,
 * `last_id` is the id of the page's last batch, `has_more` is false only on the last page, and
 * every batch of the model is listed in the state the model holds.
 */

import { type MessageBatch, messageBatchesMachine } from '@vendor-api/spec';
import type fc from 'fast-check';
import type { CaseContext } from '../../../case.js';
import { success } from '../checks.js';
import { type BatchModel, type BatchReal, reconcile } from '../model.js';

/** Pages visited at most (a server whose `has_more` never ends must not loop forever). */
const MAX_PAGES = 60;

export class ListBatchesCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  constructor(readonly limit: number) {}

  check(): boolean {
    return true;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    const ctx: CaseContext = real.ctx;
    const seen = new Map<string, MessageBatch>();
    // A batch no longer viewable (UNSPEC-BATCH-VIEWABLE-PERIOD) is not looked for.
    const wanted = new Set(model.batches.filter((b) => !b.gone).map((b) => b.id));
    let afterId: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) ctx.fail(`the batch list did not end after ${MAX_PAGES} pages of ${this.limit}`);
      const res = await ctx.call('messages.batches.list', {
        query: { limit: this.limit, ...(afterId === undefined ? {} : { after_id: afterId }) },
        auth: real.auth,
      });
      success(ctx, res);
      const list = ctx.bodyOf(res);
      if (list.data.length > this.limit)
        ctx.fail(`a page of limit ${this.limit} holds ${list.data.length} batches`);
      if (page > 0 && list.data.length === 0) ctx.fail('has_more was true, but the page after it is empty');
      for (const b of list.data) {
        if (seen.has(b.id)) ctx.fail(`batch ${b.id} is listed twice`);
        seen.set(b.id, b);
      }
      const last = list.data[list.data.length - 1];
      if (last) ctx.field(res, '/last_id', last.id);
      if (!list.has_more || !last) break;
      if ([...wanted].every((id) => seen.has(id))) break;
      afterId = list.last_id ?? last.id;
    }
    for (const b of model.batches) {
      if (b.gone) continue;
      const listed = seen.get(b.id);
      if (!listed) ctx.fail(`batch ${b.id} of this workspace is missing from the list`);
      const state = messageBatchesMachine.stateOf(listed, new Date(model.now));
      if (!reconcile(model, b, state))
        ctx.fail(`batch ${b.id} is listed as ${state}, the model says ${b.state}`);
    }
  }

  toString(): string {
    return `list(limit=${this.limit})`;
  }
}
