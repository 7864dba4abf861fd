/**
 * The two creation limits of a batch, both applying (whichever is reached first): 100,000
 * requests and 256 MB of body. The verdict is the spec's `exceededBatchLimits`; how MB is counted
 * is not shown (UNSPEC-BATCH-SIZE-UNIT), so acceptance is asserted only below 256 x 10^6 bytes and
 * refusal only above 256 x 2^20. The refusal's status is not shown (UNSPEC-BATCH-CREATE-ERRORS):
 * a 4xx. Bodies of several hundred megabytes: the case runs only where the adapter declares the
 * `large-requests` capability.
 */
import { batchRules, MESSAGE_BATCH_MAX_REQUESTS } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import type { Auth } from '../../http.js';
import { observedWith } from '../../needs.js';
import { freshDefaultWorkspaceKey } from '../workspaces/support.js';
import { refused, success } from './checks.js';

const { BATCH_SIZE_LIMIT_MB } = batchRules;
/** The size limit read with a decimal and with a binary megabyte (UNSPEC-BATCH-SIZE-UNIT). */
const MB_DECIMAL = BATCH_SIZE_LIMIT_MB * 10 ** 6;
const MB_BINARY = BATCH_SIZE_LIMIT_MB * 2 ** 20;

/** A creation body of `count` requests whose texts pad it to about `bytes` bytes in all. */
function bodyOf(model: string, count: number, bytes: number): string {
  const item = (i: number, text: string) =>
    `{"custom_id":"r${i}","params":{"model":"${model}","max_tokens":8,"messages":[{"role":"user","content":"${text}"}]}}`;
  const bare = `{"requests":[${Array.from({ length: count }, (_, i) => item(i, '')).join(',')}]}`;
  const pad = Math.max(0, bytes - bare.length);
  const each = Math.floor(pad / count);
  const items: string[] = [];
  for (let i = 0; i < count; i++)
    items.push(item(i, 'x'.repeat(i === count - 1 ? pad - each * (count - 1) : each)));
  return `{"requests":[${items.join(',')}]}`;
}

export const sizeLimits = defineCase({
  id: 'message-batches.creation-limits',
  family: 'message-batches',
  title: `a batch of ${MESSAGE_BATCH_MAX_REQUESTS.toLocaleString('en-US')} requests or just under ${BATCH_SIZE_LIMIT_MB} MB is created; ${(MESSAGE_BATCH_MAX_REQUESTS + 1).toLocaleString('en-US')} requests, or a few requests over ${BATCH_SIZE_LIMIT_MB} MB, are refused`,
  requirements: ['BATCH-CREATE-MAX-REQUESTS', 'BATCH-CREATE-MAX-SIZE', 'BATCH-CREATE-LIMIT-FIRST-REACHED'],
  // A fresh organization when the adapter can make one (otherwise the run's workspace).
  needs: ['large-requests', observedWith('organizations'), observedWith('workspace-keys')],
  async run(ctx) {
    const model = ctx.vendor.models.sonnet;
    // The accepted batches stay enqueued (nothing processes them): in a fresh organization where the
    // adapter can make one, they count toward no one else's enqueued_batch_requests limits, and
    // leave room for the next run against the same server.
    const auth: Auth =
      ctx.adapter.capabilities.has('organizations') && ctx.adapter.capabilities.has('workspace-keys')
        ? await freshDefaultWorkspaceKey(ctx, 'large')
        : 'workspace';
    const examples: [string, number, number][] = [
      [`${MESSAGE_BATCH_MAX_REQUESTS} small requests`, MESSAGE_BATCH_MAX_REQUESTS, 0],
      [`${MESSAGE_BATCH_MAX_REQUESTS + 1} small requests`, MESSAGE_BATCH_MAX_REQUESTS + 1, 0],
      [`3 requests just under ${BATCH_SIZE_LIMIT_MB} MB`, 3, MB_DECIMAL - 1024 * 1024],
      [`3 requests just over ${BATCH_SIZE_LIMIT_MB} MB`, 3, MB_BINARY + 1024 * 1024],
    ];
    for (const [what, count, bytes] of examples) {
      const raw = bodyOf(model, count, bytes);
      const size = batchRules.bodyByteLength(raw);
      const verdict = batchRules.exceededBatchLimits(count, size);
      if (!verdict.ok) throw new Error(verdict.error);
      const over = verdict.value.length > 0;
      if (!over && size >= MB_DECIMAL)
        throw new Error(`${what}: ${size} bytes is not clearly within ${BATCH_SIZE_LIMIT_MB} MB`);
      const res = await ctx.call('messages.batches.create', { rawBody: raw, auth }, false);
      try {
        if (over) refused(ctx, res);
        else success(ctx, res);
      } catch (error) {
        (error as Error).message = `${what} (${size} bytes): ${(error as Error).message}`;
        throw error;
      }
    }
  },
});
