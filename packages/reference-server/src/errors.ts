/**
 * Errors the pipeline and the handlers raise. Every one leaves the server as the API's error body
 * `{type: "error", error: {type, message}}` with its status.
 */
import { access, type ErrorBody } from '@vendor-api/spec';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The message without its detail. */
  readonly reason: string;
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
    /** The documents give this error's status for every operation (a token outside its scope). */
    readonly documented = false,
    /**
     * A detail the documents give the error (`workspace_id_required`); where it travels is not
     * shown (UNSPEC-EXCH-DETAIL-LOCATION): the reference server puts it first in the message.
     */
    readonly detail: string | null = null,
  ) {
    super(detail === null ? message : `${detail}: ${message}`);
    this.reason = message;
  }

  get body(): ErrorBody {
    return access.errorBody(this.errorType, this.message);
  }
}

/** The error type the reference server sends for a status the documents leave unnamed. */
export function defaultErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 501) return 'not_implemented_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

export const notFound = (what: string, id: string) =>
  new ApiError(404, 'not_found_error', `${what} ${JSON.stringify(id)} was not found`);
