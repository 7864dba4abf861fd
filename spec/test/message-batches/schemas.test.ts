import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  MessageBatch,
  MessageBatchCreateParams,
  MessageBatchCustomId,
  MessageBatchList,
  MessageBatchListParams,
  MessageBatchProcessingStatus,
  MessageBatchRequest,
  MessageBatchRequestCounts,
  MessageBatchRequestParams,
  MessageBatchResult,
  MessageBatchResultVariant,
} from '../../src/resources/message-batches.js';
import { Fail, Ok, str } from '../helpers.js';

const T0 = '2026-04-01T12:00:00Z';
const T24 = '2026-04-02T12:00:00Z';
const counts = { processing: 2, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
const inProgress = {
  id: 'msgbatch_01',
  type: 'message_batch',
  processing_status: 'in_progress',
  request_counts: counts,
  created_at: T0,
  expires_at: T24,
  ended_at: null,
  cancel_initiated_at: null,
  results_url: null,
};
const ended = {
  ...inProgress,
  processing_status: 'ended',
  request_counts: { ...counts, processing: 0, succeeded: 2 },
  ended_at: '2026-04-01T12:30:00Z',
  results_url: 'https://api.example.com/v1/messages/batches/msgbatch_01/results',
};
const params = { model: 'vendor-opus-4-7', max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }] };
const item = { custom_id: 'req-1', params };
const message = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  content: [{ type: 'text', text: 'Hello' }],
  model: 'vendor-opus-4-7',
  stop_reason: 'end_turn',
  usage: { input_tokens: 10, output_tokens: 3 },
};
const errorBody = {
  type: 'error',
  error: { type: 'invalid_request_error', message: 'max_tokens: must be at least 1' },
};

const without = (o: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = o;
  return rest;
};

describe('MessageBatchCustomId (BATCH-ITEM-CUSTOM-ID-PATTERN, BATCH-ITEM-CUSTOM-ID-LENGTH)', () => {
  it('rejects the empty string (0 characters)', () => Fail(MessageBatchCustomId, ''));
  it('accepts 1 character', () => Ok(MessageBatchCustomId, 'a'));
  it('accepts 64 characters', () => Ok(MessageBatchCustomId, str(64)));
  it('rejects 65 characters', () => Fail(MessageBatchCustomId, str(65)));
  it.each(['a', 'z', 'A', 'Z', '0', '9', '_', '-'])('accepts the allowed character %j', (ch) =>
    Ok(MessageBatchCustomId, `x${ch}y`),
  );
  it.each([' ', '.', '/', '+', '!', '@', ':', '#', '=', '~', '\n', '\t', 'é', 'ß', '€', '日', '😀'])(
    'rejects the character %j',
    (ch) => Fail(MessageBatchCustomId, `x${ch}y`),
  );
  it('rejects a non-string', () => Fail(MessageBatchCustomId, 12));

  it('agrees with the documented pattern on random strings', () => {
    const re = /^[a-zA-Z0-9_-]{1,64}$/;
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 70 }), fc.stringMatching(/^[a-zA-Z0-9_-]{0,70}$/)), (s) => {
        if (re.test(s)) Ok(MessageBatchCustomId, s);
        else Fail(MessageBatchCustomId, s);
      }),
    );
  });
});

describe('MessageBatchRequestParams (BATCH-ITEM-MAX-TOKENS-MIN-1, BATCH-ITEM-PARAMS)', () => {
  it('rejects max_tokens 0 inside a batch', () =>
    Fail(MessageBatchRequestParams, { ...params, max_tokens: 0 }));
  it('accepts max_tokens 1 inside a batch', () =>
    Ok(MessageBatchRequestParams, { ...params, max_tokens: 1 }));
  it('rejects a fractional max_tokens', () =>
    Fail(MessageBatchRequestParams, { ...params, max_tokens: 1.5 }));
  it('accepts other creation parameters (not shown, left open)', () =>
    Ok(MessageBatchRequestParams, { ...params, temperature: 1 }));
  it.each(['model', 'max_tokens', 'messages'])('rejects a missing %s', (key) =>
    Fail(MessageBatchRequestParams, without(params, key)),
  );
  it('rejects a thinking block in a user turn', () =>
    Fail(MessageBatchRequestParams, {
      ...params,
      messages: [{ role: 'user', content: [{ type: 'thinking', thinking: 't', signature: 's' }] }],
    }));
});

describe('MessageBatchRequest (BATCH-ITEM-*, BATCH-PARAMS-ASYNC-VALIDATION)', () => {
  it('accepts custom_id and params', () => Ok(MessageBatchRequest, item));
  it('accepts params that fail the batch params shape: they are checked asynchronously', () =>
    Ok(MessageBatchRequest, { custom_id: 'a', params: { ...params, max_tokens: 0 } }));
  it('accepts an empty params object at creation', () =>
    Ok(MessageBatchRequest, { custom_id: 'a', params: {} }));
  it.each([
    ['a string', 'params'],
    ['an array', []],
    ['null', null],
  ])('rejects params that are %s', (_, p) => Fail(MessageBatchRequest, { custom_id: 'a', params: p }));
  it('rejects a missing custom_id', () => Fail(MessageBatchRequest, { params }));
  it('rejects a missing params', () => Fail(MessageBatchRequest, { custom_id: 'a' }));
  it('rejects an invalid custom_id', () => Fail(MessageBatchRequest, { custom_id: 'a b', params }));
  it('rejects an extra field', () => Fail(MessageBatchRequest, { ...item, method: 'POST' }));
});

describe('MessageBatchCreateParams (BATCH-CREATE-REQUESTS, BATCH-CREATE-MAX-REQUESTS)', () => {
  const many = (n: number) => ({ requests: new Array(n).fill(item) });
  it('rejects an empty requests array (minimum not stated; at least 1 here)', () =>
    Fail(MessageBatchCreateParams, many(0)));
  it('accepts 1 request', () => Ok(MessageBatchCreateParams, many(1)));
  it('accepts 100,000 requests', () => Ok(MessageBatchCreateParams, many(100_000)));
  it('rejects 100,001 requests', () => Fail(MessageBatchCreateParams, many(100_001)));
  it('rejects a missing requests', () => Fail(MessageBatchCreateParams, {}));
  it('rejects requests that is not an array', () => Fail(MessageBatchCreateParams, { requests: item }));
  it('rejects an invalid item', () =>
    Fail(MessageBatchCreateParams, { requests: [item, { custom_id: '' }] }));
  it('rejects an extra field', () => Fail(MessageBatchCreateParams, { ...many(1), stream: false }));
});

describe('MessageBatchProcessingStatus (BATCH-OBJECT-STATUS-VALUES)', () => {
  it.each(['in_progress', 'ended'])('accepts %s', (s) => Ok(MessageBatchProcessingStatus, s));
  it.each(['canceling', 'completed', 'expired', ''])('rejects %j', (s) =>
    Fail(MessageBatchProcessingStatus, s),
  );
});

describe('MessageBatchRequestCounts (BATCH-OBJECT-REQUEST-COUNTS)', () => {
  it('accepts five non-negative integers', () => Ok(MessageBatchRequestCounts, counts));
  it.each(['processing', 'succeeded', 'errored', 'canceled', 'expired'])('rejects a missing %s', (key) =>
    Fail(MessageBatchRequestCounts, without(counts, key)),
  );
  it('rejects a negative count', () => Fail(MessageBatchRequestCounts, { ...counts, errored: -1 }));
  it('rejects a fractional count', () => Fail(MessageBatchRequestCounts, { ...counts, errored: 0.5 }));
  it('rejects an extra count', () => Fail(MessageBatchRequestCounts, { ...counts, pending: 0 }));
});

describe('MessageBatch (BATCH-OBJECT-*)', () => {
  it('accepts an in_progress batch', () => Ok(MessageBatch, inProgress));
  it('accepts an ended batch', () => Ok(MessageBatch, ended));
  it.each(['msg_01', 'msgbatch_', 'batch_01'])('rejects the id %j', (id) =>
    Fail(MessageBatch, { ...inProgress, id }),
  );
  it('rejects another type', () => Fail(MessageBatch, { ...inProgress, type: 'batch' }));
  it('rejects an unknown processing_status', () =>
    Fail(MessageBatch, { ...inProgress, processing_status: 'canceling' }));

  it.each(['created_at', 'expires_at'])('rejects a null %s', (key) =>
    Fail(MessageBatch, { ...inProgress, [key]: null }),
  );
  it.each(['created_at', 'expires_at'])('rejects a %s that is not a timestamp', (key) =>
    Fail(MessageBatch, { ...inProgress, [key]: 'yesterday' }),
  );
  it.each(['ended_at', 'cancel_initiated_at'])('accepts a null %s', (key) =>
    Ok(MessageBatch, { ...inProgress, [key]: null }),
  );
  it.each(['ended_at', 'cancel_initiated_at'])('accepts a timestamp %s', (key) =>
    Ok(MessageBatch, { ...inProgress, [key]: T24 }),
  );
  it.each(['ended_at', 'cancel_initiated_at'])('rejects a %s that is not a timestamp', (key) =>
    Fail(MessageBatch, { ...inProgress, [key]: 12 }),
  );
  it('accepts a null results_url', () => Ok(MessageBatch, { ...ended, results_url: null }));
  it('rejects a results_url that is not a URL', () =>
    Fail(MessageBatch, { ...ended, results_url: 'not a url' }));
  it.each(Object.keys(inProgress))('rejects a missing %s (nullable fields are always present)', (key) =>
    Fail(MessageBatch, without(inProgress, key)),
  );
  it('rejects an extra field', () => Fail(MessageBatch, { ...inProgress, archived_at: null }));
});

describe('MessageBatchListParams (BATCH-LIST-QUERY)', () => {
  it('accepts no parameters', () => Ok(MessageBatchListParams, {}));
  it('accepts limit and after_id', () => Ok(MessageBatchListParams, { limit: 20, after_id: 'msgbatch_01' }));
  it('rejects limit 0', () => Fail(MessageBatchListParams, { limit: 0 }));
  it('accepts limit 1', () => Ok(MessageBatchListParams, { limit: 1 }));
  it('rejects a fractional limit', () => Fail(MessageBatchListParams, { limit: 2.5 }));
  it('rejects a non-string after_id', () => Fail(MessageBatchListParams, { after_id: 3 }));
  it('rejects a parameter not shown', () => Fail(MessageBatchListParams, { before_id: 'msgbatch_01' }));
});

describe('MessageBatchList (BATCH-LIST-ENVELOPE)', () => {
  it('accepts a page', () =>
    Ok(MessageBatchList, { data: [inProgress, ended], has_more: true, last_id: 'msgbatch_01' }));
  it('accepts an empty page with a null last_id', () =>
    Ok(MessageBatchList, { data: [], has_more: false, last_id: null }));
  it.each(['data', 'has_more', 'last_id'])('rejects a missing %s', (key) =>
    Fail(MessageBatchList, without({ data: [], has_more: false, last_id: null }, key)),
  );
  it('rejects an invalid batch in data', () =>
    Fail(MessageBatchList, { data: [{ ...inProgress, type: 'x' }], has_more: false, last_id: null }));
  it('rejects a non-boolean has_more', () =>
    Fail(MessageBatchList, { data: [], has_more: 'no', last_id: null }));
});

describe('MessageBatchResult (BATCH-RESULT-*)', () => {
  const line = (result: unknown) => ({ custom_id: 'req-1', result });
  it('accepts a succeeded result carrying the message', () =>
    Ok(MessageBatchResult, line({ type: 'succeeded', message })));
  it('accepts an errored result with the error type at result.error.error.type', () =>
    Ok(MessageBatchResult, line({ type: 'errored', error: errorBody })));
  it('accepts a canceled result', () => Ok(MessageBatchResult, line({ type: 'canceled' })));
  it('accepts an expired result', () => Ok(MessageBatchResult, line({ type: 'expired' })));

  it('rejects a succeeded result without a message', () =>
    Fail(MessageBatchResult, line({ type: 'succeeded' })));
  it('rejects a succeeded result with an invalid message', () =>
    Fail(MessageBatchResult, line({ type: 'succeeded', message: { ...message, role: 'user' } })));
  it('rejects an errored result without an error', () => Fail(MessageBatchResult, line({ type: 'errored' })));
  it('rejects an errored result whose error lacks the nested error type', () =>
    Fail(
      MessageBatchResult,
      line({ type: 'errored', error: { type: 'invalid_request_error', message: 'x' } }),
    ));
  it('rejects an errored result carrying a message', () =>
    Fail(MessageBatchResult, line({ type: 'errored', error: errorBody, message })));
  it.each(['canceled', 'expired'])('rejects a %s result carrying a message', (type) =>
    Fail(MessageBatchResult, line({ type, message })),
  );
  it('rejects an unknown result type', () => Fail(MessageBatchResultVariant, { type: 'processing' }));
  it('rejects a line without custom_id', () => Fail(MessageBatchResult, { result: { type: 'expired' } }));
  it('rejects a line with an invalid custom_id', () =>
    Fail(MessageBatchResult, { custom_id: str(65), result: { type: 'expired' } }));
  it('rejects a line without result', () => Fail(MessageBatchResult, { custom_id: 'a' }));
  it('rejects an extra field on the line', () =>
    Fail(MessageBatchResult, { ...line({ type: 'expired' }), id: 1 }));
});
