/**
 * What credential resolution and profile loading take and give back: their injected inputs (the
 * environment, the platform, its directories, a file reader) and their errors. Exported through
 * `credentials`.
 */

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

export const credentialError = (
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
