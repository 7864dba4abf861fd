/**
 * Client credential resolution (document 000 "Authentication > Client credential resolution" and
 * "Resources and their fields > Client profile files"): the environment fill of a loaded profile,
 * the five sources in order, and reading the identity token at exchange time. The profile files
 * (configuration directory, active profile, version, schema check, loading) are
 * `profile-files.ts`, the inputs and errors `credential-inputs.ts`; this module exports them too,
 * so the `credentials` namespace is the whole of credential resolution.
 *
 * Everything here is pure: the environment, the platform, the home and application-data
 * directories and file reading are injected (`readFile` returns `undefined` for a file that does
 * not exist), so the rules run the same in the client, the command-line client and the tests.
 *
 * Secrets never appear in a returned message or description: results say where a secret is (an
 * argument name, an environment variable name, a file path), never what it is.
 */
import type { ProfileConfig } from '../resources/profiles.js';
import type { Vendor } from '../vendor.js';
import {
  type CredentialError,
  credentialError,
  type Env,
  type ReadFile,
  type ResolveInputs,
} from './credential-inputs.js';
import {
  activeProfileName,
  configDir,
  DEFAULT_PROFILE_NAME,
  type LoadProfileResult,
  loadProfile,
} from './profile-files.js';

export * from './credential-inputs.js';
export * from './profile-files.js';

/** Requirement ids this module implements (the profile files' are `profile-files.ts`'s). */
export const requirementIds: readonly string[] = [
  'CRED-FIRST-SOURCE-WINS',
  'CRED-SOURCE-1-CONSTRUCTOR',
  'CRED-SOURCE-2-ENV',
  'CRED-ENV-SHADOWS-FEDERATION',
  'CRED-SOURCE-3-NAMED-PROFILE',
  'CRED-NAMED-PROFILE-MISSING-ERROR',
  'CRED-SOURCE-4-FEDERATION-ENV',
  'CRED-SOURCE-5-ACTIVE-PROFILE',
  'CRED-ENV-EMPTY-OCCUPIES-SLOT',
  'CRED-ENV-EMPTY-API-KEY-SELECTS-KEY',
  'CRED-PROFILE-ENV-FILLS-OMITTED',
  'CRED-PROFILE-ENV-NEVER-OVERRIDES',
  'CRED-ENV-FEDERATION-RULE-ID',
  'CRED-ENV-ORGANIZATION-ID',
  'CRED-ENV-SERVICE-ACCOUNT-ID',
  'CRED-ENV-IDENTITY-TOKEN-FILE',
  'CRED-IDENTITY-TOKEN-FILE-REREAD',
  'CRED-ENV-IDENTITY-TOKEN',
  'CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO',
  'CRED-ENV-WORKSPACE-ID',
  'CRED-ENV-WORKSPACE-ID-NOT-GATING',
  'CRED-FEDERATION-ENV-ACTIVATION',
  'CRED-IDENTITY-TOKEN-FILE-MISSING',
  'PROFILE-AUTH-FEDERATION-RULE-ID',
  'PROFILE-AUTH-SERVICE-ACCOUNT-ID',
  'PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV',
];

// ---------------------------------------------------------------------------------------------
// Federation settings, the environment fill and the environment path

/** Where the identity token comes from; the token itself is never part of resolution. */
export type IdentityTokenSource =
  /** A file, re-read on every exchange (CRED-IDENTITY-TOKEN-FILE-REREAD). */
  | { readonly source: 'file'; readonly path: string }
  /** The literal JWT held by an environment variable (named, never copied). */
  | { readonly source: 'environment'; readonly variable: string }
  /** A profile source other than `file` (UNSPEC-PROFILE-IDENTITY-TOKEN-OTHER-SOURCES). */
  | { readonly source: 'unsupported'; readonly declared: string };

export type FederationField =
  | 'federation_rule_id'
  | 'service_account_id'
  | 'organization_id'
  | 'workspace_id'
  | 'identity_token';

export type Provenance = 'profile' | 'environment';

export interface FederationSettings {
  readonly federation_rule_id?: string;
  readonly service_account_id?: string;
  readonly organization_id?: string;
  readonly workspace_id?: string;
  readonly identity_token?: IdentityTokenSource;
}

/**
 * Which environment variables fill which omitted profile field (UNSPEC-CRED-ENV-FILL-MAPPING),
 * in preference order; `federationOnly` fields are filled only inside an `oidc_federation` block.
 */
export const ENV_FILL: readonly {
  readonly field: FederationField;
  readonly variables: (v: Vendor) => readonly string[];
  readonly federationOnly: boolean;
  readonly requirements: readonly string[];
}[] = [
  {
    field: 'federation_rule_id',
    variables: (v) => [v.env.federationRuleId],
    federationOnly: true,
    requirements: ['CRED-ENV-FEDERATION-RULE-ID', 'PROFILE-AUTH-FEDERATION-RULE-ID'],
  },
  {
    field: 'service_account_id',
    variables: (v) => [v.env.serviceAccountId],
    federationOnly: true,
    requirements: ['CRED-ENV-SERVICE-ACCOUNT-ID', 'PROFILE-AUTH-SERVICE-ACCOUNT-ID'],
  },
  {
    field: 'organization_id',
    variables: (v) => [v.env.organizationId],
    federationOnly: false,
    requirements: ['CRED-ENV-ORGANIZATION-ID'],
  },
  {
    field: 'workspace_id',
    variables: (v) => [v.env.workspaceId],
    federationOnly: false,
    requirements: ['CRED-ENV-WORKSPACE-ID'],
  },
  {
    field: 'identity_token',
    variables: (v) => [v.env.identityTokenFile, v.env.identityToken],
    federationOnly: true,
    requirements: [
      'CRED-ENV-IDENTITY-TOKEN-FILE',
      'CRED-ENV-IDENTITY-TOKEN',
      'PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV',
    ],
  },
];

/**
 * The identity token named by the environment: the file variable when set, else the literal
 * variable (UNSPEC-CRED-IDENTITY-TOKEN-BOTH); a variable set to an empty string counts as set.
 */
export function identityTokenFromEnv(env: Env, v: Vendor): IdentityTokenSource | undefined {
  const file = env[v.env.identityTokenFile];
  if (file !== undefined) return { source: 'file', path: file };
  if (env[v.env.identityToken] !== undefined) return { source: 'environment', variable: v.env.identityToken };
  return undefined;
}

function envFill(field: FederationField, env: Env, v: Vendor): string | IdentityTokenSource | undefined {
  if (field === 'identity_token') return identityTokenFromEnv(env, v);
  const entry = ENV_FILL.find((f) => f.field === field);
  for (const name of entry?.variables(v) ?? []) if (env[name] !== undefined) return env[name];
  return undefined;
}

export interface MergedProfile {
  /** `authentication.type`, or null when the profile has no `authentication` block. */
  readonly authenticationType: string | null;
  /** Federation settings after the fill (only config-level fields for non-federation types). */
  readonly settings: FederationSettings;
  /** Where each present setting came from. */
  readonly provenance: Readonly<Partial<Record<FederationField, Provenance>>>;
}

/**
 * The environment fill of a loaded profile: each field the profile omits takes the matching
 * environment variable (CRED-PROFILE-ENV-FILLS-OMITTED); a field the profile sets is never
 * overridden (CRED-PROFILE-ENV-NEVER-OVERRIDES). Federation-only fields are filled only into an
 * `oidc_federation` block; an omitted `identity_token` comes from the identity-token variables
 * (PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV).
 */
export function mergeProfileWithEnv(profile: ProfileConfig, env: Env, v: Vendor): MergedProfile {
  const auth = profile.authentication;
  const isFederation = auth?.type === 'oidc_federation';
  const fed = isFederation
    ? (auth as { federation_rule_id?: string; service_account_id?: string })
    : undefined;
  const fromProfile: Partial<Record<FederationField, string | IdentityTokenSource>> = {
    ...(profile.organization_id !== undefined ? { organization_id: profile.organization_id } : {}),
    ...(profile.workspace_id !== undefined ? { workspace_id: profile.workspace_id } : {}),
  };
  if (fed?.federation_rule_id !== undefined) fromProfile.federation_rule_id = fed.federation_rule_id;
  if (fed?.service_account_id !== undefined) fromProfile.service_account_id = fed.service_account_id;
  if (isFederation && auth && 'identity_token' in auth && auth.identity_token !== undefined) {
    const token = auth.identity_token as { source: string; path?: unknown };
    fromProfile.identity_token =
      token.source === 'file' && typeof token.path === 'string'
        ? { source: 'file', path: token.path }
        : { source: 'unsupported', declared: token.source };
  }
  const settings: Record<string, string | IdentityTokenSource> = {};
  const provenance: Partial<Record<FederationField, Provenance>> = {};
  for (const { field, federationOnly } of ENV_FILL) {
    const own = fromProfile[field];
    if (own !== undefined) {
      settings[field] = own;
      provenance[field] = 'profile';
      continue;
    }
    if (federationOnly && !isFederation) continue;
    const filled = envFill(field, env, v);
    if (filled !== undefined) {
      settings[field] = filled;
      provenance[field] = 'environment';
    }
  }
  return { authenticationType: auth?.type ?? null, settings: settings as FederationSettings, provenance };
}

/** The variables the federation environment path needs, as requirement-cited entries. */
export const FEDERATION_ENV_REQUIRED: readonly {
  readonly variables: (v: Vendor) => readonly string[];
  readonly requirements: readonly string[];
}[] = [
  { variables: (v) => [v.env.federationRuleId], requirements: ['CRED-ENV-FEDERATION-RULE-ID'] },
  { variables: (v) => [v.env.organizationId], requirements: ['CRED-ENV-ORGANIZATION-ID'] },
  { variables: (v) => [v.env.serviceAccountId], requirements: ['CRED-ENV-SERVICE-ACCOUNT-ID'] },
  {
    variables: (v) => [v.env.identityTokenFile, v.env.identityToken],
    requirements: ['CRED-ENV-IDENTITY-TOKEN-ONE-OF-TWO'],
  },
];

/**
 * Whether the federation environment path is active (CRED-FEDERATION-ENV-ACTIVATION): rule,
 * organization, service account and one of the two identity-token variables all set (an empty
 * string counts as set, CRED-ENV-EMPTY-OCCUPIES-SLOT); the workspace variable does not gate it
 * (CRED-ENV-WORKSPACE-ID-NOT-GATING). `missing` lists the unmet requirements by variable names.
 */
export function federationEnvActivation(
  env: Env,
  v: Vendor,
): { readonly active: boolean; readonly missing: readonly string[] } {
  const missing = FEDERATION_ENV_REQUIRED.filter(({ variables }) =>
    variables(v).every((n) => env[n] === undefined),
  ).map(({ variables }) => variables(v).join(' or '));
  return { active: missing.length === 0, missing };
}

// ---------------------------------------------------------------------------------------------
// Resolution

export type SourceNumber = 1 | 2 | 3 | 4 | 5;

/** The five sources in order, first yielding wins (CRED-FIRST-SOURCE-WINS). */
export const RESOLUTION_SOURCES: readonly {
  readonly order: SourceNumber;
  readonly name: SourceName;
  readonly requirements: readonly string[];
}[] = [
  { order: 1, name: 'constructor_arguments', requirements: ['CRED-SOURCE-1-CONSTRUCTOR'] },
  {
    order: 2,
    name: 'environment_key_or_token',
    requirements: ['CRED-SOURCE-2-ENV', 'CRED-ENV-SHADOWS-FEDERATION', 'CRED-ENV-EMPTY-API-KEY-SELECTS-KEY'],
  },
  {
    order: 3,
    name: 'named_profile',
    requirements: ['CRED-SOURCE-3-NAMED-PROFILE', 'CRED-NAMED-PROFILE-MISSING-ERROR', 'CRED-ENV-PROFILE'],
  },
  {
    order: 4,
    name: 'federation_environment',
    requirements: ['CRED-SOURCE-4-FEDERATION-ENV', 'CRED-FEDERATION-ENV-ACTIVATION'],
  },
  { order: 5, name: 'active_profile', requirements: ['CRED-SOURCE-5-ACTIVE-PROFILE'] },
];

export type SourceName =
  | 'constructor_arguments'
  | 'environment_key_or_token'
  | 'named_profile'
  | 'federation_environment'
  | 'active_profile';

/** Where a secret lives: named, never copied. */
export type SecretLocation =
  | { readonly type: 'argument'; readonly name: 'api_key' | 'auth_token' | 'credentials' }
  | { readonly type: 'environment'; readonly variable: string };

export interface ProfileReference {
  readonly name: string;
  readonly configPath: string;
  readonly credentialsPath: string;
  readonly version: string;
  readonly base_url: string | null;
}

export type ResolvedCredential =
  /** API key, sent in `x-api-key`; `empty` when the slot holds an empty string. */
  | { readonly kind: 'api_key'; readonly location: SecretLocation; readonly empty: boolean }
  /** Auth token, sent as a bearer credential (UNSPEC-CRED-AUTH-TOKEN-HEADER). */
  | { readonly kind: 'auth_token'; readonly location: SecretLocation; readonly empty: boolean }
  /** The opaque `credentials` constructor argument (UNSPEC-CRED-ARGS-CREDENTIALS-SHAPE). */
  | { readonly kind: 'credentials_object'; readonly location: SecretLocation }
  /** Workload identity federation: everything the token exchange needs but the token itself. */
  | {
      readonly kind: 'federation';
      readonly federation_rule_id: string;
      readonly service_account_id: string;
      readonly organization_id: string;
      /** Null when not set: the exchange then picks the rule's sole workspace. */
      readonly workspace_id: string | null;
      readonly identity_token: IdentityTokenSource;
      readonly provenance: Readonly<Partial<Record<FederationField, Provenance>>>;
      readonly profile: ProfileReference | null;
    }
  /** A profile whose authentication type is not shown (UNSPEC-PROFILE-AUTH-OTHER-TYPES). */
  | {
      readonly kind: 'profile_authentication';
      readonly authenticationType: string;
      readonly organization_id: string | null;
      readonly workspace_id: string | null;
      readonly profile: ProfileReference;
    };

export type Resolution =
  | {
      readonly outcome: 'resolved';
      readonly source: SourceNumber;
      readonly sourceName: SourceName;
      readonly credential: ResolvedCredential;
      /** Non-secret, human-readable summary. */
      readonly description: string;
      readonly requirements: readonly string[];
    }
  | {
      readonly outcome: 'error';
      readonly source: SourceNumber;
      readonly sourceName: SourceName;
      readonly error: CredentialError;
      readonly description: string;
    }
  | { readonly outcome: 'none'; readonly description: string; readonly unspecified: readonly string[] };

const given = (value: unknown) => value !== undefined && value !== null;

function sourceName(order: SourceNumber): SourceName {
  return (RESOLUTION_SOURCES.find((s) => s.order === order) as { name: SourceName }).name;
}

function resolved(
  order: SourceNumber,
  credential: ResolvedCredential,
  extra: readonly string[] = [],
): Resolution {
  const base = RESOLUTION_SOURCES.find((s) => s.order === order)?.requirements ?? [];
  return {
    outcome: 'resolved',
    source: order,
    sourceName: sourceName(order),
    credential,
    description: `source ${order} (${sourceName(order).replace(/_/g, ' ')}): ${describeCredential(credential)}`,
    requirements: ['CRED-FIRST-SOURCE-WINS', ...base, ...extra],
  };
}

function failed(order: SourceNumber, error: CredentialError): Resolution {
  return {
    outcome: 'error',
    source: order,
    sourceName: sourceName(order),
    error,
    description: `source ${order} (${sourceName(order).replace(/_/g, ' ')}): ${error.message}`,
  };
}

const describeLocation = (l: SecretLocation) =>
  l.type === 'argument' ? `constructor argument \`${l.name}\`` : `environment variable ${l.variable}`;

const describeToken = (t: IdentityTokenSource) =>
  t.source === 'file'
    ? `identity token from file ${t.path}`
    : t.source === 'environment'
      ? `identity token from environment variable ${t.variable}`
      : `identity token from unsupported source ${JSON.stringify(t.declared)}`;

/** A non-secret description of a resolved credential. */
export function describeCredential(c: ResolvedCredential): string {
  switch (c.kind) {
    case 'api_key':
      return `API key from ${describeLocation(c.location)}${c.empty ? ' (empty)' : ''}`;
    case 'auth_token':
      return `auth token from ${describeLocation(c.location)}${c.empty ? ' (empty)' : ''}`;
    case 'credentials_object':
      return `credentials object from ${describeLocation(c.location)}`;
    case 'federation':
      return [
        `federation with rule ${c.federation_rule_id}`,
        `service account ${c.service_account_id}`,
        `organization ${c.organization_id}`,
        c.workspace_id === null ? 'no workspace set' : `workspace ${c.workspace_id}`,
        describeToken(c.identity_token),
        ...(c.profile ? [`profile "${c.profile.name}"`] : []),
      ].join(', ');
    case 'profile_authentication':
      return `profile "${c.profile.name}" with authentication type ${JSON.stringify(c.authenticationType)}`;
  }
}

/**
 * Turns a loaded profile (after the environment fill) into a credential, or an incomplete-profile
 * error (UNSPEC-CRED-INCOMPLETE-PROFILE).
 */
function credentialFromProfile(
  name: string,
  loaded: Extract<LoadProfileResult, { status: 'loaded' }>,
  env: Env,
  v: Vendor,
):
  | { readonly ok: true; readonly credential: ResolvedCredential }
  | { readonly ok: false; readonly error: CredentialError } {
  const merged = mergeProfileWithEnv(loaded.profile, env, v);
  const profile: ProfileReference = {
    name,
    configPath: loaded.paths.config,
    credentialsPath: loaded.paths.credentials,
    version: loaded.version.text,
    base_url: loaded.profile.base_url ?? null,
  };
  const incomplete = (fields: readonly string[]) => ({
    ok: false as const,
    error: credentialError(
      'incomplete_profile',
      `profile "${name}" (${loaded.paths.config}) lacks ${fields.join(', ')} and the environment does not fill it`,
      {
        profile: name,
        path: loaded.paths.config,
        fields,
        requirements: ['CRED-PROFILE-ENV-FILLS-OMITTED'],
        unspecified: ['UNSPEC-CRED-INCOMPLETE-PROFILE'],
      },
    ),
  });
  if (merged.authenticationType === null) return incomplete(['authentication']);
  const s = merged.settings;
  if (merged.authenticationType !== 'oidc_federation') {
    return {
      ok: true,
      credential: {
        kind: 'profile_authentication',
        authenticationType: merged.authenticationType,
        organization_id: s.organization_id ?? null,
        workspace_id: s.workspace_id ?? null,
        profile,
      },
    };
  }
  const missing = (
    ['federation_rule_id', 'service_account_id', 'organization_id', 'identity_token'] as const
  ).filter((f) => s[f] === undefined);
  if (missing.length > 0) return incomplete(missing);
  return {
    ok: true,
    credential: {
      kind: 'federation',
      federation_rule_id: s.federation_rule_id as string,
      service_account_id: s.service_account_id as string,
      organization_id: s.organization_id as string,
      workspace_id: s.workspace_id ?? null,
      identity_token: s.identity_token as IdentityTokenSource,
      provenance: merged.provenance,
      profile,
    },
  };
}

/**
 * Resolves the client credential from the five sources in order (CRED-FIRST-SOURCE-WINS):
 *
 * 1. constructor arguments `api_key`, `auth_token`, `credentials`, in that order
 *    (CRED-SOURCE-1-CONSTRUCTOR, UNSPEC-CRED-ARGS-PRECEDENCE, UNSPEC-CRED-ARGS-EMPTY);
 * 2. `<VENDOR>_API_KEY`, else `<VENDOR>_AUTH_TOKEN`; an empty string still selects its path and
 *    shadows federation (CRED-SOURCE-2-ENV, CRED-ENV-EMPTY-API-KEY-SELECTS-KEY,
 *    CRED-ENV-SHADOWS-FEDERATION, UNSPEC-CRED-ENV-KEY-AND-TOKEN);
 * 3. the profile named by `<VENDOR>_PROFILE`; a missing one is an error, never a fall-through
 *    (CRED-SOURCE-3-NAMED-PROFILE, CRED-NAMED-PROFILE-MISSING-ERROR);
 * 4. the federation variables, when active (CRED-SOURCE-4-FEDERATION-ENV,
 *    CRED-FEDERATION-ENV-ACTIVATION);
 * 5. the active profile from `active_config`, else `default` (CRED-SOURCE-5-ACTIVE-PROFILE); a
 *    missing `default` profile ends resolution with `none` (UNSPEC-CRED-NONE), a missing profile
 *    named by `active_config` is an error (UNSPEC-CRED-ACTIVE-PROFILE-MISSING).
 *
 * A loaded profile gets the environment fill (`mergeProfileWithEnv`). The identity token is never
 * read here: the result names its file or variable (`readIdentityToken` reads it at exchange).
 */
export function resolveCredentials(inputs: ResolveInputs, v: Vendor): Resolution {
  const { env, args } = inputs;

  // 1. constructor arguments
  if (args) {
    if (given(args.api_key)) {
      return resolved(1, {
        kind: 'api_key',
        location: { type: 'argument', name: 'api_key' },
        empty: args.api_key === '',
      });
    }
    if (given(args.auth_token)) {
      return resolved(1, {
        kind: 'auth_token',
        location: { type: 'argument', name: 'auth_token' },
        empty: args.auth_token === '',
      });
    }
    if (given(args.credentials)) {
      return resolved(1, { kind: 'credentials_object', location: { type: 'argument', name: 'credentials' } });
    }
  }

  // 2. API key or auth token in the environment
  const apiKey = env[v.env.apiKey];
  if (apiKey !== undefined) {
    return resolved(
      2,
      { kind: 'api_key', location: { type: 'environment', variable: v.env.apiKey }, empty: apiKey === '' },
      apiKey === '' ? ['CRED-ENV-EMPTY-OCCUPIES-SLOT'] : [],
    );
  }
  const authToken = env[v.env.authToken];
  if (authToken !== undefined) {
    return resolved(
      2,
      {
        kind: 'auth_token',
        location: { type: 'environment', variable: v.env.authToken },
        empty: authToken === '',
      },
      authToken === '' ? ['CRED-ENV-EMPTY-OCCUPIES-SLOT'] : [],
    );
  }

  // 3. the profile named by the profile variable
  const named = env[v.env.profile];
  if (named !== undefined) {
    const dir = configDir(inputs, v);
    if (!dir.ok) return failed(3, dir.error);
    const loaded = loadProfile(named, dir.path, inputs.platform, inputs.readFile);
    if (loaded.status === 'error') return failed(3, loaded.error);
    if (loaded.status === 'not_found') {
      return failed(
        3,
        credentialError(
          'profile_not_found',
          `profile "${named}" named by ${v.env.profile} does not exist (${loaded.paths.config})`,
          { profile: named, path: loaded.paths.config, requirements: ['CRED-NAMED-PROFILE-MISSING-ERROR'] },
        ),
      );
    }
    const credential = credentialFromProfile(named, loaded, env, v);
    if (!credential.ok) return failed(3, credential.error);
    return resolved(3, credential.credential, [
      'CRED-PROFILE-ENV-FILLS-OMITTED',
      'CRED-PROFILE-ENV-NEVER-OVERRIDES',
    ]);
  }

  // 4. the federation environment variables
  if (federationEnvActivation(env, v).active) {
    const workspace = env[v.env.workspaceId];
    return resolved(
      4,
      {
        kind: 'federation',
        federation_rule_id: env[v.env.federationRuleId] as string,
        service_account_id: env[v.env.serviceAccountId] as string,
        organization_id: env[v.env.organizationId] as string,
        workspace_id: workspace ?? null,
        identity_token: identityTokenFromEnv(env, v) as IdentityTokenSource,
        provenance: {
          federation_rule_id: 'environment',
          service_account_id: 'environment',
          organization_id: 'environment',
          identity_token: 'environment',
          ...(workspace !== undefined ? { workspace_id: 'environment' as const } : {}),
        },
        profile: null,
      },
      ['CRED-ENV-WORKSPACE-ID-NOT-GATING'],
    );
  }

  // 5. the active profile
  const active = activeProfileName(inputs, v);
  if (!active.ok) return failed(5, active.error);
  const dir = configDir(inputs, v);
  if (!dir.ok) return failed(5, dir.error);
  const loaded = loadProfile(active.name, dir.path, inputs.platform, inputs.readFile);
  if (loaded.status === 'error') return failed(5, loaded.error);
  if (loaded.status === 'not_found') {
    if (active.from === 'active_config') {
      return failed(
        5,
        credentialError(
          'profile_not_found',
          `profile "${active.name}" named by active_config does not exist (${loaded.paths.config})`,
          {
            profile: active.name,
            path: loaded.paths.config,
            unspecified: ['UNSPEC-CRED-ACTIVE-PROFILE-MISSING'],
          },
        ),
      );
    }
    return {
      outcome: 'none',
      description: `no credential: no constructor argument, no ${v.env.apiKey} or ${v.env.authToken}, no ${v.env.profile}, federation variables incomplete, and no "${DEFAULT_PROFILE_NAME}" profile (${loaded.paths.config})`,
      unspecified: ['UNSPEC-CRED-NONE', 'UNSPEC-CRED-ACTIVE-PROFILE-MISSING'],
    };
  }
  const credential = credentialFromProfile(active.name, loaded, env, v);
  if (!credential.ok) return failed(5, credential.error);
  return resolved(5, credential.credential, [
    ...active.requirements,
    'CRED-PROFILE-ENV-FILLS-OMITTED',
    'CRED-PROFILE-ENV-NEVER-OVERRIDES',
  ]);
}

// ---------------------------------------------------------------------------------------------
// Identity token at exchange time

export type IdentityTokenRead =
  | { readonly ok: true; readonly token: string }
  | {
      readonly ok: false;
      readonly code: 'file_not_found' | 'variable_not_set' | 'unsupported_source';
      readonly message: string;
      readonly requirements: readonly string[];
    };

/**
 * Reads the identity token for one exchange. A file is read anew on every call
 * (CRED-IDENTITY-TOKEN-FILE-REREAD) and a missing file is a file-not-found error at this point,
 * not at resolution (CRED-IDENTITY-TOKEN-FILE-MISSING). Surrounding whitespace is trimmed
 * (UNSPEC-CRED-IDENTITY-TOKEN-CONTENT). The error message never contains the token.
 */
export function readIdentityToken(
  source: IdentityTokenSource,
  readFile: ReadFile,
  env: Env = {},
): IdentityTokenRead {
  switch (source.source) {
    case 'file': {
      const content = readFile(source.path);
      if (content === undefined) {
        return {
          ok: false,
          code: 'file_not_found',
          message: `identity token file not found: ${source.path}`,
          requirements: ['CRED-IDENTITY-TOKEN-FILE-MISSING'],
        };
      }
      return { ok: true, token: content.trim() };
    }
    case 'environment': {
      const value = env[source.variable];
      if (value === undefined) {
        return {
          ok: false,
          code: 'variable_not_set',
          message: `identity token variable ${source.variable} is not set`,
          requirements: ['CRED-ENV-IDENTITY-TOKEN'],
        };
      }
      return { ok: true, token: value };
    }
    case 'unsupported':
      return {
        ok: false,
        code: 'unsupported_source',
        message: `identity token source ${JSON.stringify(source.declared)} is not supported`,
        requirements: [],
      };
  }
}
