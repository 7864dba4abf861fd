/** The benchmarks' statistics: rounds in turned-around order, ratios read within a round, medians. */
import { describe, expect, it } from 'vitest';
import {
  againstBaseline,
  bracketed,
  median,
  type Phase,
  pairedRounds,
  quantile,
  readAgainstControl,
  verdictOf,
} from '../bench/harness.js';

const phase = (name: string, rps: number, cpuUsPerOp = 1e6 / rps): Phase => ({
  name,
  rps,
  cpuUsPerOp,
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

  it('a ratio inside the A/A middle half counts as equal to the baseline; outside it, its median stands', () => {
    // The A/A control's middle half is 0.9 to 1.1.
    const control = [0.8, 0.9, 1, 1.1, 1.2];
    expect(readAgainstControl({ ratios: [0.85, 0.92, 0.95], control })).toEqual({
      median: 0.92,
      band: [0.9, 1.1],
      place: 'inside',
      value: 1,
    });
    expect(readAgainstControl({ ratios: [0.8, 0.85, 0.95], control })).toMatchObject({
      place: 'below',
      value: 0.85,
    });
    expect(readAgainstControl({ ratios: [1.2, 1.3], control })).toMatchObject({
      place: 'above',
      value: 1.25,
    });
  });

  it('againstBaseline reads throughput and CPU per request the same way round (above 1: better), each with its A/A', () => {
    const rounds = [
      {
        base: phase('base', 1000, 100),
        measured: phase('measured', 900, 125),
        again: phase('again', 1100, 100),
      },
    ];
    const { throughput, cpu } = againstBaseline(rounds, 'measured', 'base', 'again');
    expect(throughput.ratios[0]).toBeCloseTo(900 / 1050);
    expect(throughput.control[0]).toBeCloseTo(1.1);
    expect(cpu.ratios[0]).toBeCloseTo(0.8);
    expect(cpu.control[0]).toBeCloseTo(1);
  });

  it("throughput decides when its A/A middle half stays within the target's margin; CPU per request decides when it does not", () => {
    const steadyCpu = { ratios: [0.97, 0.98, 0.99], control: [0.99, 1, 1.01] };
    const slowCpu = { ratios: [0.85, 0.86, 0.87], control: [0.99, 1, 1.01] };
    // A quiet machine: the baseline against itself stays within 0.97 to 1.03.
    const quiet = { ratios: [0.9, 0.91, 0.92], control: [0.97, 0.99, 1, 1.01, 1.03] };
    expect(verdictOf(0.95, quiet, steadyCpu)).toMatchObject({
      noisy: false,
      primary: 'throughput',
      ok: false,
    });
    // A busy one: the baseline against itself spans 0.8 to 1.3, and 0.9 is inside its middle half.
    const busy = { ratios: [0.85, 0.9, 0.95], control: [0.8, 0.88, 1, 1.12, 1.3] };
    expect(verdictOf(0.95, busy)).toMatchObject({ noisy: true, primary: 'throughput', ok: true });
    expect(verdictOf(0.95, busy, steadyCpu)).toMatchObject({ noisy: true, primary: 'cpu', ok: true });
    expect(verdictOf(0.95, busy, slowCpu)).toMatchObject({ noisy: true, primary: 'cpu', ok: false });
    // A target the busy machine's noise does not reach: throughput decides.
    expect(verdictOf(0.8, busy, slowCpu)).toMatchObject({ noisy: false, primary: 'throughput', ok: true });
    // The baseline's second run far faster than its first, whichever ran first: a middle half of 1.12
    // to 1.9 is past the margin the other way (above 1 / 0.95), noisy as much as one below 0.95.
    const skewed = { ratios: [0.85, 0.87, 0.9], control: [0.67, 1.12, 1.35, 1.9, 2.3] };
    expect(verdictOf(0.95, skewed, slowCpu)).toMatchObject({ noisy: true, primary: 'cpu', ok: false });
  });
});
