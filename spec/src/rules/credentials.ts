/**
 * Client credential resolution (document 000 "Authentication > Client credential resolution" and
 * "Resources and their fields > Client profile files"): the configuration directory, the active
 * profile name, profile loading with version handling and the environment fill, the five sources
 * in order, and reading the identity token at exchange time.
 *
 * Everything here is pure: the environment, the platform, the home and application-data
 * directories and file reading are injected (`readFile` returns `undefined` for a file that does
 * not exist), so the rules run the same in the client, the command-line client and the tests.
 *
 * Secrets never appear in a returned message or description: results say where a secret is (an
 * argument name, an environment variable name, a file path), never what it is.
 */
import { WorkspaceId } from '../resources/common.js';
import { PROFILE_CURRENT_VERSION, type ProfileConfig, ProfileVersion } from '../resources/profiles.js';
import type { Vendor } from '../vendor.js';

/** Requirement ids this module implements. */
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
  'CRED-ENV-PROFILE',
  'CRED-ENV-CONFIG-DIR',
  'CRED-FEDERATION-ENV-ACTIVATION',
  'CRED-IDENTITY-TOKEN-FILE-MISSING',
  'CONFIG-DIR-ENV',
  'CONFIG-DIR-POSIX',
  'CONFIG-DIR-WINDOWS',
  'CONFIG-ACTIVE-PROFILE-ENV',
  'CONFIG-ACTIVE-PROFILE-FILE',
  'CONFIG-ACTIVE-PROFILE-DEFAULT',
  'PROFILE-TWO-FILES',
  'PROFILE-CONFIG-PATH',
  'PROFILE-CONFIG-FIELDS',
  'PROFILE-CREDENTIALS-PATH',
  'PROFILE-CREDENTIALS-MODE-0600',
  'PROFILE-VERSION-FORMAT',
  'PROFILE-VERSION-CURRENT-1-0',
  'PROFILE-VERSION-OMITTED-CURRENT',
  'PROFILE-VERSION-MIGRATION',
  'PROFILE-AUTH-FEDERATION-TYPE',
  'PROFILE-AUTH-FEDERATION-RULE-ID',
  'PROFILE-AUTH-SERVICE-ACCOUNT-ID',
  'PROFILE-AUTH-IDENTITY-TOKEN-FILE',
  'PROFILE-AUTH-IDENTITY-TOKEN-OMITTED-ENV',
];

// ---------------------------------------------------------------------------------------------
// Inputs

/** Environment variables: a missing variable is `undefined`; an empty string is a set variable. */
export type Env = Readonly<Record<string, string | undefined>>;
/** Reads a whole text file; `undefined` when the file does not exist. */
export type ReadFile = (path: string) => string | undefined;

export interface ConfigDirInputs {
  readonly env: Env;
  /** `process.platform`: `linux`, `darwin`, `win32`, ... */
  readonly platform: string;
  /** The user's home directory (Linux, macOS). */
  readonly homeDir?: string | undefined;
  /** The application-data directory (Windows `%APPDATA%`). */
  readonly appDataDir?: string | undefined;
}

/** The constructor arguments of source 1. `undefined` and `null` mean "not given". */
export interface ConstructorArgs {
  readonly api_key?: string | null | undefined;
  readonly auth_token?: string | null | undefined;
  /** Opaque credentials object (UNSPEC-CRED-ARGS-CREDENTIALS-SHAPE). */
  readonly credentials?: unknown;
}

export interface ResolveInputs extends ConfigDirInputs {
  readonly args?: ConstructorArgs | undefined;
  readonly readFile: ReadFile;
}

// ---------------------------------------------------------------------------------------------
// Errors

export type CredentialErrorCode =
  | 'config_dir_unavailable'
  | 'invalid_profile_name'
  | 'profile_not_found'
  | 'malformed_profile'
  | 'unsupported_profile_version'
  | 'incomplete_profile';

/** An error of resolution. `message` names files, fields and variables, never a secret. */
export interface CredentialError {
  readonly code: CredentialErrorCode;
  readonly message: string;
  readonly profile?: string;
  readonly path?: string;
  /** Offending or missing fields (names only). */
  readonly fields?: readonly string[];
  readonly requirements: readonly string[];
  readonly unspecified: readonly string[];
}

const credentialError = (
  code: CredentialErrorCode,
  message: string,
  extra: {
    profile?: string;
    path?: string;
    fields?: readonly string[];
    requirements?: readonly string[];
    unspecified?: readonly string[];
  } = {},
): CredentialError => ({
  code,
  message,
  ...(extra.profile !== undefined ? { profile: extra.profile } : {}),
  ...(extra.path !== undefined ? { path: extra.path } : {}),
  ...(extra.fields !== undefined ? { fields: extra.fields } : {}),
  requirements: extra.requirements ?? [],
  unspecified: extra.unspecified ?? [],
});

// ---------------------------------------------------------------------------------------------
// Paths and the configuration directory

const isWindows = (platform: string) => platform === 'win32';

/** Joins path segments with the platform's separator, dropping trailing separators of the base. */
export function joinPath(platform: string, base: string, ...segments: string[]): string {
  const sep = isWindows(platform) ? '\\' : '/';
  const trimmed = isWindows(platform) ? base.replace(/[\\/]+$/, '') : base.replace(/\/+$/, '');
  return [trimmed, ...segments].join(sep);
}

/** Which configuration-directory rule applied. */
export type ConfigDirRule = 'environment' | 'posix_home' | 'windows_app_data';

export type ConfigDirResult =
  | {
      readonly ok: true;
      readonly path: string;
      readonly rule: ConfigDirRule;
      readonly requirements: readonly string[];
    }
  | { readonly ok: false; readonly error: CredentialError };

/**
 * The configuration directory: `<VENDOR>_CONFIG_DIR` when set (CONFIG-DIR-ENV); else
 * `<home>/.config/<name>` on Linux and macOS (CONFIG-DIR-POSIX) and on other non-Windows
 * platforms (UNSPEC-CRED-CONFIG-DIR-OTHER-PLATFORM); else `<appData>/<DisplayName>` on Windows
 * (CONFIG-DIR-WINDOWS). An empty variable occupies its slot and is an error
 * (UNSPEC-CRED-CONFIG-DIR-EMPTY); an unknown home or application-data directory is an error
 * (UNSPEC-CRED-CONFIG-DIR-UNAVAILABLE).
 */
export function configDir(inputs: ConfigDirInputs, v: Vendor): ConfigDirResult {
  const fromEnv = inputs.env[v.env.configDir];
  if (fromEnv !== undefined) {
    if (fromEnv === '') {
      return {
        ok: false,
        error: credentialError(
          'config_dir_unavailable',
          `${v.env.configDir} is set to an empty string; it names no configuration directory`,
          {
            requirements: ['CONFIG-DIR-ENV', 'CRED-ENV-EMPTY-OCCUPIES-SLOT'],
            unspecified: ['UNSPEC-CRED-CONFIG-DIR-EMPTY'],
          },
        ),
      };
    }
    return {
      ok: true,
      path: fromEnv,
      rule: 'environment',
      requirements: ['CONFIG-DIR-ENV', 'CRED-ENV-CONFIG-DIR'],
    };
  }
  if (isWindows(inputs.platform)) {
    if (!inputs.appDataDir) {
      return {
        ok: false,
        error: credentialError(
          'config_dir_unavailable',
          `the application-data directory is unknown and ${v.env.configDir} is not set`,
          { requirements: ['CONFIG-DIR-WINDOWS'], unspecified: ['UNSPEC-CRED-CONFIG-DIR-UNAVAILABLE'] },
        ),
      };
    }
    return {
      ok: true,
      path: joinPath(inputs.platform, inputs.appDataDir, v.configDir.windowsAppDataName),
      rule: 'windows_app_data',
      requirements: ['CONFIG-DIR-WINDOWS'],
    };
  }
  if (!inputs.homeDir) {
    return {
      ok: false,
      error: credentialError(
        'config_dir_unavailable',
        `the home directory is unknown and ${v.env.configDir} is not set`,
        {
          requirements: ['CONFIG-DIR-POSIX'],
          unspecified: ['UNSPEC-CRED-CONFIG-DIR-UNAVAILABLE'],
        },
      ),
    };
  }
  return {
    ok: true,
    path: joinPath(inputs.platform, inputs.homeDir, ...v.configDir.posixRelativeToHome.split('/')),
    rule: 'posix_home',
    requirements: ['CONFIG-DIR-POSIX'],
  };
}

/** The two files of a profile (PROFILE-TWO-FILES, PROFILE-CONFIG-PATH, PROFILE-CREDENTIALS-PATH). */
export function profilePaths(
  dir: string,
  name: string,
  platform: string,
): { readonly config: string; readonly credentials: string } {
  return {
    config: joinPath(platform, dir, 'configs', `${name}.json`),
    credentials: joinPath(platform, dir, 'credentials', `${name}.json`),
  };
}

/** The file naming the active profile: `<config_dir>/active_config` (CONFIG-ACTIVE-PROFILE-FILE). */
export const activeConfigPath = (dir: string, platform: string) => joinPath(platform, dir, 'active_config');

/** File mode the credentials file is written with (PROFILE-CREDENTIALS-MODE-0600). */
export const CREDENTIALS_FILE_MODE = 0o600;

/** Whether a POSIX file mode fits the credentials file: exactly 0600 in the permission bits. */
export const isCredentialsFileMode = (mode: number) => (mode & 0o777) === CREDENTIALS_FILE_MODE;

/**
 * Whether a string can be a profile name (UNSPEC-PROFILE-NAME-RULES): not empty, not `.` or `..`,
 * no `/`, `\` or NUL; so a name never escapes `configs/` or `credentials/`.
 */
export function isValidProfileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);
}

// ---------------------------------------------------------------------------------------------
// Active profile name

export type ActiveProfileSource = 'environment' | 'active_config' | 'default';

export type ActiveProfileResult =
  | {
      readonly ok: true;
      readonly name: string;
      readonly from: ActiveProfileSource;
      readonly requirements: readonly string[];
    }
  | { readonly ok: false; readonly error: CredentialError };

/** The profile name used when neither the variable nor `active_config` names one. */
export const DEFAULT_PROFILE_NAME = 'default';

/**
 * The active profile name: `<VENDOR>_PROFILE` when set, even to an empty string
 * (CONFIG-ACTIVE-PROFILE-ENV, CRED-ENV-EMPTY-OCCUPIES-SLOT); else the trimmed contents of
 * `<config_dir>/active_config` when non-empty (CONFIG-ACTIVE-PROFILE-FILE,
 * UNSPEC-CRED-ACTIVE-CONFIG-FORMAT); else `default` (CONFIG-ACTIVE-PROFILE-DEFAULT).
 */
export function activeProfileName(
  inputs: ConfigDirInputs & { readonly readFile: ReadFile },
  v: Vendor,
): ActiveProfileResult {
  const fromEnv = inputs.env[v.env.profile];
  if (fromEnv !== undefined) {
    return {
      ok: true,
      name: fromEnv,
      from: 'environment',
      requirements: ['CONFIG-ACTIVE-PROFILE-ENV', 'CRED-ENV-PROFILE'],
    };
  }
  const dir = configDir(inputs, v);
  if (!dir.ok) return dir;
  const contents = inputs.readFile(activeConfigPath(dir.path, inputs.platform));
  const name = contents?.trim();
  if (name !== undefined && name !== '') {
    return { ok: true, name, from: 'active_config', requirements: ['CONFIG-ACTIVE-PROFILE-FILE'] };
  }
  return {
    ok: true,
    name: DEFAULT_PROFILE_NAME,
    from: 'default',
    requirements: ['CONFIG-ACTIVE-PROFILE-DEFAULT'],
  };
}

// ---------------------------------------------------------------------------------------------
// Profile version

export interface ParsedProfileVersion {
  readonly major: number;
  readonly minor: number;
  /** The version as written, or the current version when omitted. */
  readonly text: string;
  readonly omitted: boolean;
}

const PROFILE_VERSION_PATTERN = new RegExp(ProfileVersion.pattern as string, 'u');

/**
 * Parses the `version` of a profile file: a string `major.minor` (PROFILE-VERSION-FORMAT);
 * omitted means the current `1.0` (PROFILE-VERSION-OMITTED-CURRENT, PROFILE-VERSION-CURRENT-1-0).
 */
export function parseProfileVersion(
  value: unknown,
):
  | { readonly ok: true; readonly version: ParsedProfileVersion }
  | { readonly ok: false; readonly message: string } {
  const text = value === undefined ? PROFILE_CURRENT_VERSION : value;
  if (typeof text !== 'string' || !PROFILE_VERSION_PATTERN.test(text)) {
    return { ok: false, message: '`version` must be a string in `major.minor` format' };
  }
  const [major, minor] = text.split('.').map(Number) as [number, number];
  return { ok: true, version: { major, minor, text, omitted: value === undefined } };
}

/** The major version the current release reads and writes. */
export const CURRENT_PROFILE_MAJOR = Number(PROFILE_CURRENT_VERSION.split('.')[0]);

/**
 * Migrations of older profile files, by major version: each turns a raw file of that major into a
 * raw file of a later major (PROFILE-VERSION-MIGRATION). Only `1.0` exists today, so the table is
 * empty; any minor of the current major is read as is (UNSPEC-PROFILE-VERSION-NEWER).
 */
export const PROFILE_MIGRATIONS: Readonly<
  Record<number, (raw: Readonly<Record<string, unknown>>) => Record<string, unknown>>
> = {};

/**
 * Brings a raw profile file to the current major through `PROFILE_MIGRATIONS`, or reports the
 * version unsupported.
 */
export function migrateProfile(
  raw: Readonly<Record<string, unknown>>,
  version: ParsedProfileVersion,
  migrations: typeof PROFILE_MIGRATIONS = PROFILE_MIGRATIONS,
):
  | { readonly ok: true; readonly raw: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly message: string } {
  let current = raw;
  let major = version.major;
  const seen = new Set<number>();
  while (major !== CURRENT_PROFILE_MAJOR) {
    const migrate = migrations[major];
    if (!migrate || seen.has(major)) {
      return {
        ok: false,
        message: `profile version ${version.text} is not supported (this release reads major version ${CURRENT_PROFILE_MAJOR})`,
      };
    }
    seen.add(major);
    current = migrate(current);
    const next = parseProfileVersion(current.version);
    if (!next.ok)
      return { ok: false, message: `migration from major version ${major} produced an invalid version` };
    major = next.version.major;
  }
  return { ok: true, raw: current };
}

// ---------------------------------------------------------------------------------------------
// Profile schema check (mirrors resources/profiles.ts; the tests compare both with ajv)

/** The `uuid` format as ajv-formats defines it. */
const UUID_PATTERN = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const WORKSPACE_ID_PATTERN = new RegExp(WorkspaceId.pattern as string, 'u');
const URI_SCHEME = /^[a-z][a-z0-9+\-.]*:[^\s]*$/i;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAbsoluteUri = (value: string) => URI_SCHEME.test(value) && URL.canParse(value);

const CONFIG_FIELDS = ['version', 'authentication', 'organization_id', 'workspace_id', 'base_url'] as const;
const FEDERATION_AUTH_FIELDS = [
  'type',
  'federation_rule_id',
  'service_account_id',
  'identity_token',
] as const;
const CREDENTIALS_FIELDS = ['version', 'access_token', 'expires_at', 'refresh_token'] as const;

function unknownFields(object: Record<string, unknown>, allowed: readonly string[], at: string): string[] {
  return Object.keys(object)
    .filter((k) => !allowed.includes(k))
    .map((k) => `${at}\`${k}\` is not a field of this file`);
}

function identityTokenProblems(value: unknown): string[] {
  const at = '`authentication.identity_token`';
  if (!isPlainObject(value)) return [`${at} must be an object`];
  if (typeof value.source !== 'string') return [`${at}.source must be a string`];
  if (value.source !== 'file') return []; // other sources: not shown, open (UNSPEC-PROFILE-IDENTITY-TOKEN-OTHER-SOURCES)
  const problems = unknownFields(value, ['source', 'path'], `${at}: `);
  if (typeof value.path !== 'string') problems.push(`${at}.path must be a string`);
  return problems;
}

function authenticationProblems(value: unknown): string[] {
  if (!isPlainObject(value)) return ['`authentication` must be an object'];
  if (typeof value.type !== 'string') return ['`authentication.type` must be a string'];
  if (value.type !== 'oidc_federation') return []; // other types: not shown, open (UNSPEC-PROFILE-AUTH-OTHER-TYPES)
  const problems = unknownFields(value, FEDERATION_AUTH_FIELDS, '`authentication`: ');
  for (const field of ['federation_rule_id', 'service_account_id'] as const) {
    if (value[field] !== undefined && typeof value[field] !== 'string') {
      problems.push(`\`authentication.${field}\` must be a string`);
    }
  }
  if (value.identity_token !== undefined) problems.push(...identityTokenProblems(value.identity_token));
  return problems;
}

/**
 * The problems of a parsed configuration file against `ProfileConfig` (empty: valid). Messages
 * name fields, never values.
 */
export function profileConfigProblems(raw: unknown): string[] {
  if (!isPlainObject(raw)) return ['the file must hold a JSON object'];
  const problems = unknownFields(raw, CONFIG_FIELDS, '');
  if (raw.version !== undefined && !parseProfileVersion(raw.version).ok) {
    problems.push('`version` must be a string in `major.minor` format');
  }
  if (raw.authentication !== undefined) problems.push(...authenticationProblems(raw.authentication));
  if (raw.organization_id !== undefined) {
    if (typeof raw.organization_id !== 'string' || !UUID_PATTERN.test(raw.organization_id)) {
      problems.push('`organization_id` must be a UUID string');
    }
  }
  if (raw.workspace_id !== undefined) {
    const ws = raw.workspace_id;
    if (typeof ws !== 'string' || (ws !== 'default' && !WORKSPACE_ID_PATTERN.test(ws))) {
      problems.push('`workspace_id` must be a workspace identifier or `default`');
    }
  }
  if (raw.base_url !== undefined && (typeof raw.base_url !== 'string' || !isAbsoluteUri(raw.base_url))) {
    problems.push('`base_url` must be an absolute URL string');
  }
  return problems;
}

/** The problems of a parsed credentials file against `ProfileCredentials` (empty: valid). */
export function profileCredentialsProblems(raw: unknown): string[] {
  if (!isPlainObject(raw)) return ['the file must hold a JSON object'];
  const problems = unknownFields(raw, CREDENTIALS_FIELDS, '');
  if (raw.version !== undefined && !parseProfileVersion(raw.version).ok) {
    problems.push('`version` must be a string in `major.minor` format');
  }
  for (const field of ['access_token', 'refresh_token'] as const) {
    if (raw[field] !== undefined && typeof raw[field] !== 'string')
      problems.push(`\`${field}\` must be a string`);
  }
  if (
    raw.expires_at !== undefined &&
    typeof raw.expires_at !== 'string' &&
    typeof raw.expires_at !== 'number'
  ) {
    problems.push('`expires_at` must be a string or a number');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Profile loading

export type LoadProfileResult =
  | {
      readonly status: 'loaded';
      readonly profile: ProfileConfig;
      readonly version: ParsedProfileVersion;
      readonly paths: { readonly config: string; readonly credentials: string };
    }
  | {
      readonly status: 'not_found';
      readonly paths: { readonly config: string; readonly credentials: string };
    }
  | { readonly status: 'error'; readonly error: CredentialError };

/**
 * Reads `<config_dir>/configs/<name>.json`, parses it, checks its version (migrating older majors)
 * and its fields. Never returns file contents in a message.
 */
export function loadProfile(
  name: string,
  dir: string,
  platform: string,
  readFile: ReadFile,
): LoadProfileResult {
  if (!isValidProfileName(name)) {
    return {
      status: 'error',
      error: credentialError(
        'invalid_profile_name',
        `profile name ${JSON.stringify(name)} is not a valid profile name`,
        {
          profile: name,
          unspecified: ['UNSPEC-PROFILE-NAME-RULES'],
        },
      ),
    };
  }
  const paths = profilePaths(dir, name, platform);
  const text = readFile(paths.config);
  if (text === undefined) return { status: 'not_found', paths };
  const malformed = (fields: readonly string[], why: string) => ({
    status: 'error' as const,
    error: credentialError('malformed_profile', `profile "${name}" (${paths.config}) ${why}`, {
      profile: name,
      path: paths.config,
      fields,
      requirements: ['PROFILE-CONFIG-FIELDS'],
      unspecified: ['UNSPEC-CRED-MALFORMED-PROFILE'],
    }),
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return malformed([], 'is not valid JSON');
  }
  if (!isPlainObject(raw)) return malformed([], 'must hold a JSON object');
  const version = parseProfileVersion(raw.version);
  if (!version.ok) return malformed(['`version`'], `is invalid: ${version.message}`);
  const migrated = migrateProfile(raw, version.version);
  if (!migrated.ok) {
    return {
      status: 'error',
      error: credentialError(
        'unsupported_profile_version',
        `profile "${name}" (${paths.config}): ${migrated.message}`,
        {
          profile: name,
          path: paths.config,
          fields: ['version'],
          requirements: ['PROFILE-VERSION-FORMAT', 'PROFILE-VERSION-MIGRATION'],
          unspecified: ['UNSPEC-PROFILE-VERSION-NEWER'],
        },
      ),
    };
  }
  const problems = profileConfigProblems(migrated.raw);
  if (problems.length > 0) return malformed(problems, `is invalid: ${problems.join('; ')}`);
  return { status: 'loaded', profile: migrated.raw as ProfileConfig, version: version.version, paths };
}

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
