/**
 * Checks shared by the message-batch cases: building request items, reading a batch record
 * against the spec's consistency rules, and reading the JSON-lines results against the
 * `MessageBatchResult` schema and the result types the spec's rules give each request.
 */
import { batchRules, type MessageBatch, type MessageBatchRequestParams } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import fc from 'fast-check';
import type { CaseContext } from '../../case.js';
import type { Auth, Response } from '../../http.js';

/** One request item as sent, with whether its `params` pass the asynchronous validation. */
export interface SentRequest {
  readonly custom_id: string;
  readonly params: MessageBatchRequestParams;
  /** `params` valid per `MessageBatchRequestParams` (max_tokens at least 1 inside a batch). */
  readonly valid: boolean;
}

/** A request item; `max_tokens` 0 is unsupported inside a batch (BATCH-ITEM-MAX-TOKENS-MIN-1). */
export function requestItem(custom_id: string, model: string, maxTokens: number, text: string): SentRequest {
  const params: MessageBatchRequestParams = {
    model,
    max_tokens: maxTokens,
    messages: [{ role: 'user', content: text }],
  };
  return {
    custom_id,
    params,
    valid: validateSchema('MessageBatchRequestParams', params, { mode: 'contract' }).ok,
  };
}

/** Short, valid, distinct custom ids. */
export const customIds = (min: number, max: number) =>
  fc.uniqueArray(fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/), { minLength: min, maxLength: max });

/**
 * Request items: distinct ids, each valid or with `max_tokens` 0. The turn is never empty: whether
 * an empty one is a valid request is not stated (UNSPEC-MSG-CONVERSATION-RULES).
 */
export function requestItems(model: string, min = 1, max = 4): fc.Arbitrary<SentRequest[]> {
  return customIds(min, max).chain((ids) =>
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 64 })),
          fc.string({ minLength: 1, maxLength: 20 }),
        ),
        {
          minLength: ids.length,
          maxLength: ids.length,
        },
      )
      .map((items) => ids.map((id, i) => requestItem(id, model, items[i]![0], items[i]![1]))),
  );
}

export const body = (requests: readonly SentRequest[]) => ({
  requests: requests.map((r) => ({ custom_id: r.custom_id, params: r.params })),
});

/** Asserts a 2xx: the documents give no success status for batches (UNSPEC-BATCH-SUCCESS-STATUS). */
export function success(ctx: CaseContext, res: Response): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
}

/** Asserts a 4xx without asserting the body (where the documents show neither status nor body). */
export function refused(ctx: CaseContext, res: Response): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '4xx' }]);
}

/**
 * The spec's cross-field problems of a batch record (BATCH-OBJECT-EXPIRES-AT,
 * BATCH-OBJECT-ENDED-AT-NULL, BATCH-OBJECT-RESULTS-URL-NULL, BATCH-OBJECT-ENDED-AT-SET,
 * BATCH-END-RESULTS-READY, BATCH-ENDED-NONE-PROCESSING, BATCH-COUNTS-SUM), and no cancel started
 * (BATCH-OBJECT-CANCEL-INITIATED-AT). The record's shape is checked by the strict schema of every
 * call (BATCH-OBJECT-ID-PREFIX, BATCH-OBJECT-TYPE, ...). After the 29-day
 * retention, whether `results_url` stays set is not shown (UNSPEC-BATCH-RESULTS-AFTER-RETENTION).
 */
export function recordProblems(batch: MessageBatch, total: number, pastRetention: boolean): string[] {
  const problems = batchRules
    .batchRecordProblems(batch, total)
    .filter((p) => !(pastRetention && p.startsWith('results_url')));
  // The suite never starts a cancel (BATCH-OBJECT-CANCEL-INITIATED-AT).
  if (batch.cancel_initiated_at !== null)
    problems.push('cancel_initiated_at must be null: no cancel was started');
  return problems;
}

/** Fails the case when a batch record is inconsistent. */
export function checkRecord(
  ctx: CaseContext,
  batch: MessageBatch,
  total: number,
  pastRetention = false,
): void {
  const problems = recordProblems(batch, total, pastRetention);
  if (problems.length) ctx.fail(`batch ${batch.id}: ${problems.join('; ')} (${JSON.stringify(batch)})`);
}

/** A result a request may have: a type, and for `errored` the error type (null: any but invalid_request_error). */
export type AllowedResult = batchRules.ResultDecision;

/** The result the spec's rule gives a request of this fate (none when it gives none). */
const resultsOfFate = (fate: batchRules.RequestFate): AllowedResult[] => {
  const d = batchRules.resultTypeFor(fate);
  return d.ok ? [d.value] : [];
};

/**
 * The results a request may have once its batch ended, from the effects of the rows that ended
 * it: `record_results` (it was processed: succeeded, or errored when its params are invalid or
 * processing met an internal error) and `expire_unsent_requests` (not sent before the deadline:
 * expired). BATCH-RESULT-ERRORED-CAUSES, BATCH-EXPIRY-UNSENT-EXPIRED, BATCH-PROCESSED-INDEPENDENTLY.
 */
export function allowedResults(request: SentRequest, effects: ReadonlySet<string>): AllowedResult[] {
  const out: AllowedResult[] = [];
  const processed =
    effects.has('record_results') ||
    effects.has('record_processed_results') ||
    effects.has('expire_unsent_requests');
  if (processed) {
    out.push(
      ...resultsOfFate({
        processed: true,
        paramsValid: request.valid,
        internalError: false,
        stoppedBy: null,
      }),
    );
    out.push(
      ...resultsOfFate({ processed: true, paramsValid: request.valid, internalError: true, stoppedBy: null }),
    );
  }
  if (effects.has('expire_unsent_requests'))
    out.push(
      ...resultsOfFate({
        processed: false,
        paramsValid: request.valid,
        internalError: false,
        stoppedBy: 'deadline',
      }),
    );
  return out;
}

/**
 * The one result a request held unsent until the 24-hour expiry may have: `expired`
 * (BATCH-EXPIRY-UNSENT-EXPIRED), whatever its params.
 */
export function unsentAtDeadline(request: SentRequest): AllowedResult[] {
  return resultsOfFate({
    processed: false,
    paramsValid: request.valid,
    internalError: false,
    stoppedBy: 'deadline',
  });
}

interface ResultLine {
  readonly custom_id: string;
  readonly result: {
    readonly type: string;
    readonly error?: { readonly error?: { readonly type?: string } };
  };
}

/** Whether an error type is the invalid-request one, the only one to fix before resending. */
const mustFix = (errorType: unknown): boolean => {
  const advice = batchRules.retryAdvice(errorType);
  return advice.ok && advice.value === 'fix_before_resending';
};

const matches = (line: ResultLine, allowed: AllowedResult): boolean => {
  if (line.result.type !== allowed.type) return false;
  if (allowed.type !== 'errored') return true;
  const errorType = line.result.error?.error?.type;
  // An error type the rule does not name is not the invalid-request one.
  return allowed.errorType === null ? !mustFix(errorType) : errorType === allowed.errorType;
};

/**
 * Reads a results download: JSON lines (BATCH-RESULT-JSONL), each a schema-valid
 * `MessageBatchResult` (BATCH-RESULT-LINE-FIELDS, BATCH-RESULT-TYPES), exactly one per request,
 * matched by `custom_id` whatever the order (BATCH-RESULT-LINE-PER-REQUEST,
 * BATCH-RESULT-MATCH-BY-CUSTOM-ID), each of a result the request may have, and the batch's
 * request counts equal to the tally of the lines (BATCH-COUNTS-SUM).
 */
export function checkResults(
  ctx: CaseContext,
  res: Response,
  requests: readonly SentRequest[],
  /** The effects of the rows that moved the batch, or each request's allowed results when known. */
  effects: ReadonlySet<string> | ((request: SentRequest) => AllowedResult[]),
  batch: MessageBatch,
): ResultLine[] {
  const text = res.text;
  const raw = text.split('\n');
  if (raw[raw.length - 1] === '') raw.pop();
  const lines: ResultLine[] = [];
  for (const [i, l] of raw.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(l);
    } catch {
      ctx.fail(`results line ${i + 1} is not JSON: ${l.slice(0, 200)}`);
    }
    const valid = validateSchema('MessageBatchResult', parsed, { mode: 'contract' });
    if (!valid.ok)
      ctx.fail(`results line ${i + 1} is not a MessageBatchResult: ${valid.error.error.message}`);
    lines.push(parsed as ResultLine);
  }
  const byId = new Map<string, ResultLine>();
  for (const line of lines) {
    if (byId.has(line.custom_id)) ctx.fail(`custom_id ${line.custom_id} has more than one results line`);
    byId.set(line.custom_id, line);
  }
  for (const r of requests) {
    const line = byId.get(r.custom_id);
    if (!line)
      ctx.fail(
        `request ${r.custom_id} has no results line (${lines.length} lines for ${requests.length} requests)`,
      );
    const allowed = typeof effects === 'function' ? effects(r) : allowedResults(r, effects);
    if (!allowed.some((a) => matches(line, a))) {
      ctx.fail(
        `request ${r.custom_id} (params ${r.valid ? 'valid' : 'invalid'}): result ${JSON.stringify(line.result).slice(0, 200)}; expected one of ${JSON.stringify(allowed)}`,
      );
    }
  }
  if (byId.size !== requests.length) {
    const extra = [...byId.keys()].filter((id) => !requests.some((r) => r.custom_id === id));
    ctx.fail(`results lines for custom ids that were never sent: ${extra.join(', ')}`);
  }
  const tally = batchRules.tallyRequestCounts(lines.map((l) => l.result.type as batchRules.BatchResultType));
  if (tally.ok) {
    const counts = batch.request_counts;
    const keys = Object.keys(tally.value) as (keyof typeof counts)[];
    if (!keys.every((k) => tally.value[k] === counts[k]))
      ctx.fail(
        `request_counts ${JSON.stringify(counts)} differ from the results lines ${JSON.stringify(tally.value)}`,
      );
  }
  return lines;
}

/**
 * Whether a batch is in the batch list seen with `auth`, every page of it: the page size is the
 * server's own (its default and bounds are not shown, UNSPEC-BATCH-LIST-LIMIT) and so is the
 * order (UNSPEC-BATCH-LIST-ORDER), so no page but the whole list can tell. However many pages it
 * takes; a list that stops making progress (a page already read, an empty page said to have more)
 * fails.
 */
export async function listed(ctx: CaseContext, auth: Auth, id: string): Promise<boolean> {
  const seen = new Set<string>();
  let afterId: string | undefined;
  for (;;) {
    const res = await ctx.call('messages.batches.list', {
      auth,
      query: afterId === undefined ? {} : { after_id: afterId },
    });
    success(ctx, res);
    const list = ctx.bodyOf(res);
    if (list.data.some((b) => b.id === id)) return true;
    const last = list.data.at(-1);
    if (!list.has_more) return false;
    if (last === undefined) return ctx.fail('has_more is true on an empty page of the batch list');
    if (seen.has(last.id)) return ctx.fail(`the batch list pages back to ${last.id} after it`);
    seen.add(last.id);
    afterId = last.id;
  }
}
