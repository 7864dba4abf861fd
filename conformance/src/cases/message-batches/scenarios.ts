/**
 * Fixed sequences of the model's commands, so the retention and expiry rows are exercised in every
 * run (the random sequences of the lifecycle model reach them only some of the time). Each step is
 * still compared with the spec's `step` by the commands themselves.
 */
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { needFor, orRealTime } from '../../needs.js';
import { requestItems } from './checks.js';
import { AdvanceClockCommand } from './commands/clock.js';
import { CreateBatchCommand } from './commands/create.js';
import { ListBatchesCommand } from './commands/list.js';
import { ProcessBatchCommand } from './commands/process.js';
import { DownloadResultsCommand } from './commands/results.js';
import { RetrieveBatchCommand } from './commands/retrieve.js';
import { startModel } from './lifecycle-model.js';
import type { BatchModel, BatchReal } from './model.js';
import { drivesBatches } from './processing.js';

type Sequence = (
  requests: ReturnType<typeof requestItems> extends fc.Arbitrary<infer T> ? T : never,
  drive: boolean,
) => fc.AsyncCommand<BatchModel, BatchReal>[];

async function runSequence(ctx: CaseContext, sequence: Sequence): Promise<void> {
  const ws = await ctx.workspace();
  const auth = ctx.authOf(ws);
  await ctx.property(
    requestItems(ctx.vendor.models.sonnet, 1, 4),
    async (requests) => {
      const start = await startModel(ctx);
      await fc.asyncModelRun(
        async () => ({ model: { ...start, batches: [] } as BatchModel, real: { ctx, auth } as BatchReal }),
        sequence(requests, drivesBatches(ctx)),
      );
    },
    { numRuns: Math.min(ctx.settings.numRuns, 5) },
  );
}

export const resultsRetention = defineCase({
  id: 'message-batches.results-retention',
  family: 'message-batches',
  title:
    'results of a processed batch download until 29 days after creation; afterwards the download is refused with a 4xx while the batch stays viewable',
  requirements: [
    'BATCH-RESULTS-RETENTION',
    'BATCH-VIEWABLE-AFTER-RETENTION',
    'BATCH-RESULTS-URL',
    'BATCH-RESULTS-AFTER-END',
    'BATCH-END-ALL-PROCESSED',
    'BATCH-END-RESULTS-READY',
    'BATCH-RETRIEVE',
  ],
  needs: [needFor('clock', '29 days of server time'), orRealTime('drive-batches')],
  run: (ctx: CaseContext) =>
    runSequence(ctx, (requests, drive) => [
      new CreateBatchCommand(requests),
      new ProcessBatchCommand(0, drive),
      new DownloadResultsCommand(0),
      new AdvanceClockCommand('29d'),
      new RetrieveBatchCommand(0),
      new DownloadResultsCommand(0),
    ]),
});

export const expiryAt24Hours = defineCase({
  id: 'message-batches.expiry-24h',
  family: 'message-batches',
  title:
    'a batch still in progress 24 hours after creation has ended: every request has one results line, processed or expired, and the counts match the lines',
  requirements: [
    'BATCH-EXPIRY-24H',
    'BATCH-EXPIRY-UNSENT-EXPIRED',
    'BATCH-RESULT-EXPIRED',
    'BATCH-RESULT-LINE-PER-REQUEST',
    'BATCH-COUNTS-SUM',
    'BATCH-ENDED-NONE-PROCESSING',
    'BATCH-OBJECT-ENDED-AT-SET',
  ],
  needs: [needFor('clock', '24 hours of server time')],
  run: (ctx: CaseContext) =>
    runSequence(ctx, (requests) => [
      new CreateBatchCommand(requests),
      new AdvanceClockCommand('24h'),
      new DownloadResultsCommand(0),
      new ListBatchesCommand(2),
    ]),
});
