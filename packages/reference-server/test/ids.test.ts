/**
 * Deterministic identifiers: a seed always yields the same sequence (a failing conformance run
 * replays against a fresh server with the same seed), so the first values of one seed are pinned.
 */
import { describe, expect, it } from 'vitest';
import { createIds, randomHex } from '../src/ids.js';

describe('deterministic ids', () => {
  it('a seed yields the same sequence, per kind', () => {
    const ids = createIds('test');
    expect([
      ids.next('message'),
      ids.next('message'),
      ids.next('batch'),
      ids.token('access_token'),
      ids.uuid(),
    ]).toEqual([
      'msg_22RDOmSjthuGbR9LeOfGTeR4',
      'msg_XTE9Z3fGLTzQQ3i4y3HsVi7l',
      'msgbatch_b9QMhpshCr2nhge0BzvET6CV',
      '29f8943968f8e4e46e2238431b72066aaa4a3d04',
      'ebc9e05d-c5bc-48bb-95e7-3138451bfd65',
    ]);
  });

  it('ids have their prefix and 24 base-62 characters; other seeds give other ids', () => {
    const a = createIds('a');
    const b = createIds('b');
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = a.next('request');
      expect(id).toMatch(/^req_[0-9A-Za-z]{24}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
    expect(b.next('request')).not.toBe(createIds('a').next('request'));
    expect(a.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('secrets', () => {
  it('are as long as asked, never repeat across the random pool refills, and do not follow the seed', () => {
    const ids = createIds('test');
    const seen = new Set<string>();
    // 40-byte secrets cross several 4 KiB refills of the pool.
    for (let i = 0; i < 1000; i++) {
      const secret = ids.secret(40);
      expect(secret).toMatch(/^[0-9a-f]{80}$/);
      seen.add(secret);
    }
    expect(seen.size).toBe(1000);
    expect(ids.secret()).toMatch(/^[0-9a-f]{40}$/);
    expect(createIds('test').secret()).not.toBe(createIds('test').secret());
    // Larger than the pool: read from the source directly.
    expect(randomHex(10_000)).toMatch(/^[0-9a-f]{20000}$/);
    expect(() => randomHex(-1)).toThrow(RangeError);
  });
});
