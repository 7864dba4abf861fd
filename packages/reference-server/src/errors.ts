/**
 * Errors the pipeline and the handlers raise. Every one leaves the server as the API's error body
 * `{type: "error", error: {type, message}}` with its status. Status, type and message come from
 * the spec's error table (`errors.ERRORS`) by code: `apiError('not_found', { what, id })`.
 */
import { access, type ErrorBody, type ErrorCode, type ErrorParams, errors } from '@vendor-api/spec';

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

/**
 * What decided an error's status and type when the table's entry only gives its message: a state
 * machine's row, a spec rule's answer or a variant's choice of type. A null type keeps the entry's.
 */
export interface DecidedBy {
  readonly status?: number;
  readonly errorType?: string | null;
}

/** The parameters of a code: omitted when its message takes none. */
type ParamsArg<C extends ErrorCode> = keyof ErrorParams<C> extends never
  ? [params?: ErrorParams<C>, decidedBy?: DecidedBy]
  : [params: ErrorParams<C>, decidedBy?: DecidedBy];

/** The error of a code of the spec's error table, its message filled with the parameters. */
export function apiError<C extends ErrorCode>(code: C, ...[params, decidedBy]: ParamsArg<C>): ApiError {
  const entry: errors.ErrorEntry = errors.ERRORS[code];
  return new ApiError(
    decidedBy?.status ?? entry.status,
    decidedBy?.errorType ?? entry.type,
    errors.errorMessage(code, (params ?? {}) as ErrorParams<C>),
    entry.everyOperation === true,
    entry.detail ?? null,
  );
}

/** A spec rule's refusal (status, type and message as the rule decided them). */
export const refused = (refusal: {
  readonly status: number;
  readonly errorType: string;
  readonly message: string;
}): ApiError => new ApiError(refusal.status, refusal.errorType, refusal.message);

/** An error of a status no code names (a framework's 4xx): its type from the table. */
export const statusError = (status: number, message: string): ApiError =>
  new ApiError(status, errors.errorTypeOfStatus(status), message);

export const notFound = (what: string, id: string) => apiError('not_found', { what, id });
