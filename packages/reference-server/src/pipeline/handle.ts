/**
 * An admitted request from its body on: the parts as the validators read them (the published
 * vendor's names), what the server admits of them (`admit`, `requestTolerance`), validation
 * (`validateRequest`: path, query, headers, body), the operation's handler, and its answer as
 * the server shapes it.
 */
import { Readable } from 'node:stream';
import { access, type Endpoint, type Operation, vendor as publishedVendor } from '@vendor-api/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError, notFound } from '../errors.js';
import type { Caller, Handler, HandlerContext, ResourceOwner, ServerState, SomeHandlers } from '../state.js';
import { dropExchangeErrorRequestId, isExchangeEndpoint } from './answers.js';
import { header, NO_CREDENTIAL } from './caller.js';
import { pruneRequest, UNSHOWN_KINDS } from './pruning.js';
import { admitUnmarkedOptional, malformedPathId, pathIdSubject } from './tolerance.js';

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

export async function handle(
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
  const tolerance = c.requestTolerance;
  const admitted = c.admit(endpoint, {
    path: endpoint.path === null ? {} : routeParams,
    query: (request.query ?? {}) as Record<string, unknown>,
    headers: validationHeaders(state, endpoint, request),
    body: request.body,
  });
  // An id of another form names nothing: answered like an unknown id (UNSPEC-REQUEST-PATH-ID-MALFORMED).
  const malformed = tolerance.malformedIdsUnknown
    ? malformedPathId(endpoint, admitted.parts.path, state.spec.schemas)
    : null;
  if (malformed !== null) throw notFound(pathIdSubject(malformed.name), malformed.value);
  // Unknown fields and query parameters, and kinds the documents do not show, spared the validators.
  const pruned =
    tolerance.unknownFields || tolerance.openKinds
      ? pruneRequest(endpoint, admitted.parts, state.spec.schemas, tolerance)
      : { parts: admitted.parts, dropped: [] };
  // Fields the documents do not mark required may be left out (tolerance.ts): the handler gets the
  // body as completed, what the validators see.
  const completed = tolerance.unmarkedOptional ? admitUnmarkedOptional(endpoint, pruned.parts) : null;
  const judged = completed?.parts ?? pruned.parts;
  // In this server's vendor names: the validators read them as the published vendor's.
  const validated = c.validateRequest(endpoint.id, judged, { vendor: state.vendor });
  if (!validated.ok) {
    const errorType = validationErrorType(state, endpoint, judged.body, validated.error.error.type);
    throw apiError('bad_request', { problem: validated.error.error.message }, { errorType });
  }
  // What the validators saw as stand-ins reaches the handler as it was sent.
  const after = completed === null ? admitted.after : { ...admitted.after, ...completed.after };
  Object.assign(validated.value.query, after.query);
  Object.assign(validated.value.path, after.path);
  if ('body' in after) Object.assign(validated.value, { body: after.body });

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
    unshown:
      pruned.dropped.length > 0
        ? { ...after.unshown, [UNSHOWN_KINDS]: pruned.dropped }
        : (after.unshown ?? {}),
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
  // A stream of events is written as it is read, never held whole: the points that rewrite the
  // records of an answer read JSON bodies (they left a text of events as it was).
  const streamed = result.body instanceof Readable;
  reply.send(streamed ? result.body : c.responseRecords(c.successBody(endpoint, result.body), lines));
  // Sent whole: nothing for Fastify to await (a reply returned is awaited as a thenable, until a
  // streamed body ends).
  return reply.sent ? undefined : reply;
}
