/**
 * Client credential resolution with real files: the rules are the spec's
 * (`credentials.resolveCredentials`, `configDir`, `activeProfileName`, the profile merge and
 * version parsing); this module supplies the file reads and turns the result into what the core
 * sends. Also the profile helpers of the command-line client (list, switch).
 */
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { credentials as rules, type Vendor } from '@vendor-api/spec';
import { writeFileAtomic } from '../internal/fs.js';
import type { SecretRegistry } from '../internal/redact.js';
import type { AuthState, Credential, TokenProvider } from './auth.js';
import type { Logger } from './core.js';
import { CredentialsError } from './errors.js';
import {
  type FederationSettings,
  FederationTokenProvider,
  parseExpiresAt,
  readCredentialsFile,
  readFileOrUndefined,
  type TokenExchangeBody,
} from './federation.js';

/** Federation settings given directly as the `credentials` constructor argument. */
export interface FederationCredentials {
  readonly type: 'oidc_federation';
  readonly federation_rule_id: string;
  readonly service_account_id: string;
  readonly organization_id: string;
  readonly workspace_id?: string | null;
  /** Path of a file holding the JWT, re-read on every exchange. */
  readonly identity_token_file?: string;
  /** The JWT itself, or a function returning it (called on every exchange). */
  readonly identity_token?: string | (() => string | Promise<string>);
  /** A credentials file to cache the access token in (mode 0600); default: memory only. */
  readonly credentials_file?: string;
}

/** The `credentials` constructor argument: federation settings or your own token provider. */
export type CredentialsArgument = FederationCredentials | TokenProvider;

export interface EnvironmentInputs {
  readonly vendor: Vendor;
  /** Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Overrides the configuration directory (as if the config-dir variable were set). */
  readonly configDir?: string;
  readonly platform?: string;
  readonly homeDir?: string;
  readonly appDataDir?: string;
}

export interface ResolveOptions extends EnvironmentInputs {
  readonly apiKey?: string | null | undefined;
  readonly authToken?: string | null | undefined;
  readonly credentials?: CredentialsArgument | null | undefined;
}

function inputs(o: EnvironmentInputs): rules.ConfigDirInputs {
  const env = { ...(o.env ?? process.env) };
  if (o.configDir !== undefined) env[o.vendor.env.configDir] = o.configDir;
  const platform = o.platform ?? process.platform;
  return {
    env,
    platform,
    homeDir: o.homeDir ?? safeHome(),
    appDataDir: o.appDataDir ?? env.APPDATA,
  };
}

function safeHome(): string | undefined {
  try {
    return homedir() || undefined;
  } catch {
    return undefined;
  }
}

/** What credential resolution found: a credential and its source, none, or an error (non-secret). */
export type CredentialResolution = rules.Resolution;

/** Runs the spec's resolution over real files. Pure apart from the file reads. */
export function resolve(options: ResolveOptions): CredentialResolution {
  const base = inputs(options);
  return rules.resolveCredentials(
    {
      ...base,
      readFile: readFileOrUndefined,
      args: { api_key: options.apiKey, auth_token: options.authToken, credentials: options.credentials },
    },
    options.vendor,
  );
}

export interface AuthFromResolutionOptions extends ResolveOptions {
  readonly secrets: SecretRegistry;
  readonly exchange: (body: TokenExchangeBody) => Promise<import('@vendor-api/spec').TokenExchangeResponse>;
  readonly logger?: Logger;
  readonly refreshAheadMs?: number;
  readonly now?: () => number;
}

function isTokenProvider(value: unknown): value is TokenProvider {
  return typeof (value as { getToken?: unknown } | null)?.getToken === 'function';
}

function federationFromArgument(c: FederationCredentials): FederationSettings {
  const token: FederationSettings['identity_token'] =
    c.identity_token_file !== undefined
      ? { source: 'file', path: c.identity_token_file }
      : typeof c.identity_token === 'function'
        ? { source: 'callback', read: c.identity_token }
        : { source: 'literal', token: c.identity_token ?? '' };
  return {
    federation_rule_id: c.federation_rule_id,
    service_account_id: c.service_account_id,
    organization_id: c.organization_id,
    workspace_id: c.workspace_id ?? null,
    identity_token: token,
  };
}

/** The non-secret result of resolution plus what the core will send. */
export interface ResolvedAuth {
  readonly resolution: rules.Resolution;
  readonly state: AuthState;
  /** `base_url` of the loaded profile, if any. */
  readonly profileBaseURL: string | null;
  /** The federation provider, when federation is in effect. */
  readonly provider?: FederationTokenProvider;
}

/** Resolves and builds the credential the core sends. Never throws: errors surface at first use. */
export function authFromResolution(o: AuthFromResolutionOptions, adminKey?: string): ResolvedAuth {
  const env = inputs(o).env;
  let resolution: rules.Resolution;
  try {
    resolution = resolve(o);
  } catch (error) {
    const reason = new CredentialsError(
      'resolution_failed',
      `credential resolution failed: ${(error as Error).message}`,
    );
    return {
      resolution: { outcome: 'none', description: reason.message, unspecified: [] },
      state: { credential: { kind: 'none', reason }, adminKey },
      profileBaseURL: null,
    };
  }
  o.secrets.add(o.apiKey);
  o.secrets.add(o.authToken);
  o.secrets.add(adminKey);
  const done = (
    credential: Credential,
    extra: Partial<ResolvedAuth> = {},
    baseURL: string | null = null,
  ): ResolvedAuth => ({
    resolution,
    state: { credential, adminKey },
    profileBaseURL: baseURL,
    ...extra,
  });
  if (resolution.outcome === 'none') {
    if (adminKey !== undefined) return done({ kind: 'none' });
    return done({
      kind: 'none',
      reason: new CredentialsError('no_credentials', o.secrets.redact(resolution.description)),
    });
  }
  if (resolution.outcome === 'error') {
    const e = resolution.error;
    return done({
      kind: 'none',
      reason: new CredentialsError(e.code, o.secrets.redact(resolution.description)),
    });
  }
  const c = resolution.credential;
  const secretAt = (loc: rules.SecretLocation): string =>
    loc.type === 'environment'
      ? (env[loc.variable] ?? '')
      : loc.name === 'api_key'
        ? (o.apiKey ?? '')
        : loc.name === 'auth_token'
          ? (o.authToken ?? '')
          : '';
  switch (c.kind) {
    case 'api_key': {
      const key = secretAt(c.location);
      o.secrets.add(key);
      return done({ kind: 'api_key', key });
    }
    case 'auth_token': {
      const token = secretAt(c.location);
      o.secrets.add(token);
      return done({ kind: 'bearer', token });
    }
    case 'credentials_object': {
      const arg = o.credentials;
      if (isTokenProvider(arg)) return done({ kind: 'token_provider', provider: arg });
      if (arg && (arg as FederationCredentials).type === 'oidc_federation') {
        const fc = arg as FederationCredentials;
        const provider = new FederationTokenProvider({
          settings: federationFromArgument(fc),
          exchange: o.exchange,
          env,
          credentialsPath: fc.credentials_file ?? null,
          secrets: o.secrets,
          ...(o.refreshAheadMs !== undefined ? { refreshAheadMs: o.refreshAheadMs } : {}),
          ...(o.now ? { now: o.now } : {}),
          ...(o.logger ? { logger: o.logger } : {}),
        });
        return done({ kind: 'token_provider', provider }, { provider });
      }
      return done({
        kind: 'none',
        reason: new CredentialsError(
          'unsupported_credentials',
          '`credentials` must be federation settings ({ type: "oidc_federation", ... }) or an object with getToken()',
        ),
      });
    }
    case 'federation': {
      const provider = new FederationTokenProvider({
        settings: {
          federation_rule_id: c.federation_rule_id,
          service_account_id: c.service_account_id,
          organization_id: c.organization_id,
          workspace_id: c.workspace_id,
          identity_token: c.identity_token,
        },
        exchange: o.exchange,
        env,
        credentialsPath: c.profile?.credentialsPath ?? null,
        secrets: o.secrets,
        ...(o.refreshAheadMs !== undefined ? { refreshAheadMs: o.refreshAheadMs } : {}),
        ...(o.now ? { now: o.now } : {}),
        ...(o.logger ? { logger: o.logger } : {}),
      });
      return done({ kind: 'token_provider', provider }, { provider }, c.profile?.base_url ?? null);
    }
    case 'profile_authentication': {
      // A type this client does not know (e.g. interactive login): use a still-valid cached token.
      const cached = readCredentialsFile(c.profile.credentialsPath);
      const token = cached?.access_token;
      const expiresAt = parseExpiresAt(cached?.expires_at);
      const now = (o.now ?? Date.now)();
      if (typeof token === 'string' && token !== '' && expiresAt !== undefined && expiresAt > now) {
        o.secrets.add(token);
        return done({ kind: 'bearer', token }, {}, c.profile.base_url);
      }
      return done(
        {
          kind: 'none',
          reason: new CredentialsError(
            'unsupported_authentication',
            `profile "${c.profile.name}" uses authentication type ${JSON.stringify(c.authenticationType)}, which this client cannot use, and has no valid cached access token`,
          ),
        },
        {},
        c.profile.base_url,
      );
    }
  }
}

// ------------------------------------------------------------------ profiles (command-line client)

export interface ProfileListing {
  readonly configDir: string;
  readonly active: string;
  readonly activeFrom: rules.ActiveProfileSource;
  readonly names: readonly string[];
}

function dirOrThrow(o: EnvironmentInputs): { dir: string; base: rules.ConfigDirInputs } {
  const base = inputs(o);
  const dir = rules.configDir(base, o.vendor);
  if (!dir.ok) throw new CredentialsError(dir.error.code, dir.error.message);
  return { dir: dir.path, base };
}

/** The profiles of the configuration directory (names of `configs/*.json`) and the active one. */
export async function listProfiles(o: EnvironmentInputs): Promise<ProfileListing> {
  const { dir, base } = dirOrThrow(o);
  const active = rules.activeProfileName({ ...base, readFile: readFileOrUndefined }, o.vendor);
  if (!active.ok) throw new CredentialsError(active.error.code, active.error.message);
  let names: string[] = [];
  try {
    names = (await readdir(rules.joinPath(base.platform, dir, 'configs')))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .filter(rules.isValidProfileName)
      .sort();
  } catch {
    names = [];
  }
  return { configDir: dir, active: active.name, activeFrom: active.from, names };
}

/** Makes `name` the active profile (`<config_dir>/active_config`); the profile must exist and load. */
export async function setActiveProfile(o: EnvironmentInputs, name: string): Promise<string> {
  const { dir, base } = dirOrThrow(o);
  const loaded = rules.loadProfile(name, dir, base.platform, readFileOrUndefined);
  if (loaded.status === 'error') throw new CredentialsError(loaded.error.code, loaded.error.message);
  if (loaded.status === 'not_found') {
    throw new CredentialsError(
      'profile_not_found',
      `profile "${name}" does not exist (${loaded.paths.config})`,
    );
  }
  const path = rules.activeConfigPath(dir, base.platform);
  await writeFileAtomic(path, `${name}\n`, 0o644, 0o700);
  return path;
}
