import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/resources/common.js';
import {
  BETA_IDENTIFIERS,
  BetaIdentifier,
  DREAM_BETAS,
  SESSION_RESOURCE_BETAS,
} from '../../src/resources/versioning.js';
import { errorBody, exchangeError, isErrorBody } from '../../src/rules/access.js';
import { Fail, Ok } from '../helpers.js';

describe('BetaIdentifier', () => {
  it('lists the 25 identifiers of the first document and the dreaming one', () => {
    expect(BETA_IDENTIFIERS).toHaveLength(26);
    expect(new Set(BETA_IDENTIFIERS).size).toBe(26);
    expect(BETA_IDENTIFIERS.at(-1)).toBe('dreaming-2026-04-21');
    expect((BetaIdentifier.anyOf as { const: string }[]).map((s) => s.const)).toEqual([...BETA_IDENTIFIERS]);
  });

  it.each([...BETA_IDENTIFIERS])('accepts %s', (id) => Ok(BetaIdentifier, id));

  it.each([
    'dreaming-2026-04-22',
    'Managed-Agents-2026-04-01',
    ' managed-agents-2026-04-01',
    'managed-agents-2026-04-01,dreaming-2026-04-21',
    '',
    'mcp-client',
  ])('rejects %j', (id) => Fail(BetaIdentifier, id));

  it('requires managed-agents for session resources and both betas for dreams', () => {
    expect([...SESSION_RESOURCE_BETAS]).toEqual(['managed-agents-2026-04-01']);
    expect([...DREAM_BETAS]).toEqual(['managed-agents-2026-04-01', 'dreaming-2026-04-21']);
  });
});

describe('standard error body', () => {
  it.each([
    [{ type: 'error', error: { type: 'invalid_grant', message: 'm' } }],
    [{ type: 'error', error: { type: 'invalid_request', message: '', detail: 'workspace_id_required' } }],
  ])('recognises %j', (body) => {
    expect(isErrorBody(body)).toBe(true);
    Ok(ErrorBody, body);
  });

  it.each([
    [null],
    [[]],
    ['error'],
    [{ type: 'error' }],
    [{ type: 'err', error: { type: 'x', message: 'm' } }],
    [{ type: 'error', error: { message: 'm' } }],
    [{ type: 'error', error: { type: 1, message: 'm' } }],
    [{ type: 'error', error: { type: 'x' } }],
    [{ type: 'error', error: [] }],
  ])('refuses %j, as the schema does', (body) => {
    expect(isErrorBody(body)).toBe(false);
    Fail(ErrorBody, body);
  });

  it('builds a valid error body', () => {
    Ok(ErrorBody, errorBody('invalid_request_error', 'bad'));
  });
});

describe('typed exchange error', () => {
  it('ERROR-EXCHANGE-TYPED-STATUS, ERROR-EXCHANGE-TYPED-BODY, ERROR-EXCHANGE-TYPED-REQUEST-ID: exposes status, body and request_id', () => {
    const body = errorBody('invalid_grant', 'token for sub=someone rejected');
    const e = exchangeError({ status: 400, bodyText: JSON.stringify(body), requestId: 'req_1' });
    expect(e).toEqual({
      name: 'ExchangeError',
      status: 400,
      body,
      request_id: 'req_1',
      error_type: 'invalid_grant',
      message: 'token exchange failed with HTTP 400 (invalid_grant)',
    });
    expect(e.message).not.toContain('someone');
  });

  it('keeps the raw text of a body that is not a standard error body, and a null request id', () => {
    expect(exchangeError({ status: 502, bodyText: '<html>bad gateway</html>' })).toMatchObject({
      body: '<html>bad gateway</html>',
      request_id: null,
      error_type: null,
      message: 'token exchange failed with HTTP 502',
    });
    expect(exchangeError({ status: 500, bodyText: '{"ok":false}', requestId: null })).toMatchObject({
      body: '{"ok":false}',
      error_type: null,
    });
  });
});
