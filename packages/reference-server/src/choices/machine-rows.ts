/**
 * Patched copies of a state machine, for faults that change a transition: rows replaced for some
 * states of an event, or an effect dropped from every row. The copy keeps one row per (state,
 * event), so `step` reads it as it reads the spec's.
 */
import type { AnyMachine } from '@vendor-api/spec';

type AnyRow = AnyMachine['rows'][number];

/**
 * The machine with the rows of `event` from `states` changed by `change` (a row that also leaves
 * other states is split: those keep the documented row).
 */
export function replaceRows(
  machine: AnyMachine,
  event: string,
  states: readonly string[],
  change: Partial<AnyRow>,
): AnyMachine {
  const rows = machine.rows.flatMap((row): AnyRow[] => {
    if (row.event !== event) return [row];
    const hit = row.from.filter((s: string) => states.includes(s));
    if (hit.length === 0) return [row];
    const rest = row.from.filter((s: string) => !states.includes(s));
    const changed: AnyRow = { ...row, ...change, from: hit };
    return rest.length === 0 ? [changed] : [{ ...row, from: rest }, changed];
  });
  return { ...machine, rows };
}

/** The machine with an effect dropped from every row that carries it. */
export function withoutEffect(machine: AnyMachine, effect: string): AnyMachine {
  const rows = machine.rows.map((row) =>
    row.effects.includes(effect) ? { ...row, effects: row.effects.filter((e: string) => e !== effect) } : row,
  );
  return { ...machine, rows };
}
