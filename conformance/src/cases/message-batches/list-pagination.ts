import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import type { Auth } from '../../http.js';
import { body, requestItem, success } from './checks.js';

/** Pages visited at most before the case gives up on a list that never ends. */
const MAX_PAGES = 200;

export const listPagination = defineCase({
  id: 'message-batches.list-pagination',
  family: 'message-batches',
  title:
    'paging through the batch list with limit and after_id=last_id visits every batch of the workspace exactly once, and has_more is false only on the last page',
  requirements: ['BATCH-LIST-QUERY', 'BATCH-LIST-ENVELOPE', 'BATCH-LIST-WORKSPACE', 'BATCH-CREATE-RESPONSE'],
  async run(ctx: CaseContext) {
    // A fresh workspace when the adapter can make one: then the list holds exactly our batches.
    const ws = await ctx.workspace();
    const isolated = ws.apiKey !== ctx.target.workspace.apiKey;
    const auth: Auth = isolated ? { apiKey: ws.apiKey, placeholder: 'workspace_key_2' } : 'workspace';
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.call('messages.batches.create', {
        body: body([requestItem(`page-${i}`, ctx.vendor.models.sonnet, 8, `batch ${i}`)]),
        auth,
      });
      success(ctx, res);
      created.push(ctx.bodyOf(res).id);
    }
    await ctx.property(
      fc.integer({ min: 1, max: 9 }),
      async (limit) => {
        const seen: string[] = [];
        let afterId: string | undefined;
        for (let page = 0; ; page++) {
          if (page >= MAX_PAGES) ctx.fail(`the list did not end after ${MAX_PAGES} pages of ${limit}`);
          const res = await ctx.call('messages.batches.list', {
            query: { limit, ...(afterId === undefined ? {} : { after_id: afterId }) },
            auth,
          });
          success(ctx, res);
          const list = ctx.bodyOf(res);
          if (list.data.length > limit)
            ctx.fail(`a page of limit ${limit} holds ${list.data.length} batches`);
          if (page > 0 && list.data.length === 0) ctx.fail('has_more was true, but the next page is empty');
          for (const b of list.data) {
            if (seen.includes(b.id)) ctx.fail(`batch ${b.id} is listed twice`);
            seen.push(b.id);
          }
          const last = list.data[list.data.length - 1];
          if (last) ctx.field(res, '/last_id', last.id);
          if (!list.has_more) break;
          if (!last) ctx.fail('has_more is true on an empty page');
          afterId = last.id;
        }
        const missing = created.filter((id) => !seen.includes(id));
        if (missing.length) ctx.fail(`batches missing from the list: ${missing.join(', ')}`);
        if (isolated && seen.length !== created.length)
          ctx.fail(`the workspace has ${created.length} batches, the list shows ${seen.length}`);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 9) },
    );
  },
});
