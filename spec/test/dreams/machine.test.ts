import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MachineTableError, step, tableProblems } from '../../src/machine.js';
import {
  DREAM_EVENTS,
  DREAM_STATES,
  type DreamEvent,
  type DreamState,
  isArchivedState,
  machine,
  stateOf,
  statusOf,
} from '../../src/machines/dreams.js';

type Expect = readonly [
  next: DreamState | '=',
  outcome: 'ok' | '400' | 'happens' | 'ignored' | 'impossible' | 'unspecified',
];
const ENDED: DreamState[] = [
  'completed',
  'failed',
  'canceled',
  'completed:archived',
  'failed:archived',
  'canceled:archived',
];
const only = (state: DreamState, row: Expect, otherwise: Expect): Record<DreamState, Expect> =>
  Object.fromEntries(DREAM_STATES.map((s) => [s, s === state ? row : otherwise])) as Record<
    DreamState,
    Expect
  >;

/** The documented table, restated independently of the machine, for all 8 states x 10 events. */
const EXPECTED: Record<DreamEvent, Record<DreamState, Expect>> = {
  'dreams.cancel': {
    pending: ['canceled', 'ok'],
    running: ['canceled', 'ok'],
    completed: ['=', '400'],
    failed: ['=', '400'],
    canceled: ['=', 'ok'],
    'completed:archived': ['=', '400'],
    'failed:archived': ['=', '400'],
    'canceled:archived': ['=', 'ok'],
  },
  'dreams.archive': {
    pending: ['=', '400'],
    running: ['=', '400'],
    completed: ['completed:archived', 'ok'],
    failed: ['failed:archived', 'ok'],
    canceled: ['canceled:archived', 'ok'],
    'completed:archived': ['=', 'ok'],
    'failed:archived': ['=', 'ok'],
    'canceled:archived': ['=', 'ok'],
  },
  'pipeline.started': only('pending', ['running', 'happens'], ['=', 'impossible']),
  'pipeline.progress': only('running', ['=', 'happens'], ['=', 'impossible']),
  'pipeline.succeeded': only('running', ['completed', 'happens'], ['=', 'impossible']),
  'pipeline.failed': only('running', ['failed', 'happens'], ['=', 'impossible']),
  'input_store.unavailable': {
    ...only('running', ['failed', 'happens'], ['=', 'ignored']),
    pending: ['failed', 'unspecified'],
  },
  'input_session.unavailable': {
    ...only('running', ['failed', 'happens'], ['=', 'ignored']),
    pending: ['failed', 'unspecified'],
  },
  'output_store.archive': { ...only('running', ['=', '400'], ['=', 'happens']), pending: ['=', '400'] },
  'output_store.delete': { ...only('running', ['=', '400'], ['=', 'happens']), pending: ['=', '400'] },
};

const outcomeCode = (o: ReturnType<typeof step>['outcome']): Expect[1] => {
  if (o.kind === 'ok') return o.status === 200 ? 'ok' : (`ok${o.status}` as never);
  if (o.kind === 'error')
    return o.status === 400 && o.errorType === null ? '400' : (`error${o.status}` as never);
  return o.kind;
};

describe('dream machine table', () => {
  it('is complete: exactly one row for every state and event', () =>
    expect(tableProblems(machine)).toEqual([]));

  for (const event of DREAM_EVENTS) {
    for (const state of DREAM_STATES) {
      const [next, outcome] = EXPECTED[event][state];
      it(`${event} in ${state}: ${outcome}, ${next === '=' ? 'unchanged' : `to ${next}`}`, () => {
        const r = step(machine, state, event);
        expect(outcomeCode(r.outcome)).toBe(outcome);
        expect(r.next).toBe(next === '=' ? state : next);
      });
    }
  }

  it('rejects an unknown state or event', () => {
    expect(() => step(machine, 'archived' as DreamState, 'dreams.cancel')).toThrow(MachineTableError);
    expect(() => step(machine, 'pending', 'dreams.delete' as DreamEvent)).toThrow(MachineTableError);
  });

  it('cites the unspecified entry for input loss while pending', () => {
    for (const event of ['input_store.unavailable', 'input_session.unavailable'] as const) {
      expect(step(machine, 'pending', event).outcome).toEqual({
        kind: 'unspecified',
        unspecified: 'UNSPEC-DREAM-INPUT-LOSS-PENDING',
      });
    }
  });
});

describe('dream machine effects', () => {
  const effects = (state: DreamState, event: DreamEvent) => [...step(machine, state, event).effects].sort();

  it('starting the pipeline sets the session, adds the output store and updates usage', () => {
    expect(effects('pending', 'pipeline.started')).toEqual([
      'add_output_store',
      'set_session_id',
      'update_usage',
    ]);
  });

  it('success populates the output store, ends the dream and archives the pipeline session', () => {
    expect(effects('running', 'pipeline.succeeded')).toEqual([
      'archive_pipeline_session',
      'populate_output_store',
      'set_ended_at',
    ]);
  });

  it.each(['pipeline.failed', 'input_store.unavailable', 'input_session.unavailable'] as const)(
    '%s while running sets the error, keeps the output and archives the pipeline session',
    (event) => {
      expect(effects('running', event)).toEqual([
        'archive_pipeline_session',
        'leave_output_store',
        'set_ended_at',
        'set_error_type',
      ]);
    },
  );

  it('cancel of a running dream leaves the output store and archives the pipeline session', () => {
    expect(effects('running', 'dreams.cancel')).toEqual([
      'archive_pipeline_session',
      'leave_output_store',
      'set_ended_at',
    ]);
    expect(effects('pending', 'dreams.cancel')).toEqual(['set_ended_at']);
  });

  it.each(['completed', 'failed', 'canceled'] as const)(
    'archive of a %s dream never touches the output store',
    (s) => {
      const e = effects(s, 'dreams.archive');
      expect(e).toEqual(['exclude_from_default_lists', 'leave_output_store', 'set_archived_at']);
      expect(e).not.toContain('populate_output_store');
    },
  );

  it('no-ops, rejections, ignored and impossible rows have no effect', () => {
    for (const state of DREAM_STATES) {
      for (const event of DREAM_EVENTS) {
        const r = step(machine, state, event);
        if (
          ['error', 'ignored', 'impossible'].includes(r.outcome.kind) ||
          (r.outcome.kind === 'ok' && !r.changed)
        ) {
          expect(r.effects, `${state} ${event}`).toEqual([]);
        }
      }
    }
  });

  it('every effect used is declared, and every declared effect is used', () => {
    const used = new Set(machine.rows.flatMap((r) => r.effects));
    expect([...used].sort()).toEqual(Object.keys(machine.effects).sort());
  });
});

describe('dream machine properties', () => {
  const event = fc.constantFrom(...DREAM_EVENTS);
  const reachable = (() => {
    const seen = new Set<DreamState>([machine.initial]);
    const queue: DreamState[] = [machine.initial];
    while (queue.length) {
      const s = queue.shift()!;
      for (const e of DREAM_EVENTS) {
        const r = step(machine, s, e);
        if (r.outcome.kind !== 'impossible' && !seen.has(r.next)) {
          seen.add(r.next);
          queue.push(r.next);
        }
      }
    }
    return seen;
  })();

  it('reaches every state from pending', () =>
    expect([...reachable].sort()).toEqual([...DREAM_STATES].sort()));

  it('never leaves a terminal status, and archived stays archived, along any event sequence', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DREAM_STATES), fc.array(event, { maxLength: 30 }), (start, events) => {
        let state = start;
        for (const e of events) {
          const r = step(machine, state, e);
          if (r.outcome.kind === 'impossible' || r.outcome.kind === 'error') expect(r.changed).toBe(false);
          const before = statusOf(state);
          if (ENDED.includes(state)) expect(statusOf(r.next)).toBe(before);
          if (isArchivedState(state)) expect(r.next).toBe(state);
          state = r.next;
        }
      }),
    );
  });

  it('cancel then archive always ends archived, from any state reachable before the end', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 10 }), (events) => {
        let state: DreamState = machine.initial;
        for (const e of events) state = step(machine, state, e).next;
        state = step(machine, state, 'dreams.cancel').next;
        state = step(machine, state, 'dreams.archive').next;
        expect(isArchivedState(state)).toBe(true);
      }),
    );
  });

  it('the terminal states are exactly the archived ones', () => {
    expect([...machine.terminal].sort()).toEqual(DREAM_STATES.filter(isArchivedState).sort());
  });
});

describe('stateOf', () => {
  it.each([
    ['pending', null, 'pending'],
    ['running', null, 'running'],
    ['completed', null, 'completed'],
    ['failed', '2026-04-21T10:00:00Z', 'failed:archived'],
    ['canceled', '2026-04-21T10:00:00Z', 'canceled:archived'],
    ['completed', '2026-04-21T10:00:00Z', 'completed:archived'],
  ] as const)('maps a %s dream archived at %s to %s', (status, archived_at, state) => {
    expect(stateOf({ status, archived_at })).toBe(state);
  });

  it('refuses records no dream can be in', () => {
    expect(() => stateOf({ status: 'running', archived_at: '2026-04-21T10:00:00Z' })).toThrow(TypeError);
    expect(() => stateOf({ status: 'archived' as 'pending', archived_at: null })).toThrow(/unknown status/);
  });
});
