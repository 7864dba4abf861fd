import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { step } from '../../src/machine.js';
import { machine } from '../../src/machines/dreams.js';
import { DREAM_ERROR_TYPES } from '../../src/resources/dreams.js';
import {
  canDeleteOrArchiveOutputStore,
  checkDreamCreateParams,
  compareNewestFirst,
  dreamInvariantProblems,
  dreamListLimit,
  failureForLostInput,
  isActive,
  isListed,
  isTerminal,
  listDreams,
  shouldKeepPolling,
} from '../../src/rules/dreams.js';
import { defineVendor, vendor } from '../../src/vendor.js';
import { str } from '../helpers.js';

const store = { type: 'memory_store', memory_store_id: 'memstore_in' };
const sessions = (n: number) => ({
  type: 'sessions',
  session_ids: Array.from({ length: n }, (_, i) => `s${i}`),
});
const body = (extra: Record<string, unknown> = {}) => ({
  inputs: [store, sessions(2)],
  model: vendor.models.sonnet,
  ...extra,
});
const codes = (params: unknown, v = vendor) => checkDreamCreateParams(params, v).map((p) => p.code);

describe('dream creation cross-field checks', () => {
  it('accepts a valid body', () => expect(codes(body())).toEqual([]));

  it.each([
    [0, ['too_few_sessions']],
    [1, []],
    [100, []],
    [101, ['too_many_sessions']],
  ])('with %s session ids: %j', (n, expected) => {
    expect(codes(body({ inputs: [store, sessions(n)] }))).toEqual(expected);
  });

  it('accepts exactly 1 to 100 session ids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (n) => {
        expect(codes(body({ inputs: [store, sessions(n)] })).length === 0).toBe(n >= 1 && n <= 100);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['no store', [sessions(1)], ['memory_store_input_count']],
    ['no sessions', [store], ['sessions_input_count']],
    ['two stores', [store, store, sessions(1)], ['memory_store_input_count']],
    ['two sessions inputs', [store, sessions(1), sessions(1)], ['sessions_input_count']],
    ['an unknown kind', [store, sessions(1), { type: 'files' }], ['unknown_input_kind']],
    ['a non-object item', [store, sessions(1), 7], ['unknown_input_kind']],
    ['sessions without ids', [store, { type: 'sessions' }], ['session_ids_missing']],
  ])('reports inputs with %s', (_name, inputs, expected) => {
    expect(codes(body({ inputs }))).toEqual(expected);
  });

  it('reports missing inputs and a non-object body without throwing', () => {
    expect(codes({ model: vendor.models.opus })).toEqual(['inputs_missing']);
    expect(codes(null)).toEqual(['body_not_object']);
    expect(codes([1, 2])).toEqual(['body_not_object']);
    expect(codes('x')).toEqual(['body_not_object']);
  });

  it.each([
    [vendor.models.opus, []],
    [vendor.models.sonnet, []],
    [`${vendor.name}-haiku-4-5`, ['model_not_allowed']],
    [undefined, ['model_not_allowed']],
    [42, ['model_not_allowed']],
  ])('model %s: %j', (model, expected) => expect(codes(body({ model }))).toEqual(expected));

  it('allows the models of the vendor it is given', () => {
    const acme = defineVendor('acme');
    expect(codes(body({ model: 'acme-opus-4-7' }), acme)).toEqual([]);
    expect(codes(body({ model: vendor.models.opus }), acme)).toEqual(['model_not_allowed']);
  });

  it.each([
    [undefined, []],
    ['', []],
    [str(4096), []],
    [str(4097), ['instructions_too_long']],
    [12, ['instructions_not_string']],
  ])('instructions %#: %j', (instructions, expected) => {
    expect(codes(instructions === undefined ? body() : body({ instructions }))).toEqual(expected);
  });

  it('names the requirement each problem breaks', () => {
    const problems = checkDreamCreateParams(
      body({ inputs: [store, sessions(101)], instructions: str(4097) }),
      vendor,
    );
    expect(problems.map((p) => p.requirement)).toEqual([
      'DREAM-CREATE-SESSION-IDS-MAX',
      'DREAM-CREATE-INSTRUCTIONS-MAX',
    ]);
  });
});

describe('statuses', () => {
  it.each([
    ['pending', false, true],
    ['running', false, true],
    ['completed', true, false],
    ['failed', true, false],
    ['canceled', true, false],
    ['archived', false, false],
    ['', false, false],
  ])('%s: terminal=%s, active=%s', (status, terminal, active) => {
    expect(isTerminal(status)).toBe(terminal);
    expect(isActive(status)).toBe(active);
    expect(shouldKeepPolling(status)).toBe(active);
    expect(canDeleteOrArchiveOutputStore({ status })).toBe(terminal);
  });

  it('agrees with the machine: the output store may go exactly where the machine allows it', () => {
    for (const state of machine.states) {
      const status = state.split(':')[0] as string;
      const allowed = step(machine, state, 'output_store.archive').outcome.kind !== 'error';
      expect(canDeleteOrArchiveOutputStore({ status }), state).toBe(allowed);
    }
  });
});

describe('lost inputs', () => {
  it.each([
    ['memory_store', 'input_memory_store_unavailable'],
    ['session', 'input_session_unavailable'],
    ['file', null],
    ['constructor', null],
  ])('losing a %s fails the dream with %s', (kind, type) => {
    expect(failureForLostInput(kind)).toBe(type);
    if (type) expect(Object.keys(DREAM_ERROR_TYPES)).toContain(type);
  });
});

describe('dream list', () => {
  const d = (id: string, created_at: string, archived_at: string | null = null) => ({
    id,
    created_at,
    archived_at,
  });
  const all = [
    d('a', '2026-04-01T10:00:00Z'),
    d('b', '2026-04-03T10:00:00Z', '2026-04-04T00:00:00Z'),
    d('c', '2026-04-02T10:00:00Z'),
  ];

  it('hides archived dreams unless include_archived is true', () => {
    expect(listDreams(all).map((x) => x.id)).toEqual(['c', 'a']);
    expect(listDreams(all, { include_archived: false }).map((x) => x.id)).toEqual(['c', 'a']);
    expect(listDreams(all, { include_archived: true }).map((x) => x.id)).toEqual(['b', 'c', 'a']);
    expect(isListed(all[1]!)).toBe(false);
    expect(isListed(all[0]!)).toBe(true);
  });

  it('orders newest first by instant, putting unparseable timestamps last', () => {
    expect(
      compareNewestFirst(d('x', '2026-04-01T10:00:00Z'), d('y', '2026-04-01T11:00:00+02:00')),
    ).toBeLessThan(0);
    expect(compareNewestFirst(d('x', 'never'), d('y', '2026-04-01T10:00:00Z'))).toBeGreaterThan(0);
    expect(compareNewestFirst(d('x', 'never'), d('y', 'nope'))).toBe(0);
  });

  it('always lists in non-increasing created_at', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2e12 }), fc.boolean())), (items) => {
        const out = listDreams(
          items.map(([t, archived], i) =>
            d(String(i), new Date(t).toISOString(), archived ? new Date(t).toISOString() : null),
          ),
          { include_archived: true },
        );
        for (let i = 1; i < out.length; i++) {
          expect(Date.parse(out[i - 1]!.created_at)).toBeGreaterThanOrEqual(Date.parse(out[i]!.created_at));
        }
        expect(out).toHaveLength(items.length);
      }),
    );
  });

  it.each([
    [undefined, { ok: true, limit: 20 }],
    [1, { ok: true, limit: 1 }],
    [100, { ok: true, limit: 100 }],
  ])('limit %s gives %j', (limit, expected) => expect(dreamListLimit(limit)).toEqual(expected));

  it.each([
    [0, 'limit_too_small'],
    [101, 'limit_too_large'],
    [2.5, 'limit_not_integer'],
    ['20', 'limit_not_integer'],
  ])('rejects limit %s', (limit, code) => {
    const r = dreamListLimit(limit);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.code).toBe(code);
  });
});

describe('dream record invariants', () => {
  const base = {
    status: 'pending',
    session_id: null,
    outputs: [],
    ended_at: null,
    archived_at: null,
    error: null,
  };
  const T = '2026-04-21T10:00:00Z';
  const out = [{ type: 'memory_store', memory_store_id: 'memstore_out' }];

  it.each([
    ['a new pending dream', {}, []],
    ['a running dream', { status: 'running', session_id: 's', outputs: out }, []],
    [
      'a failed dream',
      { status: 'failed', session_id: 's', outputs: out, ended_at: T, error: { type: 'timeout' } },
      [],
    ],
    ['an archived canceled dream', { status: 'canceled', ended_at: T, archived_at: T }, []],
    [
      'a completed dream with an error',
      { status: 'completed', ended_at: T, error: { type: 'x' } },
      ['error_without_failure'],
    ],
    ['a failed dream without an error', { status: 'failed', ended_at: T }, ['failure_without_error']],
    ['a running dream with ended_at', { status: 'running', ended_at: T }, ['ended_while_active']],
    ['a completed dream without ended_at', { status: 'completed' }, ['terminal_without_end']],
    ['a pending dream with a session', { session_id: 's' }, ['pending_with_session']],
    ['a pending dream with outputs', { outputs: out }, ['pending_with_outputs']],
    ['an archived running dream', { status: 'running', archived_at: T }, ['archived_while_active']],
    ['an unknown status', { status: 'archived' }, ['unknown_status']],
  ])('%s', (_name, extra, expected) => {
    expect(dreamInvariantProblems({ ...base, ...extra }).map((p) => p.code)).toEqual(expected);
  });
});
