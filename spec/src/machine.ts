/**
 * The pure `step` derived from a machine's transition table. The reference server and the
 * conformance model both call it; neither restates a transition.
 */
import type { Machine, Outcome, Row } from './types.js';

export interface StepResult<S extends string, E extends string, G extends string, F extends string> {
  readonly row: Row<S, E, G, F>;
  readonly next: S;
  readonly changed: boolean;
  readonly outcome: Outcome;
  readonly effects: readonly F[];
}

export class MachineTableError extends Error {
  override readonly name = 'MachineTableError';
}

type AnyRow = Row<string, string, string, string>;

/** A row with its guard conditions as entries, ready to compare with facts. */
interface IndexedRow<S extends string, E extends string, G extends string, F extends string> {
  readonly row: Row<S, E, G, F>;
  readonly when: readonly (readonly [G, boolean])[];
}

/**
 * The rows of a table grouped by event, in table order: derived once per table (keyed by its
 * `rows` array) instead of scanning every row of the machine on every step.
 */
const rowIndexes = new WeakMap<
  readonly AnyRow[],
  Map<string, IndexedRow<string, string, string, string>[]>
>();

function rowsOfEvent<S extends string, E extends string, G extends string, F extends string>(
  machine: Machine<S, E, G, F>,
  event: E,
): readonly IndexedRow<S, E, G, F>[] {
  let index = rowIndexes.get(machine.rows);
  if (!index) {
    index = new Map();
    for (const row of machine.rows as readonly AnyRow[]) {
      const when = row.when ? (Object.entries(row.when) as [string, boolean][]) : [];
      const group = index.get(row.event) ?? [];
      group.push({ row, when });
      index.set(row.event, group);
    }
    rowIndexes.set(machine.rows, index);
  }
  return (index.get(event) ?? []) as unknown as readonly IndexedRow<S, E, G, F>[];
}

function guardsMatch<G extends string>(
  when: readonly (readonly [G, boolean])[],
  facts: Readonly<Partial<Record<G, boolean>>>,
): boolean {
  for (const [guard, want] of when) {
    if ((facts[guard] ?? false) !== want) return false;
  }
  return true;
}

/** The rows that apply to a state, event and guard facts (a complete table yields exactly one). */
export function matchingRows<S extends string, E extends string, G extends string, F extends string>(
  machine: Machine<S, E, G, F>,
  state: S,
  event: E,
  facts: Readonly<Partial<Record<G, boolean>>> = {} as Partial<Record<G, boolean>>,
): Row<S, E, G, F>[] {
  const rows: Row<S, E, G, F>[] = [];
  for (const { row, when } of rowsOfEvent(machine, event)) {
    if (row.from.includes(state) && guardsMatch(when, facts)) rows.push(row);
  }
  return rows;
}

/**
 * Applies one event to one state. Guard facts not given count as false. Throws a
 * `MachineTableError` when the table has no row, or more than one, for the input: the
 * completeness tests make that impossible for the spec's machines.
 */
export function step<S extends string, E extends string, G extends string, F extends string>(
  machine: Machine<S, E, G, F>,
  state: S,
  event: E,
  facts: Readonly<Partial<Record<G, boolean>>> = {} as Partial<Record<G, boolean>>,
): StepResult<S, E, G, F> {
  if (!machine.states.includes(state)) {
    throw new MachineTableError(`${machine.id}: unknown state ${JSON.stringify(state)}`);
  }
  if (!Object.hasOwn(machine.events, event)) {
    throw new MachineTableError(`${machine.id}: unknown event ${JSON.stringify(event)}`);
  }
  const rows = matchingRows(machine, state, event, facts);
  if (rows.length !== 1) {
    throw new MachineTableError(
      `${machine.id}: ${rows.length} rows for state ${state}, event ${event}, facts ${JSON.stringify(facts)}`,
    );
  }
  const row = rows[0]!;
  const next = row.to === 'unchanged' ? state : row.to;
  return { row, next, changed: next !== state, outcome: row.outcome, effects: row.effects };
}

/** Every assignment of the machine's guards (2^n of them): what completeness is checked against. */
export function guardAssignments<G extends string>(guards: readonly G[]): Record<G, boolean>[] {
  const out: Record<G, boolean>[] = [];
  const n = guards.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const facts = {} as Record<G, boolean>;
    guards.forEach((g, i) => {
      facts[g] = (mask & (1 << i)) !== 0;
    });
    out.push(facts);
  }
  return out;
}

/** Pairs (state, event, facts) that have zero or several rows: empty for a complete table. */
export function tableProblems(machine: Machine): string[] {
  const problems: string[] = [];
  const guards = Object.keys(machine.guards);
  for (const state of machine.states) {
    for (const event of Object.keys(machine.events)) {
      for (const facts of guardAssignments(guards)) {
        const n = matchingRows(machine, state, event, facts).length;
        if (n !== 1) problems.push(`${state} + ${event} ${JSON.stringify(facts)}: ${n} rows`);
      }
    }
  }
  return problems;
}
