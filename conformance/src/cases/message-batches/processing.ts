/**
 * A batch's processing, driven or awaited: the adapter drives it when it can (`drive-batches`);
 * otherwise the case waits for the server's own processing as a client would, retrieving the
 * batch until its `processing_status` is `ended` (within the run's `--max-wait`).
 */
import type { BatchDrive } from '../../adapter.js';
import type { CaseContext } from '../../case.js';
import type { Auth } from '../../http.js';
import { waitUntil } from '../../wait.js';
import { success } from './checks.js';

/** Whether the case drives batches (the adapter can), rather than waiting for them. */
export const drivesBatches = (ctx: CaseContext): boolean => ctx.has('drive-batches');

/**
 * Has a batch processed: driven (with `drive`'s options) when the adapter can, else awaited.
 * Returns the server time the wait moved through the adapter's clock (0 when driven or on the wall
 * clock).
 */
export async function processBatch(
  ctx: CaseContext,
  id: string,
  auth: Auth,
  drive: Omit<BatchDrive, 'action'> = {},
): Promise<{ readonly movedMs: number }> {
  if (drivesBatches(ctx)) {
    await ctx.fixture('drive-batches', 'driveBatch', id, { action: 'process', ...drive });
    return { movedMs: 0 };
  }
  const waited = await waitUntil(ctx, {
    what: `batch ${id} to end`,
    poll: async () => {
      const res = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id }, auth });
      success(ctx, res);
      return ctx.bodyOf(res);
    },
    done: (batch) => batch.processing_status === 'ended',
    describe: (batch) => `processing_status ${JSON.stringify(batch.processing_status)}`,
  });
  return { movedMs: waited.movedMs };
}
