/**
 * The request bounds (UNSPEC-REQUEST-JSON-DEPTH, UNSPEC-REQUEST-BODY-SIZE): where a value nests
 * too deep, found without recursion, and the per-operation body limits derived from the
 * documented ones (BATCH-CREATE-MAX-SIZE, EXCH-ASSERTION-MAX).
 */
import { describe, expect, it } from 'vitest';
import { jwt, type OperationId } from '../../src/index.js';
import { BATCH_SIZE_LIMIT_MB, BYTES_PER_MB } from '../../src/rules/message-batches.js';
import {
  BODY_LIMITS,
  bodyLimit,
  jsonDepthViolation,
  MAX_JSON_DEPTH,
} from '../../src/rules/request-bounds.js';

const objects = (levels: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
const arrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('jsonDepthViolation', () => {
  const cases: [string, { value: unknown; max?: number; want: string | null }][] = [
    ['a scalar', { value: 'x', want: null }],
    ['null', { value: null, want: null }],
    ['objects at the bound', { value: objects(MAX_JSON_DEPTH), want: null }],
    [
      'objects one past it',
      { value: objects(MAX_JSON_DEPTH + 1), want: `body${'.a'.repeat(MAX_JSON_DEPTH)}` },
    ],
    [
      'arrays one past it',
      { value: arrays(MAX_JSON_DEPTH + 1), want: `body${'[0]'.repeat(MAX_JSON_DEPTH)}` },
    ],
    [
      'a wide, shallow value',
      { value: { a: Array.from({ length: 10_000 }, (_, i) => ({ i })) }, want: null },
    ],
    [
      'the first deep member, by its path, odd keys quoted',
      { value: { ok: [1, { 'a b': { x: {} } }] }, max: 4, want: 'body.ok[1]["a b"].x' },
    ],
    [
      'a million levels, without recursion',
      { value: arrays(1_000_000), want: `body${'[0]'.repeat(MAX_JSON_DEPTH)}` },
    ],
  ];
  for (const [name, { value, max, want }] of cases) {
    it(name, () => expect(jsonDepthViolation(value, max)).toBe(want));
  }
});

describe('body limits per operation', () => {
  it('derive from the documented limits and cap every other operation', () => {
    const batch = BATCH_SIZE_LIMIT_MB * BYTES_PER_MB;
    expect(bodyLimit('messages.batches.create')).toBeGreaterThan(batch);
    expect(bodyLimit('messages.create')).toBe(batch / 8);
    expect(bodyLimit('oauth.token')).toBeGreaterThan(jwt.MAX_ASSERTION_BYTES);
    expect(bodyLimit('dreams.create')).toBe(BODY_LIMITS.default);
    // A name from outside (a route's config, a command line) that is a property of every object.
    expect(bodyLimit('toString' as OperationId)).toBe(BODY_LIMITS.default);
  });
});
