import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vendor } from '@vendor-api/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorClient } from '../../src/client.js';
import { listProfiles, setActiveProfile } from '../../src/core/credentials.js';
import { CredentialsError } from '../../src/core/errors.js';
import { tempDir } from '../helpers/client.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

const E = vendor.env;
const ORG = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

const FEDERATION_ENV = {
  [E.federationRuleId]: 'fdrl_env',
  [E.organizationId]: ORG,
  [E.serviceAccountId]: 'svac_env',
  [E.identityToken]: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
};

/** A profile config: federation with every field, or the given object. */
function federationProfile(rule: string, extra: Record<string, unknown> = {}) {
  return {
    version: '1.0',
    organization_id: ORG,
    authentication: {
      type: 'oidc_federation',
      federation_rule_id: rule,
      service_account_id: 'svac_p',
      identity_token: { source: 'file', path: '/nonexistent/jwt' },
    },
    ...extra,
  };
}

interface Tree {
  readonly configs?: Record<string, unknown>;
  readonly activeConfig?: string;
}

function makeTree(tree: Tree): string {
  const dir = tempDir('vendor-cred-');
  if (tree.configs) {
    mkdirSync(join(dir, 'configs'));
    for (const [name, content] of Object.entries(tree.configs)) {
      writeFileSync(
        join(dir, 'configs', `${name}.json`),
        typeof content === 'string' ? content : JSON.stringify(content),
      );
    }
  }
  if (tree.activeConfig !== undefined) writeFileSync(join(dir, 'active_config'), tree.activeConfig);
  return dir;
}

interface Case {
  readonly name: string;
  readonly args?: { apiKey?: string; authToken?: string };
  readonly env?: Record<string, string>;
  readonly tree?: Tree;
  /** `<source>:<kind>` for resolved, `error:<code>`, or `none`. */
  readonly want: string;
  readonly check?: (client: VendorClient) => void;
}

const CASES: Case[] = [
  {
    name: 'CRED-SOURCE-1-CONSTRUCTOR: constructor apiKey beats the environment',
    args: { apiKey: 'sk-a' },
    env: { [E.apiKey]: 'sk-e' },
    want: '1:api_key',
  },
  {
    name: 'CRED-SOURCE-1-CONSTRUCTOR: constructor apiKey beats authToken',
    args: { apiKey: 'sk-a', authToken: 't' },
    want: '1:api_key',
  },
  {
    name: 'CRED-SOURCE-1-CONSTRUCTOR: constructor authToken',
    args: { authToken: 't' },
    env: { [E.apiKey]: 'sk-e' },
    want: '1:auth_token',
  },
  { name: 'CRED-SOURCE-2-ENV: environment API key', env: { [E.apiKey]: 'sk-e' }, want: '2:api_key' },
  {
    name: 'CRED-ENV-EMPTY-API-KEY-SELECTS-KEY, CRED-ENV-EMPTY-OCCUPIES-SLOT: an empty API key still selects the API-key path',
    env: { [E.apiKey]: '', ...FEDERATION_ENV },
    want: '2:api_key',
  },
  { name: 'CRED-SOURCE-2-ENV: environment auth token', env: { [E.authToken]: 'tok' }, want: '2:auth_token' },
  {
    name: 'CRED-SOURCE-2-ENV: API key wins over auth token',
    env: { [E.authToken]: 'tok', [E.apiKey]: 'k' },
    want: '2:api_key',
  },
  {
    name: 'CRED-ENV-SHADOWS-FEDERATION: environment key shadows the named profile and federation',
    env: { [E.apiKey]: 'k', [E.profile]: 'p', ...FEDERATION_ENV },
    tree: { configs: { p: federationProfile('fdrl_p') } },
    want: '2:api_key',
  },
  {
    name: 'CRED-SOURCE-3-NAMED-PROFILE, CRED-ENV-PROFILE: the named profile beats federation variables',
    env: { [E.profile]: 'p', ...FEDERATION_ENV },
    tree: { configs: { p: federationProfile('fdrl_p') } },
    want: '3:federation',
    check: (c) => expect(c.auth.provider?.settings.federation_rule_id).toBe('fdrl_p'),
  },
  {
    name: 'CRED-NAMED-PROFILE-MISSING-ERROR: a missing named profile is an error, not a fall-through',
    env: { [E.profile]: 'absent', ...FEDERATION_ENV },
    tree: { configs: { default: federationProfile('fdrl_d') } },
    want: 'error:profile_not_found',
  },
  {
    name: 'CRED-PROFILE-ENV-FILLS-OMITTED, CRED-PROFILE-ENV-NEVER-OVERRIDES: env fills fields the profile omits and never overrides set ones',
    env: {
      [E.profile]: 'p',
      [E.federationRuleId]: 'fdrl_env',
      [E.serviceAccountId]: 'svac_env',
      [E.workspaceId]: 'wrkspc_env',
    },
    tree: {
      configs: {
        p: {
          organization_id: ORG,
          authentication: {
            type: 'oidc_federation',
            service_account_id: 'svac_p',
            identity_token: { source: 'file', path: '/x' },
          },
        },
      },
    },
    want: '3:federation',
    check: (c) =>
      expect(c.auth.provider?.settings).toMatchObject({
        federation_rule_id: 'fdrl_env',
        service_account_id: 'svac_p',
        workspace_id: 'wrkspc_env',
      }),
  },
  {
    name: 'CRED-SOURCE-4-FEDERATION-ENV: complete federation variables',
    env: FEDERATION_ENV,
    want: '4:federation',
  },
  {
    name: 'CRED-FEDERATION-ENV-ACTIVATION, CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO: incomplete federation variables (no identity-token variable) fall through to the active profile',
    env: { [E.federationRuleId]: 'fdrl_env', [E.organizationId]: ORG, [E.serviceAccountId]: 'svac' },
    tree: { configs: { default: federationProfile('fdrl_d') } },
    want: '5:federation',
  },
  {
    name: 'CRED-ENV-WORKSPACE-ID-NOT-GATING, CRED-ENV-WORKSPACE-ID: workspace variable does not gate the federation path',
    env: { ...FEDERATION_ENV, [E.workspaceId]: 'default' },
    want: '4:federation',
    check: (c) => expect(c.auth.provider?.settings.workspace_id).toBe('default'),
  },
  {
    name: 'CRED-SOURCE-5-ACTIVE-PROFILE, CONFIG-ACTIVE-PROFILE-FILE: active_config names the active profile',
    tree: {
      configs: { default: federationProfile('fdrl_d'), work: federationProfile('fdrl_w') },
      activeConfig: 'work\n',
    },
    want: '5:federation',
    check: (c) => expect(c.auth.provider?.settings.federation_rule_id).toBe('fdrl_w'),
  },
  {
    name: 'active_config naming a missing profile is an error',
    tree: { configs: { default: federationProfile('fdrl_d') }, activeConfig: 'gone' },
    want: 'error:profile_not_found',
  },
  { name: 'no source at all', tree: {}, want: 'none' },
  {
    name: 'PROFILE-VERSION-OMITTED-CURRENT: version omitted reads as 1.0',
    tree: { configs: { default: { ...federationProfile('fdrl_d'), version: undefined } } },
    want: '5:federation',
    check: (c) => {
      const r = c.auth.resolution;
      expect(
        r.outcome === 'resolved' && r.credential.kind === 'federation' && r.credential.profile?.version,
      ).toBe('1.0');
    },
  },
  {
    name: 'another major version is unsupported',
    tree: { configs: { default: federationProfile('fdrl_d', { version: '2.0' }) } },
    want: 'error:unsupported_profile_version',
  },
  {
    name: 'malformed JSON profile',
    tree: { configs: { default: '{nope' } },
    want: 'error:malformed_profile',
  },
  {
    name: 'a profile without authentication is incomplete',
    tree: { configs: { default: { version: '1.0' } } },
    want: 'error:incomplete_profile',
  },
];

function outcome(client: VendorClient): string {
  const r = client.auth.resolution;
  if (r.outcome === 'resolved') return `${r.source}:${r.credential.kind}`;
  if (r.outcome === 'error') return `error:${r.error.code}`;
  return 'none';
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_, res) => json(res, 200, {}));
});
afterAll(() => server.close());

describe('credential resolution with real files', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const dir = makeTree(c.tree ?? {});
      const client = new VendorClient({
        baseURL: server.url,
        env: c.env ?? {},
        configDir: dir,
        maxRetries: 0,
        ...c.args,
      });
      expect(outcome(client)).toBe(c.want);
      c.check?.(client);
      const description = client.auth.resolution.description;
      for (const secret of ['sk-a', 'sk-e', FEDERATION_ENV[E.identityToken]!]) {
        if (secret.length > 4) expect(description).not.toContain(secret);
      }
      if (c.want.startsWith('error') || c.want === 'none') {
        const before = server.requests.length;
        await expect(client.request({ method: 'GET', path: '/v1/dreams' })).rejects.toBeInstanceOf(
          CredentialsError,
        );
        expect(server.requests.length).toBe(before);
      }
    });
  }

  it('CRED-ENV-EMPTY-API-KEY-SELECTS-KEY: sends what resolution chose: empty API key as an empty x-api-key', async () => {
    const client = new VendorClient({ baseURL: server.url, env: { [E.apiKey]: '' }, configDir: tempDir() });
    await client.request({ method: 'GET', path: '/v1/dreams' });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe('');
  });

  it('CONFIG-DIR-ENV, CRED-ENV-CONFIG-DIR: the config dir comes from the config-dir variable when no option is given', () => {
    const dir = makeTree({ configs: { default: federationProfile('fdrl_env_dir') } });
    const client = new VendorClient({ baseURL: server.url, env: { [E.configDir]: dir } });
    expect(client.auth.provider?.settings.federation_rule_id).toBe('fdrl_env_dir');
  });

  it('CONFIG-DIR-POSIX: the config dir defaults to ~/.config/<vendor> on POSIX', () => {
    const home = tempDir('vendor-home-');
    mkdirSync(join(home, '.config', vendor.name, 'configs'), { recursive: true });
    writeFileSync(
      join(home, '.config', vendor.name, 'configs', 'default.json'),
      JSON.stringify(federationProfile('fdrl_home')),
    );
    const client = new VendorClient({ baseURL: server.url, env: {}, homeDir: home });
    if (process.platform !== 'win32')
      expect(client.auth.provider?.settings.federation_rule_id).toBe('fdrl_home');
  });
});

describe('precedence (property)', () => {
  it('CRED-FIRST-SOURCE-WINS: the first source that yields a credential wins', () => {
    fc.assert(
      fc.property(
        fc.record({
          argKey: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
          argToken: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
          envKey: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
          envToken: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
          named: fc.constantFrom('absent', 'missing', 'present'),
          federation: fc.subarray(Object.keys(FEDERATION_ENV)),
          active: fc.constantFrom('none', 'default', 'named', 'named-missing'),
        }),
        (s) => {
          const env: Record<string, string> = {};
          if (s.envKey !== undefined) env[E.apiKey] = s.envKey;
          if (s.envToken !== undefined) env[E.authToken] = s.envToken;
          if (s.named !== 'absent') env[E.profile] = 'named_p';
          for (const k of s.federation) env[k] = FEDERATION_ENV[k]!;
          const configs: Record<string, unknown> = {};
          if (s.named === 'present') configs.named_p = federationProfile('fdrl_named');
          if (s.active === 'default') configs.default = federationProfile('fdrl_default');
          if (s.active === 'named') configs.work = federationProfile('fdrl_work');
          const tree: Tree = {
            configs,
            ...(s.active === 'named'
              ? { activeConfig: 'work' }
              : s.active === 'named-missing'
                ? { activeConfig: 'gone' }
                : {}),
          };
          const client = new VendorClient({
            baseURL: server.url,
            env,
            configDir: makeTree(tree),
            ...(s.argKey !== undefined ? { apiKey: s.argKey } : {}),
            ...(s.argToken !== undefined ? { authToken: s.argToken } : {}),
          });
          let want: string;
          if (s.argKey !== undefined) want = '1:api_key';
          else if (s.argToken !== undefined) want = '1:auth_token';
          else if (s.envKey !== undefined) want = '2:api_key';
          else if (s.envToken !== undefined) want = '2:auth_token';
          else if (s.named === 'present') want = '3:federation';
          else if (s.named === 'missing') want = 'error:profile_not_found';
          else if (s.federation.length === Object.keys(FEDERATION_ENV).length) want = '4:federation';
          else if (s.active === 'default' || s.active === 'named') want = '5:federation';
          else if (s.active === 'named-missing') want = 'error:profile_not_found';
          else want = 'none';
          expect(outcome(client)).toBe(want);
        },
      ),
    );
  });
});

describe('profiles', () => {
  it('CONFIG-ACTIVE-PROFILE-DEFAULT, CONFIG-ACTIVE-PROFILE-FILE: lists profiles and switches the active one', async () => {
    const dir = makeTree({ configs: { default: federationProfile('a'), work: federationProfile('b') } });
    const before = await listProfiles({ vendor, env: {}, configDir: dir });
    expect(before).toMatchObject({ names: ['default', 'work'], active: 'default', activeFrom: 'default' });
    await setActiveProfile({ vendor, env: {}, configDir: dir }, 'work');
    expect(await listProfiles({ vendor, env: {}, configDir: dir })).toMatchObject({
      active: 'work',
      activeFrom: 'active_config',
    });
    await expect(setActiveProfile({ vendor, env: {}, configDir: dir }, 'nope')).rejects.toBeInstanceOf(
      CredentialsError,
    );
    await expect(setActiveProfile({ vendor, env: {}, configDir: dir }, '../x')).rejects.toBeInstanceOf(
      CredentialsError,
    );
  });
});
