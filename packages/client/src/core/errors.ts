/**
 * The error hierarchy of the client. Every error the client throws is a `VendorError`.
 *
 * - `APIError` and its status-mapped subclasses: the server answered with an error status.
 * - `APIConnectionError` (and `APIConnectionTimeoutError`): no usable answer (network, timeout).
 * - `APIUserAbortError`: the caller's `AbortSignal` fired.
 * - `TokenExchangeError`: `POST /v1/oauth/token` failed (status, body and `request_id`).
 * - `ConfigurationError` > `CredentialsError` > `IdentityTokenFileNotFoundError`: configuration,
 *   resolution and identity-token problems.
 * - `JSONLinesError`: a malformed line in a JSON-lines stream (names the line number).
 * - `ResponseValidationError`: a response that fails even the lenient validator.
 *
 * Messages never contain a secret: the core redacts everything it puts in a message.
 */

export type Headers = Readonly<Record<string, string>>;

/** The standard error body of the service: `{type: "error", error: {type, message}}`. */
export interface ErrorBody {
  readonly type: 'error';
  readonly error: { readonly type: string; readonly message: string; readonly [k: string]: unknown };
  readonly [k: string]: unknown;
}

export class VendorError extends Error {
  override name = 'VendorError';
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const e = (body as { error?: unknown }).error;
  return typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string';
}

/** The server answered with an error status. */
export class APIError extends VendorError {
  override name = 'APIError';
  /** HTTP status. */
  readonly status: number;
  /** Response headers, names lower-cased. */
  readonly headers: Headers;
  /** The parsed error body (the raw text when it is not JSON, undefined when empty). */
  readonly body: unknown;
  /** `request-id` response header, if any. */
  readonly requestID: string | undefined;
  /** `error.type` of the error body, if any (`invalid_request_error`, `invalid_grant`, ...). */
  readonly errorType: string | undefined;

  constructor(status: number, body: unknown, headers: Headers, message: string) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.requestID = headers['request-id'] ?? requestIdFromBody(body);
    this.errorType = isErrorBody(body) ? body.error.type : undefined;
  }

  /** Builds the subclass that matches the status. `message` must already be redacted. */
  static of(status: number, body: unknown, headers: Headers, message: string): APIError {
    const Cls = errorClassFor(status);
    return new Cls(status, body, headers, message);
  }
}

function requestIdFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const id = (body as { request_id?: unknown }).request_id;
  return typeof id === 'string' ? id : undefined;
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

type APIErrorClass = new (status: number, body: unknown, headers: Headers, message: string) => APIError;

/** Status to error class; 5xx is `InternalServerError`, anything else unlisted is `APIError`. */
export const STATUS_ERRORS: Readonly<Record<number, APIErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

export function errorClassFor(status: number): APIErrorClass {
  return STATUS_ERRORS[status] ?? (status >= 500 ? InternalServerError : APIError);
}

/** The token exchange (`POST /v1/oauth/token`) answered with an error status. */
export class TokenExchangeError extends APIError {
  override name = 'TokenExchangeError';
  /** The request id, as the documents name it. */
  get request_id(): string | undefined {
    return this.requestID;
  }
}

/** No usable response: the connection failed, was reset, or the body could not be read. */
export class APIConnectionError extends VendorError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The request timed out (`timeoutMs`). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(message = 'Request timed out.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The caller's AbortSignal fired. */
export class APIUserAbortError extends VendorError {
  override name = 'APIUserAbortError';
  constructor(message = 'Request was aborted.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The client is misconfigured (no base URL, bad option). */
export class ConfigurationError extends VendorError {
  override name = 'ConfigurationError';
  /** A stable code (`base_url_missing`, `profile_not_found`, `no_credentials`, ...). */
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Credential resolution failed (missing named profile, malformed profile, no credential, ...). */
export class CredentialsError extends ConfigurationError {
  override name = 'CredentialsError';
}

/** The identity-token file does not exist (raised at exchange time, not at resolution). */
export class IdentityTokenFileNotFoundError extends CredentialsError {
  override name = 'IdentityTokenFileNotFoundError';
  readonly path: string;
  constructor(path: string, options?: { cause?: unknown }) {
    super('identity_token_file_not_found', `Identity token file not found: ${path}`, options);
    this.path = path;
  }
}

/** A line of a JSON-lines stream is not valid JSON. */
export class JSONLinesError extends VendorError {
  override name = 'JSONLinesError';
  /** 1-based line number in the stream (blank lines counted). */
  readonly line: number;
  constructor(line: number, reason: string) {
    super(`Malformed JSON on line ${line} of the JSON-lines stream: ${reason}`);
    this.line = line;
  }
}

/** A response that fails the lenient validator (wrong shape, not just unknown fields). */
export class ResponseValidationError extends VendorError {
  override name = 'ResponseValidationError';
  readonly operationId: string;
  readonly status: number;
  readonly body: unknown;
  constructor(operationId: string, status: number, body: unknown, message: string) {
    super(message);
    this.operationId = operationId;
    this.status = status;
    this.body = body;
  }
}
