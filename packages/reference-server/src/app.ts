/**
 * `createServer`: a Fastify instance whose routes are the spec's endpoint table, every request
 * through one pipeline:
 *
 *   request-id header -> background catch-up -> version header -> beta header -> credential ->
 *   `authorize` -> `validateRequest` (path, query, headers, body) -> the operation's handler.
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
  vendor as publishedVendor,
  type Vendor,
} from '@vendor-api/spec';
import { validateRequest } from '@vendor-api/validators';

type PresentedCredential = access.PresentedCredential;

import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Clock, realClock } from './clock.js';
import { ApiError, defaultErrorType } from './errors.js';
import { FaultSet } from './faults/index.js';
import { createIds } from './ids.js';
import { catchUpDreams } from './lifecycle/dreams.js';
import { catchUpBatches, resultsPath } from './lifecycle/message-batches.js';
import { handlers as allHandlers } from './routes/index.js';
import { seedDemo } from './seed.js';
import { type Caller, DEFAULT_TIMINGS, type HandlerMap, type ServerState, type Timings } from './state.js';
import { createMemoryStore, type Store } from './store.js';
import { registerTestControl } from './test-control.js';

export interface ServerOptions {
  /** Vendor name every header, key prefix and model id derives from (default: the published one). */
  readonly vendor?: string;
  /** Seed of every id, key and UUID the server mints (default 0). */
  readonly seed?: string | number;
  /** Injected clock (default: the wall clock). */
  readonly clock?: Clock;
  /** Mounts the test-control API under `/_test/` (default off). */
  readonly testControl?: boolean;
  readonly timings?: Partial<Timings>;
  /** Handlers by operation id; defaults to every implemented one. */
  readonly handlers?: HandlerMap;
  /** Fastify's logger (default off). */
  readonly logger?: boolean;
  /** Seeded faults to switch on (names from the catalog in faults/). */
  readonly faults?: readonly string[];
}

export interface ReferenceServer {
  readonly state: ServerState;
  /** Listens on 127.0.0.1 only; resolves to the base URL. Port 0 picks a free port. */
  listenLocal(port?: number): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly reference: ReferenceServer;
  }
}

/** Largest body accepted: the batch size limit plus room for the envelope. */
const BODY_LIMIT = 256 * 1024 * 1024 + 1024 * 1024;
export const REQUEST_ID_HEADER = 'request-id';

/** Route URL of an endpoint: its path template with `{x}` as `:x`, or this server's results path. */
export function routeUrl(endpoint: Endpoint): string | null {
  if (endpoint.path !== null) return endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
  if (endpoint.id === 'messages.batches.results') return resultsPath(':message_batch_id');
  return null;
}

export function createServer(options: ServerOptions = {}): FastifyInstance {
  const v: Vendor = defineVendor(options.vendor ?? publishedVendor.name);
  const spec = createSpec(v);
  const clock = options.clock ?? realClock;
  const ids = createIds(options.seed ?? 0);
  const store: Store = createMemoryStore();
  const timings: Timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const demo = seedDemo(store, ids, v);
  const state: ServerState = {
    vendor: v,
    spec,
    clock,
    ids,
    store,
    timings,
    demo,
    faults: new FaultSet(options.faults ?? []),
    catchUp() {
      const now = clock.now();
      catchUpBatches(state, now);
      catchUpDreams(state, now);
    },
  };
  const handlers = options.handlers ?? allHandlers;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    genReqId: () => ids.next('request'),
    // Not used for validation (the spec's validators are), but never coerce or strip if it were.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  const reference: ReferenceServer = {
    state,
    async listenLocal(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      const address = app.server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      return `http://127.0.0.1:${actual}`;
    },
  };
  app.decorate('reference', reference);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  // JSON only; a malformed body is a 400 error body, never a 5xx.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (e) {
      done(
        new ApiError(400, 'invalid_request_error', `malformed JSON body: ${(e as Error).message}`),
        undefined,
      );
    }
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.body);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(access.errorBody(defaultErrorType(status), (error as Error).message ?? 'bad request'));
    }
    request.log.error(error);
    return reply.code(500).send(access.errorBody('api_error', 'internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        access.errorBody('not_found_error', `no route for ${request.method} ${request.url.split('?')[0]}`),
      );
  });

  for (const endpoint of spec.endpoints) {
    const url = routeUrl(endpoint);
    if (url === null) continue;
    app.route({
      method: endpoint.method,
      url,
      handler: (request, reply) => pipeline(state, handlers, endpoint, request, reply),
    });
  }

  if (options.testControl) registerTestControl(app, state);
  return app;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Looks the presented credential up in the store: unknown or revoked secrets are 401. */
function identify(state: ServerState, request: FastifyRequest): Caller | null {
  const v = state.vendor;
  const parsed = access.credentialFromHeaders(
    {
      apiKey: header(request, access.API_KEY_HEADER),
      authorization: header(request, access.AUTHORIZATION_HEADER),
    },
    v,
  );
  if (!parsed.ok) throw new ApiError(parsed.status, parsed.errorType, parsed.message);
  if (parsed.kind === 'none' || parsed.secret === null) return null;
  if (parsed.kind === 'access_token') {
    // No token exchange yet: no access token is known (TODO: oauth.token mints them).
    throw new ApiError(401, 'authentication_error', 'invalid access token');
  }
  const key = state.store.apiKeys.get(parsed.secret);
  if (!key || key.revokedAt !== null || key.kind !== parsed.kind) {
    throw new ApiError(401, 'authentication_error', `invalid ${access.API_KEY_HEADER}`);
  }
  const presented: PresentedCredential =
    key.kind === 'admin_key'
      ? { kind: 'admin_key' }
      : { kind: 'workspace_key', workspaceId: key.workspaceId };
  return { kind: key.kind, organizationId: key.organizationId, workspaceId: key.workspaceId, presented };
}

function deny(decision: ReturnType<typeof access.authorize>): never {
  if (decision.allowed) throw new Error('deny called on an allowed decision');
  const messages: Record<typeof decision.reason, string> = {
    unauthenticated: `send a credential in ${access.API_KEY_HEADER} or ${access.AUTHORIZATION_HEADER}`,
    outside_scope: 'the access token does not grant this endpoint',
    credential_kind_not_accepted: 'this credential kind is not accepted by this endpoint',
    other_workspace: 'not found',
  };
  throw new ApiError(decision.status, decision.referenceErrorType, messages[decision.reason]);
}

/** Header values renamed to the published vendor's names, which the generated validators use. */
function validationHeaders(state: ServerState, request: FastifyRequest): Record<string, string | undefined> {
  const v = state.vendor;
  const p = publishedVendor;
  return {
    [p.headers.version]: header(request, v.headers.version),
    [p.headers.beta]: header(request, v.headers.beta),
  };
}

async function pipeline(
  state: ServerState,
  handlers: HandlerMap,
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  state.catchUp();
  const v = state.vendor;

  const version = access.checkVersionHeader(header(request, v.headers.version), v);
  if (!version.ok) throw new ApiError(version.status, version.errorType, version.message);
  const beta = access.checkBetaHeader(endpoint.betas, header(request, v.headers.beta), v);
  if (!beta.ok) throw new ApiError(beta.status, beta.errorType, beta.message);

  const caller = identify(state, request);
  const decision = access.authorize(endpoint, caller?.presented ?? { kind: 'none' });
  if (!decision.allowed) deny(decision);

  const routeParams = (request.params ?? {}) as Record<string, unknown>;
  const validated = validateRequest(endpoint.id, {
    path: endpoint.path === null ? {} : routeParams,
    query: (request.query ?? {}) as Record<string, unknown>,
    headers: validationHeaders(state, request),
    body: request.body,
  });
  if (!validated.ok) {
    throw new ApiError(400, validated.error.error.type, validated.error.error.message);
  }

  const handler = handlers[endpoint.id];
  if (!handler) {
    throw new ApiError(
      501,
      'not_implemented_error',
      `${endpoint.id} is not implemented by the reference server yet`,
    );
  }
  const result = await handler({
    state,
    endpoint,
    caller,
    path: endpoint.path === null ? routeParams : validated.value.path,
    query: validated.value.query,
    body: validated.value.body,
    origin: `${request.protocol}://${request.host}`,
    authorizeResource(resourceWorkspaceId) {
      const d = access.authorize(endpoint, caller?.presented ?? { kind: 'none' }, { resourceWorkspaceId });
      if (!d.allowed) deny(d);
    },
  });
  reply.code(result.status);
  if (result.contentType === 'application/x-ndjson') {
    return reply.type('application/x-ndjson').send(result.body);
  }
  return reply.send(result.body);
}
