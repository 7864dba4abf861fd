import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Resolution, resolveCredentials, type SourceNumber } from '../../src/rules/credentials.js';
import { defineVendor } from '../../src/vendor.js';
import {
  configPath,
  DIR,
  federationEnv,
  federationProfile,
  HOME,
  ORG,
  OTHER_ORG,
  resolveLinux,
  tree,
  v,
} from './fixtures.js';

const resolvedOf = (r: Resolution) => {
  if (r.outcome !== 'resolved') throw new Error(`expected a credential, got ${JSON.stringify(r)}`);
  return r;
};
const errorOf = (r: Resolution) => {
  if (r.outcome !== 'error') throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r;
};

describe('source 1: constructor arguments', () => {
  const everything = {
    [v.env.apiKey]: 'env-key',
    [v.env.profile]: 'work',
    ...federationEnv(),
  };
  const files = { [configPath('work')]: federationProfile(), [configPath('default')]: federationProfile() };

  it.each([
    [{ api_key: 'sk-arg' }, 'api_key', 'api_key'],
    [{ auth_token: 'tok-arg' }, 'auth_token', 'auth_token'],
    [{ credentials: { any: 'thing' } }, 'credentials_object', 'credentials'],
  ] as const)('CRED-SOURCE-1-CONSTRUCTOR: wins over every other source with %j', (args, kind, name) => {
    const r = resolvedOf(resolveLinux(everything, files, args));
    expect(r.source).toBe(1);
    expect(r.credential.kind).toBe(kind);
    expect(r.credential).toMatchObject({ location: { type: 'argument', name } });
  });

  it('CRED-SOURCE-1-CONSTRUCTOR: prefers api_key, then auth_token, then credentials when several are given', () => {
    expect(
      resolvedOf(resolveLinux({}, {}, { api_key: 'a', auth_token: 'b', credentials: {} })).credential.kind,
    ).toBe('api_key');
    expect(resolvedOf(resolveLinux({}, {}, { auth_token: 'b', credentials: {} })).credential.kind).toBe(
      'auth_token',
    );
  });

  it('counts an empty-string api_key argument as given', () => {
    const r = resolvedOf(resolveLinux(everything, files, { api_key: '' }));
    expect(r.source).toBe(1);
    expect(r.credential).toMatchObject({ kind: 'api_key', empty: true });
  });

  it('treats null and undefined arguments as not given', () => {
    const r = resolvedOf(
      resolveLinux({ [v.env.apiKey]: 'env-key' }, {}, { api_key: null, auth_token: undefined }),
    );
    expect(r.source).toBe(2);
  });
});

describe('source 2: API key or auth token in the environment', () => {
  it('CRED-SOURCE-2-ENV, CRED-ENV-SHADOWS-FEDERATION: wins over the named profile and the federation variables', () => {
    const r = resolvedOf(
      resolveLinux(
        { [v.env.apiKey]: 'k', [v.env.profile]: 'work', ...federationEnv() },
        {
          [configPath('work')]: federationProfile(),
        },
      ),
    );
    expect(r.source).toBe(2);
    expect(r.credential).toEqual({
      kind: 'api_key',
      location: { type: 'environment', variable: v.env.apiKey },
      empty: false,
    });
  });

  it('CRED-ENV-EMPTY-API-KEY-SELECTS-KEY, CRED-ENV-EMPTY-OCCUPIES-SLOT: selects the API-key path when the API key variable is an empty string', () => {
    const r = resolvedOf(resolveLinux({ [v.env.apiKey]: '', ...federationEnv() }));
    expect(r.source).toBe(2);
    expect(r.credential).toMatchObject({ kind: 'api_key', empty: true });
    expect(r.requirements).toContain('CRED-ENV-EMPTY-API-KEY-SELECTS-KEY');
    expect(r.requirements).toContain('CRED-ENV-EMPTY-OCCUPIES-SLOT');
  });

  it('CRED-SOURCE-2-ENV, CRED-ENV-EMPTY-OCCUPIES-SLOT: uses the auth token variable, even empty, when no API key variable is set', () => {
    expect(resolvedOf(resolveLinux({ [v.env.authToken]: 't', ...federationEnv() })).credential).toMatchObject(
      {
        kind: 'auth_token',
        empty: false,
      },
    );
    expect(resolvedOf(resolveLinux({ [v.env.authToken]: '' })).credential).toMatchObject({
      kind: 'auth_token',
      empty: true,
    });
  });

  it('prefers the API key when both variables are set', () => {
    expect(resolvedOf(resolveLinux({ [v.env.apiKey]: 'k', [v.env.authToken]: 't' })).credential.kind).toBe(
      'api_key',
    );
  });
});

describe('source 3: the profile named by the profile variable', () => {
  it('CRED-SOURCE-3-NAMED-PROFILE, CRED-ENV-PROFILE, PROFILE-CONFIG-PATH, PROFILE-AUTH-SERVICE-ACCOUNT-ID, PROFILE-AUTH-IDENTITY-TOKEN-FILE: loads <config_dir>/configs/<name>.json and wins over the federation variables', () => {
    const r = resolvedOf(
      resolveLinux(
        { [v.env.profile]: 'work', ...federationEnv() },
        { [configPath('work')]: federationProfile() },
      ),
    );
    expect(r.source).toBe(3);
    expect(r.credential).toMatchObject({
      kind: 'federation',
      federation_rule_id: 'fdrl_profile',
      service_account_id: 'svac_profile',
      organization_id: ORG,
      workspace_id: 'wrkspc_profile',
      identity_token: { source: 'file', path: '/var/run/profile-token' },
      profile: {
        name: 'work',
        configPath: `${DIR}/configs/work.json`,
        credentialsPath: `${DIR}/credentials/work.json`,
        version: '1.0',
        base_url: null,
      },
    });
  });

  it('CRED-NAMED-PROFILE-MISSING-ERROR: is an error, not a fall-through, when the named profile does not exist', () => {
    const r = errorOf(
      resolveLinux(
        { [v.env.profile]: 'missing', ...federationEnv() },
        { [configPath('default')]: federationProfile() },
      ),
    );
    expect(r.source).toBe(3);
    expect(r.error.code).toBe('profile_not_found');
    expect(r.error.path).toBe(configPath('missing'));
    expect(r.error.requirements).toContain('CRED-NAMED-PROFILE-MISSING-ERROR');
  });

  it('CRED-ENV-EMPTY-OCCUPIES-SLOT: takes an empty profile variable as naming a profile, and rejects the empty name', () => {
    const r = errorOf(
      resolveLinux(
        { [v.env.profile]: '', ...federationEnv() },
        { [configPath('default')]: federationProfile() },
      ),
    );
    expect(r.source).toBe(3);
    expect(r.error.code).toBe('invalid_profile_name');
  });

  it.each(['../escape', 'a/b', 'a\\b', '.', '..'])('rejects the profile name %j', (name) => {
    expect(errorOf(resolveLinux({ [v.env.profile]: name })).error.code).toBe('invalid_profile_name');
  });

  it('reports a profile that is not JSON without echoing its contents', () => {
    const r = errorOf(resolveLinux({ [v.env.profile]: 'work' }, { [configPath('work')]: '{"secretish": ' }));
    expect(r.error.code).toBe('malformed_profile');
    expect(r.description).not.toContain('secretish');
  });

  it.each([
    ['an unknown field', { colour: 'blue' }, 'colour'],
    ['a non-UUID organization', { organization_id: 'acme' }, 'organization_id'],
    ['a non-string version', { version: 1 }, 'version'],
    ['a workspace id without prefix', { workspace_id: 'ws_1' }, 'workspace_id'],
  ])('reports a profile with %s as malformed', (_, overrides, field) => {
    const r = errorOf(
      resolveLinux({ [v.env.profile]: 'work' }, { [configPath('work')]: federationProfile(overrides) }),
    );
    expect(r.error.code).toBe('malformed_profile');
    expect(r.error.fields?.join(' ')).toContain(field);
  });

  it('rejects a profile of another major version', () => {
    const r = errorOf(
      resolveLinux(
        { [v.env.profile]: 'work' },
        { [configPath('work')]: federationProfile({ version: '2.0' }) },
      ),
    );
    expect(r.error.code).toBe('unsupported_profile_version');
  });

  it('PROFILE-VERSION-OMITTED-CURRENT: reads a profile of a newer minor version and one without a version', () => {
    const newer = resolvedOf(
      resolveLinux(
        { [v.env.profile]: 'work' },
        { [configPath('work')]: federationProfile({ version: '1.7' }) },
      ),
    );
    expect(newer.credential).toMatchObject({ profile: { version: '1.7' } });
    const { version: _, ...rest } = JSON.parse(federationProfile()) as Record<string, unknown>;
    const omitted = resolvedOf(
      resolveLinux({ [v.env.profile]: 'work' }, { [configPath('work')]: JSON.stringify(rest) }),
    );
    expect(omitted.credential).toMatchObject({ profile: { version: '1.0' } });
  });

  it('reports a profile without an authentication block as incomplete', () => {
    const r = errorOf(
      resolveLinux(
        { [v.env.profile]: 'work', ...federationEnv() },
        { [configPath('work')]: JSON.stringify({ version: '1.0' }) },
      ),
    );
    expect(r.error.code).toBe('incomplete_profile');
    expect(r.error.fields).toEqual(['authentication']);
  });

  it('reports the federation fields that neither the profile nor the environment supplies', () => {
    const r = errorOf(
      resolveLinux(
        { [v.env.profile]: 'work' },
        { [configPath('work')]: JSON.stringify({ authentication: { type: 'oidc_federation' } }) },
      ),
    );
    expect(r.error.code).toBe('incomplete_profile');
    expect(r.error.fields).toEqual([
      'federation_rule_id',
      'service_account_id',
      'organization_id',
      'identity_token',
    ]);
  });

  it('PROFILE-AUTH-FEDERATION-TYPE: passes a profile of another authentication type through without interpreting it', () => {
    const r = resolvedOf(
      resolveLinux(
        { [v.env.profile]: 'me', [v.env.organizationId]: OTHER_ORG },
        { [configPath('me')]: JSON.stringify({ authentication: { type: 'user_oauth', client: 'x' } }) },
      ),
    );
    expect(r.credential).toMatchObject({
      kind: 'profile_authentication',
      authenticationType: 'user_oauth',
      organization_id: OTHER_ORG,
      workspace_id: null,
    });
  });

  it('reports the base_url of the profile', () => {
    const r = resolvedOf(
      resolveLinux(
        { [v.env.profile]: 'work' },
        { [configPath('work')]: federationProfile({ base_url: 'https://api.example.com' }) },
      ),
    );
    expect(r.credential).toMatchObject({ profile: { base_url: 'https://api.example.com' } });
  });
});

describe('environment fill of a loaded profile', () => {
  const sparse = JSON.stringify({
    authentication: { type: 'oidc_federation', federation_rule_id: 'fdrl_profile' },
    workspace_id: 'wrkspc_profile',
  });

  it('CRED-PROFILE-ENV-FILLS-OMITTED, CRED-PROFILE-ENV-NEVER-OVERRIDES, PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV: fills only the fields the profile omits and never overrides the ones it sets', () => {
    const env = { [v.env.profile]: 'work', ...federationEnv(), [v.env.workspaceId]: 'wrkspc_env' };
    const r = resolvedOf(resolveLinux(env, { [configPath('work')]: sparse }));
    expect(r.credential).toMatchObject({
      kind: 'federation',
      federation_rule_id: 'fdrl_profile',
      service_account_id: 'svac_env',
      organization_id: OTHER_ORG,
      workspace_id: 'wrkspc_profile',
      identity_token: { source: 'file', path: '/var/run/env-token' },
      provenance: {
        federation_rule_id: 'profile',
        service_account_id: 'environment',
        organization_id: 'environment',
        workspace_id: 'profile',
        identity_token: 'environment',
      },
    });
  });

  it('PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV, CRED-ENV-IDENTITY-TOKEN: takes the literal identity-token variable when the file variable is not set', () => {
    const env = { ...federationEnv(), [v.env.profile]: 'work', [v.env.identityToken]: 'eyJ.literal' };
    delete env[v.env.identityTokenFile];
    const r = resolvedOf(resolveLinux(env, { [configPath('work')]: sparse }));
    expect(r.credential).toMatchObject({
      identity_token: { source: 'environment', variable: v.env.identityToken },
    });
  });

  it('CRED-PROFILE-ENV-NEVER-OVERRIDES: keeps the profile identity token over both identity-token variables', () => {
    const env = { [v.env.profile]: 'work', ...federationEnv(), [v.env.identityToken]: 'eyJ.literal' };
    const r = resolvedOf(resolveLinux(env, { [configPath('work')]: federationProfile() }));
    expect(r.credential).toMatchObject({
      identity_token: { source: 'file', path: '/var/run/profile-token' },
    });
  });

  it('CRED-PROFILE-ENV-FILLS-OMITTED: applies to the active profile too', () => {
    const r = resolvedOf(
      resolveLinux(
        { [v.env.serviceAccountId]: 'svac_env', [v.env.organizationId]: OTHER_ORG },
        {
          [configPath('default')]: sparse.replace(
            '"fdrl_profile"',
            '"fdrl_profile", "identity_token": {"source":"file","path":"/t"}',
          ),
        },
      ),
    );
    expect(r.source).toBe(5);
    expect(r.credential).toMatchObject({ service_account_id: 'svac_env', organization_id: OTHER_ORG });
  });
});

describe('source 4: the federation environment variables', () => {
  it('CRED-SOURCE-4-FEDERATION-ENV, CRED-FEDERATION-ENV-ACTIVATION, CRED-ENV-IDENTITY-TOKEN-FILE: activates when rule, organization, service account and an identity-token variable are set', () => {
    const r = resolvedOf(resolveLinux(federationEnv(), { [configPath('default')]: federationProfile() }));
    expect(r.source).toBe(4);
    expect(r.credential).toEqual({
      kind: 'federation',
      federation_rule_id: 'fdrl_env',
      service_account_id: 'svac_env',
      organization_id: OTHER_ORG,
      workspace_id: null,
      identity_token: { source: 'file', path: '/var/run/env-token' },
      provenance: {
        federation_rule_id: 'environment',
        service_account_id: 'environment',
        organization_id: 'environment',
        identity_token: 'environment',
      },
      profile: null,
    });
  });

  it.each([
    ['CRED-ENV-FEDERATION-RULE-ID', v.env.federationRuleId],
    ['CRED-ENV-ORGANIZATION-ID', v.env.organizationId],
    ['CRED-ENV-SERVICE-ACCOUNT-ID', v.env.serviceAccountId],
    ['CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO', v.env.identityTokenFile],
  ])(
    '%s, CRED-FEDERATION-ENV-ACTIVATION: does not activate without %s, falling through to the active profile',
    (_, missing) => {
      const env = federationEnv();
      delete env[missing];
      const withDefault = resolvedOf(resolveLinux(env, { [configPath('default')]: federationProfile() }));
      expect(withDefault.source).toBe(5);
      expect(resolveLinux(env).outcome).toBe('none');
    },
  );

  it('CRED-ENV-IDENTITY-TOKEN, CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO: activates with the literal identity-token variable instead of the file variable', () => {
    const env = federationEnv();
    delete env[v.env.identityTokenFile];
    env[v.env.identityToken] = 'eyJ.literal';
    const r = resolvedOf(resolveLinux(env));
    expect(r.credential).toMatchObject({
      identity_token: { source: 'environment', variable: v.env.identityToken },
    });
  });

  it('uses the file variable when both identity-token variables are set', () => {
    const r = resolvedOf(resolveLinux({ ...federationEnv(), [v.env.identityToken]: 'eyJ.literal' }));
    expect(r.credential).toMatchObject({ identity_token: { source: 'file', path: '/var/run/env-token' } });
  });

  it('CRED-ENV-WORKSPACE-ID-NOT-GATING, CRED-ENV-WORKSPACE-ID: does not need the workspace variable, and carries it when set', () => {
    expect(resolvedOf(resolveLinux(federationEnv())).credential).toMatchObject({ workspace_id: null });
    expect(
      resolvedOf(resolveLinux({ ...federationEnv(), [v.env.workspaceId]: 'default' })).credential,
    ).toMatchObject({
      workspace_id: 'default',
      provenance: { workspace_id: 'environment' },
    });
  });

  it('CRED-ENV-EMPTY-OCCUPIES-SLOT: counts a variable set to an empty string as set', () => {
    const r = resolvedOf(resolveLinux({ ...federationEnv(), [v.env.federationRuleId]: '' }));
    expect(r.source).toBe(4);
    expect(r.credential).toMatchObject({ federation_rule_id: '' });
  });

  it('CRED-IDENTITY-TOKEN-FILE-REREAD: never reads the identity-token file during resolution', () => {
    const reads: string[] = [];
    resolveCredentials(
      {
        env: federationEnv(),
        platform: 'linux',
        homeDir: HOME,
        readFile: (p) => {
          reads.push(p);
          return undefined;
        },
      },
      v,
    );
    expect(reads).not.toContain('/var/run/env-token');
  });
});

describe('source 5: the active profile', () => {
  it('CRED-SOURCE-5-ACTIVE-PROFILE, CONFIG-ACTIVE-PROFILE-FILE: uses the profile named in active_config', () => {
    const r = resolvedOf(
      resolveLinux({}, { [`${DIR}/active_config`]: 'team\n', [configPath('team')]: federationProfile() }),
    );
    expect(r.source).toBe(5);
    expect(r.credential).toMatchObject({ profile: { name: 'team' } });
    expect(r.requirements).toContain('CONFIG-ACTIVE-PROFILE-FILE');
  });

  it('CRED-SOURCE-5-ACTIVE-PROFILE, CONFIG-ACTIVE-PROFILE-DEFAULT: uses the literal default profile without active_config', () => {
    const r = resolvedOf(resolveLinux({}, { [configPath('default')]: federationProfile() }));
    expect(r.credential).toMatchObject({ profile: { name: 'default' } });
    expect(r.requirements).toContain('CONFIG-ACTIVE-PROFILE-DEFAULT');
  });

  it('falls back to default when active_config is blank', () => {
    const r = resolvedOf(
      resolveLinux({}, { [`${DIR}/active_config`]: '  \n', [configPath('default')]: federationProfile() }),
    );
    expect(r.credential).toMatchObject({ profile: { name: 'default' } });
  });

  it('is an error when active_config names a profile that does not exist', () => {
    const r = errorOf(
      resolveLinux({}, { [`${DIR}/active_config`]: 'gone', [configPath('default')]: federationProfile() }),
    );
    expect(r.source).toBe(5);
    expect(r.error.code).toBe('profile_not_found');
  });

  it("ends with 'none' when no source yields anything", () => {
    const r = resolveLinux({});
    expect(r).toMatchObject({ outcome: 'none', unspecified: expect.arrayContaining(['UNSPEC-CRED-NONE']) });
  });

  it('CONFIG-DIR-ENV, CRED-ENV-CONFIG-DIR: reads profiles from the configuration directory variable', () => {
    const r = resolvedOf(
      resolveCredentials(
        {
          env: { [v.env.configDir]: '/etc/cfg' },
          platform: 'linux',
          homeDir: HOME,
          readFile: tree({ '/etc/cfg/configs/default.json': federationProfile() }),
        },
        v,
      ),
    );
    expect(r.credential).toMatchObject({ profile: { configPath: '/etc/cfg/configs/default.json' } });
  });

  it('CONFIG-DIR-WINDOWS, PROFILE-CREDENTIALS-PATH: reads profiles from the application-data directory on Windows', () => {
    const r = resolvedOf(
      resolveCredentials(
        {
          env: {},
          platform: 'win32',
          appDataDir: 'C:\\Users\\dev\\AppData\\Roaming',
          readFile: tree({
            'C:\\Users\\dev\\AppData\\Roaming\\Vendor\\configs\\default.json': federationProfile(),
          }),
        },
        v,
      ),
    );
    expect(r.credential).toMatchObject({
      profile: { credentialsPath: 'C:\\Users\\dev\\AppData\\Roaming\\Vendor\\credentials\\default.json' },
    });
  });

  it('is an error when no configuration directory can be found', () => {
    const r = errorOf(resolveCredentials({ env: {}, platform: 'linux', readFile: tree({}) }, v));
    expect(r.error.code).toBe('config_dir_unavailable');
  });
});

describe('vendor derivation', () => {
  it('reads the variables and directory of another vendor name', () => {
    const acme = defineVendor('acme');
    const r = resolveCredentials(
      {
        env: { ACME_API_KEY: 'k', VENDOR_PROFILE: 'x' },
        platform: 'linux',
        homeDir: HOME,
        readFile: tree({}),
      },
      acme,
    );
    expect(r).toMatchObject({ outcome: 'resolved', source: 2 });
    const p = resolveCredentials(
      {
        env: {},
        platform: 'linux',
        homeDir: HOME,
        readFile: tree({ [`${HOME}/.config/acme/configs/default.json`]: federationProfile() }),
      },
      acme,
    );
    expect(p).toMatchObject({ outcome: 'resolved', source: 5 });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** A variable is absent, an empty string, or a value. */
const slot = fc.oneof(fc.constant(undefined), fc.constant(''), fc.constantFrom('val-1', 'val-2'));

const world = fc.record({
  args: fc.record({
    api_key: fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant(''), fc.constant('arg-key')),
    auth_token: fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant('arg-token')),
    credentials: fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant({ opaque: true })),
  }),
  apiKey: slot,
  authToken: slot,
  profile: fc.oneof(fc.constant(undefined), fc.constantFrom('named', 'absent')),
  rule: slot,
  org: slot,
  account: slot,
  tokenFile: slot,
  token: slot,
  workspace: slot,
  activeConfig: fc.oneof(fc.constant(undefined), fc.constantFrom('team', 'nobody', ' ')),
  hasDefault: fc.boolean(),
  hasTeam: fc.boolean(),
});

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

/** Independent statement of the order: which source yields first. */
function expectedSource(w: World): SourceNumber | 'none' {
  const set = (x: unknown) => x !== undefined && x !== null;
  if (set(w.args.api_key) || set(w.args.auth_token) || set(w.args.credentials)) return 1;
  if (w.apiKey !== undefined || w.authToken !== undefined) return 2;
  if (w.profile !== undefined) return 3;
  if (
    w.rule !== undefined &&
    w.org !== undefined &&
    w.account !== undefined &&
    (w.tokenFile !== undefined || w.token !== undefined)
  ) {
    return 4;
  }
  const named = w.activeConfig?.trim();
  if (named) return 5;
  return w.hasDefault ? 5 : 'none';
}
function materialize(w: World) {
  const env: Record<string, string | undefined> = {
    [v.env.apiKey]: w.apiKey,
    [v.env.authToken]: w.authToken,
    [v.env.profile]: w.profile,
    [v.env.federationRuleId]: w.rule,
    [v.env.organizationId]: w.org,
    [v.env.serviceAccountId]: w.account,
    [v.env.identityTokenFile]: w.tokenFile,
    [v.env.identityToken]: w.token,
    [v.env.workspaceId]: w.workspace,
  };
  const files: Record<string, string> = { [configPath('named')]: federationProfile() };
  if (w.activeConfig !== undefined) files[`${DIR}/active_config`] = w.activeConfig;
  if (w.hasDefault) files[configPath('default')] = federationProfile();
  if (w.hasTeam) files[configPath('team')] = federationProfile();
  return { env, files };
}

describe('precedence properties', () => {
  it('CRED-FIRST-SOURCE-WINS: the winning source is the first one that yields, whatever else is present', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { env, files } = materialize(w);
        const r = resolveLinux(env, files, w.args);
        const expected = expectedSource(w);
        if (expected === 'none') expect(r.outcome).toBe('none');
        else {
          expect(r.outcome).not.toBe('none');
          expect((r as { source: SourceNumber }).source).toBe(expected);
        }
      }),
    );
  });

  it('CRED-FIRST-SOURCE-WINS, CRED-NAMED-PROFILE-MISSING-ERROR: a source that is present errs or yields, and never falls through to a later one', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { env, files } = materialize(w);
        const r = resolveLinux(env, files, w.args);
        if (w.profile === 'absent' && expectedSource(w) === 3) expect(r.outcome).toBe('error');
        if (w.profile === 'named' && expectedSource(w) === 3) expect(r.outcome).toBe('resolved');
      }),
    );
  });

  it('no returned description, message or field ever contains a secret value', () => {
    const secret = fc.string({ minLength: 1, maxLength: 12 }).map((s) => `SECRET${s}`);
    fc.assert(
      fc.property(world, secret, secret, secret, secret, (w, key, token, jwt, argKey) => {
        const { env, files } = materialize(w);
        if (env[v.env.apiKey] !== undefined) env[v.env.apiKey] = key;
        if (env[v.env.authToken] !== undefined) env[v.env.authToken] = token;
        if (env[v.env.identityToken] !== undefined) env[v.env.identityToken] = jwt;
        const args = { ...w.args, ...(w.args.api_key ? { api_key: argKey } : {}) };
        const text = JSON.stringify(resolveLinux(env, files, args));
        for (const s of [key, token, jwt, argKey]) expect(text).not.toContain(s);
      }),
    );
  });

  it('CRED-PROFILE-ENV-FILLS-OMITTED, CRED-PROFILE-ENV-NEVER-OVERRIDES: each field is the profile value when the profile sets it, else the variable', () => {
    const maybe = (value: string) => fc.option(fc.constant(value), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          rule: maybe('fdrl_p'),
          account: maybe('svac_p'),
          org: maybe(ORG),
          workspace: maybe('wrkspc_p'),
          tokenPath: maybe('/p/token'),
        }),
        fc.record({ rule: slot, account: slot, org: slot, workspace: slot, tokenFile: slot }),
        (p, e) => {
          const profile = {
            authentication: {
              type: 'oidc_federation',
              ...(p.rule !== undefined ? { federation_rule_id: p.rule } : {}),
              ...(p.account !== undefined ? { service_account_id: p.account } : {}),
              ...(p.tokenPath !== undefined ? { identity_token: { source: 'file', path: p.tokenPath } } : {}),
            },
            ...(p.org !== undefined ? { organization_id: p.org } : {}),
            ...(p.workspace !== undefined ? { workspace_id: p.workspace } : {}),
          };
          const env = {
            [v.env.profile]: 'work',
            [v.env.federationRuleId]: e.rule,
            [v.env.serviceAccountId]: e.account,
            [v.env.organizationId]: e.org,
            [v.env.workspaceId]: e.workspace,
            [v.env.identityTokenFile]: e.tokenFile,
          };
          const r = resolveLinux(env, { [configPath('work')]: JSON.stringify(profile) });
          const want = {
            federation_rule_id: p.rule ?? e.rule,
            service_account_id: p.account ?? e.account,
            organization_id: p.org ?? e.org,
            identity_token: p.tokenPath ?? e.tokenFile,
          };
          const missing = Object.entries(want)
            .filter(([, x]) => x === undefined)
            .map(([k]) => k);
          if (missing.length > 0) {
            expect(r).toMatchObject({
              outcome: 'error',
              error: { code: 'incomplete_profile', fields: missing },
            });
            return;
          }
          const c = resolvedOf(r).credential;
          if (c.kind !== 'federation') throw new Error('expected federation');
          expect(c.federation_rule_id).toBe(want.federation_rule_id);
          expect(c.service_account_id).toBe(want.service_account_id);
          expect(c.organization_id).toBe(want.organization_id);
          expect(c.workspace_id).toBe(p.workspace ?? e.workspace ?? null);
          expect(c.identity_token).toEqual({ source: 'file', path: want.identity_token });
          expect(c.provenance.federation_rule_id).toBe(p.rule !== undefined ? 'profile' : 'environment');
          expect(c.provenance.organization_id).toBe(p.org !== undefined ? 'profile' : 'environment');
        },
      ),
    );
  });
});
