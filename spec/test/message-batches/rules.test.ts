import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageBatch } from '../../src/resources/message-batches.js';
import {
  BATCH_LIMITS,
  BATCH_PRICE_FACTOR,
  BATCH_PRICES,
  type BatchRequestState,
  batchPrice,
  batchRecordProblems,
  bodyByteLength,
  countsAfterExpiry,
  duplicateCustomIds,
  exceededBatchLimits,
  expiresAt,
  initialRequestCounts,
  isBilled,
  isExpiryDue,
  isRetryable,
  isValidCustomId,
  RESULT_TYPES,
  type RequestFate,
  requestCountsConsistent,
  resultsAvailable,
  resultsRetainedUntil,
  resultTypeFor,
  retryAdvice,
  tallyRequestCounts,
} from '../../src/rules/message-batches.js';

function value<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(`expected ok, got error: ${r.error}`);
  return r.value;
}

const MB256 = 256 * 1024 * 1024;
const T0 = '2026-04-01T12:00:00.000Z';

describe('isValidCustomId (BATCH-ITEM-CUSTOM-ID-PATTERN, BATCH-ITEM-CUSTOM-ID-LENGTH)', () => {
  it.each([
    ['', false],
    ['a', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['Req_01-x', true],
    ['req 1', false],
    ['req.1', false],
    ['réq', false],
    [12, false],
    [null, false],
  ])('%j -> %s', (id, want) => {
    expect(isValidCustomId(id)).toBe(want);
  });
});

describe('duplicateCustomIds (BATCH-ITEM-CUSTOM-ID-UNIQUE)', () => {
  const items = (...ids: string[]) => ids.map((custom_id) => ({ custom_id, params: {} }));
  it.each([
    ['no items', items(), []],
    ['unique ids', items('a', 'b', 'c'), []],
    ['one duplicate', items('a', 'b', 'a'), ['a']],
    ['a triplicate reported once', items('a', 'a', 'a'), ['a']],
    ['two duplicates in order of their second occurrence', items('b', 'a', 'a', 'b'), ['a', 'b']],
    ['ids differing only in case are distinct', items('a', 'A'), []],
  ])('with %s answers %j', (_, requests, want) => {
    expect(value(duplicateCustomIds(requests))).toEqual(want);
  });

  it.each([
    ['a non-array', { custom_id: 'a' }],
    ['an item without custom_id', [{ params: {} }]],
    ['a numeric custom_id', [{ custom_id: 1 }]],
    ['a null item', [null]],
  ])('answers an error for %s', (_, requests) => {
    expect(duplicateCustomIds(requests).ok).toBe(false);
  });

  it('agrees with a Set-based oracle', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 12 }), (ids) => {
        const dups = value(duplicateCustomIds(ids.map((custom_id) => ({ custom_id }))));
        const unique = new Set(ids).size === ids.length;
        expect(dups.length === 0).toBe(unique);
        const expected = new Set(ids.filter((id, i) => ids.indexOf(id) !== i));
        expect(new Set(dups)).toEqual(expected);
        expect(new Set(dups).size).toBe(dups.length);
      }),
    );
  });
});

describe('exceededBatchLimits (BATCH-CREATE-MAX-REQUESTS, BATCH-CREATE-MAX-SIZE, BATCH-CREATE-LIMIT-FIRST-REACHED)', () => {
  it('holds 100,000 requests and 256 MB', () => {
    expect(BATCH_LIMITS.map((l) => [l.limit, l.max])).toEqual([
      ['requests', 100_000],
      ['bytes', MB256],
    ]);
  });

  it.each([
    [1, 1, []],
    [100_000, MB256, []],
    [100_001, MB256, ['requests']],
    [100_000, MB256 + 1, ['bytes']],
    [100_001, MB256 + 1, ['requests', 'bytes']],
    [1, MB256 + 1, ['bytes']],
    [100_001, 10, ['requests']],
  ])('%i requests in %i bytes exceed %j', (n, bytes, want) => {
    expect(value(exceededBatchLimits(n, bytes)).map((l) => l.limit)).toEqual(want);
  });

  it.each([
    [-1, 0],
    [1.5, 0],
    ['10', 0],
    [0, -1],
    [0, Number.NaN],
  ])('answers an error for %j requests, %j bytes', (n, bytes) => {
    expect(exceededBatchLimits(n, bytes).ok).toBe(false);
  });

  it('rejects a batch exactly when either limit is passed', () => {
    fc.assert(
      fc.property(fc.nat({ max: 200_000 }), fc.nat({ max: 2 * MB256 }), (n, bytes) => {
        const exceeded = value(exceededBatchLimits(n, bytes));
        expect(exceeded.length > 0).toBe(n > 100_000 || bytes > MB256);
      }),
    );
  });
});

describe('bodyByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
  ])('%j is %i bytes', (s, n) => {
    expect(bodyByteLength(s)).toBe(n);
  });
});

describe('expiresAt and resultsRetainedUntil (BATCH-OBJECT-EXPIRES-AT, BATCH-RESULTS-RETENTION)', () => {
  it('expires 24 hours after creation', () => expect(value(expiresAt(T0))).toBe('2026-04-02T12:00:00.000Z'));
  it('accepts a Date', () => expect(value(expiresAt(new Date(T0)))).toBe('2026-04-02T12:00:00.000Z'));
  it('keeps results 29 days after creation', () =>
    expect(value(resultsRetainedUntil(T0))).toBe('2026-04-30T12:00:00.000Z'));
  it('normalises an offset timestamp to UTC', () =>
    expect(value(expiresAt('2026-04-01T14:00:00+02:00'))).toBe('2026-04-02T12:00:00.000Z'));
  it.each(['', 'yesterday', '2026-13-01T00:00:00Z'])('answers an error for %j', (t) => {
    expect(expiresAt(t).ok).toBe(false);
    expect(resultsRetainedUntil(t).ok).toBe(false);
  });
  it('answers an error for a non-timestamp', () => expect(expiresAt(5 as unknown as string).ok).toBe(false));
});

describe('isExpiryDue (BATCH-EXPIRY-24H)', () => {
  it.each([
    ['one millisecond before 24 hours', '2026-04-02T11:59:59.999Z', false],
    ['exactly 24 hours after creation', '2026-04-02T12:00:00.000Z', true],
    ['after 24 hours', '2026-04-03T00:00:00.000Z', true],
    ['at creation', T0, false],
  ])('%s -> %s', (_, now, want) => {
    expect(value(isExpiryDue(T0, now))).toBe(want);
  });
  it('answers an error for a bad now', () => expect(isExpiryDue(T0, 'later').ok).toBe(false));
  it('answers an error for a bad createdAt', () => expect(isExpiryDue('x', T0).ok).toBe(false));
});

describe('resultsAvailable (BATCH-RESULTS-AFTER-END, BATCH-RESULTS-RETENTION)', () => {
  const ended = { processing_status: 'ended' as const, created_at: T0 };
  it.each([
    [
      'an in_progress batch',
      { ...ended, processing_status: 'in_progress' as const },
      '2026-04-01T13:00:00Z',
      false,
    ],
    ['an ended batch within retention', ended, '2026-04-01T13:00:00Z', true],
    ['an ended batch one millisecond before 29 days', ended, '2026-04-30T11:59:59.999Z', true],
    ['an ended batch exactly 29 days after creation', ended, '2026-04-30T12:00:00.000Z', false],
    ['an ended batch after retention', ended, '2026-06-01T00:00:00Z', false],
  ])('%s -> %s', (_, batch, now, want) => {
    expect(value(resultsAvailable(batch, now))).toBe(want);
  });
  it('answers an error for a bad created_at', () =>
    expect(resultsAvailable({ ...ended, created_at: 'x' }, T0).ok).toBe(false));
});

describe('request counts (BATCH-CREATE-PROCESSING-COUNT, BATCH-COUNTS-SUM)', () => {
  it('starts with every request processing', () => {
    expect(value(initialRequestCounts(3))).toEqual({
      processing: 3,
      succeeded: 0,
      errored: 0,
      canceled: 0,
      expired: 0,
    });
  });
  it.each([-1, 1.5, '3', null])('answers an error for a total of %j', (n) => {
    expect(initialRequestCounts(n).ok).toBe(false);
  });

  it('tallies request states', () => {
    expect(value(tallyRequestCounts(['processing', 'succeeded', 'succeeded', 'errored', 'expired']))).toEqual(
      {
        processing: 1,
        succeeded: 2,
        errored: 1,
        canceled: 0,
        expired: 1,
      },
    );
  });
  it('answers an error for an unknown state', () => {
    expect(tallyRequestCounts(['pending' as BatchRequestState]).ok).toBe(false);
  });

  const counts = { processing: 1, succeeded: 1, errored: 1, canceled: 1, expired: 1 };
  it.each([
    ['counts adding up to the total', counts, 5, true],
    ['counts adding up to less', counts, 6, false],
    ['counts adding up to more', counts, 4, false],
    ['a missing count', { processing: 5 }, 5, false],
    ['a negative count', { ...counts, processing: -1, succeeded: 3 }, 5, false],
    ['a fractional count', { ...counts, processing: 0.5, succeeded: 1.5 }, 5, false],
    ['a non-object', 5, 5, false],
    ['a negative total', counts, -5, false],
  ])('%s -> %s', (_, c, total, want) => {
    expect(requestCountsConsistent(c, total)).toBe(want);
  });

  const state = fc.constantFrom<BatchRequestState>(
    'processing',
    'succeeded',
    'errored',
    'canceled',
    'expired',
  );

  it('always add up to the number of requests, whatever happens to them', () => {
    fc.assert(
      fc.property(fc.array(state, { maxLength: 200 }), (states) => {
        expect(requestCountsConsistent(value(tallyRequestCounts(states)), states.length)).toBe(true);
      }),
    );
  });

  it('still add up after the 24-hour expiry, with nothing left processing (BATCH-EXPIRY-UNSENT-EXPIRED)', () => {
    fc.assert(
      fc.property(fc.array(state, { maxLength: 200 }), (states) => {
        const before = value(tallyRequestCounts(states));
        const after = value(countsAfterExpiry(before));
        expect(after.processing).toBe(0);
        expect(after.expired).toBe(before.expired + before.processing);
        expect(requestCountsConsistent(after, states.length)).toBe(true);
      }),
    );
  });

  it('answers an error for malformed counts at expiry', () => {
    expect(countsAfterExpiry({ processing: 1 } as never).ok).toBe(false);
  });
});

describe('resultTypeFor (BATCH-RESULT-*)', () => {
  const fate = (f: Partial<RequestFate>): RequestFate => ({
    processed: false,
    paramsValid: true,
    internalError: false,
    stoppedBy: null,
    ...f,
  });
  it.each([
    ['a processed valid request', fate({ processed: true }), 'succeeded', null],
    [
      'a processed invalid request',
      fate({ processed: true, paramsValid: false }),
      'errored',
      'invalid_request_error',
    ],
    [
      'an invalid request that also met an internal error',
      fate({ processed: true, paramsValid: false, internalError: true }),
      'errored',
      'invalid_request_error',
    ],
    [
      'a processed request meeting an internal error',
      fate({ processed: true, internalError: true }),
      'errored',
      null,
    ],
    ['an unsent request of a canceled batch', fate({ stoppedBy: 'cancel' }), 'canceled', null],
    ['an unsent request at the deadline', fate({ stoppedBy: 'deadline' }), 'expired', null],
    [
      'an invalid unsent request at the deadline',
      fate({ paramsValid: false, stoppedBy: 'deadline' }),
      'expired',
      null,
    ],
  ])('%s -> %s', (_, f, type, errorType) => {
    expect(value(resultTypeFor(f))).toEqual({ type, errorType });
  });
  it('answers an error for a request still processing', () => {
    expect(resultTypeFor(fate({})).ok).toBe(false);
  });
  it('answers an error for a non-object', () => {
    expect(resultTypeFor(null as never).ok).toBe(false);
  });
});

describe('retry advice (BATCH-RESULT-ERRORED-FIX-INVALID, BATCH-RESULT-ERRORED-RETRY-OTHER)', () => {
  it.each([
    ['invalid_request_error', 'fix_before_resending', false],
    ['api_error', 'retry_directly', true],
    ['overloaded_error', 'retry_directly', true],
    ['invalid_request', 'retry_directly', true],
  ])('%s -> %s', (type, advice, retryable) => {
    expect(value(retryAdvice(type))).toBe(advice);
    expect(isRetryable(type)).toBe(retryable);
  });
  it.each(['', 3, null])('answers an error for %j', (t) => {
    expect(retryAdvice(t).ok).toBe(false);
  });
  it('does not call an invalid error type retryable', () => expect(isRetryable('')).toBe(false));
});

describe('billing (BATCH-BILLED-SUCCEEDED, BATCH-NOT-BILLED-*, BATCH-PRICE-*)', () => {
  it.each([
    ['succeeded', true],
    ['errored', false],
    ['canceled', false],
    ['expired', false],
  ] as const)('%s billed: %s', (type, billed) => {
    expect(isBilled(type)).toBe(billed);
  });
  it('describes exactly the four result types, only succeeded carrying a message', () => {
    expect(RESULT_TYPES.map((r) => r.type)).toEqual(['succeeded', 'errored', 'canceled', 'expired']);
    expect(RESULT_TYPES.filter((r) => r.carriesMessage).map((r) => r.type)).toEqual(['succeeded']);
  });
  it('prices a batch at half the standard price', () => {
    expect(BATCH_PRICE_FACTOR).toBe(0.5);
    expect(value(batchPrice(5))).toBe(2.5);
    expect(value(batchPrice(0))).toBe(0);
  });
  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, '5'])(
    'answers an error for a standard price of %j',
    (p) => {
      expect(batchPrice(p).ok).toBe(false);
    },
  );
  it.each([
    ['Opus 4.7', 2.5, 12.5],
    ['Opus 4.6', 2.5, 12.5],
    ['Opus 4.5', 2.5, 12.5],
    ['Opus 4.1', 7.5, 37.5],
    ['Opus 4', 7.5, 37.5],
    ['Sonnet 4.6', 1.5, 7.5],
    ['Sonnet 4.5', 1.5, 7.5],
    ['Sonnet 4', 1.5, 7.5],
    ['Haiku 4.5', 0.5, 2.5],
    ['Haiku 3.5', 0.4, 2],
  ])('lists %s at %s / %s USD per million tokens', (model, input, output) => {
    const row = BATCH_PRICES.find((p) => p.models.includes(model));
    expect(row).toMatchObject({ inputUsdPerMTok: input, outputUsdPerMTok: output });
  });
});

describe('batchRecordProblems (BATCH-OBJECT-*, BATCH-ENDED-NONE-PROCESSING)', () => {
  const inProgress: MessageBatch = {
    id: 'msgbatch_01',
    type: 'message_batch',
    processing_status: 'in_progress',
    request_counts: { processing: 2, succeeded: 0, errored: 0, canceled: 0, expired: 0 },
    created_at: T0,
    expires_at: '2026-04-02T12:00:00Z',
    ended_at: null,
    cancel_initiated_at: null,
    results_url: null,
  };
  const ended: MessageBatch = {
    ...inProgress,
    processing_status: 'ended',
    request_counts: { processing: 0, succeeded: 1, errored: 0, canceled: 0, expired: 1 },
    ended_at: '2026-04-02T12:00:00Z',
    results_url: 'https://api.example.com/results/msgbatch_01',
  };
  it.each([
    ['a consistent in_progress batch', inProgress, 2, 0],
    ['a consistent ended batch', ended, 2, 0],
    ['an in_progress batch with ended_at', { ...inProgress, ended_at: T0 }, 2, 1],
    ['an in_progress batch with results_url', { ...inProgress, results_url: 'https://x.example/r' }, 2, 1],
    ['an ended batch without ended_at', { ...ended, ended_at: null }, 2, 1],
    ['an ended batch without results_url', { ...ended, results_url: null }, 2, 1],
    [
      'an ended batch still processing',
      { ...ended, request_counts: { ...ended.request_counts, processing: 1, expired: 0 } },
      2,
      1,
    ],
    ['expires_at not 24 hours after creation', { ...inProgress, expires_at: '2026-04-02T13:00:00Z' }, 2, 1],
    ['counts not adding up to the total', inProgress, 3, 1],
    ['an unreadable created_at', { ...inProgress, created_at: 'x' }, 2, 1],
  ])('%s has %i problem(s)', (_, batch, total, n) => {
    expect(batchRecordProblems(batch as MessageBatch, total)).toHaveLength(n);
  });
  it('skips the count check without a total', () => {
    expect(batchRecordProblems(inProgress)).toEqual([]);
  });
});
