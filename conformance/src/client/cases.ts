/**
 * The client cases: each a scenario (environment, files, constructor arguments, the server's
 * behaviour) and the outcome the documents require of a client, citing the requirement ids it
 * checks. Environment-variable names, the configuration directory and the models come from the
 * spec's vendor; `{{name}}` placeholders are the runner's fixtures (see `FIXTURES`).
 */
import {
  type batchRules,
  type DreamStatus,
  operation,
  PROFILE_CURRENT_VERSION,
  ProfileVersion,
  vendor as publishedVendor,
  spec,
  type Vendor,
} from '@vendor-api/spec';
import type { Call, ClientCase, FileSetup } from './protocol.js';

/** The runner's fixtures, by placeholder name, with their meaning (published with the cases). */
export const FIXTURES = {
  base_url: 'the base URL of the judging server',
  home: 'the home directory the driver runs with (HOME)',
  work: 'a scratch directory for identity-token files',
  config_dir: "the platform's default configuration directory under the home directory",
  alt_config_dir: 'another configuration directory, named by the config-dir variable',
  key_arg: 'a workspace API key of the first workspace',
  key_env: 'another workspace API key of the first workspace',
  admin_key: "the organization's admin API key",
  access_token: 'an access token the runner obtained by a token exchange',
  cached_token: 'another valid access token, left in a credentials file as expired',
  organization_id: "the organization's UUID",
  other_organization_id: 'a UUID naming no organization',
  workspace_id: 'the first workspace',
  workspace_id_2: 'a second workspace',
  rule_id: 'a federation rule covering the first workspace only',
  service_account_id: 'the service account of `rule_id`',
  rule_id_multi: 'a federation rule covering both workspaces',
  service_account_id_multi: 'the service account of `rule_id_multi`',
  rule_id_default: "a federation rule covering the first workspace and the organization's Default Workspace",
  service_account_id_default: 'the service account of `rule_id_default`',
  jwt_a: 'an identity-provider JWT both rules accept',
  jwt_b: 'another identity-provider JWT both rules accept',
  jwt_untrusted: 'a JWT signed by a key the issuer does not publish (its exchange fails)',
  batch_id: 'an ended message batch of the first workspace, requests `alpha` to `delta`',
  dream_id: 'a pending dream of the first workspace',
} as const;
export type FixtureName = keyof typeof FIXTURES;

/** A placeholder of a fixture (a typo fails to compile). */
const f = (name: FixtureName) => `{{${name}}}`;

/** Batch results of the `batch_id` fixture by `custom_id`, in the order the batch sent them. */
export const BATCH_FIXTURE = {
  byType: { succeeded: ['alpha', 'charlie'], errored: ['bravo', 'delta'] },
  order: ['alpha', 'bravo', 'charlie', 'delta'],
} as const satisfies {
  byType: Partial<Record<batchRules.BatchResultType, readonly string[]>>;
  order: readonly string[];
};

/** A dream status the documents name (a typo fails to compile). */
const dreamStatus = (status: DreamStatus) => status;

/** Entries per page of the rate-limit list when the runner serves it in pages. */
export const RATE_LIMIT_PAGE_SIZE = 2;

/**
 * What every case also checks on every request the client sends: the version header with the
 * spec's value, and beta identifiers (when sent) comma-separated in one header.
 */
export const WIRE_RULES = [
  'VERSION-HEADER-EVERY-REQUEST',
  'BETA-HEADER-COMMA-SEPARATED',
  'BETA-IDENTIFIERS-ALLOWED',
] as const;

/** The path template of an operation of the spec. */
const pathOf = (id: Parameters<typeof operation>[1]) => operation(spec, id).path ?? '';

/** The client cases, each citing also the rules every request of it is held to (`WIRE_RULES`). */
export function clientCases(v: Vendor = publishedVendor): ClientCase[] {
  return scenarios(v).map((c) => ({ ...c, requirements: [...new Set([...c.requirements, ...WIRE_RULES])] }));
}

function scenarios(v: Vendor): ClientCase[] {
  const e = v.env;
  const message: Call = {
    id: 'm1',
    op: 'messages.create',
    params: { model: v.models.sonnet, max_tokens: 16, messages: [{ role: 'user', content: 'Hello' }] },
  };
  const second: Call = { ...message, id: 'm2' } as Call;
  const tokenFile = (name: string, jwt: FixtureName): FileSetup => ({
    path: `${f('work')}/${name}.jwt`,
    text: f(jwt),
  });
  /** The federation environment path: rule, organization, service account and a token file. */
  const federationEnv = (
    token: { file: string } | { literal: FixtureName } = { file: `${f('work')}/a.jwt` },
    rule: 'single' | 'multi' = 'single',
  ): Record<string, string> => ({
    [e.federationRuleId]: f(rule === 'single' ? 'rule_id' : 'rule_id_multi'),
    [e.organizationId]: f('organization_id'),
    [e.serviceAccountId]: f(rule === 'single' ? 'service_account_id' : 'service_account_id_multi'),
    ...('file' in token ? { [e.identityTokenFile]: token.file } : { [e.identityToken]: f(token.literal) }),
  });
  /** A federation profile `<dir>/configs/<name>.json` over the multi-workspace rule by default. */
  const profile = (
    name: string,
    o: {
      dir?: string;
      rule?: 'single' | 'multi';
      token?: string | null;
      workspace?: FixtureName | null;
      version?: string | null;
    } = {},
  ): FileSetup => {
    const multi = (o.rule ?? 'multi') === 'multi';
    const token = o.token === undefined ? `${f('work')}/b.jwt` : o.token;
    const workspace = o.workspace === undefined ? 'workspace_id_2' : o.workspace;
    const version = o.version === undefined ? PROFILE_CURRENT_VERSION : o.version;
    return {
      path: `${o.dir ?? f('config_dir')}/configs/${name}.json`,
      json: {
        ...(version === null ? {} : { version }),
        authentication: {
          type: 'oidc_federation',
          federation_rule_id: f(multi ? 'rule_id_multi' : 'rule_id'),
          service_account_id: f(multi ? 'service_account_id_multi' : 'service_account_id'),
          ...(token === null ? {} : { identity_token: { source: 'file', path: token } }),
        },
        organization_id: f('organization_id'),
        ...(workspace === null ? {} : { workspace_id: f(workspace) }),
      },
    };
  };
  const tokens = [tokenFile('a', 'jwt_a'), tokenFile('b', 'jwt_b')];
  const ok = { ok: true } as const;
  const viaProfile = {
    federation_rule_id: f('rule_id_multi'),
    service_account_id: f('service_account_id_multi'),
    organization_id: f('organization_id'),
    assertions: [f('jwt_b')],
    workspace_id: f('workspace_id_2'),
  };
  const viaEnv = {
    federation_rule_id: f('rule_id'),
    service_account_id: f('service_account_id'),
    organization_id: f('organization_id'),
    assertions: [f('jwt_a')],
  };
  const exchanged = { bearer_from_exchange: true } as const;

  return [
    // ------------------------------------------------------------------ resolution order
    {
      id: 'credentials.constructor-key-first',
      title: 'An API key passed to the constructor wins over the environment and federation',
      requirements: ['CRED-FIRST-SOURCE-WINS', 'CRED-SOURCE-1-CONSTRUCTOR'],
      setup: {
        options: { api_key: f('key_arg') },
        env: { [e.apiKey]: f('key_env'), ...federationEnv() },
        files: tokens,
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: { api_key: f('key_arg') }, exchanges: { count: 0 } } },
    },
    {
      id: 'credentials.constructor-federation-first',
      title: 'Federation settings passed to the constructor win over the federation environment',
      requirements: ['CRED-SOURCE-1-CONSTRUCTOR'],
      setup: {
        options: {
          credentials: {
            type: 'oidc_federation',
            federation_rule_id: f('rule_id_multi'),
            organization_id: f('organization_id'),
            service_account_id: f('service_account_id_multi'),
            workspace_id: f('workspace_id_2'),
            identity_token_file: `${f('work')}/b.jwt`,
          },
        },
        env: federationEnv(),
        files: tokens,
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'credentials.constructor-auth-token-first',
      title: 'An auth token passed to the constructor wins over the environment and federation',
      requirements: ['CRED-FIRST-SOURCE-WINS', 'CRED-SOURCE-1-CONSTRUCTOR'],
      setup: {
        options: { auth_token: f('access_token') },
        env: { [e.apiKey]: f('key_env'), ...federationEnv() },
        files: tokens,
      },
      calls: [message],
      expect: {
        outcome: ok,
        wire: { credential: { bearer: f('access_token') }, exchanges: { count: 0 } },
      },
    },
    {
      id: 'credentials.constructor-federation-before-env-key',
      title: 'Federation settings passed to the constructor win over the API-key variable',
      requirements: ['CRED-FIRST-SOURCE-WINS', 'CRED-SOURCE-1-CONSTRUCTOR'],
      setup: {
        options: {
          credentials: {
            type: 'oidc_federation',
            federation_rule_id: f('rule_id_multi'),
            organization_id: f('organization_id'),
            service_account_id: f('service_account_id_multi'),
            workspace_id: f('workspace_id_2'),
            identity_token_file: `${f('work')}/b.jwt`,
          },
        },
        env: { [e.apiKey]: f('key_env') },
        files: tokens,
      },
      calls: [message],
      expect: {
        outcome: ok,
        wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile }, never_sent: [f('key_env')] },
      },
    },
    {
      id: 'credentials.env-key-shadows-federation',
      title: 'The API-key variable shadows a named profile and the federation variables',
      requirements: ['CRED-SOURCE-2-ENV', 'CRED-ENV-SHADOWS-FEDERATION'],
      setup: {
        env: { [e.apiKey]: f('key_env'), [e.profile]: 'ci', ...federationEnv() },
        files: [...tokens, profile('ci')],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: { api_key: f('key_env') }, exchanges: { count: 0 } } },
    },
    {
      id: 'credentials.env-auth-token-shadows-federation',
      title: 'The auth-token variable is sent as a bearer token and shadows the federation variables',
      requirements: ['CRED-SOURCE-2-ENV', 'CRED-ENV-SHADOWS-FEDERATION'],
      setup: { env: { [e.authToken]: f('access_token'), ...federationEnv() }, files: tokens },
      calls: [message],
      expect: {
        outcome: ok,
        wire: { credential: { bearer: f('access_token') }, exchanges: { count: 0 } },
      },
    },
    {
      id: 'credentials.empty-api-key-occupies-slot',
      title: 'An API-key variable set to the empty string selects the API-key path: no exchange happens',
      requirements: ['CRED-ENV-EMPTY-OCCUPIES-SLOT', 'CRED-ENV-EMPTY-API-KEY-SELECTS-KEY'],
      setup: { env: { [e.apiKey]: '', ...federationEnv() }, files: tokens },
      calls: [message],
      expect: {
        outcome: { ok: false, kind: ['api', 'credentials'], at: 'construct-or-call' },
        wire: { exchanges: { count: 0 } },
      },
    },
    {
      id: 'credentials.named-profile-before-federation-env',
      title: 'The profile named by the profile variable wins over the federation variables',
      requirements: [
        'CRED-SOURCE-3-NAMED-PROFILE',
        'CRED-ENV-PROFILE',
        'CONFIG-ACTIVE-PROFILE-ENV',
        'PROFILE-TWO-FILES',
        'PROFILE-CONFIG-PATH',
        'PROFILE-CONFIG-FIELDS',
        'PROFILE-AUTH-FEDERATION-TYPE',
        'PROFILE-AUTH-FEDERATION-RULE-ID',
        'PROFILE-AUTH-SERVICE-ACCOUNT-ID',
        'PROFILE-AUTH-IDENTITY-TOKEN-FILE',
        'PROFILE-VERSION-CURRENT-1-0',
      ],
      setup: {
        env: { [e.profile]: 'ci', ...federationEnv() },
        files: [...tokens, profile('ci'), { path: `${f('config_dir')}/active_config`, text: 'default\n' }],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'credentials.empty-profile-variable-occupies-slot',
      title:
        'A profile variable set to the empty string still names a profile (none exists): an error, not a fall-through',
      requirements: ['CRED-ENV-EMPTY-OCCUPIES-SLOT', 'CRED-NAMED-PROFILE-MISSING-ERROR'],
      setup: {
        env: { [e.profile]: '', ...federationEnv() },
        files: [...tokens, profile('default')],
      },
      calls: [message],
      expect: {
        outcome: { ok: false, kind: ['credentials'], at: 'construct-or-call' },
        wire: { no_requests: true },
      },
    },
    {
      id: 'credentials.named-profile-missing-is-an-error',
      title: 'A profile named by the profile variable that does not exist is an error, not a fall-through',
      requirements: ['CRED-NAMED-PROFILE-MISSING-ERROR'],
      setup: {
        env: { [e.profile]: 'absent', ...federationEnv() },
        files: [...tokens, profile('default')],
      },
      calls: [message],
      expect: {
        outcome: { ok: false, kind: ['credentials'], at: 'construct-or-call' },
        wire: { no_requests: true },
      },
    },
    {
      id: 'credentials.federation-env-token-file',
      title: 'The federation variables with an identity-token file: the exchange carries them',
      requirements: [
        'CRED-SOURCE-4-FEDERATION-ENV',
        'CRED-ENV-FEDERATION-RULE-ID',
        'CRED-ENV-ORGANIZATION-ID',
        'CRED-ENV-SERVICE-ACCOUNT-ID',
        'CRED-ENV-IDENTITY-TOKEN-FILE',
        'CRED-ENV-WORKSPACE-ID-NOT-GATING',
        'CRED-FEDERATION-ENV-ACTIVATION',
      ],
      setup: { env: federationEnv(), files: tokens },
      calls: [message],
      expect: {
        outcome: ok,
        wire: { credential: exchanged, exchanges: { min: 1, ...viaEnv, workspace_id: null } },
      },
    },
    {
      id: 'credentials.federation-env-literal-token',
      title: 'The federation variables with the literal identity-token variable',
      requirements: [
        'CRED-ENV-IDENTITY-TOKEN',
        'CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO',
        'CRED-SOURCE-4-FEDERATION-ENV',
      ],
      setup: { env: federationEnv({ literal: 'jwt_a' }) },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaEnv } } },
    },
    {
      id: 'credentials.federation-env-before-active-profile',
      title: 'The federation variables win over the active profile',
      requirements: ['CRED-FIRST-SOURCE-WINS', 'CRED-SOURCE-4-FEDERATION-ENV'],
      setup: { env: federationEnv(), files: [...tokens, profile('default')] },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaEnv } } },
    },
    {
      id: 'credentials.federation-env-incomplete-not-active',
      title: 'Without the service-account variable the federation path stays off: the active profile is used',
      requirements: [
        'CRED-FEDERATION-ENV-ACTIVATION',
        'CRED-ENV-SERVICE-ACCOUNT-ID',
        'CRED-SOURCE-5-ACTIVE-PROFILE',
        'CONFIG-ACTIVE-PROFILE-DEFAULT',
      ],
      setup: {
        env: Object.fromEntries(Object.entries(federationEnv()).filter(([k]) => k !== e.serviceAccountId)),
        files: [...tokens, profile('default')],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'credentials.federation-env-rule-and-organization-only-not-active',
      title:
        'The rule and organization variables alone do not turn the federation path on: the active profile is used whole',
      requirements: ['CRED-FEDERATION-ENV-ACTIVATION', 'CRED-SOURCE-5-ACTIVE-PROFILE'],
      setup: {
        env: {
          [e.federationRuleId]: f('rule_id'),
          [e.organizationId]: f('organization_id'),
        },
        files: [...tokens, profile('default')],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'credentials.federation-env-without-identity-token-not-active',
      title:
        'Without either identity-token variable the federation path stays off: the active profile is used',
      requirements: ['CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO', 'CRED-FEDERATION-ENV-ACTIVATION'],
      setup: {
        env: Object.fromEntries(Object.entries(federationEnv()).filter(([k]) => k !== e.identityTokenFile)),
        files: [...tokens, profile('default')],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'credentials.active-config-names-the-profile',
      title: '`active_config` names the active profile',
      requirements: ['CONFIG-ACTIVE-PROFILE-FILE', 'CRED-SOURCE-5-ACTIVE-PROFILE'],
      setup: {
        files: [
          ...tokens,
          profile('default', { rule: 'single', token: `${f('work')}/a.jwt`, workspace: null }),
          profile('work'),
          { path: `${f('config_dir')}/active_config`, text: 'work\n' },
        ],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'credentials.workspace-id-env-sent',
      title: 'The workspace variable is sent with the exchange of a rule covering several workspaces',
      requirements: ['CRED-ENV-WORKSPACE-ID', 'CRED-ENV-WORKSPACE-ID-CONDITIONAL'],
      setup: {
        env: { ...federationEnv(undefined, 'multi'), [e.workspaceId]: f('workspace_id_2') },
        files: tokens,
      },
      calls: [message],
      expect: {
        outcome: ok,
        wire: {
          credential: exchanged,
          exchanges: { min: 1, federation_rule_id: f('rule_id_multi'), workspace_id: f('workspace_id_2') },
        },
      },
    },
    {
      id: 'credentials.workspace-id-env-default',
      title: 'The workspace variable `default` is sent as the literal `default` (the Default Workspace)',
      requirements: ['CRED-ENV-WORKSPACE-ID', 'CRED-ENV-WORKSPACE-ID-CONDITIONAL'],
      setup: {
        env: {
          [e.federationRuleId]: f('rule_id_default'),
          [e.organizationId]: f('organization_id'),
          [e.serviceAccountId]: f('service_account_id_default'),
          [e.identityTokenFile]: `${f('work')}/a.jwt`,
          [e.workspaceId]: 'default',
        },
        files: tokens,
      },
      calls: [message],
      expect: {
        outcome: ok,
        wire: {
          credential: exchanged,
          exchanges: { min: 1, federation_rule_id: f('rule_id_default'), workspace_id: 'default' },
        },
      },
    },
    {
      id: 'credentials.identity-token-file-reread',
      title: 'The identity-token file is re-read on every exchange',
      requirements: ['CRED-IDENTITY-TOKEN-FILE-REREAD'],
      setup: {
        env: federationEnv(),
        files: tokens,
        server: {
          exchange_expires_in: 2,
          after_exchange: { nth: 1, write_file: { path: `${f('work')}/a.jwt`, text: f('jwt_b') } },
        },
      },
      calls: [message, { id: 'w', op: 'wait', seconds: 3 }, second],
      expect: {
        outcome: ok,
        wire: { credential: exchanged, exchanges: { min: 2, assertions: [f('jwt_a'), f('jwt_b')] } },
      },
    },
    {
      id: 'credentials.identity-token-file-missing-at-exchange',
      title: 'A missing identity-token file fails at exchange time with a file-not-found error',
      requirements: ['CRED-IDENTITY-TOKEN-FILE-MISSING'],
      setup: { env: federationEnv({ file: `${f('work')}/absent.jwt` }), files: tokens },
      calls: [message],
      expect: {
        // At the exchange: when the client is built if it exchanges then, else at the call.
        outcome: { ok: false, kind: ['identity_token_file_not_found'], at: 'construct-or-call' },
        wire: { no_requests: true },
      },
    },
    {
      id: 'credentials.identity-token-file-removed-before-exchange',
      title: 'An identity-token file removed after the first exchange fails the next exchange, at its call',
      requirements: ['CRED-IDENTITY-TOKEN-FILE-MISSING', 'CRED-IDENTITY-TOKEN-FILE-REREAD'],
      setup: {
        env: federationEnv(),
        files: tokens,
        server: {
          exchange_expires_in: 2,
          after_exchange: { nth: 1, remove_file: `${f('work')}/a.jwt` },
        },
      },
      calls: [message, { id: 'w', op: 'wait', seconds: 3 }, second],
      expect: {
        outcome: { ok: false, kind: ['identity_token_file_not_found'], at: 'call' },
        wire: { exchanges: { count: 1, assertions: [f('jwt_a')] } },
      },
    },
    {
      id: 'credentials.exchange-error-typed',
      title: 'A refused exchange surfaces as the typed exchange error with its status, body and request id',
      requirements: [
        'ERROR-EXCHANGE-TYPED-CLIENT',
        'ERROR-EXCHANGE-TYPED-STATUS',
        'ERROR-EXCHANGE-TYPED-BODY',
        'ERROR-EXCHANGE-TYPED-REQUEST-ID',
        'EXCH-ERROR-CLIENT-WRAP',
      ],
      setup: { env: federationEnv({ literal: 'jwt_untrusted' }) },
      calls: [message],
      expect: {
        // At the exchange: when the client is built if it exchanges then, else at the call.
        outcome: { ok: false, kind: ['exchange'], at: 'construct-or-call', from_exchange_answer: true },
        wire: { exchanges: { min: 1 } },
      },
    },

    // ------------------------------------------------------------------ profiles
    {
      id: 'profiles.env-fills-omitted-fields',
      title: 'Environment variables fill the fields a profile omits (identity token, workspace)',
      requirements: ['CRED-PROFILE-ENV-FILLS-OMITTED', 'PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV'],
      setup: {
        env: {
          [e.profile]: 'ci',
          [e.identityTokenFile]: `${f('work')}/b.jwt`,
          [e.workspaceId]: f('workspace_id_2'),
        },
        files: [...tokens, profile('ci', { token: null, workspace: null })],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'profiles.env-never-overrides-profile',
      title: 'Environment variables never override the fields a profile sets',
      requirements: ['CRED-PROFILE-ENV-NEVER-OVERRIDES'],
      setup: {
        env: {
          [e.profile]: 'ci',
          ...federationEnv(),
          [e.organizationId]: f('other_organization_id'),
          [e.workspaceId]: f('workspace_id'),
        },
        files: [...tokens, profile('ci')],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'profiles.config-dir-variable',
      title: 'The config-dir variable names the configuration directory',
      requirements: ['CONFIG-DIR-ENV', 'CRED-ENV-CONFIG-DIR'],
      setup: {
        env: { [e.configDir]: f('alt_config_dir') },
        files: [
          ...tokens,
          profile('default', { rule: 'single', token: `${f('work')}/a.jwt`, workspace: null }),
          profile('default', { dir: f('alt_config_dir') }),
        ],
      },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'profiles.config-dir-under-home',
      title:
        "Without the config-dir variable the configuration directory is the platform's, under the home directory",
      requirements: ['CONFIG-DIR-POSIX', 'CONFIG-ACTIVE-PROFILE-DEFAULT'],
      setup: { files: [...tokens, profile('default')] },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'profiles.version-omitted',
      title: 'A hand-written profile without `version` is read as the current version',
      requirements: ['PROFILE-VERSION-OMITTED-CURRENT'],
      setup: { files: [...tokens, profile('default', { version: null })] },
      calls: [message],
      expect: { outcome: ok, wire: { credential: exchanged, exchanges: { min: 1, ...viaProfile } } },
    },
    {
      id: 'profiles.credentials-file-0600',
      title: "The profile's credentials file caches the access token with mode 0600",
      requirements: [
        'PROFILE-CREDENTIALS-PATH',
        'PROFILE-CREDENTIALS-FIELDS',
        'PROFILE-CREDENTIALS-SECRET',
        'PROFILE-CREDENTIALS-MODE-0600',
        'PROFILE-VERSION-FORMAT',
      ],
      setup: { env: { [e.profile]: 'ci' }, files: [...tokens, profile('ci')] },
      calls: [message],
      expect: {
        outcome: ok,
        wire: { credential: exchanged, secrets_only_in: `${f('config_dir')}/credentials/ci.json` },
        files: [
          {
            path: `${f('config_dir')}/credentials/ci.json`,
            if_exists: true,
            mode: '0600',
            access_token_from_exchange: true,
            expires_at_from_exchange: true,
            json_patterns: { version: ProfileVersion.pattern ?? '' },
          },
        ],
      },
    },
    {
      id: 'profiles.credentials-file-rewritten-0600',
      title:
        'A credentials file the client rewrites is left with mode 0600, whatever mode it had, and the token where it belongs',
      requirements: [
        'PROFILE-CREDENTIALS-MODE-0600',
        'PROFILE-CREDENTIALS-PATH',
        'PROFILE-CREDENTIALS-FIELDS',
        'PROFILE-CREDENTIALS-SECRET',
      ],
      setup: {
        env: { [e.profile]: 'ci' },
        files: [
          ...tokens,
          profile('ci'),
          {
            path: `${f('config_dir')}/credentials/ci.json`,
            json: {
              version: PROFILE_CURRENT_VERSION,
              access_token: f('cached_token'),
              expires_at: '2001-01-01T00:00:00Z',
            },
            mode: '0644',
          },
        ],
      },
      calls: [message],
      expect: {
        outcome: ok,
        wire: {
          credential: exchanged,
          never_sent: [f('cached_token')],
          secrets_only_in: `${f('config_dir')}/credentials/ci.json`,
        },
        files: [
          {
            path: `${f('config_dir')}/credentials/ci.json`,
            if_rewritten: true,
            mode: '0600',
            expires_at_from_exchange: true,
          },
        ],
      },
    },
    {
      id: 'profiles.expired-cached-token-not-sent',
      title: 'A cached access token past its `expires_at` is never sent: the client exchanges anew',
      requirements: ['PROFILE-CREDENTIALS-FIELDS'],
      setup: {
        env: { [e.profile]: 'ci' },
        files: [
          ...tokens,
          profile('ci'),
          {
            path: `${f('config_dir')}/credentials/ci.json`,
            json: {
              version: PROFILE_CURRENT_VERSION,
              access_token: f('cached_token'),
              expires_at: '2001-01-01T00:00:00Z',
            },
            mode: '0600',
          },
        ],
      },
      calls: [message],
      expect: {
        outcome: ok,
        wire: { credential: exchanged, exchanges: { min: 1 }, never_sent: [f('cached_token')] },
      },
    },

    // ------------------------------------------------------------------ the wire
    {
      id: 'batches.results-matched-by-custom-id',
      title: 'Batch results are matched to requests by `custom_id`, whatever their order',
      requirements: ['BATCH-RESULT-MATCH-BY-CUSTOM-ID', 'ID-OPAQUE'],
      fixtures: ['batch'],
      setup: { env: { [e.apiKey]: f('key_arg') } },
      calls: [
        {
          id: 'r',
          op: 'messages.batches.results',
          batch_id: f('batch_id'),
          custom_ids: [...BATCH_FIXTURE.order],
        },
      ],
      expect: {
        outcome: {
          ok: true,
          results: {
            r: Object.fromEntries(
              Object.entries(BATCH_FIXTURE.byType).flatMap(([type, ids]) => ids.map((id) => [id, type])),
            ),
          },
        },
        wire: { credential: { api_key: f('key_arg') } },
      },
    },
    {
      id: 'dreams.poll-until-settled',
      title: 'A dream is polled until its status is neither `pending` nor `running`',
      requirements: ['DREAM-POLL-UNTIL-SETTLED', 'ID-OPAQUE'],
      fixtures: ['dream'],
      setup: { env: { [e.apiKey]: f('key_arg') }, server: { dream_settles_after_polls: 4 } },
      calls: [
        { id: 'd', op: 'dreams.retrieve', dream_id: f('dream_id'), until_settled: true, interval_ms: 50 },
      ],
      expect: {
        outcome: { ok: true, results: { d: { status: dreamStatus('completed') } } },
        wire: { sent: [{ method: 'GET', path: pathOf('dreams.retrieve'), min: 4 }] },
      },
    },
    {
      id: 'dreams.poll-until-canceled',
      title: 'A dream canceled while it is polled is settled: polling stops at `canceled`',
      requirements: ['DREAM-POLL-UNTIL-SETTLED', 'ID-OPAQUE'],
      fixtures: ['dream'],
      setup: {
        env: { [e.apiKey]: f('key_arg') },
        server: { dream_settles_after_polls: 3, dream_canceled: true },
      },
      calls: [
        { id: 'd', op: 'dreams.retrieve', dream_id: f('dream_id'), until_settled: true, interval_ms: 50 },
      ],
      expect: { outcome: { ok: true, results: { d: { status: dreamStatus('canceled') } } } },
    },
    {
      id: 'dreams.unknown-error-type-accepted',
      title: 'A dream that fails with an error type the client does not know is still read as failed',
      requirements: ['DREAM-ERROR-TYPES-OPEN', 'DREAM-POLL-UNTIL-SETTLED'],
      fixtures: ['dream'],
      setup: {
        env: { [e.apiKey]: f('key_arg') },
        server: { dream_settles_after_polls: 3, dream_fails_with: 'capacity_shortfall_error' },
      },
      calls: [
        { id: 'd', op: 'dreams.retrieve', dream_id: f('dream_id'), until_settled: true, interval_ms: 50 },
      ],
      expect: { outcome: { ok: true, results: { d: { status: dreamStatus('failed') } } } },
    },
    {
      id: 'rate-limits.loop-on-next-page',
      title: 'The rate-limit list is read by following `next_page` until it is null',
      requirements: ['RL-CLIENT-LOOP-NEXT-PAGE'],
      setup: { env: { [e.apiKey]: f('admin_key') }, server: { rate_limit_pages: 3 } },
      calls: [{ id: 'l', op: 'organizations.rate_limits.list', all_pages: true }],
      expect: {
        outcome: { ok: true, results: { l: { count: 3 * RATE_LIMIT_PAGE_SIZE } } },
        wire: { sent: [{ method: 'GET', path: pathOf('organizations.rate_limits.list'), min: 3 }] },
      },
    },
  ];
}

/**
 * The client requirements no client case checks, and why: what a client cannot be seen doing from
 * the wire, its files or its outcomes, or what the documents address to the person using it.
 */
export const CLIENT_NOT_OBSERVABLE: Readonly<Record<string, string>> = {
  'PROFILE-CONFIG-NON-SECRET': 'a sensitivity class of the file, informative: nothing a client does differs',
  'PROFILE-CREDENTIALS-REFRESH-TOKEN-INTERACTIVE':
    'interactive login is not shown: no flow to drive a client through',
  'PROFILE-VERSION-MIGRATION': 'about later releases: no other profile version exists to migrate from',
  'CONFIG-DIR-WINDOWS':
    'read only on Windows (the application-data directory); the runner prepares a POSIX home directory',
  'BATCH-VERIFY-WITH-MESSAGES': 'advice to the person building a batch, not a behaviour of a client',
  'BATCH-RESULT-ERRORED-FIX-INVALID': 'advice to the person resending a request, not a behaviour of a client',
  'BATCH-RESULT-ERRORED-RETRY-OTHER':
    'advice to the person resending a request (a client need not retry batch items)',
  'BATCH-RESULTS-STREAMING':
    "a 'should' about memory: a client that reads the whole file gives the same outcome on the wire",
  'DREAM-CREATE-EMPTY-STORE-FOR-TRANSCRIPTS':
    'advice to the person creating a dream, not a behaviour of a client',
};
