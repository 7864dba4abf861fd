/**
 * `createServer`: a Fastify instance whose routes are the spec's endpoint table, every request
 * through one pipeline:
 *
 *   request-id header -> (before the body is read: `admit`) background catch-up -> version
 *   header -> beta header -> credential (`identify`: API keys, and access tokens minted by the
 *   exchange) -> `authorize` (kinds, scopes) -> (the body, within the operation's size limit and
 *   the depth bound) -> `validateRequest` (path, query, headers, body) -> the operation's handler.
 *
 * Test control (`/_test/`) answers only calls carrying its token, addressed to a loopback name;
 * whether a call is for test control is decided on the path the router matched.
 *
 * Fastify's own schema validation is not used: the spec's precompiled validators are. Every error
 * (pipeline, handler, malformed JSON, unknown route, unexpected failure) leaves as the API's error
 * body.
 */
import {
  access,
  createSpec,
  defineVendor,
  type Endpoint,
  errors,
  type Operation,
  publishedName,
  vendor as publishedVendor,
  type Vendor,
  workspaceRules,
} from '@vendor-api/spec';

type PresentedCredential = access.PresentedCredential;

import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ChoiceSet } from './choices/index.js';
import { type Clock, realClock, SandboxClock } from './clock.js';
import { catchUpDream } from './dreams/lifecycle.js';
import { ApiError, apiError, type DecidedBy, refused, statusError } from './errors.js';
import {
  FETCH_DEADLINE_MS,
  type FederationNetwork,
  realNetwork,
  VirtualNetwork,
} from './federation/network.js';
import { attachFederation, federationOf } from './federation/store.js';
import { handlers as allHandlers } from './handlers.js';
import { createIds, type IdKind } from './ids.js';
import { Schedule } from './lifecycle/schedule.js';
import { resultsPath } from './message-batches/choices.js';
import { catchUpBatch } from './message-batches/lifecycle.js';
import { REQUEST_ID_HEADER } from './pipeline/choices.js';
import { pruneRequest } from './pipeline/pruning.js';
import {
  answerClientError,
  checkPublicUrl,
  hostMissing,
  type RequestTimeLimits,
  testControlRefusal,
} from './request-guards.js';
import { seedDemo } from './seed.js';
import {
  type Caller,
  DEFAULT_TIMINGS,
  type Handler,
  type HandlerContext,
  type ResourceOwner,
  type ServerState,
  type SomeHandlers,
  type Timings,
} from './state.js';
import { createMemoryStore, type Store } from './store.js';
import { registerTestControl } from './test-control/index.js';

export interface ServerOptions {
  /** Vendor name every header, key prefix and model id derives from (default: the published one). */
  readonly vendor?: string;
  /** Seed of every id, key and UUID the server mints (default 0). */
  readonly seed?: string | number;
  /** Injected clock (default: the wall clock; with test control, a `SandboxClock` it can move and freeze). */
  readonly clock?: Clock;
  /** Mounts the test-control API under `/_test/` (default off). */
  readonly testControl?: boolean;
  readonly timings?: Partial<Timings>;
  /**
   * Most message batches, dreams and sessions one workspace may hold, each (default the spec's
   * `STORED_OBJECTS_PER_WORKSPACE`); one more is a 400 (UNSPEC-WS-STORED-OBJECTS-CAP).
   */
  readonly storedObjectsCap?: number;
  /** Handlers by operation id; defaults to every operation's (one left out answers 501). */
  readonly handlers?: SomeHandlers;
  /** Fastify's logger (default off). */
  readonly logger?: boolean;
  /** Seeded faults to switch on (names from the spec's `FAULTS`). */
  readonly faults?: readonly string[];
  /** Variants to switch on (names from the spec's `VARIANTS`): legal alternatives where the documents are silent. */
  readonly variants?: readonly string[];
  /**
   * How issuer key sets are fetched (default: the real network; with test control, a
   * `VirtualNetwork` whose registered hosts shadow the real network). The URL rules apply to
   * whatever network is used.
   */
  readonly federationNetwork?: FederationNetwork;
  /**
   * Base URL absolute URLs (`results_url`) start with (default: the address the server listens
   * on); never taken from the request's Host header.
   */
  readonly publicUrl?: string;
  /** Time limits of the server's edges (defaults in `TimeLimits`); tests shorten them. */
  readonly timeLimits?: Partial<TimeLimits>;
  /**
   * Token every test-control call must carry in the `test-control-token` header (default: 32
   * bytes from the cryptographic random source, a new one per start).
   */
  readonly testControlToken?: string;
}

/** How long the server waits on the other side of a connection. */
export interface TimeLimits extends RequestTimeLimits {
  /** One fetch of an issuer's key set, discovery document included (default `FETCH_DEADLINE_MS`). */
  readonly keySetFetchMs: number;
}

/**
 * How often Node looks for requests past their time limits: a slow request is answered at most
 * this long after its limit. A scan of the open connections, cheap at this rate.
 */
const TIME_LIMIT_CHECK_INTERVAL_MS = 1_000;

export interface ReferenceServer {
  readonly state: ServerState;
  /** The token test-control calls carry (null without test control). */
  readonly testControlToken: string | null;
  /** Listens on 127.0.0.1 only; resolves to the base URL. Port 0 picks a free port. */
  listenLocal(port?: number): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly reference: ReferenceServer;
  }
}

export { REQUEST_ID_HEADER };

/**
 * Route URL of an endpoint: its path template with `{x}` as `:x`, or this server's results path
 * (`resultsAt`: where the results live, not shown: UNSPEC-BATCH-RESULTS-LOCATION).
 */
export function routeUrl(endpoint: Endpoint, resultsAt: (id: string) => string = resultsPath): string | null {
  if (endpoint.path !== null) return endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
  if (endpoint.id === 'messages.batches.results') return resultsAt(':message_batch_id');
  return null;
}

export function createServer(options: ServerOptions = {}): FastifyInstance {
  const v: Vendor = defineVendor(options.vendor ?? publishedVendor.name);
  const spec = createSpec(v);
  // With test control the wall clock is one test control can move and freeze.
  const clock = options.clock ?? (options.testControl ? new SandboxClock() : realClock);
  const choiceSet = new ChoiceSet(options.variants ?? [], options.faults ?? []);
  const seeded = createIds(options.seed ?? 0);
  // Minted in the form the server chooses.
  const ids = { ...seeded, next: (kind: IdKind) => choiceSet.current.mintedId(kind, seeded.next(kind)) };
  const store: Store = createMemoryStore();
  const timings: Timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const demo = seedDemo(store, ids, v, choiceSet.current);
  const state: ServerState = {
    vendor: v,
    spec,
    clock,
    ids,
    store,
    timings,
    demo,
    get choices() {
      return choiceSet.current;
    },
    faults: { list: () => choiceSet.faults, set: (names) => choiceSet.setFaults(names) },
    storedObjectsCap: options.storedObjectsCap ?? workspaceRules.STORED_OBJECTS_PER_WORKSPACE,
    schedule: new Schedule(),
    catchUp() {
      const now = clock.now();
      for (let due = state.schedule.takeDue(now); due !== null; due = state.schedule.takeDue(now)) {
        if (due.kind === 'batch') {
          const record = store.batches.get(due.id);
          if (record) catchUpBatch(state, record, now);
        } else {
          const record = store.dreams.get(due.id);
          if (record) catchUpDream(state, record, now);
        }
      }
    },
  };
  const timeLimits: TimeLimits = {
    ...access.REQUEST_TIME_LIMITS,
    keySetFetchMs: FETCH_DEADLINE_MS,
    ...options.timeLimits,
  };
  attachFederation(
    state,
    options.federationNetwork ?? (options.testControl ? new VirtualNetwork(realNetwork) : realNetwork),
    timeLimits.keySetFetchMs,
  );
  const handlers = options.handlers ?? allHandlers;

  const testControlToken = options.testControl
    ? (options.testControlToken ?? randomBytes(32).toString('hex'))
    : null;
  const publicUrl = options.publicUrl === undefined ? null : checkPublicUrl(options.publicUrl);
  const idHeader = state.choices.requestIdHeader;

  const app = Fastify({
    logger: options.logger ?? false,
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

  const reference: ReferenceServer = {
    state,
    testControlToken,
    async listenLocal(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      const address = app.server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      return `http://127.0.0.1:${actual}`;
    },
  };
  app.decorate('reference', reference);
  app.decorateRequest(CALLER, null);

  /** `<scheme>://<host>` of absolute URLs: the configured one, else the listening address. */
  let listening: string | null = null;
  const origin = (): string => {
    if (publicUrl !== null) return publicUrl;
    if (listening === null) {
      const address = app.server.address();
      if (typeof address !== 'object' || address === null) return 'http://127.0.0.1';
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      listening = `http://${host}:${address.port}`;
    }
    return listening;
  };

  // One callback-style hook: it runs on every request (an async one would cost a promise each, a
  // second hook a second pass of Fastify's hook runner). Every answer carries the request id; an
  // HTTP/1.1 request without Host is refused; test control refuses a request without its token or
  // from another Host before its body is read, judged on the route the router matched
  // (`forTestControl`), whatever spelling reached it.
  app.addHook(
    'onRequest',
    testControlToken === null
      ? (request, reply, done) => {
          reply.header(idHeader, request.id);
          done(hostMissing(request) ?? undefined);
        }
      : (request, reply, done) => {
          reply.header(idHeader, request.id);
          done(hostMissing(request) ?? testControlRefusal(request, testControlToken) ?? undefined);
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
    // Refused before its body was read (credential, size): the connection is not kept to read it.
    if (bodyUnread(request)) reply.header('connection', 'close');
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

  app.setNotFoundHandler((request, reply) => {
    const error = apiError('no_route', { method: request.method, path: request.url.split('?')[0] ?? '' });
    reply.code(error.status).send(error.body);
  });

  const resultsAt = state.choices.resultsPath;
  for (const endpoint of spec.endpoints) {
    const url = routeUrl(endpoint, resultsAt);
    if (url === null) continue;
    app.route({
      method: endpoint.method,
      url,
      config: { endpoint },
      // UNSPEC-REQUEST-BODY-SIZE (BATCH-CREATE-MAX-SIZE, EXCH-ASSERTION-MAX): larger is 413 (400
      // on the exchange).
      bodyLimit: access.bodyLimit(endpoint.id),
      // Headers and credential are checked before the body is read.
      preParsing: (request, _reply, payload, done) => {
        try {
          (request as AdmittedRequest)[CALLER] = admit(state, endpoint, request);
          done(null, payload);
        } catch (error) {
          done(error as Error);
        }
      },
      handler: (request, reply) =>
        pipeline(state, handlers, endpoint, request, reply, (request as AdmittedRequest)[CALLER], origin()),
    });
  }

  if (options.testControl) registerTestControl(app, state);
  return app;
}

/**
 * The caller an admitted request was identified as (checked before its body is read), kept on the
 * request: a decoration every request is built with, so it costs no lookup and no change of shape.
 */
const CALLER = Symbol('caller');
type AdmittedRequest = FastifyRequest & { [CALLER]: Caller | null };

/**
 * ERROR-EXCHANGE-TYPED-REQUEST-ID: the exchange's error answers carry the request id, as the
 * server chooses (`exchangeErrorsCarryRequestId`). Called where an error answer is sent, not as an onSend hook every answer
 * of the route would pass through.
 */
function dropExchangeErrorRequestId(state: ServerState, request: FastifyRequest, reply: FastifyReply): void {
  if (isExchange(request) && !state.choices.exchangeErrorsCarryRequestId) {
    reply.removeHeader(REQUEST_ID_HEADER);
  }
}

/** Sends an answer; an error answer of the exchange as `dropExchangeErrorRequestId` decides. */
function sendAnswer(
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
function bodyUnread(request: FastifyRequest): boolean {
  const { headers } = request;
  const declared =
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  return declared && !request.raw.complete;
}

/** The message of a 4xx Fastify raises (a body too large, a content type without a parser). */
function frameworkErrorMessage(request: FastifyRequest, error: Error & { code?: string }): string {
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
 * Length of the shortest JSON text nesting deeper than the bound (`[[…]]`, one opening and one
 * closing bracket per level): the depth of a shorter one need not be walked.
 */
export const SHORTEST_TOO_DEEP = 2 * (access.MAX_JSON_DEPTH + 1);

/**
 * Who decides the 400 of a body that is not JSON or nests too deep: the exchange answers
 * malformed requests with its own type (UNSPEC-EXCH-OTHER-VALIDATION).
 */
function malformedBody(state: ServerState, request: FastifyRequest): DecidedBy {
  return isExchange(request)
    ? { errorType: state.choices.exchangeBodyErrorType(undefined, EXCHANGE_INVALID_REQUEST) }
    : {};
}

/** Whether a request is for the token exchange. */
function isExchange(request: FastifyRequest): boolean {
  return request.routeOptions.url === access.TOKEN_EXCHANGE_PATH;
}

/** Whether an endpoint is the token exchange (the one operation that takes no credential). */
const isExchangeEndpoint = (endpoint: Endpoint): boolean => endpoint.path === access.TOKEN_EXCHANGE_PATH;

/**
 * `error.type` of a request that fails validation: the type the endpoint documents for a missing
 * required field (`invalid_request` for the exchange, EXCH-ERR-FIELD-MISSING), else the
 * validators' `invalid_request_error`. Other malformed exchange bodies get the type the seam
 * names (UNSPEC-EXCH-OTHER-VALIDATION).
 */
function validationErrorType(
  state: ServerState,
  endpoint: Endpoint,
  body: unknown,
  fallback: string,
): string {
  const documented = endpoint.errors.find(
    (e) => e.status === 400 && e.requirements.includes('EXCH-ERR-FIELD-MISSING'),
  );
  return documented?.type ? state.choices.exchangeBodyErrorType(body, documented.type) : fallback;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Looks the presented credential up in the store: unknown, revoked or expired secrets are 401.
 * Revoked keys (archiving a workspace revokes its keys, WSARCH-KEYS-REVOKED) stop working at
 * once; an access token only lives until its expiry (FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE) and
 * only while its workspace is not archived (the server's choice: the documents say nothing about
 * tokens of an archived workspace).
 */
function identify(state: ServerState, endpoint: Endpoint, request: FastifyRequest): Caller | null {
  const v = state.vendor;
  const c = state.choices;
  if (endpoint.auth.length === 0 && !c.exchangeCredentialRead) return null;
  const authorization = header(request, access.AUTHORIZATION_HEADER);
  if (authorization !== undefined && !c.bearerSyntaxAccepted(authorization)) {
    throw apiError('bearer_syntax', { header: access.AUTHORIZATION_HEADER });
  }
  const parsed = access.credentialFromHeaders(
    {
      apiKey: header(request, access.API_KEY_HEADER),
      authorization,
    },
    v,
  );
  if (!parsed.ok) throw refused(parsed);
  if (parsed.kind === 'none' || parsed.secret === null) return null;
  if (parsed.kind === 'access_token') {
    const token = federationOf(state).accessTokens.get(parsed.secret);
    const expired = token !== undefined && c.accessTokenExpired(state.clock.now(), token.expiresAt);
    // A token of an archived workspace is refused too (UNSPEC-WS-ARCHIVED-ACCESS-TOKEN).
    const archived = workspaceArchived(state, token?.workspaceId ?? null) && c.archivedWorkspaceTokensRefused;
    if (!token || expired || archived) {
      throw apiError('access_token_invalid');
    }
    // SCOPE-OUTSIDE-403: the token's own scope.
    const scope = c.tokenScope(token.scope, endpoint);
    return {
      kind: 'access_token',
      organizationId: token.organizationId,
      workspaceId: token.workspaceId,
      presented: {
        kind: 'access_token',
        scope,
        workspaceId: token.workspaceId,
        organizationId: token.organizationId,
      },
      apiKeyId: null,
    };
  }
  const key = state.store.apiKeys.get(parsed.secret);
  // Archiving a workspace revokes its keys (the archive handler sets `revokedAt`, WSARCH-KEYS-REVOKED);
  // a revoked key is 401 (UNSPEC-WS-REVOKED-KEY-ERROR).
  const revoked = key !== undefined && c.keyRevoked(key.revokedAt);
  if (!key || revoked || key.kind !== parsed.kind) {
    throw apiError('api_key_invalid', { header: access.API_KEY_HEADER });
  }
  const presented: PresentedCredential =
    key.kind === 'admin_key'
      ? { kind: 'admin_key' }
      : { kind: 'workspace_key', workspaceId: key.workspaceId, organizationId: key.organizationId };
  return {
    kind: key.kind,
    organizationId: key.organizationId,
    workspaceId: key.workspaceId,
    presented,
    apiKeyId: key.id,
  };
}

/** `restore` of a body validated as it was sent: nothing to put back. */
const restoreNothing = (): object => ({});

/** What a request without a credential presents. */
const NO_CREDENTIAL: PresentedCredential = { kind: 'none' };

/** Whether a (non-default) workspace is archived. */
function workspaceArchived(state: ServerState, workspaceId: string | null): boolean {
  if (workspaceId === null) return false;
  const workspace = state.store.workspaces.get(workspaceId);
  return workspace !== undefined && workspace.archivedAt !== null;
}

function deny(decision: ReturnType<typeof access.authorize>): never {
  if (decision.allowed) throw new Error('deny called on an allowed decision');
  // SCOPE-OUTSIDE-403 (scope_outside): the one error status the documents give for every operation.
  const byDecision = { status: decision.status, errorType: decision.referenceErrorType };
  switch (decision.reason) {
    case 'unauthenticated': {
      const headers = {
        apiKeyHeader: access.API_KEY_HEADER,
        authorizationHeader: access.AUTHORIZATION_HEADER,
      };
      throw apiError('credential_missing', headers, byDecision);
    }
    case 'outside_scope':
      throw apiError('scope_outside', {}, byDecision);
    case 'credential_kind_not_accepted':
      throw apiError('credential_kind_refused', {}, byDecision);
    case 'other_workspace':
      throw apiError('other_workspace', {}, byDecision);
  }
}

/** Header values renamed to the published vendor's names, which the generated validators use. */
function validationHeaders(
  state: ServerState,
  endpoint: Endpoint,
  request: FastifyRequest,
): Record<string, string> {
  const v = state.vendor;
  const p = publishedVendor;
  const version = header(request, v.headers.version);
  const out: Record<string, string> = {};
  // A version header let through (where it is not required) is taken as the documented value.
  const versionSeen = state.choices.versionHeaderRequired(version, isExchangeEndpoint(endpoint))
    ? version
    : v.apiVersion;
  if (versionSeen !== undefined) out[p.headers.version] = versionSeen;
  const beta = state.choices.betaHeaderAdmitted(header(request, v.headers.beta));
  if (beta !== undefined) out[p.headers.beta] = beta;
  return out;
}

/**
 * A body as the generated validators (built for the published vendor) read it: a model id of this
 * server's vendor (`acme-opus-4-7`) as the published vendor's (`vendor-opus-4-7`); `restore` puts
 * the id sent back into the validated body the handler sees.
 */
function validationBody(
  state: ServerState,
  body: unknown,
): { value: unknown; restore: (validated: unknown) => void } {
  const model = (body as { model?: unknown } | null)?.model;
  const published = typeof model === 'string' ? publishedName(state.vendor, model) : model;
  if (published === model) return { value: body, restore: restoreNothing };
  return {
    value: { ...(body as object), model: published },
    restore: (validated) => {
      if (typeof validated === 'object' && validated !== null && 'model' in validated) {
        Object.assign(validated, { model });
      }
    },
  };
}

/**
 * What is decided from the headers alone, before the body is read: background catch-up, version
 * and beta headers, the credential and whether it may call the endpoint. The caller, or null on
 * an endpoint that takes none.
 */
function admit(state: ServerState, endpoint: Endpoint, request: FastifyRequest): Caller | null {
  state.catchUp();
  const v = state.vendor;
  const c = state.choices;

  const versionValue = header(request, v.headers.version);
  // Whether a request without it is served is not shown (UNSPEC-VERSION-HEADER-MISSING).
  if (c.versionHeaderRequired(versionValue, isExchangeEndpoint(endpoint))) {
    const version = access.checkVersionHeader(versionValue, v);
    if (!version.ok) throw refused(version);
  }
  // Whether session creation requires a beta is not stated (UNSPEC-SESS-CREATE-BETA).
  const required = c.requiredBetas(endpoint);
  const betaValue = c.betaHeaderAdmitted(header(request, v.headers.beta));
  // BETA-DREAMS-BOTH, BETA-IDENTIFIERS-ALLOWED
  const beta = c.checkBetaHeader(endpoint, required, betaValue, v);
  if (!beta.ok) throw refused(beta);

  const caller = identify(state, endpoint, request);
  const decision = access.authorize(endpoint, caller?.presented ?? NO_CREDENTIAL);
  if (!decision.allowed) deny(decision);
  return caller;
}

async function pipeline(
  state: ServerState,
  handlers: SomeHandlers,
  endpoint: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller | null,
  origin: string,
): Promise<unknown> {
  const routeParams = (request.params ?? {}) as Record<string, unknown>;
  const c = state.choices;
  const body = validationBody(state, request.body);
  const admitted = c.admit(endpoint, {
    path: endpoint.path === null ? {} : routeParams,
    query: (request.query ?? {}) as Record<string, unknown>,
    headers: validationHeaders(state, endpoint, request),
    body: body.value,
  });
  const pruning = c.requestPruning;
  const judged =
    pruning.unknownFields || pruning.openKinds
      ? pruneRequest(endpoint, admitted.parts, state.spec.schemas, pruning)
      : admitted.parts;
  const validated = c.validateRequest(endpoint.id, judged);
  if (!validated.ok) {
    const errorType = validationErrorType(state, endpoint, judged.body, validated.error.error.type);
    throw apiError('bad_request', { problem: validated.error.error.message }, { errorType });
  }
  // What the validators saw as stand-ins reaches the handler as it was sent.
  const { after } = admitted;
  Object.assign(validated.value.query, after.query);
  Object.assign(validated.value.path, after.path);
  if ('body' in after) Object.assign(validated.value, { body: after.body });
  body.restore(validated.value.body);

  const handler = c.operations(handlers)[endpoint.id] as Handler | undefined;
  if (!handler) {
    throw apiError('not_implemented', { operation: endpoint.id });
  }
  const presented = caller?.presented ?? NO_CREDENTIAL;
  const resourceContext = (owner: ResourceOwner): access.AccessContext => ({
    resourceWorkspaceId: owner.workspaceId,
    // AUTH-KEY-ONE-WORKSPACE: workspaces of different organizations (Default Workspaces
    // included) are different workspaces.
    ...(c.organizationsToldApart ? { resourceOrganizationId: owner.organizationId } : {}),
  });
  // Validated by the operation's validators: the parts are of the operation's types.
  const typed = {
    path: endpoint.path === null ? routeParams : validated.value.path,
    query: validated.value.query,
    body: validated.value.body,
  } as Pick<HandlerContext, 'path' | 'query' | 'body'>;
  const result = await handler({
    state,
    endpoint,
    caller,
    ...typed,
    unshown: after.unshown ?? {},
    origin,
    owns(owner) {
      return access.authorize(endpoint, presented, resourceContext(owner)).allowed;
    },
  });
  const lines = result.contentType === 'application/x-ndjson';
  const status = c.successStatus(endpoint, result.status);
  if (status >= 400) dropExchangeErrorRequestId(state, request, reply);
  reply.code(status);
  if (lines) reply.type(c.resultsContentType(result.contentType));
  else if (result.contentType === 'text/event-stream') reply.type(result.contentType);
  reply.send(c.responseRecords(c.successBody(endpoint, result.body), lines));
  // Sent whole: nothing for Fastify to await (a reply returned is awaited as a thenable, until a
  // streamed body ends).
  return reply.sent ? undefined : reply;
}

/** Status used for an error the documents give no status for, and its body, as the server chooses them. */
function errorAnswer(
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
