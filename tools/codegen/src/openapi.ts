/**
 * Builds the OpenAPI 3.1 document from the spec: components from the `$id`s, one operation per
 * endpoint entry, security schemes per credential kind, the version and beta headers, error
 * responses with the API's error body, `links` derived from the state machines, and the
 * `x-requirements`, `x-unspecified`, `x-pagination` and `x-state-machine` extensions.
 */
import { type AnyMachine, access, type Endpoint, type VendorSpec } from '@vendor-api/spec';
import { bannerText } from './banner.js';
import { addCodeSamples } from './code-samples.js';
import { addExamples } from './examples.js';
import { isObject, type Json, type JsonObject, pascal, toJson } from './json.js';
import { COMPONENT_PREFIX, type ComponentRegistry, componentSchemas } from './schema.js';

const SECURITY_SCHEMES = {
  workspace_key: 'WorkspaceApiKey',
  admin_key: 'AdminApiKey',
  access_token: 'AccessToken',
} as const;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  429: 'Rate limited',
};

/** The parameter name an operation's resource id takes: the last path parameter. */
const lastPathParam = (e: Endpoint) =>
  [...(e.path ?? '').matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!).at(-1);

function schemaRef(registry: ComponentRegistry, schema: unknown, owner: string): Json {
  return registry.convert(toJson(schema), owner);
}

function parameters(e: Endpoint, registry: ComponentRegistry, owner: string): Json[] {
  const out: Json[] = [];
  for (const where of ['path', 'query'] as const) {
    const obj = e.params[where];
    if (!obj) continue;
    const required = new Set(obj.required ?? []);
    for (const [name, schema] of Object.entries(obj.properties)) {
      const converted = schemaRef(registry, schema, owner) as JsonObject;
      const param: JsonObject = { name, in: where, required: where === 'path' || required.has(name) };
      if (typeof converted.description === 'string') param.description = converted.description;
      param.schema = converted;
      if (where === 'query' && (converted.type === 'array' || name.endsWith('[]'))) {
        param.style = 'form';
        param.explode = true;
      }
      out.push(param);
    }
  }
  out.push({ $ref: '#/components/parameters/VersionHeader' });
  out.push(
    e.betas.length
      ? { $ref: `#/components/parameters/${betaParamName(e)}` }
      : { $ref: '#/components/parameters/BetaHeader' },
  );
  return out;
}

const betaParamName = (e: Endpoint) => `BetaHeader${pascal(e.betas.join('-'))}`;

function machineRowsFor(machines: readonly AnyMachine[], opId: string): Json {
  const out: JsonObject[] = [];
  for (const m of machines) {
    const events = Object.entries(m.events).filter(([, ev]) => ev.operation === opId);
    for (const [event] of events) {
      out.push({
        machine: m.id,
        event,
        rows: m.rows
          .filter((r) => r.event === event)
          .map((r) =>
            toJson({
              from: r.from,
              when: r.when ?? {},
              to: r.to,
              outcome: r.outcome,
              requirements: r.requirements,
            }),
          ),
      });
    }
  }
  return out;
}

/** Links from an operation returning a machine's resource to the operations acting on it. */
function links(e: Endpoint, spec: VendorSpec): JsonObject | undefined {
  const success = e.success.response.schema as { $ref?: string; $id?: string } | undefined;
  const resource = success?.$ref ?? success?.$id;
  if (!resource) return undefined;
  const out: JsonObject = {};
  for (const m of Object.values(spec.machines)) {
    if (m.resource !== resource) continue;
    const targets = new Set<string>();
    for (const ev of Object.values(m.events)) if (ev.operation) targets.add(ev.operation);
    // Retrieval of the same resource, and any operation whose URL comes from the resource.
    for (const other of spec.endpoints) {
      const s = other.success.response.schema as { $ref?: string } | undefined;
      if (other.method === 'GET' && other.path && s?.$ref === resource && lastPathParam(other))
        targets.add(other.id);
      if (other.url && spec.endpoints.find((x) => x.id === other.url!.operation)) {
        const source = spec.endpoints.find((x) => x.id === other.url!.operation)!;
        if ((source.success.response.schema as { $ref?: string } | undefined)?.$ref === resource)
          targets.add(other.id);
      }
    }
    targets.delete(e.id);
    for (const id of [...targets].sort()) {
      const target = spec.endpoints.find((x) => x.id === id);
      if (!target) continue;
      const link: JsonObject = { operationId: id };
      const param = lastPathParam(target);
      if (param) link.parameters = { [param]: '$response.body#/id' };
      if (target.url) {
        link.description = `Fetch from the URL in \`${target.url.field}\` of the response ($response.body#/${target.url.field}).`;
        link['x-url'] = `$response.body#/${target.url.field}`;
      } else link.description = `${target.summary} (state machine ${m.id}).`;
      out[pascal(id)] = link;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

function responses(e: Endpoint, spec: VendorSpec, registry: ComponentRegistry, owner: string): JsonObject {
  const out: JsonObject = {};
  const r = e.success.response;
  const contentType = r.contentType ?? 'application/json';
  const success: JsonObject = { description: r.description };
  if (r.schema) {
    let schema = schemaRef(registry, r.schema, owner);
    if (contentType === 'application/x-ndjson') {
      success.description = `${r.description} Each line of the body is one JSON value of this schema.`;
      schema = schema as JsonObject;
    }
    success.content = { [contentType]: { schema } };
  } else {
    success.content = {
      [contentType]: { schema: { description: 'Body not shown by the documents: not asserted.' } },
    };
  }
  if (r.unspecified) success['x-unspecified'] = r.unspecified;
  const l = links(e, spec);
  if (l) success.links = l;
  out[String(e.success.status)] = success;

  const byStatus = new Map<number, typeof e.errors>();
  for (const err of e.errors) byStatus.set(err.status, [...(byStatus.get(err.status) ?? []), err]);
  for (const [status, cases] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${cases.map((c) => c.when).join('; ')}`,
      content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}ErrorBody` } } },
      'x-error-cases': cases.map((c) =>
        toJson({
          type: c.type,
          ...(c.detail ? { detail: c.detail } : {}),
          when: c.when,
          requirements: c.requirements,
        }),
      ),
    };
  }
  if (!e.errors.some((err) => err.status >= 400 && err.status < 500)) {
    out['4XX'] = {
      description:
        'Client error, with the standard error body (the documents show no specific status for it).',
      content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}ErrorBody` } } },
    };
  }
  out.default = {
    description:
      'Any other error, with the standard error body (statuses not listed above are not shown by the documents).',
    content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}ErrorBody` } } },
  };
  return out;
}

function operation(e: Endpoint, spec: VendorSpec, registry: ComponentRegistry): JsonObject {
  const owner = pascal(e.id);
  const op: JsonObject = {
    operationId: e.id,
    summary: e.summary,
    tags: [e.family],
    parameters: parameters(e, registry, owner),
  };
  if (e.body) {
    op.requestBody = {
      required: e.body.required,
      content: { 'application/json': { schema: schemaRef(registry, e.body.schema, `${owner}Body`) } },
    };
  }
  op.responses = responses(e, spec, registry, owner);
  op.security = e.auth.map((kind) => ({
    [SECURITY_SCHEMES[kind]]: kind === 'access_token' && e.scope ? [e.scope] : [],
  }));
  if (e.url) {
    op.servers = [
      {
        url: `{${e.url.field}}`,
        description: `The \`${e.url.field}\` of the ${e.url.operation} response; not a fixed documented path.`,
        variables: {
          [e.url.field]: { default: 'https://results.invalid', description: `Value of ${e.url.field}.` },
        },
      },
    ];
    op['x-url-from'] = toJson(e.url);
  }
  op['x-credentials'] = toJson(e.auth);
  if (e.scope) op['x-oauth-scope'] = e.scope;
  if (e.betas.length) op['x-required-betas'] = toJson(e.betas);
  op['x-pagination'] = toJson(e.pagination);
  op['x-requirements'] = toJson(e.requirements);
  if (e.unspecified.length) op['x-unspecified'] = toJson(e.unspecified);
  const rows = machineRowsFor(Object.values(spec.machines), e.id);
  if (Array.isArray(rows) && rows.length) op['x-state-machine'] = rows;
  return op;
}

/** The OpenAPI key of an operation: its path, or `/` with a server taken from a response field. */
const openApiPath = (e: Endpoint) => e.path ?? '/';

export function buildOpenApi(spec: VendorSpec): JsonObject {
  const v = spec.vendor;
  const { registry, schemas: _ } = componentSchemas(spec.schemas);
  const paths: Record<string, JsonObject> = {};
  for (const e of spec.endpoints) {
    const key = openApiPath(e);
    paths[key] ??= {};
    const method = e.method.toLowerCase();
    if (paths[key][method]) throw new Error(`two operations at ${e.method} ${key}`);
    paths[key][method] = operation(e, spec, registry);
  }
  const betaParams: JsonObject = {};
  for (const e of spec.endpoints) {
    if (!e.betas.length) continue;
    betaParams[betaParamName(e)] = {
      name: v.headers.beta,
      in: 'header',
      required: true,
      description: `Comma-separated beta identifiers; must include ${e.betas.map((b) => `\`${b}\``).join(' and ')}.`,
      schema: { type: 'string' },
      'x-required-betas': toJson(e.betas),
    };
  }
  const components = Object.fromEntries(
    [...registry.schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const families = [...new Set(spec.endpoints.map((e) => e.family))];
  const document: JsonObject = {
    'x-generated': bannerText('spec/'),
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${v.displayName} API`,
      version: v.apiVersion,
      summary:
        'Identity federation, workspaces, rate limits, messages, batches, session resources and dreams.',
      description: `Generated from the spec. Every request carries \`${v.headers.version}: ${v.apiVersion}\`; beta features are selected with the comma-separated \`${v.headers.beta}\` header. \`x-unspecified\` marks what the source documents do not show: such places have permissive schemas and are never asserted.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The service base address.',
        variables: {
          base_url: { default: 'http://127.0.0.1:4010', description: 'Base URL of the service.' },
        },
      },
    ],
    tags: families.map((f) => ({ name: f, description: `Operations of the ${f} family.` })),
    paths,
    components: {
      schemas: components,
      parameters: {
        VersionHeader: {
          name: v.headers.version,
          in: 'header',
          required: true,
          description: 'API version; every request carries it.',
          schema: { type: 'string', const: v.apiVersion },
        },
        BetaHeader: {
          name: v.headers.beta,
          in: 'header',
          required: false,
          description: 'Comma-separated beta identifiers.',
          schema: { type: 'string' },
        },
        ...betaParams,
      },
      securitySchemes: {
        WorkspaceApiKey: {
          type: 'apiKey',
          in: 'header',
          name: access.API_KEY_HEADER,
          description: 'Workspace-scoped API key: reaches only its workspace.',
        },
        AdminApiKey: {
          type: 'apiKey',
          in: 'header',
          name: access.API_KEY_HEADER,
          description: `Admin API key (prefix \`${v.prefixes.adminKey}\`): the organization endpoints.`,
        },
        AccessToken: {
          type: 'http',
          scheme: 'bearer',
          description: `Short-lived access token (prefix \`${v.prefixes.accessToken}\`) from the token exchange; the security requirement lists the OAuth scope it needs.`,
        },
      },
    },
    'x-state-machines': toJson(spec.machines) as Json,
  };
  const model = { examples: [v.models.sonnet] };
  addExamples(document, {
    'MessageCreateParams/model': model,
    'MessageCountTokensParams/model': model,
    'MessageBatchRequestParams/model': model,
    'Message/model': model,
    'MessageBatchRequest/params': { $ref: `${COMPONENT_PREFIX}MessageBatchRequestParams` },
  });
  addCodeSamples(document, spec);
  return document;
}

export { isObject };
