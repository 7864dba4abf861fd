/**
 * The HTTP core: the one implementation of `Core` (see `types.ts`) the generated resource classes
 * call. Transport on undici with a shared keep-alive `Agent`; version, beta, authentication and
 * user-agent headers; timeouts and AbortSignal; retries with backoff; status-mapped errors;
 * lenient response validation; pagination and JSON-lines streaming.
 */
import type { Readable } from 'node:stream';
import { access, type Vendor } from '@vendor-api/spec';
import { packageVersion } from '@vendor-api/spec/cli';
import { operationIds, validateResponse } from '@vendor-api/validators';
import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import { mergeBetas, normalizeResponseHeaders, splitBetas } from '../internal/headers.js';
import { JSONLinesIterator } from '../internal/lines.js';
import { SecretRegistry } from '../internal/redact.js';
import { backoffMs, isRetryableStatus, retryAfterMs, sleep } from '../internal/retry.js';
import { fillPath, joinURL, sameOrigin, withQuery } from '../internal/url.js';
import { type AppliedAuth, type AuthState, applyAuth } from './auth.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIError,
  APIUserAbortError,
  errorClassFor,
  JSONLinesError,
  ResponseValidationError,
  TokenExchangeError,
  VendorError,
} from './errors.js';
import { Paginator } from './pagination.js';
import type { Core, OperationDescriptor, PagedResult, RequestInput, RequestOptions } from './types.js';

/** The client's version: its package's (the user agent carries it). */
export const VERSION = packageVersion(new URL('../../package.json', import.meta.url));
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 600_000;
/** Largest error body read into an error (bytes); the rest is discarded. */
const MAX_ERROR_BODY = 1 << 20;

export interface Logger {
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
  error?(message: string): void;
}

export interface CoreOptions {
  readonly baseURL: string;
  readonly vendor: Vendor;
  /** The credential, resolved lazily on first use (resolution may read profile files). */
  readonly auth: () => Promise<AuthState>;
  /** Secrets to redact from errors and logs (default: an empty registry of its own). */
  readonly secrets?: SecretRegistry;
  readonly maxRetries?: number;
  readonly timeoutMs?: number;
  /** An undici dispatcher (Agent, Pool, ProxyAgent, MockAgent); default: a shared keep-alive Agent. */
  readonly dispatcher?: Dispatcher;
  readonly defaultHeaders?: Readonly<Record<string, string>>;
  /** Beta identifiers sent on every request, besides those each operation requires. */
  readonly betas?: readonly string[];
  readonly userAgent?: string;
  /** `lenient` (default): validate JSON responses leniently; `off`: do not validate. */
  readonly validation?: 'lenient' | 'off';
  readonly logger?: Logger;
  /** Backoff base and cap in ms (tests shorten them). */
  readonly backoff?: { readonly initialMs?: number; readonly maxMs?: number };
}

/** A raw request, for operations the generated layer does not cover (`vendor request`). */
export interface RawRequest {
  readonly method: string;
  /** A path under the base URL (`/v1/dreams`) or an absolute URL of the same origin. */
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

interface Prepared {
  readonly operation: OperationDescriptor;
  readonly method: string;
  readonly url: string;
  /** Whether authentication headers may go to `url` (same origin as the base URL). */
  readonly sendAuth: boolean;
  readonly body: string | Uint8Array | Readable | AsyncIterable<Uint8Array> | undefined;
  readonly contentType: string | undefined;
  readonly replayable: boolean;
}

interface Sent {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Dispatcher.ResponseData['body'];
  /** Clears the attempt's overall timer; call once the body is consumed. */
  readonly done: () => void;
  /** The attempt's signal (its reason tells a timeout) and the caller's. */
  readonly attemptSignal: AbortSignal;
  readonly userSignal: AbortSignal | undefined;
}

let sharedAgent: Agent | undefined;
/** The process-wide keep-alive Agent shared by clients that bring no dispatcher. */
export function defaultAgent(): Agent {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 600_000, connections: 64 });
  return sharedAgent;
}

function isStream(body: unknown): body is Readable | AsyncIterable<Uint8Array> {
  if (typeof body !== 'object' || body === null) return false;
  return (
    typeof (body as { pipe?: unknown }).pipe === 'function' ||
    Symbol.asyncIterator in body ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

const TIMEOUT = Symbol('timeout');

export class HttpCore implements Core {
  readonly baseURL: string;
  readonly vendor: Vendor;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly dispatcher: Dispatcher;
  readonly secrets: SecretRegistry;
  readonly #options: CoreOptions;
  #auth: Promise<AuthState> | undefined;

  constructor(options: CoreOptions) {
    this.#options = options;
    this.baseURL = options.baseURL.replace(/\/+$/, '');
    this.vendor = options.vendor;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.dispatcher = options.dispatcher ?? defaultAgent();
    this.secrets = options.secrets ?? new SecretRegistry();
  }

  /** The resolved credential (resolved once; a failed resolution is retried on the next call). */
  authState(): Promise<AuthState> {
    if (!this.#auth) {
      this.#auth = this.#options.auth();
      this.#auth.catch(() => {
        this.#auth = undefined;
      });
    }
    return this.#auth;
  }

  get userAgent(): string {
    return (
      this.#options.userAgent ??
      `${this.vendor.name}-api-client-typescript/${VERSION} node/${process.versions.node} (${process.platform}; ${process.arch})`
    );
  }

  log(level: keyof Logger, message: string): void {
    this.#options.logger?.[level]?.(this.secrets.redact(message));
  }

  // ---------------------------------------------------------------- Core

  async request<T>(
    operation: OperationDescriptor,
    input: RequestInput,
    options: RequestOptions = {},
  ): Promise<T> {
    const res = await this.send(this.prepare(operation, input), options, false);
    const body = await this.readJSON(res, operation);
    return this.validate(operation, res.status, body) as T;
  }

  paginate<Item, Page>(
    operation: OperationDescriptor,
    input: RequestInput,
    options: RequestOptions = {},
  ): PagedResult<Item, Page> {
    return new Paginator<Item, Page>(operation.pagination, (cursor) =>
      this.request<Page>(
        operation,
        cursor ? { ...input, query: { ...(input.query ?? {}), ...cursor } } : input,
        options,
      ),
    );
  }

  jsonLines<T>(
    operation: OperationDescriptor,
    input: RequestInput,
    options: RequestOptions = {},
  ): AsyncIterable<T> {
    return {
      [Symbol.asyncIterator]: () => {
        let res: Sent | undefined;
        return new JSONLinesIterator<T>({
          open: async () => {
            res = await this.send(this.prepare(operation, input), options, true);
            return res.body as AsyncIterable<Uint8Array>;
          },
          malformed: (line, reason) => new JSONLinesError(line, this.secrets.redact(reason)),
          failed: (error) =>
            error instanceof VendorError
              ? error
              : this.connectionError(error, options.signal, res?.attemptSignal),
          close: () => {
            if (!res) return;
            res.done();
            if (!res.body.destroyed) res.body.destroy();
          },
        });
      },
    };
  }

  /** Sends a request the generated layer does not describe; errors are thrown as for any operation. */
  async raw(req: RawRequest, options: RequestOptions = {}): Promise<RawResponse> {
    const path = req.path;
    const absolute = /^https?:\/\//i.test(path);
    const operation: OperationDescriptor = {
      id: `raw.${req.method.toLowerCase()}`,
      method: req.method.toUpperCase() as OperationDescriptor['method'],
      path: absolute ? null : path,
      pathParams: [],
      betas: [],
      auth: ['workspace_key', 'admin_key', 'access_token'],
      scope: null,
      pagination: { style: 'none' },
      successStatus: 200,
      // What comes back is not known: a body that is not JSON (JSON lines) is returned as text.
      responseType: 'unspecified',
    };
    const prepared = this.prepare(operation, {
      ...(absolute ? { url: path } : {}),
      query: req.query,
      body: req.body,
    });
    const res = await this.send(prepared, options, false);
    const body = await this.readJSON(res, operation);
    return { status: res.status, headers: res.headers, body };
  }

  // ---------------------------------------------------------------- internals

  prepare(operation: OperationDescriptor, input: RequestInput): Prepared {
    let url: string;
    if (operation.path !== null) {
      url = joinURL(this.baseURL, fillPath(operation.path, input.path));
    } else {
      if (typeof input.url !== 'string' || input.url === '') {
        const field = operation.url?.field ?? 'url';
        throw new VendorError(`${operation.id}: no ${field} to request (is the resource ready?)`);
      }
      url = /^https?:\/\//i.test(input.url) ? input.url : joinURL(this.baseURL, input.url);
    }
    url = withQuery(url, input.query);
    const b = input.body;
    let body: Prepared['body'];
    let contentType: string | undefined;
    let replayable = true;
    if (b === undefined) body = undefined;
    else if (typeof b === 'string') {
      body = b;
      contentType = 'application/json';
    } else if (b instanceof Uint8Array) {
      body = b;
      contentType = 'application/octet-stream';
    } else if (isStream(b)) {
      body = b;
      contentType = 'application/octet-stream';
      replayable = false;
    } else {
      body = JSON.stringify(b);
      contentType = 'application/json';
    }
    return {
      operation,
      method: operation.method,
      url,
      sendAuth: sameOrigin(url, this.baseURL),
      body,
      contentType,
      replayable,
    };
  }

  async headersFor(
    prepared: Prepared,
    options: RequestOptions,
    auth: AppliedAuth,
  ): Promise<Record<string, string>> {
    const v = this.vendor.headers;
    const headers: Record<string, string> = {
      accept:
        prepared.operation.responseType === 'jsonl'
          ? 'application/x-ndjson, application/json'
          : 'application/json',
      'user-agent': this.userAgent,
    };
    let callerBeta: string | undefined;
    for (const source of [this.#options.defaultHeaders, options.headers]) {
      for (const [k, value] of Object.entries(source ?? {})) {
        const key = k.toLowerCase();
        if (key === v.beta) callerBeta = callerBeta === undefined ? value : `${callerBeta},${value}`;
        else if (key === v.version || key === access.API_KEY_HEADER || key === access.AUTHORIZATION_HEADER)
          continue;
        else headers[key] = value;
      }
    }
    if (prepared.contentType !== undefined && headers['content-type'] === undefined) {
      headers['content-type'] = prepared.contentType;
    }
    headers[v.version] = this.vendor.apiVersion;
    const beta = mergeBetas(
      prepared.operation.betas,
      this.#options.betas,
      options.betas,
      splitBetas(callerBeta),
    );
    if (beta !== undefined) headers[v.beta] = beta;
    Object.assign(headers, auth.headers);
    return headers;
  }

  /**
   * Sends with retries. Returns a 2xx response whose body the caller must consume (then call
   * `done`); throws the mapped error otherwise.
   */
  async send(prepared: Prepared, options: RequestOptions, stream: boolean): Promise<Sent> {
    const maxRetries = prepared.replayable ? (options.maxRetries ?? this.maxRetries) : 0;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const op = prepared.operation;
    let reauthenticated = false;
    let forceRefresh = false;
    for (let attempt = 0; ; attempt++) {
      if (options.signal?.aborted) throw new APIUserAbortError(undefined, { cause: options.signal.reason });
      const auth: AppliedAuth = prepared.sendAuth
        ? await applyAuth(await this.authState(), op, { forceRefresh, signal: options.signal })
        : { headers: {} };
      forceRefresh = false;
      const headers = await this.headersFor(prepared, options, auth);
      const retriesLeft = maxRetries - attempt;
      this.log('debug', `${op.id}: ${prepared.method} ${redactURL(prepared.url)} (attempt ${attempt + 1})`);

      const controller = new AbortController();
      const onAbort = () => controller.abort(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs);
      const done = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };

      let res: Dispatcher.ResponseData;
      try {
        res = await undiciRequest(prepared.url, {
          method: prepared.method as Dispatcher.HttpMethod,
          headers,
          body: (prepared.body ?? null) as Dispatcher.DispatchOptions['body'] & {},
          dispatcher: this.dispatcher,
          signal: controller.signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (error) {
        done();
        const mapped = this.connectionError(error, options.signal, controller.signal);
        if (mapped instanceof APIUserAbortError || retriesLeft <= 0) throw mapped;
        const wait = backoffMs(attempt, this.#options.backoff);
        this.log('info', `${op.id}: ${mapped.message}; retrying in ${wait} ms (${retriesLeft} left)`);
        await this.pause(wait, options.signal);
        continue;
      }
      const resHeaders = normalizeResponseHeaders(res.headers);
      const status = res.statusCode;

      if (status >= 200 && status < 300) {
        if (stream) clearTimeout(timer); // a long stream is bounded by bodyTimeout (idle), not the total
        return {
          status,
          headers: resHeaders,
          body: res.body,
          done,
          attemptSignal: controller.signal,
          userSignal: options.signal,
        };
      }

      if (
        access.CREDENTIAL_REFUSED_STATUSES.includes(status) &&
        auth.provider &&
        auth.token !== undefined &&
        !reauthenticated &&
        prepared.replayable
      ) {
        await res.body.dump().catch(() => {});
        done();
        reauthenticated = true;
        forceRefresh = true;
        auth.provider.invalidate?.(auth.token);
        this.log(
          'info',
          `${op.id}: ${status} refused the cached access token; exchanging a fresh one and retrying once`,
        );
        attempt--; // the re-authentication retry does not count against maxRetries
        continue;
      }

      if (isRetryableStatus(status) && retriesLeft > 0) {
        await res.body.dump().catch(() => {});
        done();
        const wait = retryAfterMs(resHeaders) ?? backoffMs(attempt, this.#options.backoff);
        this.log(
          'info',
          `${op.id}: HTTP ${status}; retrying in ${Math.round(wait)} ms (${retriesLeft} left)`,
        );
        await this.pause(wait, options.signal);
        continue;
      }

      let errorBody: unknown;
      try {
        errorBody = await readLimited(res.body, MAX_ERROR_BODY);
      } catch {
        errorBody = undefined;
      } finally {
        done();
      }
      throw this.apiError(op, status, errorBody, resHeaders);
    }
  }

  async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (error) {
      throw new APIUserAbortError(undefined, { cause: error });
    }
  }

  apiError(
    operation: OperationDescriptor,
    status: number,
    body: unknown,
    headers: Record<string, string>,
  ): APIError {
    const e = (body as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
    const type = typeof e?.type === 'string' ? e.type : undefined;
    const detail =
      typeof e?.message === 'string' ? e.message : typeof body === 'string' ? body.slice(0, 500) : '';
    const what = operation.id === 'oauth.token' ? 'Token exchange failed' : `${operation.id} failed`;
    const message = this.secrets.redact(
      `${what}: HTTP ${status}${type ? ` ${type}` : ''}${detail ? `: ${detail}` : ''}${
        headers['request-id'] ? ` (request-id ${headers['request-id']})` : ''
      }`,
    );
    this.log('warn', message);
    if (operation.id === 'oauth.token') return new TokenExchangeError(status, body, headers, message);
    const Cls = errorClassFor(status);
    return new Cls(status, body, headers, message);
  }

  connectionError(
    error: unknown,
    userSignal: AbortSignal | undefined,
    attemptSignal?: AbortSignal,
  ): APIConnectionError | APIUserAbortError {
    if (error instanceof APIConnectionError || error instanceof APIUserAbortError) return error;
    const code = (error as { code?: unknown } | null)?.code;
    const text = this.secrets.redact(error instanceof Error ? error.message : String(error));
    if (userSignal?.aborted) return new APIUserAbortError(undefined, { cause: error });
    if (
      attemptSignal?.reason === TIMEOUT ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    ) {
      return new APIConnectionTimeoutError(`Request timed out (${text}).`, { cause: error });
    }
    return new APIConnectionError(`Connection error: ${text}`, { cause: error });
  }

  async readJSON(res: Sent, operation: OperationDescriptor): Promise<unknown> {
    let text: string;
    try {
      text = await res.body.text();
    } catch (error) {
      throw this.connectionError(error, res.userSignal, res.attemptSignal);
    } finally {
      res.done();
    }
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      if (operation.responseType === 'unspecified') return text;
      throw new ResponseValidationError(
        operation.id,
        res.status,
        undefined,
        `${operation.id}: response is not JSON`,
      );
    }
  }

  validate(operation: OperationDescriptor, status: number, body: unknown): unknown {
    if (this.#options.validation === 'off' || !operationIds.includes(operation.id as never)) return body;
    const result = validateResponse(operation.id, status, body, { mode: 'lenient', vendor: this.vendor });
    if (result.ok) return body;
    const issues = result.issues
      .slice(0, 5)
      .map((i) => `${i.where}: ${i.message}`)
      .join('; ');
    throw new ResponseValidationError(
      operation.id,
      status,
      body,
      this.secrets.redact(`${operation.id}: unexpected response shape (${issues})`),
    );
  }
}

async function readLimited(body: Dispatcher.ResponseData['body'], limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size < limit) chunks.push(chunk.subarray(0, limit - size));
    size += chunk.length;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Drops the query string from a URL for logging (cursors and ids are fine, but keep logs short). */
function redactURL(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : `${url.slice(0, i)}?…`;
}
