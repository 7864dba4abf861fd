import { type MessageBatch, step } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { body, checkRecord, checkResults, requestItem, success } from './checks.js';
import { machine } from './model.js';

export const maxTokensZeroErrored = defineCase({
  id: 'message-batches.max-tokens-zero-errored',
  family: 'message-batches',
  title:
    'an item with max_tokens 0 does not fail the batch creation; once processed it ends errored with invalid_request_error while the other items succeed',
  requirements: [
    'BATCH-ITEM-MAX-TOKENS-MIN-1',
    'BATCH-PARAMS-ASYNC-VALIDATION',
    'BATCH-RESULT-ERRORED',
    'BATCH-RESULT-ERRORED-CAUSES',
    'BATCH-RESULT-SUCCEEDED',
    'BATCH-PROCESSED-INDEPENDENTLY',
    'BATCH-END-ALL-PROCESSED',
  ],
  needs: ['drive-batches'],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 64 }), fc.nat()),
      async ([valid, maxTokens, at]) => {
        const requests = Array.from({ length: valid }, (_, i) =>
          requestItem(`ok-${i}`, model, maxTokens, `q ${i}`),
        );
        requests.splice(at % (valid + 1), 0, requestItem('zero', model, 0, 'no tokens'));
        const created = await ctx.call('messages.batches.create', { body: body(requests) });
        success(ctx, created);
        ctx.field(created, '/processing_status', 'in_progress');
        const id = (created.body as MessageBatch).id;
        await ctx.fixture('drive-batches', 'driveBatch', id, { action: 'process' });
        const row = step(machine, machine.initial, 'processing.completed');
        const res = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id } });
        success(ctx, res);
        const batch = res.body as MessageBatch;
        ctx.field(res, '/processing_status', 'ended');
        checkRecord(ctx, batch, requests.length);
        if (batch.results_url === null) ctx.fail('an ended batch has no results_url');
        const results = await ctx.call('messages.batches.results', { url: batch.results_url }, false);
        success(ctx, results);
        checkResults(ctx, results, requests, new Set(row.effects), batch);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 10) },
    );
  },
});
