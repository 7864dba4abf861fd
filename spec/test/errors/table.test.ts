import { describe, expect, expectTypeOf, it } from 'vitest';
import { spec } from '../../src/index.js';
import { KNOWN_ERROR_TYPES } from '../../src/resources/common.js';
import { authorize } from '../../src/rules/access.js';
import {
  ERROR_TYPES,
  ERRORS,
  type ErrorCode,
  type ErrorEntry,
  type ErrorParams,
  errorMessage,
  errorTypeOfStatus,
  isErrorCode,
  type TemplateParams,
  UNSPECIFIED_REFUSALS,
} from '../../src/rules/errors.js';

const entries = Object.entries(ERRORS) as [ErrorCode, ErrorEntry][];
const paramsOf = (template: string) =>
  [...template.matchAll(/\{([a-zA-Z]+)(?::json)?\}/g)].map((m) => m[1] as string);

describe('the error table', () => {
  it('cites only requirement and unspecified ids the spec has', () => {
    const requirements = new Set(spec.requirements.map((r) => r.id));
    const unspecified = new Set(spec.unspecified.map((u) => u.id));
    const missing = entries.flatMap(([code, e]) => [
      ...e.requirements.filter((id) => !requirements.has(id)).map((id) => `${code}: ${id}`),
      ...e.unspecified.filter((id) => !unspecified.has(id)).map((id) => `${code}: ${id}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('gives every error of an API operation an id that says where its contract comes from', () => {
    const unsourced = entries
      .filter(([code]) => !code.startsWith('test_control_'))
      .filter(([, e]) => e.requirements.length === 0 && e.unspecified.length === 0)
      .map(([code]) => code);
    expect(unsourced).toEqual([]);
  });

  it('uses the documented error types where the documents name one, and 4xx/5xx statuses only', () => {
    for (const type of KNOWN_ERROR_TYPES) expect(ERROR_TYPES).toContain(type);
    for (const [code, e] of entries) {
      expect(e.status >= 400 && e.status < 600, code).toBe(true);
      expect(ERROR_TYPES, code).toContain(e.type);
    }
  });

  it('answers the statuses the documents give for an operation with the types its endpoints name', () => {
    // SCOPE-OUTSIDE-403, RL-ORG-MODEL-404, EXCH-ERR-WORKSPACE-ID-REQUIRED: same status and type as the endpoint table.
    for (const [code, e] of entries) {
      for (const requirement of e.requirements) {
        const documented = spec.endpoints
          .flatMap((ep) => ep.errors)
          .filter((c) => c.requirements.includes(requirement));
        for (const c of documented) {
          expect(c.status, `${code} ${requirement}`).toBe(e.status);
          if (c.type !== null) expect(c.type, `${code} ${requirement}`).toBe(e.type);
          if (c.detail !== undefined) expect(c.detail, `${code} ${requirement}`).toBe(e.detail);
        }
      }
    }
  });

  it("agrees with access.authorize on each refusal's status and reference type", () => {
    const messages = spec.endpoints.find((e) => e.id === 'messages.create');
    if (!messages) throw new Error('no messages.create');
    const none = authorize(messages, { kind: 'none' });
    expect(none.allowed).toBe(false);
    if (!none.allowed) {
      expect([none.status, none.referenceErrorType]).toEqual([
        ERRORS.credential_missing.status,
        ERRORS.credential_missing.type,
      ]);
    }
  });
});

describe('UNSPECIFIED_REFUSALS', () => {
  it('names, for each refusal the documents do not show, a code that cites that Unspecified id', () => {
    for (const [id, code] of Object.entries(UNSPECIFIED_REFUSALS)) {
      expect(ERRORS[code].unspecified, id).toContain(id);
      expect(ERRORS[code].message, id).toContain('({unspecified})');
    }
  });
});

describe('errorMessage', () => {
  it('fills every parameter of every template, `:json` ones as JSON strings', () => {
    for (const [code, e] of entries) {
      const params = Object.fromEntries(paramsOf(e.message).map((p) => [p, `<${p}>`]));
      const message = errorMessage(code, params as never);
      expect(message, code).not.toMatch(/\{[a-zA-Z]+(:json)?\}/);
    }
    expect(errorMessage('not_found', { what: 'dream', id: 'dr"1' })).toBe('dream "dr\\"1" was not found');
    expect(errorMessage('dreams_per_minute', { perMinute: 5 })).toBe(
      'at most 5 dreams per minute per workspace',
    );
    expect(errorMessage('scope_outside', {})).toBe(ERRORS.scope_outside.message);
  });

  it('refuses a call that lacks a parameter with an error naming it', () => {
    expect(() => errorMessage('not_found', { what: 'dream' } as never)).toThrow(/no value for \{id\}/);
  });

  it('types the parameters from the template', () => {
    expectTypeOf<TemplateParams<'{what} {id:json} was not found'>>().toEqualTypeOf<'what' | 'id'>();
    expectTypeOf<keyof ErrorParams<'not_found'>>().toEqualTypeOf<'what' | 'id'>();
    expectTypeOf<keyof ErrorParams<'scope_outside'>>().toEqualTypeOf<never>();
  });
});

describe('errorTypeOfStatus', () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [409, 'invalid_request_error'],
    [413, 'request_too_large'],
    [415, 'invalid_request_error'],
    [429, 'rate_limit_error'],
    [431, 'invalid_request_error'],
    [500, 'api_error'],
    [501, 'not_implemented_error'],
    [503, 'api_error'],
  ])('%i is %s', (status, type) => expect(errorTypeOfStatus(status)).toBe(type));
});

describe('isErrorCode', () => {
  it('knows the codes of the table and nothing else', () => {
    expect(isErrorCode('not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('')).toBe(false);
  });
});
