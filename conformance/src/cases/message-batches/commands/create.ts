/** Command: create a batch; it starts in the machine's initial state with every request processing. */

import { batchRules, messageBatchesMachine } from '@vendor-api/spec';
import type fc from 'fast-check';
import type { CaseContext } from '../../../case.js';
import { body, checkRecord, type SentRequest, success } from '../checks.js';
import { type BatchModel, type BatchReal, MAX_BATCHES, machine } from '../model.js';

export class CreateBatchCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  constructor(readonly requests: readonly SentRequest[]) {}

  check(model: Readonly<BatchModel>): boolean {
    return model.batches.length < MAX_BATCHES;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    const ctx: CaseContext = real.ctx;
    const sentAt = performance.now();
    // Items with max_tokens 0 are accepted here: params are validated asynchronously
    // (BATCH-PARAMS-ASYNC-VALIDATION, BATCH-ITEM-MAX-TOKENS-MIN-1).
    const res = await ctx.call('messages.batches.create', { body: body(this.requests), auth: real.auth });
    success(ctx, res);
    const batch = ctx.bodyOf(res);
    const state = messageBatchesMachine.stateOf(batch);
    if (state !== machine.initial) ctx.fail(`a new batch is ${state}, expected ${machine.initial}`);
    const counts = batchRules.initialRequestCounts(this.requests.length);
    if (counts.ok) ctx.field(res, '/request_counts', counts.value);
    checkRecord(ctx, batch, this.requests.length);
    model.batches.push({
      id: batch.id,
      requests: this.requests,
      // On the wall clock the model knows the server's time only from its records.
      createdAt: model.wallClock ? Date.parse(batch.created_at) : model.now,
      state: machine.initial,
      effects: new Set(),
      resultsUrl: null,
      sentAt,
    });
  }

  toString(): string {
    return `create(${this.requests.map((r) => `${r.custom_id}${r.valid ? '' : '!'}`).join(',')})`;
  }
}
