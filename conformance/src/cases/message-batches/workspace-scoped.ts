import type { MessageBatch, MessageBatchList } from '@vendor-api/spec';
import { type CaseContext, defineCase } from '../../case.js';
import { body, requestItem, success } from './checks.js';

export const workspaceScoped = defineCase({
  id: 'message-batches.workspace-scoped',
  family: 'message-batches',
  title: "a batch is reachable only with a key of its workspace and listed only in its workspace's list",
  requirements: [
    'BATCH-WORKSPACE-SCOPED',
    'BATCH-LIST-WORKSPACE',
    'AUTH-KEY-WORKSPACE-BATCHES-FILES-SKILLS',
    'AUTH-WORKSPACE-SCOPED-RESOURCES',
    'AUTH-KEY-ONE-WORKSPACE',
    'WS-SCOPE-BATCHES',
  ],
  needs: ['workspaces'],
  async run(ctx: CaseContext) {
    const a = await ctx.fixture('workspaces', 'createWorkspace', 'batches-a');
    const b = await ctx.fixture('workspaces', 'createWorkspace', 'batches-b');
    const keyA = { apiKey: a.apiKey, placeholder: 'workspace_key_a' };
    const keyB = { apiKey: b.apiKey, placeholder: 'workspace_key_b' };
    const created = await ctx.call('messages.batches.create', {
      body: body([requestItem('only-a', ctx.vendor.models.sonnet, 8, 'hello')]),
      auth: keyA,
    });
    success(ctx, created);
    const id = (created.body as MessageBatch).id;
    const own = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id }, auth: keyA });
    success(ctx, own);
    // Another workspace's key does not reach it; the status is not shown (UNSPEC-BATCH-RETRIEVE-ERRORS).
    const other = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id }, auth: keyB });
    ctx.http.expect(other, [{ kind: 'status-class', equals: '4xx' }]);
    const listA = await ctx.call('messages.batches.list', { auth: keyA });
    success(ctx, listA);
    if (!(listA.body as MessageBatchList).data.some((x) => x.id === id))
      ctx.fail(`batch ${id} is missing from its workspace's list`);
    const listB = await ctx.call('messages.batches.list', { auth: keyB });
    success(ctx, listB);
    if ((listB.body as MessageBatchList).data.some((x) => x.id === id))
      ctx.fail(`batch ${id} is listed in another workspace`);
  },
});
