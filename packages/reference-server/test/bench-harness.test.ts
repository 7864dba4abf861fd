/** The benchmarks' statistics: rounds in turned-around order, ratios read within a round, medians. */
import { describe, expect, it } from 'vitest';
import { bracketed, median, type Phase, pairedRounds, quantile } from '../bench/harness.js';

const phase = (name: string, rps: number): Phase => ({
  name,
  rps,
  cpuUsPerOp: 1e6 / rps,
  loaderCpuUsPerOp: null,
});

describe('bench harness', () => {
  it('median: the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(/no values/);
  });

  it('pairedRounds runs every phase once a round, the order turned around every other round', async () => {
    const order: string[] = [];
    const measure = (name: string) => async (round: number) => {
      order.push(`${name}${round}`);
      return phase(name, 100 * (round + 1));
    };
    const rounds = await pairedRounds(3, { a: measure('a'), b: measure('b'), c: measure('c') });
    expect(order).toEqual(['a0', 'b0', 'c0', 'c1', 'b1', 'a1', 'a2', 'b2', 'c2']);
    expect(rounds.map((r) => [r.a.rps, r.b.rps, r.c.rps])).toEqual([
      [100, 100, 100],
      [200, 200, 200],
      [300, 300, 300],
    ]);
  });

  it('a ratio read against the two baseline runs that bracket it: a machine slowing down steadily moves no ratio', async () => {
    // The machine loses 10 % of its speed with every phase; the measured side is always 0.8 of
    // the baseline at the same speed.
    let calls = 0;
    const speed = () => 1000 * 0.9 ** calls++;
    const rounds = await pairedRounds(7, {
      baseline: async () => phase('baseline', speed()),
      measured: async () => phase('measured', 0.8 * speed()),
      control: async () => phase('control', speed()),
    });
    const ratios = rounds.map((r) => bracketed(r.measured, r.baseline, r.control));
    for (const ratio of ratios) expect(ratio).toBeCloseTo(0.8 * (0.9 / ((1 + 0.81) / 2)), 10);
    // Read against one neighbour only, the drift shows: the median is the even rounds' 0.8 × 0.9.
    expect(median(rounds.map((r) => r.measured.rps / r.baseline.rps))).toBeCloseTo(0.72);
  });

  it('quantile interpolates between neighbours', () => {
    expect(quantile([1, 2, 3, 4, 5, 6, 7], 0.25)).toBeCloseTo(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7], 0.75)).toBeCloseTo(5.5);
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
  });
});
