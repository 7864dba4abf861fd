import { describe, expect, it } from 'vitest';
import {
  differences,
  type MockRow,
  median,
  mockTable,
  scores,
  type TargetRow,
  targetTable,
} from '../src/table.js';

const verdict = (found: boolean, by = '', requests = 10, seconds = 1.4) => ({ found, by, requests, seconds });

const rows: TargetRow[] = [
  {
    name: 'clean',
    kind: 'clean',
    suite: verdict(false),
    schemathesis: verdict(true, 'ST202 GET /v1/dreams'),
  },
  { name: 'A', kind: 'fault', suite: verdict(true, 'case.a'), schemathesis: verdict(false) },
  {
    name: 'B',
    kind: 'fault',
    suite: verdict(true, 'case.b'),
    schemathesis: verdict(true, 'ST201 POST /v1/x'),
  },
  { name: 'C', kind: 'fault', suite: verdict(false), schemathesis: verdict(true, 'ST201 POST /v1/y') },
  { name: 'v1', kind: 'variant', suite: verdict(false), schemathesis: verdict(true, 'ST108 GET /v1/z') },
  {
    name: 'v2',
    kind: 'variant',
    suite: { ...verdict(false), unfinished: true },
    schemathesis: verdict(false),
  },
];

describe('scores', () => {
  it('counts faults killed, variants passed (an unfinished run passes none) and sums requests and time', () => {
    expect(scores(rows, 'suite')).toMatchObject({
      killed: 2,
      faults: 3,
      passed: 1,
      variants: 2,
      requests: 60,
    });
    expect(scores(rows, 'suite').seconds).toBeCloseTo(8.4);
    expect(scores(rows, 'schemathesis')).toMatchObject({ killed: 2, faults: 3, passed: 1, variants: 2 });
  });
});

describe('differences', () => {
  it('names each fault one tool kills and the other misses', () => {
    expect(differences(rows)).toEqual({ suite: ['A'], schemathesis: ['C'] });
  });
});

describe('targetTable', () => {
  it('prints a summary row per tool, the differences by name, and each target', () => {
    const text = targetTable(rows);
    expect(text).toContain('| our suite | 2 / 3 | 1 / 2 | 60 | 8 s |');
    expect(text).toContain('| Schemathesis | 2 / 3 | 1 / 2 | 60 | 8 s |');
    expect(text).toContain('Killed by our suite only: A.');
    expect(text).toContain('Killed by Schemathesis only: C.');
    expect(text).toContain('| fault A | killed (case.a) | missed |');
    expect(text).toContain('| variant v1 | passed | FALSE FAILURE (ST108 GET /v1/z) |');
    expect(text).toContain('| variant v2 | no verdict (budget spent) | passed |');
    expect(text).toContain('| clean | passed | failed (ST202 GET /v1/dreams) |');
  });
});

describe('mockTable', () => {
  const step = (operation: string, ok: boolean, problem = '') => ({ operation, ok, problem });
  const mocks: MockRow[] = [
    {
      name: 'sandbox',
      version: '1.0.0',
      steps: [step('a', true), step('b', true)],
      state: { ok: true, problem: '' },
      rounds: [100, 300, 200],
    },
    {
      name: 'prism',
      version: '5.14.2',
      steps: [step('a', true), step('b', false, '500: boom')],
      state: { ok: false, problem: 'two batches created with one id' },
      rounds: [50, 40, 60],
    },
    {
      name: 'steady',
      version: '0.22.2',
      unavailable: 'steady exited (1) before it listened:\nE1001 bad spec',
      steps: [],
      state: { ok: false, problem: '' },
      rounds: [],
    },
  ];

  it('judges each server on the same calls, with its throughput as a ratio of the median rounds', () => {
    const text = mockTable(mocks);
    expect(text).toContain('| sandbox 1.0.0 | 2 / 2 | yes | 1.00× |');
    expect(text).toContain('| prism 5.14.2 | 1 / 2 | no | 0.25× |');
    expect(text).toContain('- prism b: 500: boom');
    expect(text).toContain('- prism state: two batches created with one id');
  });

  it('prints a mock that did not start as a result, with its words', () => {
    const text = mockTable(mocks);
    expect(text).toContain('| steady 0.22.2 | did not start | – | – |');
    expect(text).toContain('- steady: steady exited (1) before it listened: / E1001 bad spec');
  });

  it('takes the median of even and odd numbers of rounds', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
