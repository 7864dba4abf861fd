import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROFILE_CURRENT_VERSION,
  ProfileAuthentication,
  ProfileConfig,
  ProfileCredentials,
  ProfileIdentityToken,
  ProfileVersion,
} from '../../src/resources/profiles.js';
import {
  CURRENT_PROFILE_MAJOR,
  loadProfile,
  migrateProfile,
  parseProfileVersion,
  profileConfigProblems,
  profileCredentialsProblems,
} from '../../src/rules/credentials.js';
import { Fail, makeAjv, Ok } from '../helpers.js';
import { ORG, tree } from './fixtures.js';

const federation = {
  type: 'oidc_federation',
  federation_rule_id: 'fdrl_1',
  service_account_id: 'svac_1',
  identity_token: { source: 'file', path: '/var/run/token' },
};

describe('ProfileVersion', () => {
  it.each(['1.0', '1.12', '10.3', '0.0'])('PROFILE-VERSION-FORMAT: accepts %j', (value) =>
    Ok(ProfileVersion, value),
  );
  it.each(['1', '1.', '.1', '1.0.0', 'v1.0', '1.a', ' 1.0', 1, 1.0, null])(
    'PROFILE-VERSION-FORMAT: rejects %j',
    (value) => Fail(ProfileVersion, value),
  );
  it('PROFILE-VERSION-CURRENT-1-0: is currently 1.0', () => expect(PROFILE_CURRENT_VERSION).toBe('1.0'));
});

describe('ProfileConfig', () => {
  it('PROFILE-CONFIG-FIELDS, PROFILE-AUTH-FEDERATION-TYPE: accepts a complete federation profile', () => {
    Ok(ProfileConfig, {
      version: '1.0',
      authentication: federation,
      organization_id: ORG,
      workspace_id: 'wrkspc_01',
      base_url: 'https://api.example.com',
    });
  });

  it('accepts an empty profile (every field optional) and the default workspace', () => {
    Ok(ProfileConfig, {});
    Ok(ProfileConfig, { workspace_id: 'default' });
  });

  it.each([
    ['PROFILE-CONFIG-FIELDS: an unknown field', { extra: 1 }],
    ['PROFILE-VERSION-FORMAT: a numeric version', { version: 1.0 }],
    ['PROFILE-VERSION-FORMAT: a three-part version', { version: '1.0.0' }],
    ['a non-UUID organization', { organization_id: 'org_1' }],
    ['a workspace id without prefix', { workspace_id: 'ws_1' }],
    ['a bare workspace prefix', { workspace_id: 'wrkspc_' }],
    ['a relative base_url', { base_url: 'api.example.com' }],
    [
      'PROFILE-AUTH-FEDERATION-TYPE: an authentication block without type',
      { authentication: { federation_rule_id: 'fdrl_1' } },
    ],
    ['a federation block with an unknown field', { authentication: { ...federation, audience: 'x' } }],
    [
      'PROFILE-AUTH-FEDERATION-RULE-ID: a federation block with a numeric rule id',
      { authentication: { ...federation, federation_rule_id: 1 } },
    ],
    [
      'PROFILE-AUTH-SERVICE-ACCOUNT-ID: a federation block with a numeric service account id',
      { authentication: { ...federation, service_account_id: 1 } },
    ],
    [
      'PROFILE-AUTH-IDENTITY-TOKEN-FILE: a file identity token with a numeric path',
      { authentication: { ...federation, identity_token: { source: 'file', path: 1 } } },
    ],
    [
      'PROFILE-AUTH-IDENTITY-TOKEN-FILE: a file identity token without path',
      { authentication: { ...federation, identity_token: { source: 'file' } } },
    ],
    [
      'PROFILE-AUTH-IDENTITY-TOKEN-FILE: a file identity token with an extra field',
      { authentication: { ...federation, identity_token: { source: 'file', path: '/t', mode: 1 } } },
    ],
  ])('rejects %s', (_, value) => Fail(ProfileConfig, value));

  it('PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV: accepts a federation block that omits the fields the environment fills', () => {
    Ok(ProfileConfig, { authentication: { type: 'oidc_federation' } });
  });

  it('keeps other authentication types and identity token sources open', () => {
    Ok(ProfileAuthentication, { type: 'interactive', anything: true });
    Ok(ProfileIdentityToken, { source: 'command', argv: ['x'] });
    Fail(ProfileIdentityToken, { source: 'file' });
    Fail(ProfileAuthentication, { type: 'oidc_federation', unknown: 1 });
  });
});

describe('ProfileCredentials', () => {
  it('PROFILE-CREDENTIALS-FIELDS: holds version, access_token, expires_at and refresh_token', () => {
    Ok(ProfileCredentials, {
      version: '1.0',
      access_token: 'sk-x',
      expires_at: '2026-01-01T00:00:00Z',
      refresh_token: 'r',
    });
    for (const field of ['version', 'access_token', 'expires_at', 'refresh_token'])
      Fail(ProfileCredentials, { [field]: null });
    Fail(ProfileCredentials, { api_key: 'sk-x' });
  });

  it.each([
    [{}],
    [{ version: '1.0', access_token: 'sk-x', expires_at: '2026-01-01T00:00:00Z' }],
    [{ access_token: 'sk-x', expires_at: 1767225600, refresh_token: 'r' }],
  ])('accepts %j', (value) => Ok(ProfileCredentials, value));

  it.each([
    [{ access_token: 1 }],
    [{ refresh_token: null }],
    [{ expires_at: true }],
    [{ version: '1' }],
    [{ id_token: 'x' }],
  ])('rejects %j', (value) => Fail(ProfileCredentials, value));
});

describe('the resolver checks profile files exactly as the schemas do', () => {
  const ajv = makeAjv();
  const validConfig = ajv.getSchema('ProfileConfig');
  const validCredentials = ajv.getSchema('ProfileCredentials');
  if (!validConfig || !validCredentials) throw new Error('profile schemas are not registered');

  const anyValue = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer(),
    fc.boolean(),
    fc.constantFrom(
      '',
      'x',
      '1.0',
      '2.5',
      '1',
      ORG,
      'wrkspc_1',
      'default',
      'https://a.example',
      'not a url',
      'file',
    ),
  );
  const identityToken = fc.oneof(
    anyValue,
    fc.record(
      { source: fc.oneof(fc.constantFrom('file', 'other'), anyValue), path: anyValue },
      { requiredKeys: [] },
    ),
    fc.record({ source: fc.constant('file'), path: fc.constant('/t'), extra: anyValue }),
  );
  const authentication = fc.oneof(
    anyValue,
    fc.record(
      {
        type: fc.oneof(fc.constantFrom('oidc_federation', 'interactive'), anyValue),
        federation_rule_id: anyValue,
        service_account_id: anyValue,
        identity_token: identityToken,
        audience: anyValue,
      },
      { requiredKeys: [] },
    ),
  );
  const config = fc.record(
    {
      version: anyValue,
      authentication,
      organization_id: anyValue,
      workspace_id: anyValue,
      base_url: anyValue,
      other: anyValue,
    },
    { requiredKeys: [] },
  );
  /** JSON never holds `undefined`: drop such keys as a parsed file would. */
  const asJson = (x: unknown) => JSON.parse(JSON.stringify(x) ?? 'null') as unknown;

  it('agrees with ajv on configuration files', () => {
    fc.assert(
      fc.property(config, (raw) => {
        const value = asJson(raw);
        expect(profileConfigProblems(value).length === 0, JSON.stringify(value)).toBe(validConfig(value));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with ajv on credentials files', () => {
    const credentials = fc.record(
      {
        version: anyValue,
        access_token: anyValue,
        expires_at: anyValue,
        refresh_token: anyValue,
        other: anyValue,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(credentials, (raw) => {
        const value = asJson(raw);
        expect(profileCredentialsProblems(value).length === 0, JSON.stringify(value)).toBe(
          validCredentials(value),
        );
      }),
    );
  });

  it.each([
    [{ colour: 'blue' }, ['`colour` is not a field of this file']],
    [{ organization_id: 'acme-secret' }, ['`organization_id` must be a string of format uuid']],
    [{ base_url: 'not a url' }, ['`base_url` must be a string of format uri']],
    [{ 'a/b': 1 }, ['`a/b` is not a field of this file']],
    [
      { authentication: { ...federation, identity_token: { source: 'file', path: 3, extra: 'x' } } },
      [
        '`authentication.identity_token.extra` is not a field of this file',
        '`authentication.identity_token.path`: expected string',
      ],
    ],
    [{ authentication: { type: 7 } }, ['`authentication` matches none of the forms it may take']],
  ])('names the fields of %j that fail the schema, never their values', (value, problems) => {
    expect(profileConfigProblems(value)).toEqual(problems);
    expect(profileConfigProblems(value).join(' ')).not.toMatch(/acme-secret|not a url/);
  });

  it('rejects non-object files', () => {
    for (const value of [null, [], 'x', 1]) {
      expect(profileConfigProblems(value)).not.toEqual([]);
      expect(validConfig(value)).toBe(false);
    }
  });
});

describe('profile version handling', () => {
  it('PROFILE-VERSION-OMITTED-CURRENT: treats an omitted version as the current one', () => {
    expect(parseProfileVersion(undefined)).toEqual({
      ok: true,
      version: { major: 1, minor: 0, text: '1.0', omitted: true },
    });
  });

  it.each([
    ['1.0', 1, 0],
    ['1.25', 1, 25],
    ['3.1', 3, 1],
  ])('PROFILE-VERSION-FORMAT: parses %j as major %i minor %i', (text, major, minor) => {
    expect(parseProfileVersion(text)).toMatchObject({ ok: true, version: { major, minor, omitted: false } });
  });

  it.each([['1'], ['1.0.0'], [1], [null], ['']])('PROFILE-VERSION-FORMAT: refuses %j', (value) => {
    expect(parseProfileVersion(value).ok).toBe(false);
  });

  it('reads any minor of the current major as is', () => {
    const raw = { version: '1.9' };
    const parsed = parseProfileVersion(raw.version);
    if (!parsed.ok) throw new Error('parse');
    expect(migrateProfile(raw, parsed.version)).toEqual({ ok: true, raw });
  });

  it('refuses another major without a migration, and migrates through the table when one exists', () => {
    const raw = { version: '0.9', auth: { type: 'oidc_federation' } };
    const parsed = parseProfileVersion(raw.version);
    if (!parsed.ok) throw new Error('parse');
    expect(migrateProfile(raw, parsed.version).ok).toBe(false);
    const migrations = {
      0: ({ auth }: Record<string, unknown>) => ({ version: '1.0', authentication: auth }),
    };
    expect(migrateProfile(raw, parsed.version, migrations)).toEqual({
      ok: true,
      raw: { version: '1.0', authentication: { type: 'oidc_federation' } },
    });
    expect(CURRENT_PROFILE_MAJOR).toBe(1);
  });

  it('stops on a migration cycle', () => {
    const parsed = parseProfileVersion('0.1');
    if (!parsed.ok) throw new Error('parse');
    expect(migrateProfile({ version: '0.1' }, parsed.version, { 0: () => ({ version: '0.2' }) }).ok).toBe(
      false,
    );
  });

  it('PROFILE-TWO-FILES, PROFILE-CONFIG-PATH, PROFILE-CREDENTIALS-PATH, PROFILE-VERSION-OMITTED-CURRENT: loads a profile from its file, returning the parsed version and paths', () => {
    const loaded = loadProfile(
      'p',
      '/c',
      'linux',
      tree({ '/c/configs/p.json': '{"workspace_id":"default"}' }),
    );
    expect(loaded).toMatchObject({
      status: 'loaded',
      profile: { workspace_id: 'default' },
      version: { text: '1.0', omitted: true },
      paths: { config: '/c/configs/p.json', credentials: '/c/credentials/p.json' },
    });
    expect(loadProfile('p', '/c', 'linux', tree({}))).toMatchObject({ status: 'not_found' });
  });
});
