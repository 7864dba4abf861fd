/**
 * The answers of the pipeline's edges: an error answer as the server shapes it, the request id of
 * the exchange's error answers, and what a request that was refused early or by the framework is
 * told.
 */
import { access, type Endpoint, errors, type Operation } from '@vendor-api/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError, DecidedBy } from '../errors.js';
import type { ServerState } from '../state.js';
import { REQUEST_ID_HEADER } from './choices.js';

/**
 * ERROR-EXCHANGE-TYPED-REQUEST-ID: the exchange's error answers carry the request id, as the
 * server chooses (`exchangeErrorsCarryRequestId`). Called where an error answer is sent, not as an onSend hook every answer
 * of the route would pass through.
 */
export function dropExchangeErrorRequestId(
  state: ServerState,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (isExchange(request) && !state.choices.exchangeErrorsCarryRequestId) {
    reply.removeHeader(REQUEST_ID_HEADER);
  }
}

/** Sends an answer; an error answer of the exchange as `dropExchangeErrorRequestId` decides. */
export function sendAnswer(
  state: ServerState,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: unknown,
): FastifyReply {
  if (status >= 400) dropExchangeErrorRequestId(state, request, reply);
  return reply.code(status).send(body);
}

/** Whether a request declares a body that has not been read (it was refused before). */
export function bodyUnread(request: FastifyRequest): boolean {
  const { headers } = request;
  const declared =
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  return declared && !request.raw.complete;
}

/**
 * How long, at most, a connection refused before its body was read is kept open after its answer
 * to read what the client still sends: a client writes its whole body before it reads the answer.
 */
export const LINGER_MS = 5_000;

/**
 * Closes the connection of a request refused before its body was read without destroying the
 * answer: once the answer is written, the server ends its side and reads and drops what the client
 * still sends until the request ends, up to `maxBytes` more and `LINGER_MS`, then lets go. Let go
 * with bytes unread, a connection is reset, and a client still writing its body sees the reset
 * instead of the answer. A body declared larger than `maxBytes` is not waited for.
 */
export function closeAfterBody(request: FastifyRequest, maxBytes: number): void {
  const req = request.raw;
  const socket = req.socket;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (!(declared <= maxBytes) && request.headers['transfer-encoding'] === undefined) return;
  // Node ends a connection whose answer says `Connection: close` with `destroySoon` once the answer
  // is written; this connection ends its side then, and lets go when the body is read.
  socket.destroySoon = function lingering(this: typeof socket) {
    this.end();
    let read = 0;
    const letGo = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(letGo, LINGER_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) letGo();
    });
    req.once('end', letGo);
    req.once('close', letGo);
    req.resume();
    if (req.complete) letGo();
  };
}

/** The message of a 4xx Fastify raises (a body too large, a content type without a parser). */
export function frameworkErrorMessage(request: FastifyRequest, error: Error & { code?: string }): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const endpoint = (request.routeOptions.config as { endpoint?: Operation } | undefined)?.endpoint;
    const limit = endpoint === undefined ? access.BODY_LIMITS.default : access.bodyLimit(endpoint.id);
    return `request body larger than ${limit} bytes, the limit of ${endpoint?.id ?? 'this route'}`;
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'content-type must be application/json';
  return error.message ?? 'bad request';
}

/** `error.type` of the exchange's malformed-request answers (its documented body errors). */
const EXCHANGE_INVALID_REQUEST = errors.ERRORS.exchange_invalid_body.type;

/**
 * Who decides the 400 of a body that is not JSON or nests too deep: the exchange answers
 * malformed requests with its own type (UNSPEC-EXCH-OTHER-VALIDATION).
 */
export function malformedBody(state: ServerState, request: FastifyRequest): DecidedBy {
  return isExchange(request)
    ? { errorType: state.choices.exchangeBodyErrorType(undefined, EXCHANGE_INVALID_REQUEST) }
    : {};
}

/** Whether a request is for the token exchange. */
export function isExchange(request: FastifyRequest): boolean {
  return request.routeOptions.url === access.TOKEN_EXCHANGE_PATH;
}

/** Whether an endpoint is the token exchange (the one operation that takes no credential). */
export const isExchangeEndpoint = (endpoint: Endpoint): boolean =>
  endpoint.path === access.TOKEN_EXCHANGE_PATH;

/** Status used for an error the documents give no status for, and its body, as the server chooses them. */
export function errorAnswer(
  c: ServerState['choices'],
  endpoint: Endpoint,
  error: ApiError,
  requestId: string,
): { status: number; body: unknown } {
  // Whether the documents give this error's status and type for the operation: an entry of its
  // error table with the same status (and type, when it names one), or an error the pipeline
  // marked documented (a token outside its scope).
  const known =
    error.documented ||
    endpoint.errors.some((e) => e.status === error.status && (e.type === null || e.type === error.errorType));
  const status = known ? error.status : c.undocumentedErrorStatus(error.status);
  const type = known ? error.errorType : c.undocumentedErrorType(error.errorType);
  // Where a documented detail travels is not shown (UNSPEC-EXCH-DETAIL-LOCATION).
  const apart = error.detail !== null && c.errorDetailApart;
  const body = c.errorBody({
    type,
    message: apart ? error.reason : error.message,
    detail: apart && error.detail !== null ? { detail: error.detail } : {},
    requestId,
  });
  return { status, body: c.responseRecords(body, false) };
}
