/**
 * `VendorClient`: the generated resources (`client.dreams.retrieve(...)`) on the hand-written core.
 *
 * ```ts
 * const client = new VendorClient({ baseURL: 'https://api.example.com' }); // credentials resolved from the environment
 * for await (const batch of client.messages.batches.list({ limit: 20 })) console.log(batch.id);
 * ```
 */
import { vendor as defaultVendor, type TokenExchangeResponse, type Vendor } from '@vendor-api/spec';
import type { Dispatcher } from 'undici';
import type { TokenProvider } from './core/auth.js';
import { HttpCore, type Logger, type RawRequest, type RawResponse } from './core/core.js';
import { authFromResolution, type CredentialsArgument, type ResolvedAuth } from './core/credentials.js';
import { ConfigurationError, VendorError } from './core/errors.js';
import type { TokenExchangeBody } from './core/federation.js';
import { StreamingMessages } from './core/message-stream.js';
import type { OperationDescriptor, RequestOptions } from './core/types.js';
import { operations } from './generated/operations.js';
import { Resources } from './generated/resources/index.js';
import { SecretRegistry } from './internal/redact.js';

export interface ClientOptions {
  /** Service base address. Default: `base_url` of the loaded profile; one of the two is required. */
  readonly baseURL?: string;
  /** Workspace API key (`x-api-key`). Source 1 of credential resolution. */
  readonly apiKey?: string | null;
  /** Admin API key (`x-api-key`), used for the operations that accept only an admin key. */
  readonly adminKey?: string;
  /** A bearer token (`Authorization: Bearer`). Source 1 of credential resolution. */
  readonly authToken?: string | null;
  /** Federation settings or your own token provider. Source 1 of credential resolution. */
  readonly credentials?: CredentialsArgument | null;
  /** Retries after the first attempt (default 2). */
  readonly maxRetries?: number;
  /** Per-attempt timeout in ms (default 600 000). */
  readonly timeoutMs?: number;
  /** An undici dispatcher (Agent, ProxyAgent, MockAgent); default a shared keep-alive Agent. */
  readonly dispatcher?: Dispatcher;
  /** Headers sent on every request (they cannot replace authentication or the version header). */
  readonly defaultHeaders?: Readonly<Record<string, string>>;
  /** Beta identifiers sent on every request, besides those each operation requires. */
  readonly betas?: readonly string[];
  /** Vendor names (headers, environment variables, config directory); default the published one. */
  readonly vendor?: Vendor;
  /** Environment for credential resolution; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Configuration directory (overrides the config-dir variable and the platform default). */
  readonly configDir?: string;
  /** Home directory for the default configuration directory (default `os.homedir()`). */
  readonly homeDir?: string;
  /** `lenient` (default) validates responses leniently; `off` skips validation. */
  readonly validation?: 'lenient' | 'off';
  readonly logger?: Logger;
  readonly userAgent?: string;
  /** Federation: refresh the access token this long before it expires (default 60 s). */
  readonly refreshAheadMs?: number;
  /** Backoff base and cap in ms. */
  readonly backoff?: { readonly initialMs?: number; readonly maxMs?: number };
}

export class VendorClient extends Resources {
  /** The generated message operations, and `stream` (server-sent events, hand-written). */
  declare readonly messages: StreamingMessages;
  readonly core: HttpCore;
  /** How the credential was resolved (non-secret). */
  readonly auth: ResolvedAuth;

  constructor(options: ClientOptions = {}) {
    const vendor = options.vendor ?? defaultVendor;
    const secrets = new SecretRegistry();
    let core: HttpCore | undefined;
    const exchange = (body: TokenExchangeBody): Promise<TokenExchangeResponse> => {
      if (!core) throw new VendorError('client not initialised');
      return core.request<TokenExchangeResponse>(operations['oauth.token'], { body });
    };
    const auth = authFromResolution(
      {
        vendor,
        secrets,
        exchange,
        ...(options.env ? { env: options.env } : {}),
        ...(options.configDir !== undefined ? { configDir: options.configDir } : {}),
        ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
        apiKey: options.apiKey,
        authToken: options.authToken,
        credentials: options.credentials,
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.refreshAheadMs !== undefined ? { refreshAheadMs: options.refreshAheadMs } : {}),
      },
      options.adminKey,
    );
    const baseURL = options.baseURL ?? auth.profileBaseURL ?? undefined;
    // A profile that cannot be loaded (a named profile that does not exist, a malformed one) is
    // why no base URL came from it: its documented error says so, not "No base URL".
    const credential = auth.state.credential;
    if (!baseURL && auth.resolution.outcome === 'error' && credential.kind === 'none' && credential.reason)
      throw credential.reason;
    if (!baseURL) {
      throw new ConfigurationError(
        'base_url_missing',
        'No base URL: pass `baseURL`, or set `base_url` in the profile (the documents name no default).',
      );
    }
    core = new HttpCore({
      baseURL,
      vendor,
      secrets,
      auth: async () => auth.state,
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
      ...(options.betas ? { betas: options.betas } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.validation ? { validation: options.validation } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.backoff ? { backoff: options.backoff } : {}),
    });
    super(core);
    (this as { messages: Resources['messages'] }).messages = new StreamingMessages(core);
    this.core = core;
    this.auth = auth;
  }

  /** The vendor names in use. */
  get vendor(): Vendor {
    return this.core.vendor;
  }

  /** A raw request (`vendor request GET /v1/dreams`); errors are thrown as for any operation. */
  request(req: RawRequest, options?: RequestOptions): Promise<RawResponse> {
    return this.core.raw(req, options);
  }

  /** Calls an operation of the generated table by its descriptor. */
  call<T>(
    operation: OperationDescriptor,
    input: Parameters<HttpCore['request']>[1],
    options?: RequestOptions,
  ): Promise<T> {
    return this.core.request<T>(operation, input, options);
  }

  /**
   * A valid access token from the credential in effect: the federation exchange (cached), a
   * token provider, or the configured bearer token. Throws for API-key credentials.
   */
  async accessToken(options: { readonly forceRefresh?: boolean } = {}): Promise<string> {
    const c = (await this.core.authState()).credential;
    if (c.kind === 'token_provider') return (c.provider as TokenProvider).getToken(options);
    if (c.kind === 'bearer') return c.token;
    if (c.kind === 'none' && c.reason) throw c.reason;
    throw new VendorError(`the credential in effect (${c.kind}) is not an access token`);
  }
}
