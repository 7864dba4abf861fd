/**
 * Federation rule matchers: subject exact vs trailing-`*` prefix, audience string vs array,
 * claims exact string values, CEL conditions, AND, and validation of a `match`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  audienceMatches,
  claimsMatch,
  compileCondition,
  evaluateCondition,
  matchClaims,
  subjectMatches,
  validateMatch,
} from '../../src/rules/matchers.js';

const claims = {
  iss: 'https://token.actions.example.com',
  sub: 'repo:acme/app:ref:refs/heads/main',
  aud: ['https://api.example.com', 'other'],
  repository: 'acme/app',
  run_attempt: 1,
  pull_request: false,
  groups: ['deployers', 'readers'],
  org: { name: 'acme', tier: { level: 'gold' } },
  empty: '',
};

describe('subject_prefix', () => {
  it.each([
    ['repo:acme/app:ref:refs/heads/main', 'repo:acme/app:ref:refs/heads/main', true],
    ['repo:acme/app:ref:refs/heads/main', 'repo:acme/app:ref:refs/heads/main2', false],
    ['repo:acme/app:ref:refs/heads/main', 'repo:acme/app:ref:refs/heads/mai', false],
    ['repo:acme/app:*', 'repo:acme/app:ref:refs/heads/main', true],
    ['repo:acme/app:*', 'repo:acme/app:', true],
    ['repo:acme/app:*', 'repo:acme/ap', false],
    ['repo:acme/app:*', 'repo:acme/other:ref', false],
    ['*', 'anything', true],
    ['*', '', true],
    ['repo:*/app', 'repo:acme/app', false],
    ['repo:*/app', 'repo:*/app', true],
    ['repo:*:*', 'repo:*:x', true],
    ['repo:*:*', 'repo:acme:x', false],
    ['a**', 'a*b', true],
    ['a**', 'ab', false],
    ['Repo:Acme', 'repo:acme', false],
    ['repo:*', 'REPO:acme', false],
    ['', '', true],
    ['', 'x', false],
  ])('pattern %j against sub %j: %s', (pattern, sub, expected) => {
    expect(subjectMatches(pattern, sub)).toBe(expected);
  });
  it('never matches a non-string sub', () => {
    expect(subjectMatches('*', undefined)).toBe(false);
    expect(subjectMatches('1', 1)).toBe(false);
    expect(subjectMatches('*', ['a'])).toBe(false);
  });
  it('a trailing * is a prefix test for any prefix and suffix (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (prefix, suffix, other) => {
        expect(subjectMatches(`${prefix}*`, prefix + suffix)).toBe(true);
        expect(subjectMatches(`${prefix}*`, other)).toBe(other.startsWith(prefix));
        if (!prefix.endsWith('*')) expect(subjectMatches(prefix, other)).toBe(other === prefix);
      }),
    );
  });
});

describe('audience', () => {
  it.each([
    ['api', 'api', true],
    ['api', 'API', false],
    ['api', 'api ', false],
    ['api', ['x', 'api'], true],
    ['api', ['x', 'y'], false],
    ['api', [], false],
    ['api', ['apis'], false],
    ['1', [1], false],
    ['api', undefined, false],
    ['api', { api: true }, false],
  ])('audience %j against aud %j: %s', (audience, aud, expected) => {
    expect(audienceMatches(audience, aud)).toBe(expected);
  });
});

describe('claims', () => {
  it.each([
    [{ repository: 'acme/app' }, true],
    [{ repository: 'acme/app', empty: '' }, true],
    [{ repository: 'acme/App' }, false],
    [{ repository: 'acme/app', missing: 'x' }, false],
    [{ run_attempt: '1' }, false],
    [{ pull_request: 'false' }, false],
    [{ groups: 'deployers' }, false],
    [{ org: 'acme' }, false],
    [{ 'org.name': 'acme' }, false],
    [{ toString: 'x' }, false],
    [{}, true],
  ])('%j: %s', (required, expected) => {
    expect(claimsMatch(required as Record<string, string>, claims)).toBe(expected);
  });
});

describe('condition (CEL)', () => {
  it.each([
    ['claims.repository == "acme/app"', true],
    ['claims.repository == "acme/other"', false],
    ['claims.org.tier.level == "gold"', true],
    ['claims.org.name.startsWith("ac")', true],
    ['"deployers" in claims.groups', true],
    ['claims.groups.exists(g, g == "admins")', false],
    ['claims.run_attempt == 1', true],
    ['claims.run_attempt < 2 && !claims.pull_request', true],
    ['has(claims.environment)', false],
    ['size(claims.groups) == 2', true],
  ])('%s evaluates to %s', (expression, expected) => {
    expect(evaluateCondition(expression, claims)).toEqual({ ok: true, value: expected });
  });
  it.each([
    ['claims.environment == "prod"', 'error'],
    ['claims.repository.startsWith(1)', 'error'],
    ['claims.run_attempt.startsWith("x")', 'error'],
    ['claims.repository', 'not-boolean'],
    ['claims.org', 'not-boolean'],
    ['claims.groups', 'not-boolean'],
    ['claims.run_attempt', 'not-boolean'],
  ])('%s is a non-match (%s), not a crash', (expression, reason) => {
    expect(evaluateCondition(expression, claims)).toMatchObject({ ok: false, reason });
  });
  it('never puts claim values in its messages', () => {
    const secret = { sub: 'top-secret-subject', nested: { token: 'top-secret-token' } };
    for (const expression of [
      'claims.sub.startsWith(1)',
      'claims.nested',
      'claims.nested.token.size() == "x"',
    ]) {
      const result = evaluateCondition(expression, secret);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).not.toMatch(/top-secret/);
    }
  });
  it('compiles an expression once and reuses it', () => {
    const a = compileCondition('claims.sub == "x"');
    const b = compileCondition('claims.sub == "x"');
    expect(a.ok).toBe(true);
    expect(b).toBe(a);
  });
  it.each([
    ['', 'invalid CEL'],
    ['claims.sub ==', 'invalid CEL'],
    ['other == 1', 'invalid CEL'],
    ['1 + 2', 'type int'],
    ['"text"', 'type string'],
    ['claims', 'type map'],
  ])('rejects %j at compile time', (expression, message) => {
    const result = compileCondition(expression);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });
  it('never throws on arbitrary expressions and claim values (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), (expression, value) => {
        const result = evaluateCondition(expression, { sub: 'x', value });
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('matchClaims', () => {
  const full = {
    subject_prefix: 'repo:acme/app:*',
    audience: 'https://api.example.com',
    claims: { repository: 'acme/app' },
    condition: 'claims.org.name == "acme"',
  };
  it('accepts claims that satisfy every populated matcher', () => {
    expect(matchClaims(full, claims)).toEqual({ ok: true });
    expect(matchClaims({ subject_prefix: 'repo:*' }, claims)).toEqual({ ok: true });
  });
  it.each([
    [{ subject_prefix: 'repo:other/*' }, 'subject_prefix'],
    [{ audience: 'https://elsewhere.example.com' }, 'audience'],
    [{ claims: { repository: 'acme/other' } }, 'claims'],
    [{ condition: 'claims.org.name == "other"' }, 'condition'],
    [{ condition: 'claims.nope == 1' }, 'condition'],
    [{ condition: 'claims.sub' }, 'condition'],
  ])('combines with AND: %j fails on %s', (change, matcher) => {
    expect(matchClaims({ ...full, ...change }, claims)).toMatchObject({ ok: false, matcher });
  });
  it('treats an invalid condition reaching evaluation as a non-match', () => {
    expect(matchClaims({ subject_prefix: '*', condition: 'claims.sub ==' }, claims)).toMatchObject({
      ok: false,
      matcher: 'condition',
      reason: 'invalid',
    });
  });
  it('does not check aud when no audience matcher is set', () => {
    expect(matchClaims({ subject_prefix: '*' }, { sub: 'x' })).toEqual({ ok: true });
  });
});

describe('validateMatch', () => {
  it.each([
    [{ subject_prefix: 'repo:*' }],
    [{ claims: { repository: 'acme/app' } }],
    [{ condition: 'claims.repository == "acme/app"' }],
    [{ condition: 'claims.flag' }],
    [{ audience: 'api', subject_prefix: 'x' }],
    [{ audience: 'api', claims: { a: 'b' }, condition: 'true' }],
  ])('accepts %j', (match) => {
    expect(validateMatch(match)).toEqual({ ok: true });
  });
  it('rejects a match with only audience', () => {
    expect(validateMatch({ audience: 'api' })).toMatchObject({
      ok: false,
      field: 'match',
      requirement: 'MATCH-AUDIENCE-ONLY-REJECTED',
    });
  });
  it('rejects a match with no matchers', () => {
    expect(validateMatch({})).toMatchObject({ ok: false, requirement: 'MATCH-EMPTY-REJECTED' });
    expect(validateMatch({ claims: {} })).toMatchObject({ ok: false, requirement: 'MATCH-EMPTY-REJECTED' });
  });
  it.each([
    ['claims.sub ==', 'match.condition: invalid CEL'],
    ['other.sub == "x"', 'match.condition: invalid CEL'],
    ['1 + 1', 'match.condition: CEL expression has type int'],
  ])('rejects the invalid condition %j naming the field', (condition, prefix) => {
    const result = validateMatch({ subject_prefix: 'x', condition });
    expect(result).toMatchObject({ ok: false, field: 'match.condition' });
    if (!result.ok) expect(result.message.startsWith(prefix)).toBe(true);
  });
  it.each([
    [null, 'match'],
    [[], 'match'],
    [{ subject_prefix: 1 }, 'match.subject_prefix'],
    [{ subject_prefix: 'x', audience: ['a'] }, 'match.audience'],
    [{ claims: { run_attempt: 1 } }, 'match.claims.run_attempt'],
    [{ claims: ['a'] }, 'match.claims'],
    [{ condition: true }, 'match.condition'],
    [{ subject_prefix: 'x', issuer: 'y' }, 'match.issuer'],
  ])('rejects %j naming %s', (match, field) => {
    const result = validateMatch(match);
    expect(result).toMatchObject({ ok: false, field });
    if (!result.ok) expect(result.message.startsWith(`${field}: `)).toBe(true);
  });
});
