/**
 * The server's edges, before and around the pipeline: the HTTP server's time limits and what its
 * parser refuses, the request id, Host and test-control checks of every request, the JSON body
 * parser (malformed or too deep: 400), the error handler and unknown routes. Every error leaves as
 * the API's error body, never a 5xx for bad input.
 */
import { access, type Operation } from '@vendor-api/spec';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiError, apiError, statusError } from '../errors.js';
import {
  answerClientError,
  hostMissing,
  type RequestTimeLimits,
  testControlRefusal,
} from '../request-guards.js';
import type { ServerState } from '../state.js';
import {
  bodyUnread,
  closeAfterBody,
  errorAnswer,
  frameworkErrorMessage,
  isExchange,
  malformedBody,
  sendAnswer,
} from './answers.js';
import { REQUEST_ID_HEADER } from './choices.js';

/**
 * How often Node looks for requests past their time limits: a slow request is answered at most
 * this long after its limit. A scan of the open connections, cheap at this rate.
 */
const TIME_LIMIT_CHECK_INTERVAL_MS = 1_000;

/**
 * Length of the shortest JSON text nesting deeper than the bound (`[[…]]`, one opening and one
 * closing bracket per level): the depth of a shorter one need not be walked.
 */
export const SHORTEST_TOO_DEEP = 2 * (access.MAX_JSON_DEPTH + 1);

/** What the edges need beyond the state. */
export interface EdgeSettings {
  /** Fastify's logger. */
  readonly logger: boolean;
  readonly timeLimits: RequestTimeLimits;
  /** The token test-control calls carry (null without test control). */
  readonly testControlToken: string | null;
}

/**
 * A QUERY request without a Content-Type that no route matches (the API has no QUERY operation):
 * the framework refuses such a request with its own 400 before the not-found handler runs, so it is
 * answered `no_route` here, as every other request no route matches.
 */
function unroutedQuery(request: FastifyRequest): ApiError | null {
  if (request.method !== 'QUERY' || !request.is404 || request.headers['content-type'] !== undefined)
    return null;
  return apiError('no_route', { method: request.method, path: request.url.split('?')[0] ?? '' });
}

/** A Fastify instance with the server's edges, and no route yet. */
export function createEdges(state: ServerState, settings: EdgeSettings): FastifyInstance {
  const { timeLimits, testControlToken } = settings;
  const { ids } = state;
  const idHeader = state.choices.requestIdHeader;
  const app = Fastify({
    logger: settings.logger,
    // Operations have their own limits (access.bodyLimit); this one covers test control.
    bodyLimit: access.BODY_LIMITS.default,
    // A client has so long to send its headers, and its whole request (UNSPEC-REQUEST-TIME-LIMITS).
    requestTimeout: timeLimits.requestMs,
    http: {
      headersTimeout: timeLimits.headersMs,
      connectionsCheckingInterval: TIME_LIMIT_CHECK_INTERVAL_MS,
      // An HTTP/1.1 request without Host is refused with the error body (`hostMissing`).
      requireHostHeader: false,
    },
    // What Node's HTTP parser refuses (a malformed request line or header, headers too large) and
    // a request not received in time leave as the API's error body with a request id, and the
    // connection is closed, saying so.
    clientErrorHandler: (error, socket) =>
      answerClientError(error, socket, idHeader, () => ids.next('request'), timeLimits),
    genReqId: () => ids.next('request'),
    // Long ids must reach the handlers (and get a 404 there), not die in the router.
    routerOptions: { maxParamLength: 4096 },
    // Errors raised before routing (a malformed percent-encoding in the path) still leave as the
    // API's error body with a request id.
    frameworkErrors: (error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      (reply as unknown as FastifyReply)
        .header(REQUEST_ID_HEADER, request.id)
        .code(status >= 400 && status < 500 ? status : 400)
        .send(apiError('bad_request', { problem: error.message }).body);
    },
    // Not used for validation (the spec's validators are), but never coerce or strip if it were.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  // One callback-style hook: it runs on every request (an async one would cost a promise each, a
  // second hook a second pass of Fastify's hook runner). Every answer carries the request id; an
  // HTTP/1.1 request without Host is refused; test control refuses a request without its token or
  // from another Host before its body is read, judged on the route the router matched
  // (`forTestControl`), whatever spelling reached it; a request no route matches is answered
  // `no_route` here when the framework would refuse it otherwise first (`unroutedQuery`).
  app.addHook(
    'onRequest',
    testControlToken === null
      ? (request, reply, done) => {
          reply.header(idHeader, request.id);
          done(hostMissing(request) ?? unroutedQuery(request) ?? undefined);
        }
      : (request, reply, done) => {
          reply.header(idHeader, request.id);
          done(
            hostMissing(request) ??
              testControlRefusal(request, testControlToken) ??
              unroutedQuery(request) ??
              undefined,
          );
        },
  );

  // JSON only; a malformed body is a 400 error body, never a 5xx.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      const problem = (e as Error).message;
      return done(apiError('body_malformed', { problem }, malformedBody(state, request)), undefined);
    }
    // Nothing past this point walks a body deeper than the bound (UNSPEC-REQUEST-JSON-DEPTH). A
    // text shorter than an opening and a closing bracket per level cannot nest that deep.
    if (text.length >= SHORTEST_TOO_DEEP) {
      const deep = access.jsonDepthViolation(parsed);
      if (deep !== null) {
        const params = { path: deep, depth: access.MAX_JSON_DEPTH };
        return done(apiError('body_too_deep', params, malformedBody(state, request)), undefined);
      }
    }
    done(null, parsed);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    // Refused before its body was read (credential, size): the connection is not kept to read it,
    // but what the client is still sending is read (a body up to twice the operation's limit)
    // before it is let go, so that the client reads the answer.
    if (bodyUnread(request)) {
      reply.header('connection', 'close');
      closeAfterBody(request, 2 * bodyLimitOf(request));
    }
    const out = errorAnswerOf(request, error);
    return sendAnswer(state, request, reply, out.status, out.body);
  });

  /** The answer to an error: a 4xx as the variants shape it, anything else a 500. */
  const errorAnswerOf = (request: FastifyRequest, error: unknown): { status: number; body: unknown } => {
    if (error instanceof ApiError) return shapedError(request, error);
    if ((error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' && isExchange(request)) {
      // Every documented failure of the exchange is a 400 (UNSPEC-REQUEST-BODY-SIZE).
      const limit = { limit: access.bodyLimit('oauth.token') };
      return shapedError(request, apiError('exchange_body_too_large', limit, malformedBody(state, request)));
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = frameworkErrorMessage(request, error as Error & { code?: string });
      return shapedError(request, statusError(status, message));
    }
    request.log.error(error);
    return apiError('internal');
  };

  /** An error answer as the variants shape it (the plain error body when none is on). */
  const shapedError = (request: FastifyRequest, error: ApiError): { status: number; body: unknown } => {
    const endpoint = (request.routeOptions.config as { endpoint?: Operation } | undefined)?.endpoint;
    // Only the API's operations vary; test control and unknown routes answer the plain error body.
    if (endpoint === undefined) return error;
    return errorAnswer(state.choices, endpoint, error, String(request.id));
  };

  /** The body limit of a request's operation (UNSPEC-REQUEST-BODY-SIZE). */
  const bodyLimitOf = (request: FastifyRequest): number => {
    const endpoint = (request.routeOptions.config as { endpoint?: Operation } | undefined)?.endpoint;
    return endpoint === undefined ? access.BODY_LIMITS.default : access.bodyLimit(endpoint.id);
  };

  app.setNotFoundHandler((request, reply) => {
    const error = apiError('no_route', { method: request.method, path: request.url.split('?')[0] ?? '' });
    reply.code(error.status).send(error.body);
  });

  return app;
}
