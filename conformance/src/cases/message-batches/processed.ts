/**
 * Cases of processed batches (driven through the adapter, or awaited on the wall clock when it
 * cannot drive them): what each request ends as.
 *
 * - An item with `max_tokens` 0 does not fail the batch creation; processed, it ends `errored`
 *   with `invalid_request_error` while the other items succeed.
 * - Requests that meet an internal server error end `errored` with an error type other than
 *   `invalid_request_error` (that type names an invalid request, whose body must be fixed; any
 *   other may be retried as it is), while the batch's other requests are processed on their own.
 * - An item asking for streaming does not fail the batch creation, and its result is never a
 *   stream (see `streamingItemNotStreamed`).
 */
import { type MessageBatchRequestParams, step } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { endedAtProblem } from '../../instants.js';
import { needFor, orRealTime } from '../../needs.js';
import {
  type AllowedResult,
  allowedResults,
  body,
  checkRecord,
  checkResults,
  requestItem,
  type SentRequest,
  success,
} from './checks.js';
import { machine } from './model.js';
import { processBatch } from './processing.js';

/**
 * Creates a batch of `requests`, has it processed (driven by the adapter, the requests named in
 * `internalErrors` meeting an internal error; or awaited on the wall clock), and reads the ended
 * batch and its result lines against the spec's consistency and result rules.
 */
async function processNow(
  ctx: CaseContext,
  requests: readonly SentRequest[],
  internalErrors?: readonly string[],
  /** The results a request may have, where the row's effects alone do not say (default: they do). */
  allowed?: (request: SentRequest, effects: ReadonlySet<string>) => AllowedResult[],
) {
  const sentAt = performance.now();
  const created = await ctx.call('messages.batches.create', { body: body(requests) });
  success(ctx, created);
  ctx.field(created, '/processing_status', 'in_progress');
  const { id } = ctx.bodyOf(created);
  await processBatch(ctx, id, 'workspace', internalErrors === undefined ? {} : { internalErrors });
  const row = step(machine, machine.initial, 'processing.completed');
  const res = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id } });
  const seenAt = performance.now();
  success(ctx, res);
  const batch = ctx.bodyOf(res);
  ctx.field(res, '/processing_status', 'ended');
  checkRecord(ctx, batch, requests.length);
  // On the wall clock (no adapter clock), the instant it ended lies within what the client saw.
  if (!ctx.has('clock')) {
    const problem = endedAtProblem(batch, sentAt, seenAt);
    if (problem) ctx.fail(`batch ${id}: ${problem}`);
  }
  if (batch.results_url === null) ctx.fail('an ended batch has no results_url');
  const results = await ctx.call('messages.batches.results', { url: batch.results_url }, false);
  success(ctx, results);
  const effects = new Set<string>(row.effects);
  const judged = allowed === undefined ? effects : (r: SentRequest) => allowed(r, effects);
  return { batch, lines: checkResults(ctx, results, requests, judged, batch) };
}

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
  needs: [orRealTime('drive-batches')],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 64 }), fc.nat()),
      async ([valid, maxTokens, at]) => {
        const requests = Array.from({ length: valid }, (_, i) =>
          requestItem(`ok-${i}`, model, maxTokens, `q ${i}`),
        );
        requests.splice(at % (valid + 1), 0, requestItem('zero', model, 0, 'no tokens'));
        await processNow(ctx, requests);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 10) },
    );
  },
});

export const internalErrorsErrored = defineCase({
  id: 'message-batches.internal-errors-errored',
  family: 'message-batches',
  title:
    'requests that meet an internal error end errored with an error type other than invalid_request_error; the others succeed and the counts add up',
  requirements: [
    'BATCH-RESULT-ERRORED',
    'BATCH-RESULT-ERRORED-CAUSES',
    'BATCH-PROCESSED-INDEPENDENTLY',
    'BATCH-COUNTS-SUM',
  ],
  needs: [
    needFor('drive-batches', 'batch requests that meet an internal error on demand'),
    needFor('batch-internal-errors', 'batch requests that meet an internal error on demand'),
  ],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      fc
        .integer({ min: 2, max: 5 })
        .chain((n) =>
          fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: n })),
        ),
      async ([n, failing]) => {
        const requests = Array.from({ length: n }, (_, i) => requestItem(`r-${i}`, model, 8, `q ${i}`));
        const internal = new Set(failing.map((i) => `r-${i}`));
        const read = await processNow(ctx, requests, [...internal]);
        // Every line is one its request may have (checkResults); which one each has is checked here.
        for (const line of read.lines) {
          const expected = internal.has(line.custom_id) ? 'errored' : 'succeeded';
          if (line.result.type !== expected)
            ctx.fail(`request ${line.custom_id} ended ${line.result.type}, expected ${expected}`);
        }
        if (read.batch.request_counts.errored !== internal.size)
          ctx.fail(
            `request_counts.errored is ${read.batch.request_counts.errored}, expected ${internal.size}`,
          );
      },
      { numRuns: Math.min(ctx.settings.numRuns, 10) },
    );
  },
});

/**
 * Batch items are "non-streaming" (BATCH-ITEM-NON-STREAMING), but the parameter that asks for
 * streaming is not shown (UNSPEC-BATCH-PARAMS-STREAMING): an item carrying `stream: true` (the
 * conventional one) may be refused as invalid (`errored`) or processed without streaming
 * (`succeeded`). What the documents do state is checked: the
 * batch is created (params are validated asynchronously, BATCH-PARAMS-ASYNC-VALIDATION), and the
 * item's result line is a plain result line, `succeeded` carrying the message or `errored`, never a
 * stream of events; the other items are processed as usual.
 */
export const streamingItemNotStreamed = defineCase({
  id: 'message-batches.streaming-item-not-streamed',
  family: 'message-batches',
  title:
    'an item asking for streaming does not fail the batch creation and ends succeeded with a message or errored, never with a streamed result',
  requirements: [
    'BATCH-ITEM-NON-STREAMING',
    'BATCH-PARAMS-ASYNC-VALIDATION',
    'BATCH-RESULT-LINE-FIELDS',
    'BATCH-PROCESSED-INDEPENDENTLY',
  ],
  needs: ['drive-batches'],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.nat()),
      async ([others, at]) => {
        const requests = Array.from({ length: others }, (_, i) =>
          requestItem(`plain-${i}`, model, 8, `q ${i}`),
        );
        const plain = requestItem('streaming', model, 8, 'stream me');
        const streaming: SentRequest = {
          ...plain,
          params: { ...plain.params, stream: true } as MessageBatchRequestParams,
        };
        requests.splice(at % (others + 1), 0, streaming);
        // The streaming item is refused as invalid or processed without streaming: either fate.
        await processNow(ctx, requests, undefined, (r, effects) =>
          r.custom_id === streaming.custom_id
            ? [
                ...allowedResults({ ...r, valid: true }, effects),
                ...allowedResults({ ...r, valid: false }, effects),
              ]
            : allowedResults(r, effects),
        );
      },
      { numRuns: Math.min(ctx.settings.numRuns, 5) },
    );
  },
});
