/**
 * `expired` results, for certain: some requests of a batch are processed, the others are held
 * unsent (capability `batch-partial-processing`), and the 24-hour expiry ends the batch. Every
 * request held unsent then has an `expired` result line, and only those: the processed ones keep
 * the result their processing gave them (`succeeded`, or `errored`); the counts say as much
 * (`expired` is the number of requests held unsent, none is left processing) and match the lines.
 *
 * Without the capability the suite cannot tell which requests a server sent before the deadline
 * (UNSPEC-BATCH-EXPIRY-IN-FLIGHT: that is its internal progress), so `message-batches.expiry-24h`
 * admits a processed result or `expired` for every request; this case is where an `expired` line
 * is required. Each step is judged by the spec's batch machine (`requests.processed`, `clock.24h`).
 */
import { messageBatchesMachine, step } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import {
  allowedResults,
  body,
  checkRecord,
  checkResults,
  requestItems,
  success,
  unsentAtDeadline,
} from './checks.js';
import { CLOCK_STEPS } from './commands/clock.js';
import { machine } from './model.js';

/** Requests of a batch, and which of them (at least one, not all) are processed before the deadline. */
const plans = (model: string) =>
  requestItems(model, 2, 5).chain((requests) =>
    fc
      .subarray(
        requests.map((r) => r.custom_id),
        { minLength: 1, maxLength: requests.length - 1 },
      )
      .map((processed) => ({ requests, processed })),
  );

export const expiredUnsent = defineCase({
  id: 'message-batches.expired-unsent',
  family: 'message-batches',
  title:
    'requests held unsent until the 24-hour expiry end expired, the ones processed before keep their results, and the counts match',
  requirements: [
    'BATCH-EXPIRY-UNSENT-EXPIRED',
    'BATCH-RESULT-EXPIRED',
    'BATCH-PROCESSED-INDEPENDENTLY',
    'BATCH-EXPIRY-24H',
    'BATCH-COUNTS-SUM',
    'BATCH-ENDED-NONE-PROCESSING',
    'BATCH-RESULT-LINE-PER-REQUEST',
  ],
  needs: ['clock', 'drive-batches', 'batch-partial-processing'],
  async run(ctx: CaseContext) {
    const ws = await ctx.workspace();
    const auth = ctx.authOf(ws);
    await ctx.property(
      plans(ctx.vendor.models.sonnet),
      async ({ requests, processed }) => {
        const created = await ctx.call('messages.batches.create', { body: body(requests), auth });
        success(ctx, created);
        const id = ctx.bodyOf(created).id;
        const retrieve = async () => {
          const res = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id }, auth });
          success(ctx, res);
          return ctx.bodyOf(res);
        };

        // Some requests processed, the others held unsent: the batch stays as the machine says.
        let state: messageBatchesMachine.MessageBatchState = machine.initial;
        const some = step(machine, state, 'requests.processed');
        await ctx.fixture('batch-partial-processing', 'driveBatch', id, {
          action: 'process',
          customIds: processed,
        });
        state = some.next;
        const during = await retrieve();
        if (messageBatchesMachine.stateOf(during) !== state)
          ctx.fail(
            `after processing ${processed.join(', ')} of ${id}, the batch is ${during.processing_status}`,
          );
        checkRecord(ctx, during, requests.length);

        // The 24-hour expiry ends it.
        const expiry = step(machine, state, 'clock.24h');
        await ctx.fixture('clock', 'advanceClock', CLOCK_STEPS['24h']);
        state = expiry.next;
        const ended = await retrieve();
        if (messageBatchesMachine.stateOf(ended) !== state)
          ctx.fail(`24 hours after creation, batch ${id} is ${ended.processing_status}, expected ${state}`);
        checkRecord(ctx, ended, requests.length);
        const unsent = requests.length - processed.length;
        if (ended.request_counts.expired !== unsent || ended.request_counts.processing !== 0)
          ctx.fail(
            `batch ${id} expired with ${unsent} requests held unsent: request_counts ${JSON.stringify(ended.request_counts)}`,
          );

        const url = ended.results_url;
        if (url === null) return ctx.fail(`the expired batch ${id} has no results_url`);
        const res = await ctx.call('messages.batches.results', { url, auth }, false);
        success(ctx, res);
        const sent = new Set(processed);
        const effects = new Set<string>(some.effects);
        checkResults(
          ctx,
          res,
          requests,
          (r) => (sent.has(r.custom_id) ? allowedResults(r, effects) : unsentAtDeadline(r)),
          ended,
        );
      },
      { numRuns: Math.min(ctx.settings.numRuns, 10) },
    );
  },
});
