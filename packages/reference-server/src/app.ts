/**
 * `createServer`: a Fastify instance whose routes are the spec's endpoint table, every request
 * through one pipeline (`pipeline/`):
 *
 *   request-id header (`edges.ts`) -> (before the body is read: `caller.ts`) background catch-up
 *   -> version header -> beta header -> credential (API keys, and access tokens minted by the
 *   exchange) -> `authorize` (kinds, scopes) -> (the body, within the operation's size limit and
 *   the depth bound: `edges.ts`) -> (`handle.ts`) what is admitted of it -> `validateRequest`
 *   (path, query, headers, body) -> the operation's handler -> its answer as the server shapes it.
 *
 * The server's state (`server-state.ts`) holds its choices: the table of choice points patched by
 * its variants and faults (`choices/`).
 *
 * Test control (`/_test/`) answers only calls carrying its token, addressed to a loopback name;
 * whether a call is for test control is decided on the path the router matched.
 *
 * Fastify's own schema validation is not used: the spec's precompiled validators are. Every error
 * (pipeline, handler, malformed JSON, unknown route, unexpected failure) leaves as the API's error
 * body.
 */
import { randomBytes } from 'node:crypto';
import { access, type Capability, type Endpoint, fillPath } from '@vendor-api/spec';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from './clock.js';
import { FETCH_DEADLINE_MS, type FederationNetwork } from './federation/network.js';
import { handlers as allHandlers } from './handlers.js';
import { resultsPath } from './message-batches/choices.js';
import type { PersistedState } from './persistence.js';
import { callerOf } from './pipeline/caller.js';
import { REQUEST_ID_HEADER } from './pipeline/choices.js';
import { createEdges } from './pipeline/edges.js';
import { handle } from './pipeline/handle.js';
import { checkPublicUrl, type RequestTimeLimits } from './request-guards.js';
import { createState } from './server-state.js';
import type { Caller, ServerState, SomeHandlers, Timings } from './state.js';
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
  /**
   * With test control: the capabilities its discovery offers (default: every one it can). A server
   * offering a subset is what a team's server offering part of the control API looks like.
   */
  readonly offeredCapabilities?: readonly Capability[];
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
  /** A saved state to start from (`readStateFile`): its records, keys and id sequences; `seed` is its own. */
  readonly restore?: PersistedState;
}

/** How long the server waits on the other side of a connection. */
export interface TimeLimits extends RequestTimeLimits {
  /** One fetch of an issuer's key set, discovery document included (default `FETCH_DEADLINE_MS`). */
  readonly keySetFetchMs: number;
}

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
  if (endpoint.path !== null) return fillPath(endpoint.path, (name) => `:${name}`);
  if (endpoint.id === 'messages.batches.results') return resultsAt(':message_batch_id');
  return null;
}

export function createServer(options: ServerOptions = {}): FastifyInstance {
  const timeLimits: TimeLimits = {
    ...access.REQUEST_TIME_LIMITS,
    keySetFetchMs: FETCH_DEADLINE_MS,
    ...options.timeLimits,
  };
  const state = createState(options, timeLimits);
  const handlers = options.handlers ?? allHandlers;
  const testControlToken = options.testControl
    ? (options.testControlToken ?? randomBytes(32).toString('hex'))
    : null;
  const publicUrl = options.publicUrl === undefined ? null : checkPublicUrl(options.publicUrl);
  const app = createEdges(state, { logger: options.logger ?? false, timeLimits, testControlToken });

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

  const resultsAt = state.choices.resultsPath;
  for (const endpoint of state.spec.endpoints) {
    const route = routeUrl(endpoint, resultsAt);
    if (route === null) continue;
    // An operation whose URL is another response's field (`results_url`) is, in the OpenAPI
    // document, that URL as its server with the path `/`: a client generated from the document
    // requests it with `/` appended, and is answered there too (UNSPEC-BATCH-RESULTS-LOCATION).
    for (const url of endpoint.path === null ? [route, `${route}/`] : [route]) {
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
            (request as AdmittedRequest)[CALLER] = callerOf(state, endpoint, request);
            done(null, payload);
          } catch (error) {
            done(error as Error);
          }
        },
        handler: (request, reply) =>
          handle(state, handlers, endpoint, request, reply, (request as AdmittedRequest)[CALLER], origin()),
      });
    }
  }

  if (options.testControl) registerTestControl(app, state, options.offeredCapabilities);
  return app;
}

/**
 * The caller an admitted request was identified as (checked before its body is read), kept on the
 * request: a decoration every request is built with, so it costs no lookup and no change of shape.
 */
const CALLER = Symbol('caller');
type AdmittedRequest = FastifyRequest & { [CALLER]: Caller | null };
