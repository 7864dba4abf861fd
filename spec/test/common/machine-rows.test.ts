/**
 * `matchingRows` reads guards as bit masks (one pass over an event's guards, one comparison per
 * row) and by name when an event names more guards than a mask holds. Both readings must pick
 * exactly the rows the definition picks: every guard a row names holds the value it wants, a fact
 * not given counting as false.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchingRows } from '../../src/machine.js';
import type { Machine, Row } from '../../src/types.js';

type R = Row<string, string, string, string>;

/** The definition, row by row and guard by guard. */
const byDefinition = (rows: readonly R[], state: string, event: string, facts: Record<string, boolean>) =>
  rows.filter(
    (r) =>
      r.event === event &&
      r.from.includes(state) &&
      Object.entries(r.when ?? {}).every(([g, want]) => (facts[g] ?? false) === want),
  );

function machineOf(guards: readonly string[], rows: readonly R[]): Machine {
  return {
    id: 'synthetic',
    resource: null,
    doc: '000',
    description: 'rows drawn at random',
    states: ['a', 'b'],
    initial: 'a',
    terminal: [],
    events: { go: { description: 'go' }, stop: { description: 'stop' } },
    guards: Object.fromEntries(guards.map((g) => [g, g])),
    effects: {},
    rows,
  } as unknown as Machine;
}

const scenario = (guardCount: number) =>
  fc.constant(Array.from({ length: guardCount }, (_, i) => `g${i}`)).chain((guards) =>
    fc.record({
      guards: fc.constant(guards),
      rows: fc.array(
        fc.record({
          event: fc.constantFrom('go', 'stop'),
          from: fc.subarray(['a', 'b'], { minLength: 1 }),
          // Past a mask's 31 guards, rows name 32 or more (the reading by name).
          when: fc.dictionary(fc.constantFrom(...guards), fc.boolean(), {
            minKeys: guardCount > 31 ? 32 : 0,
            maxKeys: guardCount > 31 ? guardCount : 6,
          }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      state: fc.constantFrom('a', 'b'),
      event: fc.constantFrom('go', 'stop'),
      facts: fc.dictionary(fc.constantFrom(...guards), fc.boolean()),
    }),
  );

describe('matchingRows', () => {
  for (const guardCount of [3, 12, 31, 40]) {
    it(`picks the rows the definition picks, ${guardCount} guards (${guardCount > 31 ? 'by name' : 'as masks'})`, () => {
      fc.assert(
        fc.property(scenario(guardCount), ({ guards, rows, state, event, facts }) => {
          const table = rows.map((r, i) => ({
            ...r,
            to: 'unchanged',
            outcome: { kind: 'ok', status: 200 + i },
            effects: [],
          })) as unknown as R[];
          const machine = machineOf(guards, table);
          expect(matchingRows(machine, state, event, facts)).toEqual(
            byDefinition(table, state, event, facts),
          );
        }),
      );
    });
  }

  it('an event with no rows matches none', () => {
    const machine = machineOf(['g0'], [
      { event: 'go', from: ['a'], to: 'b', outcome: { kind: 'ok', status: 200 }, effects: [] },
    ] as unknown as R[]);
    expect(matchingRows(machine, 'a', 'stop', {})).toEqual([]);
  });
});
