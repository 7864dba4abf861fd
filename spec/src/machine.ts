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
 * The rows of one event, with their guards as bit masks over the event's guards: a row applies to
 * facts when the bits it names (`care`) hold the values it wants (`want`). One pass over the
 * event's guards reads the facts; each row is then one comparison, not a lookup per guard.
 */
interface EventRows<S extends string, E extends string, G extends string, F extends string> {
  readonly rows: readonly IndexedRow<S, E, G, F>[];
  /** The guards the rows name, by bit (null: more than a mask holds; rows are matched by name). */
  readonly guards: readonly G[] | null;
  readonly care: Int32Array;
  readonly want: Int32Array;
}

/** Guards a 32-bit mask holds. */
const MASK_BITS = 31;

const rowIndexes = new WeakMap<readonly AnyRow[], Map<string, EventRows<string, string, string, string>>>();

function indexEvent(
  rows: IndexedRow<string, string, string, string>[],
): EventRows<string, string, string, string> {
  const names = [...new Set(rows.flatMap((r) => r.when.map(([guard]) => guard)))];
  const care = new Int32Array(rows.length);
  const want = new Int32Array(rows.length);
  if (names.length > MASK_BITS) return { rows, guards: null, care, want };
  rows.forEach((r, i) => {
    for (const [guard, wanted] of r.when) {
      const bit = 1 << names.indexOf(guard);
      care[i] = (care[i] as number) | bit;
      if (wanted) want[i] = (want[i] as number) | bit;
    }
  });
  return { rows, guards: names, care, want };
}

function rowsOfEvent<S extends string, E extends string, G extends string, F extends string>(
  machine: Machine<S, E, G, F>,
  event: E,
): EventRows<S, E, G, F> {
  let index = rowIndexes.get(machine.rows);
  if (!index) {
    const byEvent = new Map<string, IndexedRow<string, string, string, string>[]>();
    for (const row of machine.rows as readonly AnyRow[]) {
      const when = row.when ? (Object.entries(row.when) as [string, boolean][]) : [];
      const group = byEvent.get(row.event) ?? [];
      group.push({ row, when });
      byEvent.set(row.event, group);
    }
    index = new Map([...byEvent].map(([name, rows]) => [name, indexEvent(rows)]));
    rowIndexes.set(machine.rows, index);
  }
  return (index.get(event) ?? NO_ROWS) as unknown as EventRows<S, E, G, F>;
}

const NO_ROWS: EventRows<string, string, string, string> = {
  rows: [],
  guards: [],
  care: new Int32Array(0),
  want: new Int32Array(0),
};

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
  const indexed = rowsOfEvent(machine, event);
  const rows: Row<S, E, G, F>[] = [];
  const { guards, care, want } = indexed;
  if (guards === null) {
    for (const { row, when } of indexed.rows) {
      if (row.from.includes(state) && guardsMatch(when, facts)) rows.push(row);
    }
    return rows;
  }
  // A fact not given, or not true, is false (as `guardsMatch` reads it).
  let mask = 0;
  for (let bit = 0; bit < guards.length; bit++) {
    if (facts[guards[bit] as G] === true) mask |= 1 << bit;
  }
  for (let i = 0; i < indexed.rows.length; i++) {
    const { row } = indexed.rows[i] as IndexedRow<S, E, G, F>;
    if ((mask & (care[i] as number)) === want[i] && row.from.includes(state)) rows.push(row);
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
