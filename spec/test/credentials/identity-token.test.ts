import { describe, expect, it } from 'vitest';
import { readIdentityToken } from '../../src/rules/credentials.js';
import { tree, v } from './fixtures.js';

describe('reading the identity token at exchange time', () => {
  it('CRED-ENV-IDENTITY-TOKEN-FILE: reads the file, trimming surrounding whitespace', () => {
    expect(readIdentityToken({ source: 'file', path: '/t' }, tree({ '/t': 'eyJ.a.b\n' }))).toEqual({
      ok: true,
      token: 'eyJ.a.b',
    });
  });

  it('CRED-IDENTITY-TOKEN-FILE-MISSING: fails with a file-not-found error naming the path when the file is missing', () => {
    expect(readIdentityToken({ source: 'file', path: '/missing' }, tree({}))).toMatchObject({
      ok: false,
      code: 'file_not_found',
      message: 'identity token file not found: /missing',
      requirements: ['CRED-IDENTITY-TOKEN-FILE-MISSING'],
    });
  });

  it('CRED-IDENTITY-TOKEN-FILE-REREAD: re-reads the file on every call', () => {
    let content = 'first';
    const readFile = () => content;
    expect(readIdentityToken({ source: 'file', path: '/t' }, readFile)).toEqual({ ok: true, token: 'first' });
    content = 'second';
    expect(readIdentityToken({ source: 'file', path: '/t' }, readFile)).toEqual({
      ok: true,
      token: 'second',
    });
  });

  it('CRED-ENV-IDENTITY-TOKEN: reads the literal variable, without echoing it in an error', () => {
    const source = { source: 'environment', variable: v.env.identityToken } as const;
    expect(readIdentityToken(source, tree({}), { [v.env.identityToken]: 'eyJ.lit' })).toEqual({
      ok: true,
      token: 'eyJ.lit',
    });
    expect(readIdentityToken(source, tree({}), {})).toMatchObject({ ok: false, code: 'variable_not_set' });
  });

  it('refuses a source other than file', () => {
    expect(readIdentityToken({ source: 'unsupported', declared: 'command' }, tree({}))).toMatchObject({
      ok: false,
      code: 'unsupported_source',
    });
  });
});
