/**
 * Command: download a batch's results from its `results_url`. Where the results row is `ok`, the
 * JSON lines are checked line by line; where it is `unspecified` (after the 29-day retention) the
 * documents still say the results cannot be downloaded, so only a 4xx is asserted
 * (UNSPEC-BATCH-RESULTS-AFTER-RETENTION). In progress there is no `results_url` to call.
 */

import { step } from '@vendor-api/spec';
import type fc from 'fast-check';
import type { CaseContext } from '../../../case.js';
import { checkResults, refused, success } from '../checks.js';
import { type BatchModel, type BatchReal, type ModelBatch, machine, observe } from '../model.js';

const downloadable = (model: Readonly<BatchModel>): ModelBatch[] =>
  model.batches.filter((b) => b.resultsUrl !== null);

export class DownloadResultsCommand implements fc.AsyncCommand<BatchModel, BatchReal> {
  constructor(readonly pick: number) {}

  check(model: Readonly<BatchModel>): boolean {
    return downloadable(model).length > 0;
  }

  async run(model: BatchModel, real: BatchReal): Promise<void> {
    const candidates = downloadable(model);
    const batch = candidates[this.pick % candidates.length];
    if (!batch) return;
    const ctx: CaseContext = real.ctx;
    const record = await observe(model, real, batch);
    const url = record?.results_url ?? batch.resultsUrl;
    if (url === null) return;
    const row = step(machine, batch.state, 'messages.batches.results');
    const res = await ctx.call('messages.batches.results', { url, auth: real.auth }, false);
    switch (row.outcome.kind) {
      case 'ok':
        success(ctx, res);
        if (record === null) ctx.fail(`batch ${batch.id} is gone while its results are still kept`);
        checkResults(ctx, res, batch.requests, batch.effects, record);
        break;
      case 'unspecified':
        refused(ctx, res);
        break;
      default:
        ctx.fail(`model: results has a ${row.outcome.kind} row in ${batch.state}`);
    }
  }

  toString(): string {
    return `results(#${this.pick})`;
  }
}
