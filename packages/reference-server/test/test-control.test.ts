/**
 * Test control reads every body through one parser: a field of the wrong kind is a 400 that names
 * it (with the prefix of its area), never a crash or a silently ignored value; its errors come
 * from the spec's error table.
 */
import { errors, TIMESTAMP_RANGE_MS } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { ManualClock, SandboxClock } from '../src/clock.js';
import { apiError } from '../src/errors.js';
import { errorOf, expectErrorBody, MODEL, setup } from './helpers.js';

describe('test-control bodies', () => {
  it.each([
    ['/_test/memory_stores', { name: 7 }, 'body.name: must be a string'],
    ['/_test/sessions', [], 'body: must be a JSON object'],
    ['/_test/files', { workspace_id: false }, 'body.workspace_id: must be a string'],
    ['/_test/faults', { names: 'X' }, 'body.names: must be an array of fault names'],
    ['/_test/clock/advance', { ms: -1 }, 'body.ms: must be a non-negative number'],
    ['/_test/organizations', { name: 1 }, 'body.name: must be a string'],
    ['/_test/usage', { input_tokens: 1.5 }, 'body.input_tokens: must be a non-negative integer'],
    ['/_test/usage', { at: '+100000-01-01T00:00:00Z' }, 'body.at: must be an RFC 3339 timestamp'],
    ['/_test/federation/issuers', { name: 'i' }, 'issuer_url: is required'],
    [
      '/_test/federation/hosts',
      { hostname: 'h.example', addresses: [1] },
      'addresses: must be an array of strings',
    ],
  ])('POST %s %j is 400: %s', async (url, body, message) => {
    const t = setup();
    const res = await t.call('POST', url, { body });
    expectErrorBody(res, 400);
    expect(errorOf(res)).toEqual({ type: errors.ERRORS.test_control_invalid.type, message });
  });

  it.each([
    ['manual', () => new ManualClock('2026-01-01T00:00:00.000Z')],
    ['wall', () => new SandboxClock()],
  ])(
    'a %s clock moves up to the latest instant a timestamp can write, and a move past it is 400 naming ms',
    async (_name, clock) => {
      const t = setup({ clock: clock() });
      const message = { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }] };
      const past = await t.call('POST', '/_test/clock/advance', { body: { ms: 1e16 } });
      expectErrorBody(past, 400);
      expect(errorOf(past).message).toMatch(
        /^body\.ms: advancing it by 10000000000000000 ms would put the clock at \d+ ms since the epoch, outside the instants a timestamp can write \(0000-01-01T00:00:00\.000Z to 9999-12-31T23:59:59\.999Z\)$/,
      );
      expect((await t.call('POST', '/v1/messages', { body: message })).status).toBe(200);
      // To the last instant exactly: allowed, and every answer still carries its timestamps.
      await t.call('POST', '/_test/clock/freeze');
      const now = Date.parse(String((await t.call('GET', '/_test/clock')).json?.now));
      await t.advance(TIMESTAMP_RANGE_MS.latest - now);
      expect((await t.call('GET', '/_test/clock')).json?.now).toBe('9999-12-31T23:59:59.999Z');
      expect((await t.call('POST', '/v1/messages', { body: message })).status).toBe(200);
      expectErrorBody(await t.call('POST', '/_test/clock/advance', { body: { ms: 1 } }), 400);
    },
  );

  it('names a field of a nested object by its path', async () => {
    const t = setup();
    const ws = await t.call('POST', '/_test/organizations/demo/workspaces', { body: { name: 'w' } });
    expect(ws.status).toBe(200);
    const res = await t.call('POST', `/_test/workspaces/${String(ws.json?.id)}/rate_limits`, {
      body: { overrides: [{ group_type: 'model_group', model: 3 }] },
    });
    expectErrorBody(res, 400);
    expect(errorOf(res).message).toBe('body.overrides[0].model: must be a string');
  });

  it('answers an action test control does not know with a 404 quoting it', async () => {
    const t = setup();
    const res = await t.call('POST', '/_test/dreams/nope/start', { body: {} });
    expectErrorBody(res, 404);
    expect(errorOf(res).message).toBe('dream "nope" was not found');
  });
});

describe('apiError', () => {
  it('takes status, type, message and detail from the table', () => {
    const e = apiError('exchange_workspace_id_required');
    const entry = errors.ERRORS.exchange_workspace_id_required;
    expect([e.status, e.errorType, e.reason, e.detail]).toEqual([
      entry.status,
      entry.type,
      entry.message,
      entry.detail,
    ]);
    expect(e.message).toBe(`${entry.detail}: ${entry.message}`);
    expect(e.documented).toBe(false);
    expect(apiError('scope_outside').documented).toBe(true);
  });

  it('keeps the status and type a machine row or rule decided, and the entry type when the row names none', () => {
    const refusedRow = apiError('event_refused', { event: 'cancel' }, { status: 409, errorType: null });
    expect([refusedRow.status, refusedRow.errorType, refusedRow.message]).toEqual([
      409,
      'invalid_request_error',
      'cancel refused',
    ]);
  });
});
