/**
 * Client profile files (document 000 "Resources and their fields > Client profile files" and
 * "Authentication > Client credential resolution"): the configuration directory, the active
 * profile name, the profile format version with its migrations, the files' schema check (the
 * schemas of `resources/profiles.ts`, read by TypeBox) and loading a profile. Pure, with injected
 * inputs like the rest of credential resolution; exported through `credentials`.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value';
import { OrganizationId, WorkspaceId } from '../resources/common.js';
import {
  PROFILE_CURRENT_VERSION,
  ProfileAuthentication,
  ProfileConfig,
  ProfileCredentials,
  ProfileFederationAuthentication,
  ProfileIdentityToken,
  ProfileIdentityTokenFile,
  ProfileIdentityTokenOther,
  ProfileOtherAuthentication,
  ProfileVersion,
} from '../resources/profiles.js';
import type { Vendor } from '../vendor.js';
import {
  type ConfigDirInputs,
  type CredentialError,
  credentialError,
  type ReadFile,
} from './credential-inputs.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'CRED-ENV-PROFILE',
  'CRED-ENV-CONFIG-DIR',
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
  'PROFILE-AUTH-IDENTITY-TOKEN-FILE',
];

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
// Profile schema check: the schemas of resources/profiles.ts, read by TypeBox

/** The schemas the profile files' `$ref`s name. */
const PROFILE_REFERENCES: readonly TSchema[] = [
  ProfileVersion,
  ProfileAuthentication,
  ProfileFederationAuthentication,
  ProfileOtherAuthentication,
  ProfileIdentityToken,
  ProfileIdentityTokenFile,
  ProfileIdentityTokenOther,
  OrganizationId,
  WorkspaceId,
];

/**
 * The string formats the profile files use, checked here rather than through TypeBox's global
 * format registry (which the spec leaves to its consumers): `uuid` as ajv-formats defines it, and
 * `uri` as an absolute URI.
 */
const FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  uuid: (value) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value),
  uri: (value) => /^[a-z][a-z0-9+\-.]*:[^\s]*$/i.test(value) && URL.canParse(value),
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Errors that say a union member is not the one the value is (its `type` or `source` differs). */
const OTHER_MEMBER = new Set<ValueErrorType>([
  ValueErrorType.Literal,
  ValueErrorType.Not,
  ValueErrorType.Intersect,
]);

/** A string format the registry does not know, or a known one the value fails. */
const FORMAT_ERRORS = new Set<ValueErrorType>([
  ValueErrorType.StringFormatUnknown,
  ValueErrorType.StringFormat,
]);

/**
 * The errors that explain a value's failure: a union's are those of the member the value means
 * (the one member whose discriminator it matches; the union's own error when no single one), a
 * format error only when the format check fails.
 */
function* explained(errors: Iterable<ValueError>): Generator<ValueError> {
  for (const error of errors) {
    if (error.type === ValueErrorType.Union) {
      const members = error.errors.map((member) => [...member]);
      const meant = members.filter((m) => m.every((e) => !OTHER_MEMBER.has(e.type)));
      if (meant.length === 1 && meant[0]) yield* explained(meant[0]);
      else yield error;
    } else if (FORMAT_ERRORS.has(error.type)) {
      const check = FORMATS[String(error.schema.format)];
      if (!check || typeof error.value !== 'string' || !check(error.value)) yield error;
    } else yield error;
  }
}

/** A problem naming a field by its path (`` `authentication.identity_token.path` ``), never its value. */
function problem(error: ValueError): string {
  if (error.path === '') return 'the file must hold a JSON object';
  const field = error.path
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
  if (error.type === ValueErrorType.ObjectAdditionalProperties)
    return `\`${field}\` is not a field of this file`;
  if (error.type === ValueErrorType.Union) return `\`${field}\` matches none of the forms it may take`;
  if (FORMAT_ERRORS.has(error.type))
    return `\`${field}\` must be a string of format ${String(error.schema.format)}`;
  return `\`${field}\`: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
}

/** The problems of a parsed file against a profile schema (empty: valid), one per field at most. */
function schemaProblems(schema: TSchema, raw: unknown): string[] {
  return [...new Set([...explained(Value.Errors(schema, [...PROFILE_REFERENCES], raw))].map(problem))];
}

/**
 * The problems of a parsed configuration file against `ProfileConfig` (empty: valid). Messages
 * name fields, never values.
 */
export const profileConfigProblems = (raw: unknown): string[] => schemaProblems(ProfileConfig, raw);

/** The problems of a parsed credentials file against `ProfileCredentials` (empty: valid). */
export const profileCredentialsProblems = (raw: unknown): string[] => schemaProblems(ProfileCredentials, raw);

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
