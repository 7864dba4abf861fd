import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MachineTableError, step, tableProblems } from '../../src/machine.js';
import {
  events,
  type MessageBatchEffect,
  type MessageBatchEvent,
  type MessageBatchState,
  machine,
  stateOf,
  states,
} from '../../src/machines/message-batches.js';
import type { Outcome } from '../../src/types.js';

const RETRIEVE = 'messages.batches.retrieve';
const RESULTS = 'messages.batches.results';

type Case = [MessageBatchState, MessageBatchEvent, MessageBatchState, Outcome, readonly MessageBatchEffect[]];

/** Every (state, event) pair of the machine, with what it must do. */
const CASES: readonly Case[] = [
  ['in_progress', RETRIEVE, 'in_progress', { kind: 'ok', status: 200 }, []],
  ['ended', RETRIEVE, 'ended', { kind: 'ok', status: 200 }, []],
  ['ended:past_retention', RETRIEVE, 'ended:past_retention', { kind: 'ok', status: 200 }, []],
  [
    'in_progress',
    RESULTS,
    'in_progress',
    { kind: 'unspecified', unspecified: 'UNSPEC-BATCH-RESULTS-BEFORE-END' },
    [],
  ],
  ['ended', RESULTS, 'ended', { kind: 'ok', status: 200 }, []],
  [
    'ended:past_retention',
    RESULTS,
    'ended:past_retention',
    { kind: 'unspecified', unspecified: 'UNSPEC-BATCH-RESULTS-AFTER-RETENTION' },
    [],
  ],
  ['in_progress', 'requests.processed', 'in_progress', { kind: 'happens' }, ['record_processed_results']],
  ['ended', 'requests.processed', 'ended', { kind: 'impossible' }, []],
  ['ended:past_retention', 'requests.processed', 'ended:past_retention', { kind: 'impossible' }, []],
  [
    'in_progress',
    'processing.completed',
    'ended',
    { kind: 'happens' },
    ['record_results', 'set_ended_at', 'set_results_url'],
  ],
  ['ended', 'processing.completed', 'ended', { kind: 'impossible' }, []],
  ['ended:past_retention', 'processing.completed', 'ended:past_retention', { kind: 'impossible' }, []],
  [
    'in_progress',
    'clock.24h',
    'ended',
    { kind: 'happens' },
    ['expire_unsent_requests', 'set_ended_at', 'set_results_url'],
  ],
  ['ended', 'clock.24h', 'ended', { kind: 'ignored' }, []],
  ['ended:past_retention', 'clock.24h', 'ended:past_retention', { kind: 'impossible' }, []],
  ['in_progress', 'clock.29d', 'in_progress', { kind: 'impossible' }, []],
  ['ended', 'clock.29d', 'ended:past_retention', { kind: 'happens' }, ['make_results_unavailable']],
  ['ended:past_retention', 'clock.29d', 'ended:past_retention', { kind: 'impossible' }, []],
];

describe('message batch machine', () => {
  it('has exactly one row for every state and event', () => {
    expect(tableProblems(machine)).toEqual([]);
  });

  it('starts in_progress, and only the post-retention phase is terminal', () => {
    expect(machine.initial).toBe('in_progress');
    expect(machine.terminal).toEqual(['ended:past_retention']);
    expect(machine.resource).toBe('MessageBatch');
  });

  it('has no cancel event: cancel is not shown (UNSPEC-BATCH-CANCEL)', () => {
    expect(Object.keys(machine.events).some((e) => e.includes('cancel'))).toBe(false);
    expect(machine.description).toContain('UNSPEC-BATCH-CANCEL');
  });

  it('the case table covers every state and event', () => {
    expect(CASES.length).toBe(states.length * events.length);
  });

  it.each(CASES)('%s + %s -> %s', (from, event, to, outcome, effects) => {
    const r = step(machine, from, event);
    expect(r.next).toBe(to);
    expect(r.outcome).toEqual(outcome);
    expect([...r.effects].sort()).toEqual([...effects].sort());
    expect(r.row.requirements.length).toBeGreaterThan(0);
  });

  it('ends when all requests finish: results ready and ended_at set (BATCH-END-ALL-PROCESSED, BATCH-END-RESULTS-READY)', () => {
    const r = step(machine, 'in_progress', 'processing.completed');
    expect(r.row.requirements).toEqual(
      expect.arrayContaining([
        'BATCH-END-ALL-PROCESSED',
        'BATCH-END-RESULTS-READY',
        'BATCH-OBJECT-ENDED-AT-SET',
      ]),
    );
  });

  it('ends at the 24-hour deadline, expiring unsent requests (BATCH-EXPIRY-24H, BATCH-EXPIRY-UNSENT-EXPIRED)', () => {
    const r = step(machine, 'in_progress', 'clock.24h');
    expect(r.changed).toBe(true);
    expect(r.row.requirements).toEqual(
      expect.arrayContaining(['BATCH-EXPIRY-24H', 'BATCH-EXPIRY-UNSENT-EXPIRED']),
    );
  });

  it('keeps the batch viewable after retention (BATCH-VIEWABLE-AFTER-RETENTION)', () => {
    const r = step(machine, 'ended:past_retention', RETRIEVE);
    expect(r.outcome).toEqual({ kind: 'ok', status: 200 });
    expect(r.row.requirements).toContain('BATCH-VIEWABLE-AFTER-RETENTION');
  });

  it('rejects an unknown state or event', () => {
    expect(() => step(machine, 'canceling' as MessageBatchState, RETRIEVE)).toThrow(MachineTableError);
    expect(() => step(machine, 'ended', 'messages.batches.cancel' as MessageBatchEvent)).toThrow(
      MachineTableError,
    );
  });

  it('reaches only documented states from in_progress under any sequence of events, never leaving the terminal state', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 20 }), (seq) => {
        let s: MessageBatchState = machine.initial;
        let terminalReached = false;
        for (const e of seq) {
          const r = step(machine, s, e);
          if (r.outcome.kind === 'impossible') continue;
          if (terminalReached) expect(r.next).toBe(s);
          s = r.next;
          if (machine.terminal.includes(s)) terminalReached = true;
          // In progress, only some requests' results are recorded (the others stay unsent).
          if (s === 'in_progress')
            expect(r.effects.every((x) => x === 'record_processed_results')).toBe(true);
        }
        expect(states).toContain(s);
      }),
    );
  });
});

describe('stateOf', () => {
  const created = '2026-04-01T00:00:00Z';
  it('maps in_progress to in_progress whatever the time', () => {
    expect(stateOf({ processing_status: 'in_progress', created_at: created })).toBe('in_progress');
    expect(stateOf({ processing_status: 'in_progress', created_at: created }, '2026-06-01T00:00:00Z')).toBe(
      'in_progress',
    );
  });
  it('maps ended to ended without a time', () => {
    expect(stateOf({ processing_status: 'ended', created_at: created })).toBe('ended');
  });
  it.each([
    ['one millisecond before 29 days', '2026-04-29T23:59:59.999Z', 'ended'],
    ['exactly 29 days after creation', '2026-04-30T00:00:00Z', 'ended:past_retention'],
    ['later', '2026-05-30T00:00:00Z', 'ended:past_retention'],
  ])('maps an ended batch %s', (_, now, want) => {
    expect(stateOf({ processing_status: 'ended', created_at: created }, now)).toBe(want);
  });
  it('accepts a Date for now', () => {
    expect(
      stateOf({ processing_status: 'ended', created_at: created }, new Date('2026-05-01T00:00:00Z')),
    ).toBe('ended:past_retention');
  });
  it('falls back to ended for a malformed created_at', () => {
    expect(stateOf({ processing_status: 'ended', created_at: 'nope' }, '2026-05-01T00:00:00Z')).toBe('ended');
  });
});
