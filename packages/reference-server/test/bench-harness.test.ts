/** The benchmarks' statistics: rounds in turned-around order, ratios read within a round, medians. */
import { describe, expect, it } from 'vitest';
import { median, type Phase, pairedRounds } from '../bench/harness.js';

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

  it('a ratio read within each round: a machine slowing between rounds moves no ratio', async () => {
    // The machine halves its speed every round; the measured side is always 0.8 of the baseline.
    const speed = (round: number) => 1000 / 2 ** round;
    const rounds = await pairedRounds(5, {
      baseline: async (round) => phase('baseline', speed(round)),
      measured: async (round) => phase('measured', 0.8 * speed(round)),
    });
    expect(median(rounds.map((r) => r.measured.rps / r.baseline.rps))).toBeCloseTo(0.8);
  });
});
