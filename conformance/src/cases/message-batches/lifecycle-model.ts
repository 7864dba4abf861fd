import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { orRealTime } from '../../needs.js';
import { requestItems } from './checks.js';
import { AdvanceClockCommand } from './commands/clock.js';
import { CreateBatchCommand } from './commands/create.js';
import { ListBatchesCommand } from './commands/list.js';
import { ProcessBatchCommand } from './commands/process.js';
import { DownloadResultsCommand } from './commands/results.js';
import { RetrieveBatchCommand } from './commands/retrieve.js';
import type { BatchModel, BatchReal } from './model.js';
import { drivesBatches } from './processing.js';

/**
 * The model's start: the server's time (the adapter's clock, else the client's, which only the
 * 29-day reading of an ended record uses) and how batches move: driven, or on their own.
 */
export async function startModel(ctx: CaseContext): Promise<BatchModel> {
  const clock = ctx.has('clock');
  return {
    now: clock ? await ctx.fixture('clock', 'now') : Date.now(),
    batches: [],
    ownProcessing: !drivesBatches(ctx),
    wallClock: !clock,
  };
}

export const lifecycleModel = defineCase({
  id: 'message-batches.lifecycle-model',
  family: 'message-batches',
  title:
    'random sequences of batch creation, retrieval, listing, results downloads, processing and the 24-hour and 29-day clock agree with the batch machine (on the wall clock: batches processed on their own, awaited, without the clock)',
  requirements: [
    'BATCH-OBJECT-ID-PREFIX',
    'BATCH-OBJECT-TYPE',
    'BATCH-OBJECT-STATUS-VALUES',
    'BATCH-OBJECT-REQUEST-COUNTS',
    'BATCH-OBJECT-CREATED-AT',
    'BATCH-OBJECT-CANCEL-INITIATED-AT',
    'BATCH-CREATE-REQUESTS',
    'BATCH-CREATE-RESPONSE',
    'BATCH-CREATE-PROCESSING-COUNT',
    'BATCH-OBJECT-STATUS-INITIAL',
    'BATCH-OBJECT-EXPIRES-AT',
    'BATCH-OBJECT-ENDED-AT-NULL',
    'BATCH-OBJECT-ENDED-AT-SET',
    'BATCH-OBJECT-RESULTS-URL-NULL',
    'BATCH-COUNTS-SUM',
    'BATCH-ENDED-NONE-PROCESSING',
    'BATCH-RETRIEVE',
    'BATCH-END-ALL-PROCESSED',
    'BATCH-END-RESULTS-READY',
    'BATCH-PROCESSED-INDEPENDENTLY',
    'BATCH-EXPIRY-24H',
    'BATCH-EXPIRY-UNSENT-EXPIRED',
    'BATCH-RESULT-EXPIRED',
    'BATCH-RESULTS-URL',
    'BATCH-RESULTS-AFTER-END',
    'BATCH-RESULTS-RETENTION',
    'BATCH-VIEWABLE-AFTER-RETENTION',
    'BATCH-RESULT-JSONL',
    'BATCH-RESULT-LINE-FIELDS',
    'BATCH-RESULT-LINE-PER-REQUEST',
    'BATCH-RESULT-TYPES',
    'BATCH-RESULT-SUCCEEDED',
    'BATCH-RESULT-ERRORED',
    'BATCH-RESULT-ERRORED-CAUSES',
    'BATCH-PARAMS-ASYNC-VALIDATION',
    'BATCH-ITEM-MAX-TOKENS-MIN-1',
    'BATCH-LIST-QUERY',
    'BATCH-LIST-ENVELOPE',
    'BATCH-LIST-WORKSPACE',
  ],
  // Without the clock no command moves it; without driving, batches are awaited as they process.
  needs: [orRealTime('clock'), orRealTime('drive-batches')],
  async run(ctx: CaseContext) {
    const ws = await ctx.workspace();
    const auth = ctx.authOf(ws);
    const model = ctx.vendor.models.sonnet;
    const pick = fc.nat(7);
    const drive = drivesBatches(ctx);
    const commands = [
      requestItems(model, 1, 4).map((r) => new CreateBatchCommand(r)),
      pick.map((p) => new RetrieveBatchCommand(p)),
      pick.map((p) => new ProcessBatchCommand(p, drive)),
      pick.map((p) => new DownloadResultsCommand(p)),
      fc.integer({ min: 1, max: 4 }).map((l) => new ListBatchesCommand(l)),
      ...(ctx.has('clock')
        ? [fc.constantFrom('24h' as const, '29d' as const).map((by) => new AdvanceClockCommand(by))]
        : []),
    ];
    await ctx.property(
      fc.tuple(requestItems(model, 1, 4), fc.commands(commands, { maxCommands: 8, size: '+1' })),
      async ([first, cmds]) => {
        const start = await startModel(ctx);
        const setup = async () => ({
          model: { ...start, batches: [] } as BatchModel,
          real: { ctx, auth } as BatchReal,
        });
        // Every run starts with a batch, so the other commands have something to act on.
        await fc.asyncModelRun(setup, [new CreateBatchCommand(first), ...cmds]);
      },
      { numRuns: ctx.settings.numRuns },
    );
  },
});
