/**
 * The OpenAPI 3.1 document of the conformance control API, from the spec's table
 * (`spec/src/control/`): one operation per endpoint, tagged by the capabilities it serves
 * (`x-capabilities`), the control token as its security scheme, the catalog of capabilities as
 * `x-capabilities` of the document. Servers in any language implement it from this document.
 */
import {
  CAPABILITIES,
  CONTROL_ENDPOINTS,
  CONTROL_PROTOCOL,
  CONTROL_PROTOCOL_VERSION,
  CONTROL_TOKEN_HEADER,
  CONTROL_WIRE_RULES,
  type ControlEndpoint,
  DECLARED_CAPABILITIES,
  OPT_IN_CAPABILITIES,
  pathParams,
  type VendorSpec,
} from '@vendor-api/spec';
import { bannerText } from './banner.js';
import { isObject, type Json, type JsonObject, toJson } from './json.js';

/** A schema as plain JSON: no `$id` (every schema is inlined where it is used). */
function plain(schema: unknown): Json {
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, v] of Object.entries(value)) if (key !== '$id') out[key] = walk(v);
    return out;
  };
  return walk(toJson(schema));
}

const ErrorResponse: JsonObject = {
  description: 'Refused: the API error body',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['type', 'error'],
        properties: {
          type: { const: 'error' },
          error: {
            type: 'object',
            required: ['type', 'message'],
            properties: { type: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

function operation(e: ControlEndpoint): JsonObject {
  const params = pathParams(e.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const capabilities = e.capabilities.length ? [...e.capabilities] : ['protocol'];
  return {
    operationId: `control.${e.id}`,
    summary: e.summary,
    description: `${e.description}${
      e.capabilities.length
        ? `\n\nServes the capabilit${e.capabilities.length > 1 ? 'ies' : 'y'} ${e.capabilities.map((c) => `\`${c}\``).join(', ')}.`
        : ''
    }${e.refusalIsAnswer ? '\n\nA refusal is an answer the suite judges, not a broken fixture.' : ''}`,
    tags: capabilities,
    'x-capabilities': e.capabilities.length ? [...e.capabilities] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(e.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: plain(e.body) } } } }
      : {}),
    responses: {
      '200': { description: 'Done', content: { 'application/json': { schema: plain(e.response) } } },
      '401': { description: 'No or a wrong control token', ...withoutDescription(ErrorResponse) },
      default: ErrorResponse,
    },
  };
}

const withoutDescription = ({ description: _d, ...rest }: JsonObject): JsonObject => rest;

export function buildControlOpenApi(spec: VendorSpec): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const e of CONTROL_ENDPOINTS) {
    paths[e.path] ??= {};
    paths[e.path]![e.method.toLowerCase()] = operation(e);
  }
  const capabilities: JsonObject = {};
  for (const [name, description] of Object.entries(CAPABILITIES)) {
    capabilities[name] = {
      description,
      endpoints: CONTROL_ENDPOINTS.filter((e) => (e.capabilities as readonly string[]).includes(name)).map(
        (e) => `control.${e.id}`,
      ),
      ...(OPT_IN_CAPABILITIES.includes(name as never) ? { 'opt-in': true } : {}),
      ...(DECLARED_CAPABILITIES.includes(name as never) ? { declared: true } : {}),
    };
  }
  return {
    $comment: bannerText('spec/src/control/'),
    openapi: '3.1.0',
    info: {
      title: `${spec.vendor.displayName} API conformance control`,
      version: `${CONTROL_PROTOCOL_VERSION}.0.0`,
      description: [
        `The conformance control API (\`${CONTROL_PROTOCOL}\`, version ${CONTROL_PROTOCOL_VERSION}): what a server exposes in test environments so that the conformance suite can provision fixtures, move time and drive jobs that the documented API gives no endpoint for. Implement \`GET /capabilities\` and the endpoints of the capabilities you offer; run the suite with \`--control-url URL --control-token TOKEN\`.`,
        '',
        `- Paths are relative to the control URL (any prefix; the reference server uses \`/_test\`).`,
        `- Every call carries the control token in the \`${CONTROL_TOKEN_HEADER}\` header; answer 401 without it.`,
        '- Mount it only in test environments, answer only on loopback (127.0.0.1, ::1, localhost).',
        '- Bodies are JSON objects; ignore unknown fields. A refusal is a non-2xx answer with the error body.',
        '- `x-capabilities` (on the document) is the catalog: each capability, what it unlocks and its endpoints.',
        '',
        'Types on the wire:',
        '',
        ...CONTROL_WIRE_RULES.map((r) => `- ${r.topic}: ${r.rule}`),
      ].join('\n'),
    },
    servers: [{ url: 'http://127.0.0.1:{port}/_test', variables: { port: { default: '8080' } } }],
    security: [{ ControlToken: [] }],
    tags: [
      { name: 'protocol', description: 'discovery and run hooks' },
      ...Object.entries(CAPABILITIES).map(([name, description]) => ({ name, description })),
    ],
    paths,
    components: {
      securitySchemes: {
        ControlToken: {
          type: 'apiKey',
          in: 'header',
          name: CONTROL_TOKEN_HEADER,
          description: 'The control token the server prints at start.',
        },
      },
    },
    'x-capabilities': capabilities,
  } as JsonObject;
}
