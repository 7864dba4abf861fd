/**
 * Workload identity federation: a `TokenProvider` that exchanges the identity-provider JWT for a
 * short-lived access token (`POST /v1/oauth/token`, JWT-bearer grant) and caches it in memory and,
 * for a profile, in the profile's credentials file (atomic write, mode 0600, `expires_at`).
 *
 * - The identity token is re-read on every exchange; a missing file fails then, with
 *   `IdentityTokenFileNotFoundError`.
 * - Tokens are refreshed ahead of expiry; concurrent callers share one exchange.
 * - `invalidate(token)` (after a 401 or 431 refused it, `access.CREDENTIAL_REFUSED_STATUSES`)
 *   drops the cached token so the next call exchanges anew.
 */
import { readFileSync } from 'node:fs';
import {
  PROFILE_CURRENT_VERSION,
  credentials as rules,
  TokenExchangeParams,
  type TokenExchangeResponse,
} from '@vendor-api/spec';
import { isNotFound, writeFileAtomic } from '../internal/fs.js';
import { SecretRegistry } from '../internal/redact.js';
import type { TokenProvider } from './auth.js';
import type { Logger } from './core.js';
import { CredentialsError, IdentityTokenFileNotFoundError, VendorError } from './errors.js';

/** The grant type of the exchange, from the spec's request schema. */
export const JWT_BEARER_GRANT = TokenExchangeParams.properties.grant_type.const;

/** Where the identity token comes from: the spec's sources, plus a literal or a callback. */
export type IdentityTokenInput =
  | rules.IdentityTokenSource
  | { readonly source: 'literal'; readonly token: string }
  | { readonly source: 'callback'; readonly read: () => string | Promise<string> };

export interface FederationSettings {
  readonly federation_rule_id: string;
  readonly service_account_id: string;
  readonly organization_id: string;
  /** Sent when set; null lets the exchange choose the rule's sole workspace. */
  readonly workspace_id: string | null;
  readonly identity_token: IdentityTokenInput;
}

export type TokenExchangeBody = {
  grant_type: typeof JWT_BEARER_GRANT;
  assertion: string;
  federation_rule_id: string;
  organization_id: string;
  service_account_id: string;
  workspace_id?: string;
};

export interface FederationTokenProviderOptions {
  readonly settings: FederationSettings;
  /** Performs the exchange request (the client binds it to its core). */
  readonly exchange: (body: TokenExchangeBody) => Promise<TokenExchangeResponse>;
  /** Environment, for an identity token held in a variable. */
  readonly env?: rules.Env;
  /** The profile's credentials file; null or absent: cache in memory only. */
  readonly credentialsPath?: string | null;
  /** Where the provider records the secrets it handles, to redact them (default: its own). */
  readonly secrets?: SecretRegistry;
  /** Refresh this long before expiry (default 60 s, at most half the token's lifetime). */
  readonly refreshAheadMs?: number;
  readonly now?: () => number;
  readonly logger?: Logger;
}

interface Cached {
  readonly token: string;
  readonly expiresAt: number;
  readonly refreshAt: number;
}

/** Reads a text file synchronously; undefined when it does not exist (the spec's `ReadFile`). */
export const readFileOrUndefined: rules.ReadFile = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
};

/** `expires_at` of a credentials file: an ISO string, or epoch seconds / milliseconds. */
export function parseExpiresAt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isFinite(t) ? t : undefined;
  }
  return undefined;
}

/** Reads a profile credentials file; undefined when missing or malformed (it is only a cache). */
export function readCredentialsFile(path: string): Record<string, unknown> | undefined {
  let text: string | undefined;
  try {
    text = readFileOrUndefined(path);
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  try {
    const raw = JSON.parse(text) as unknown;
    if (rules.profileCredentialsProblems(raw).length > 0) return undefined;
    return raw as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Writes a profile credentials file atomically with mode 0600, keeping fields it does not set. */
async function writeCredentialsFile(
  path: string,
  fields: { readonly access_token: string; readonly expires_at: string },
): Promise<void> {
  const existing = readCredentialsFile(path) ?? {};
  const content = {
    ...existing,
    version: typeof existing.version === 'string' ? existing.version : PROFILE_CURRENT_VERSION,
    ...fields,
  };
  await writeFileAtomic(path, `${JSON.stringify(content, null, 2)}\n`, rules.CREDENTIALS_FILE_MODE);
}

export class FederationTokenProvider implements TokenProvider {
  readonly #o: FederationTokenProviderOptions;
  readonly #secrets: SecretRegistry;
  #cached: Cached | undefined;
  #fileChecked = false;
  #inflight: Promise<Cached> | undefined;
  /** Number of exchanges performed (observability and tests). */
  exchanges = 0;

  constructor(options: FederationTokenProviderOptions) {
    this.#o = options;
    this.#secrets = options.secrets ?? new SecretRegistry();
  }

  get settings(): FederationSettings {
    return this.#o.settings;
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }

  #entry(token: string, expiresAt: number, obtainedAt: number | undefined): Cached {
    const ahead = this.#o.refreshAheadMs ?? 60_000;
    const lifetime = obtainedAt === undefined ? Number.POSITIVE_INFINITY : expiresAt - obtainedAt;
    return { token, expiresAt, refreshAt: expiresAt - Math.min(ahead, lifetime / 2) };
  }

  #fromFile(): Cached | undefined {
    const path = this.#o.credentialsPath;
    if (!path) return undefined;
    const raw = readCredentialsFile(path);
    const token = raw?.access_token;
    const expiresAt = parseExpiresAt(raw?.expires_at);
    if (typeof token !== 'string' || token === '' || expiresAt === undefined) return undefined;
    this.#secrets.add(token);
    return this.#entry(token, expiresAt, undefined);
  }

  async getToken(
    options: { readonly forceRefresh?: boolean; readonly signal?: AbortSignal } = {},
  ): Promise<string> {
    const now = this.#now();
    if (!options.forceRefresh) {
      if (!this.#cached && !this.#fileChecked) {
        this.#fileChecked = true;
        this.#cached = this.#fromFile();
      }
      const c = this.#cached;
      if (c && now < c.refreshAt) return c.token;
      if (c && now < c.expiresAt) {
        // Inside the refresh window: refresh, but a still-valid token survives a failed exchange.
        try {
          return (await this.#shared()).token;
        } catch (error) {
          if (error instanceof CredentialsError) throw error;
          this.#log(
            'warn',
            `token refresh failed; using the cached token until it expires: ${(error as Error).message}`,
          );
          return c.token;
        }
      }
    }
    this.#fileChecked = true;
    return (await this.#shared()).token;
  }

  invalidate(token: string): void {
    if (this.#cached?.token === token) this.#cached = undefined;
    this.#fileChecked = true;
  }

  #shared(): Promise<Cached> {
    if (!this.#inflight) {
      this.#inflight = this.#exchange().finally(() => {
        this.#inflight = undefined;
      });
    }
    return this.#inflight;
  }

  async #identityToken(): Promise<string> {
    const source = this.#o.settings.identity_token;
    if (source.source === 'literal') return source.token;
    if (source.source === 'callback') return await source.read();
    const read = rules.readIdentityToken(source, readFileOrUndefined, this.#o.env ?? {});
    if (read.ok) return read.token;
    if (read.code === 'file_not_found' && source.source === 'file')
      throw new IdentityTokenFileNotFoundError(source.path);
    throw new CredentialsError(read.code, read.message);
  }

  async #exchange(): Promise<Cached> {
    const s = this.#o.settings;
    const assertion = await this.#identityToken();
    this.#secrets.add(assertion);
    const body: TokenExchangeBody = {
      grant_type: JWT_BEARER_GRANT,
      assertion,
      federation_rule_id: s.federation_rule_id,
      organization_id: s.organization_id,
      service_account_id: s.service_account_id,
      ...(s.workspace_id !== null ? { workspace_id: s.workspace_id } : {}),
    };
    const obtainedAt = this.#now();
    this.exchanges++;
    this.#log('debug', `exchanging an identity token for rule ${s.federation_rule_id}`);
    const response = await this.#o.exchange(body);
    const token = response?.access_token;
    if (typeof token !== 'string' || token === '')
      throw new VendorError('token exchange returned no access_token');
    this.#secrets.add(token);
    const expiresIn = typeof response.expires_in === 'number' ? response.expires_in : 0;
    const entry = this.#entry(token, obtainedAt + expiresIn * 1000, obtainedAt);
    this.#cached = entry;
    const path = this.#o.credentialsPath;
    if (path) {
      try {
        await writeCredentialsFile(path, {
          access_token: token,
          expires_at: new Date(entry.expiresAt).toISOString(),
        });
      } catch (error) {
        this.#log('warn', `could not write the credentials file ${path}: ${(error as Error).message}`);
      }
    }
    return entry;
  }

  #log(level: keyof Logger, message: string): void {
    this.#o.logger?.[level]?.(this.#secrets.redact(message));
  }
}
