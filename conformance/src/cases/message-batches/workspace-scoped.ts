import { type CaseContext, defineCase } from '../../case.js';
import type { Auth } from '../../http.js';
import { freshDefaultWorkspaceKey } from '../workspaces/support.js';
import { body, listed, requestItem, success } from './checks.js';

/**
 * A batch created with `keyA` is reached and listed with `keyA` only: another workspace's key gets
 * a 4xx (its status is not shown: UNSPEC-BATCH-RETRIEVE-ERRORS) and does not list it.
 */
async function expectIsolated(ctx: CaseContext, keyA: Auth, keyB: Auth): Promise<void> {
  const created = await ctx.call('messages.batches.create', {
    body: body([requestItem('only-a', ctx.vendor.models.sonnet, 8, 'hello')]),
    auth: keyA,
  });
  success(ctx, created);
  const { id } = ctx.bodyOf(created);
  const own = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id }, auth: keyA });
  success(ctx, own);
  const other = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id }, auth: keyB });
  ctx.http.expect(other, [{ kind: 'status-class', equals: '4xx' }]);
  if (!(await listed(ctx, keyA, id))) ctx.fail(`batch ${id} is missing from its workspace's list`);
  if (await listed(ctx, keyB, id)) ctx.fail(`batch ${id} is listed in another workspace`);
}

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
    await expectIsolated(
      ctx,
      { apiKey: a.apiKey, placeholder: 'workspace_key_a' },
      { apiKey: b.apiKey, placeholder: 'workspace_key_b' },
    );
  },
});

/**
 * Every organization has a Default Workspace, and it has no identifier: the Default Workspaces of
 * two organizations are still two workspaces, and a key of one does not reach the other's batches.
 */
export const defaultWorkspacesScoped = defineCase({
  id: 'message-batches.default-workspaces-scoped',
  family: 'message-batches',
  title:
    "a batch of one organization's Default Workspace is not reached or listed with a key of another organization's Default Workspace",
  requirements: [
    'BATCH-WORKSPACE-SCOPED',
    'AUTH-KEY-ONE-WORKSPACE',
    'AUTH-WORKSPACE-SCOPED-RESOURCES',
    'WS-SCOPE-BATCHES',
    'WS-DEFAULT-EXISTS',
  ],
  needs: ['organizations', 'workspace-keys'],
  async run(ctx: CaseContext) {
    await expectIsolated(
      ctx,
      await freshDefaultWorkspaceKey(ctx, 'a'),
      await freshDefaultWorkspaceKey(ctx, 'b'),
    );
  },
});
