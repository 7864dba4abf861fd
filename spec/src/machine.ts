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

function guardsMatch<G extends string>(
  when: Readonly<Partial<Record<G, boolean>>> | undefined,
  facts: Readonly<Partial<Record<G, boolean>>>,
): boolean {
  if (!when) return true;
  for (const [guard, want] of Object.entries(when) as [G, boolean][]) {
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
  return machine.rows.filter(
    (r) => r.event === event && r.from.includes(state) && guardsMatch(r.when, facts),
  );
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
