/**
 * What the reference server tolerates where the documents are silent, so that real clients of
 * the API family are served (the `requestTolerance` choice point; each flag off is a strict
 * variant): fields the documents list without marking them required, forms clients send beside
 * the shown ones, and path ids of another form. Unknown fields and kinds are pruned
 * (`pruning.ts`); credential headers are read in `caller.ts`.
 */
import { type Endpoint, messageRules, type VendorSpec } from '@vendor-api/spec';
import type { Admission, RequestParts } from './choices.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

/** How message parameters are read where they are taken (`creation`: creating a message; `inBatch`: a batch request's). */
export interface ParamsReading {
  readonly creation: boolean;
  readonly inBatch?: boolean;
}

/**
 * Message parameters with what the documents do not mark required filled in: `max_tokens`
 * (UNSPEC-MSG-CREATE-REQUIRED), a `system` of text blocks joined into a string
 * (UNSPEC-MSG-SYSTEM-FORMS), tools completed (UNSPEC-MSG-TOOL-FIELDS-OPTIONAL), and in a batch
 * `stream` dropped (UNSPEC-BATCH-PARAMS-STREAMING). Anything else as sent.
 */
export function completedParams(params: unknown, reading: ParamsReading): unknown {
  if (!isObject(params)) return params;
  const out: JsonObject = { ...params };
  if (reading.creation && out.max_tokens === undefined) out.max_tokens = messageRules.MAX_TOKENS_WHEN_OMITTED;
  if (
    Array.isArray(out.system) &&
    out.system.every((b) => isObject(b) && b.type === 'text' && typeof b.text === 'string')
  ) {
    out.system = (out.system as { text: string }[]).map((b) => b.text).join('\n');
  }
  if (Array.isArray(out.tools)) {
    out.tools = out.tools.map((tool) => {
      if (!isObject(tool)) return tool;
      const schema = isObject(tool.input_schema) ? { required: [], ...tool.input_schema } : tool.input_schema;
      return { description: '', ...tool, input_schema: schema };
    });
  }
  if (reading.inBatch) delete out.stream;
  return out;
}

/** A batch request that stands in for an empty `requests` while the body is validated (UNSPEC-BATCH-REQUESTS-MIN). */
const STAND_IN_REQUEST = { custom_id: 'stand-in', params: {} };

/**
 * A request with what the documents do not mark required admitted: message bodies completed, an
 * empty batch validated with a stand-in request, session creation without `resources`
 * (UNSPEC-SESS-CREATE-REQUIRED) validated with none. Applied after pruning; the handler gets the
 * body as completed (an empty batch as sent).
 */
export function admitUnmarkedOptional(endpoint: Endpoint, parts: RequestParts): Admission | null {
  const body = parts.body;
  switch (endpoint.id) {
    case 'messages.create':
    case 'messages.count_tokens': {
      const completed = completedParams(body, { creation: endpoint.id === 'messages.create' });
      return { parts: { ...parts, body: completed }, after: {} };
    }
    case 'messages.batches.create': {
      if (!isObject(body) || !Array.isArray(body.requests) || body.requests.length > 0) return null;
      return { parts: { ...parts, body: { ...body, requests: [STAND_IN_REQUEST] } }, after: { body } };
    }
    case 'sessions.create': {
      if (!isObject(body) || body.resources !== undefined) return null;
      return { parts: { ...parts, body: { ...body, resources: [] } }, after: {} };
    }
    default:
      return null;
  }
}

/**
 * The first path parameter whose value lacks the form its kind documents (a `pattern` of the
 * operation's path schema, `msgbatch_…`), or null. Such an id names nothing the server could
 * have minted, so it is answered like an unknown id (UNSPEC-REQUEST-PATH-ID-MALFORMED).
 */
export function malformedPathId(
  endpoint: Endpoint,
  path: Readonly<Record<string, unknown>>,
  schemas: VendorSpec['schemas'],
): { readonly name: string; readonly value: string } | null {
  const named = schemas as Readonly<Record<string, PathSchema | undefined>>;
  const properties = (endpoint.params.path?.properties ?? {}) as Record<string, PathSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const value = path[name];
    // A named id shape (`$ref: MessageBatchId`), or the pattern written in place.
    const schema = typeof property.$ref === 'string' ? named[property.$ref.split('/').pop() ?? ''] : property;
    if (typeof schema?.pattern !== 'string' || typeof value !== 'string') continue;
    if (!patternOf(schema.pattern).test(value)) return { name, value };
  }
  return null;
}

type PathSchema = { readonly $ref?: unknown; readonly pattern?: unknown };

/** The id patterns, compiled once each (a handful: one per prefixed id kind). */
const PATTERNS = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = PATTERNS.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(source, 'u');
    PATTERNS.set(source, pattern);
  }
  return pattern;
}

/** What a path parameter names, in an error message: `message_batch_id` is a "message batch". */
export const pathIdSubject = (name: string): string => name.replace(/_id$/, '').replaceAll('_', ' ');
