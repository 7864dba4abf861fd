import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Dream,
  DreamCreateParams,
  DreamError,
  DreamId,
  DreamListParams,
  DreamSessionsInput,
  DreamStatus,
  DreamUsage,
} from '../../src/resources/dreams.js';
import { vendor } from '../../src/vendor.js';
import { Fail, Ok, str } from '../helpers.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `sess_${i}`);
const storeInput = { type: 'memory_store', memory_store_id: 'memstore_in' };
const sessionsInput = (n = 3) => ({ type: 'sessions', session_ids: ids(n) });
const create = (extra: Record<string, unknown> = {}) => ({
  inputs: [storeInput, sessionsInput()],
  model: vendor.models.opus,
  ...extra,
});

const T = '2026-04-21T09:00:00Z';
const newDream = (extra: Record<string, unknown> = {}) => ({
  type: 'dream',
  id: 'drm_01abc',
  status: 'pending',
  inputs: [storeInput, sessionsInput()],
  outputs: [],
  model: { id: vendor.models.opus },
  instructions: '',
  session_id: null,
  created_at: T,
  ended_at: null,
  archived_at: null,
  usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  error: null,
  ...extra,
});

describe('dream identifiers and status', () => {
  it('accepts a drm_ id and rejects other prefixes', () => {
    Ok(DreamId, 'drm_abc');
    Fail(DreamId, 'drm_');
    Fail(DreamId, 'dream_abc');
  });

  it.each(['pending', 'running', 'completed', 'failed', 'canceled'])('accepts status %s', (s) =>
    Ok(DreamStatus, s),
  );

  it.each(['archived', 'cancelled', 'in_progress', 'ended', ''])('rejects status %s', (s) =>
    Fail(DreamStatus, s),
  );
});

describe('dream creation body', () => {
  it('accepts one store and one sessions input in either order, with or without instructions', () => {
    Ok(DreamCreateParams, create());
    Ok(DreamCreateParams, create({ inputs: [sessionsInput(), storeInput] }));
    Ok(DreamCreateParams, create({ instructions: 'Merge duplicates.' }));
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [99, true],
    [100, true],
    [101, false],
  ])('with %s session ids: valid=%s', (n, valid) => {
    (valid ? Ok : Fail)(DreamCreateParams, create({ inputs: [storeInput, sessionsInput(n)] }));
    (valid ? Ok : Fail)(DreamSessionsInput, sessionsInput(n));
  });

  it('bounds session ids at 1 to 100 for any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 250 }), (n) => {
        (n >= 1 && n <= 100 ? Ok : Fail)(
          DreamCreateParams,
          create({ inputs: [storeInput, sessionsInput(n)] }),
        );
      }),
      { numRuns: 50 },
    );
  });

  it.each([
    ['no inputs', []],
    ['only a store', [storeInput]],
    ['only sessions', [sessionsInput()]],
    ['two stores', [storeInput, { ...storeInput, memory_store_id: 'memstore_2' }]],
    ['two sessions inputs', [sessionsInput(), sessionsInput(2)]],
    ['a duplicated store among three', [storeInput, sessionsInput(), storeInput]],
    ['an unknown kind', [storeInput, sessionsInput(), { type: 'files', file_ids: ['f'] }]],
    ['a store with a bad id', [{ ...storeInput, memory_store_id: 'store_1' }, sessionsInput()]],
    ['a sessions input with an extra field', [storeInput, { ...sessionsInput(), limit: 3 }]],
  ])('rejects inputs with %s', (_name, inputs) => Fail(DreamCreateParams, create({ inputs })));

  it('requires inputs and model', () => {
    Fail(DreamCreateParams, { model: vendor.models.opus });
    Fail(DreamCreateParams, { inputs: [storeInput, sessionsInput()] });
  });

  it.each([
    [vendor.models.opus, true],
    [vendor.models.sonnet, true],
    [`${vendor.name}-haiku-4-5`, false],
    ['', false],
  ])('model %s: valid=%s', (model, valid) => (valid ? Ok : Fail)(DreamCreateParams, create({ model })));

  it('rejects a model object where a string is expected', () => {
    Fail(DreamCreateParams, create({ model: { id: vendor.models.opus } }));
  });

  it('accepts 4096-character instructions and rejects 4097', () => {
    Ok(DreamCreateParams, create({ instructions: str(4096) }));
    Fail(DreamCreateParams, create({ instructions: str(4097) }));
    Ok(DreamCreateParams, create({ instructions: '' }));
  });

  it('bounds instructions at 4096 characters for any length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6000 }), (n) => {
        (n <= 4096 ? Ok : Fail)(DreamCreateParams, create({ instructions: str(n, 'y') }));
      }),
      { numRuns: 40 },
    );
  });

  it('rejects undocumented fields', () => Fail(DreamCreateParams, create({ output_store: 'memstore_x' })));
});

describe('dream list query', () => {
  it.each([
    [0, false],
    [1, true],
    [20, true],
    [100, true],
    [101, false],
    [10.5, false],
  ])('limit %s: valid=%s', (limit, valid) => (valid ? Ok : Fail)(DreamListParams, { limit }));

  it('accepts any limit from 1 to 100 and rejects larger ones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (limit) =>
        (limit <= 100 ? Ok : Fail)(DreamListParams, { limit }),
      ),
    );
  });

  it('defaults limit to 20 and include_archived to false', () => {
    expect(DreamListParams.properties.limit.default).toBe(20);
    expect(DreamListParams.properties.include_archived.default).toBe(false);
  });

  it('takes page and include_archived, and only booleans for include_archived', () => {
    Ok(DreamListParams, {});
    Ok(DreamListParams, { page: 'cursor', include_archived: true });
    Fail(DreamListParams, { include_archived: 'yes' });
    Fail(DreamListParams, { after_id: 'drm_1' });
  });
});

describe('dream object', () => {
  it('accepts a new dream as returned by creation', () => Ok(Dream, newDream()));

  it('accepts a running, a failed and an archived canceled dream', () => {
    Ok(
      Dream,
      newDream({
        status: 'running',
        session_id: 'sess_pipe',
        outputs: [{ type: 'memory_store', memory_store_id: 'memstore_out' }],
      }),
    );
    Ok(Dream, newDream({ status: 'failed', ended_at: T, error: { type: 'timeout' } }));
    Ok(Dream, newDream({ status: 'canceled', ended_at: T, archived_at: T }));
  });

  it('accepts error types it does not know, and error fields that are not shown', () => {
    Ok(DreamError, { type: 'some_future_error' });
    Ok(DreamError, { type: 'internal_error', message: 'boom' });
    Fail(DreamError, {});
    Fail(DreamError, { type: 3 });
  });

  // `instructions` when none was sent is not shown (UNSPEC-DREAM-INSTRUCTIONS-OMITTED): optional.
  it.each(Object.keys(newDream()).filter((f) => f !== 'instructions'))('requires %s', (field) => {
    const rest: Record<string, unknown> = newDream();
    delete rest[field];
    Fail(Dream, rest);
  });

  it('takes instructions left out, null or a string (UNSPEC-DREAM-INSTRUCTIONS-OMITTED)', () => {
    const { instructions: _, ...without } = newDream();
    Ok(Dream, without);
    Ok(Dream, { ...newDream(), instructions: null });
    Ok(Dream, { ...newDream(), instructions: 'Merge duplicates.' });
    Fail(Dream, { ...newDream(), instructions: 3 });
  });

  it.each([
    ['an unknown field', { archived: true }],
    ['another type', { type: 'dream_job' }],
    ['a bad id', { id: 'dream_1' }],
    ['an unknown status', { status: 'archived' }],
    ['a model string', { model: vendor.models.opus }],
    ['a model without id', { model: {} }],
    ['a non-timestamp ended_at', { ended_at: 'soon' }],
    ['instructions over 4096 characters', { instructions: str(4097) }],
    ['an output that is not a memory store', { outputs: [{ type: 'sessions', session_ids: ['s'] }] }],
    ['inputs without sessions', { inputs: [storeInput] }],
  ])('rejects %s', (_name, extra) => Fail(Dream, newDream(extra)));

  it('requires the four usage integers and nothing else', () => {
    const usage = newDream().usage;
    Ok(DreamUsage, { ...usage, input_tokens: 1200 });
    Fail(DreamUsage, { ...usage, input_tokens: 1.5 });
    Fail(DreamUsage, { ...usage, total_tokens: 0 });
    const { cache_read_input_tokens: _, ...three } = usage;
    Fail(DreamUsage, three);
  });
});
