/**
 * Builds the OpenAPI 3.1 document from the spec: components from the `$id`s, one operation per
 * endpoint entry, security schemes per credential kind, the version and beta headers, error
 * responses with the API's error body, `links` derived from the state machines, and the
 * `x-requirements`, `x-unspecified`, `x-pagination` and `x-state-machine` extensions.
 */
import { readFileSync } from 'node:fs';
import {
  type AnyMachine,
  access,
  type Credential,
  type Endpoint,
  type ErrorCase,
  errors,
  FAMILIES,
  pathParams,
  type VendorSpec,
} from '@vendor-api/spec';
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

/**
 * Where to report a problem with the document: the issue tracker of the package that publishes it
 * (`bugs` of its package.json), so the contact is the project's own and nothing is made up.
 */
const PUBLISHER = JSON.parse(
  readFileSync(new URL('../../../packages/openapi/package.json', import.meta.url), 'utf8'),
) as { name: string; bugs: { url: string } };

/** The parameter name an operation's resource id takes: the last path parameter. */
const lastPathParam = (e: Endpoint) => pathParams(e.path ?? '').at(-1);

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

/**
 * The error cases of an operation: those its entry lists, plus the errors the documents give every
 * operation that takes a credential (`everyOperation` in the error table: an access token outside
 * its scope is a 403), unless the entry already lists that status. Their error type is not named.
 */
function documentedErrors(e: Endpoint, spec: VendorSpec): ErrorCase[] {
  const out = [...e.errors];
  if (e.auth.length === 0) return out;
  for (const entry of Object.values(errors.ERRORS) as errors.ErrorEntry[]) {
    if (!entry.everyOperation || out.some((c) => c.status === entry.status)) continue;
    const statements = entry.requirements.map(
      (id) => spec.requirements.find((r) => r.id === id)?.statement ?? id,
    );
    out.push({
      status: entry.status,
      type: null,
      when: statements.join(' '),
      requirements: entry.requirements,
    });
  }
  return out;
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
  // The other statuses a correct server may answer where the documents do not show the success
  // status, each listed with the same body (a `2XX` range would say the same, but generators turn
  // range keys into code that does not compile: see `default` below).
  for (const other of e.success.others ?? []) {
    out[String(other.status)] = {
      description: `${success.description} The documents do not show the success status (${other.unspecified}): a server may answer ${other.status} instead of ${e.success.status}.`,
      content: success.content,
      'x-unspecified': other.unspecified,
    };
  }

  const listed = documentedErrors(e, spec);
  const byStatus = new Map<number, ErrorCase[]>();
  for (const err of listed) byStatus.set(err.status, [...(byStatus.get(err.status) ?? []), err]);
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
  // Only the statuses the documents show are listed; every other error (a status range would be
  // the same promise, but generators turn `4XX` into code that does not compile) is `default`.
  out.default = {
    description: listed.length
      ? 'Any other error, with the standard error body (statuses not listed above are not shown by the documents).'
      : 'Any error, with the standard error body (the documents show no specific status for this operation).',
    content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}ErrorBody` } } },
  };
  return out;
}

/** How a credential kind is sent, in the words of the documents' credentials table. */
function credentialText(kind: Credential, e: Endpoint, spec: VendorSpec): string {
  const { header, scheme } = access.CREDENTIAL_HEADERS[kind];
  const sent = scheme ? `\`${header}: ${scheme} <token>\`` : `\`${header}\``;
  switch (kind) {
    case 'workspace_key':
      return `a workspace API key in ${sent}`;
    case 'admin_key':
      return `an admin API key (prefix \`${spec.vendor.prefixes.adminKey}\`) in ${sent}`;
    case 'access_token':
      return `an access token from the token exchange as ${sent}${e.scope ? ` with the scope \`${e.scope}\`` : ''}`;
  }
}

/**
 * The operation's description, from the spec: its one-sentence summary, then what a caller sends
 * (credential, betas), where the URL comes from when it is not a fixed path, and how it pages.
 */
function operationDescription(e: Endpoint, spec: VendorSpec): string {
  const credentials = e.auth.map((kind) => credentialText(kind, e, spec));
  const lines = [
    e.summary,
    credentials.length === 0
      ? 'No API key or access token.'
      : credentials.length === 1
        ? `Credential: ${credentials[0]}.`
        : `Credential: ${credentials.slice(0, -1).join(', ')}, or ${credentials.at(-1)} (one of them per request).`,
  ];
  if (e.betas.length) {
    lines.push(
      `Beta: the \`${spec.vendor.headers.beta}\` header includes ${e.betas.map((b) => `\`${b}\``).join(' and ')}${e.betas.length > 1 ? ', comma-separated' : ''}.`,
    );
  }
  if (e.url) {
    lines.push(
      `URL: the \`${e.url.field}\` of the ${e.url.operation} response (this operation's server), not a fixed path.`,
    );
  }
  const p = e.pagination;
  if (p.style === 'page') {
    lines.push(`Paging: \`${p.cursorParam}\` cursor in, \`${p.nextField}\` out (null when no more).`);
  } else if (p.style === 'after_id') {
    lines.push(`Paging: \`${p.cursorParam}\` cursor in, \`${p.hasMoreField}\` and \`${p.lastIdField}\` out.`);
  } else if (p.style === 'page-unspecified-envelope') {
    lines.push(
      `Paging: \`${p.cursorParam}\` cursor in; the response envelope is not shown by the documents.`,
    );
  }
  return lines.join('\n\n');
}

function operation(e: Endpoint, spec: VendorSpec, registry: ComponentRegistry): JsonObject {
  const owner = pascal(e.id);
  const op: JsonObject = {
    operationId: e.id,
    summary: e.title,
    description: operationDescription(e, spec),
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
  // One requirement per credential kind: alternatives (any one of them), never all at once. The
  // OAuth scope an access token needs is `x-oauth-scope`: an `http` bearer scheme has no scopes.
  op.security = e.auth.map((kind) => ({ [SECURITY_SCHEMES[kind]]: [] }));
  if (e.url) {
    op.servers = [
      {
        url: `{${e.url.field}}`,
        description: `The \`${e.url.field}\` of the ${e.url.operation} response; not a fixed documented path.`,
        variables: { [e.url.field]: { default: 'https://results.invalid' } },
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
      contact: { name: `${PUBLISHER.name} issues`, url: PUBLISHER.bugs.url },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Server variables carry no `description` (the server's says it): the OpenAPI 3.1 schema that
    // swagger-parser validates with (orval's) misspells that field and warns on every use.
    servers: [
      {
        url: '{base_url}',
        description: 'The service base address (`base_url`).',
        variables: { base_url: { default: 'http://127.0.0.1:4010' } },
      },
    ],
    tags: families.map((f) => ({
      name: f,
      'x-displayName': FAMILIES[f].title,
      description: FAMILIES[f].description,
    })),
    paths,
    components: {
      schemas: components,
      parameters: {
        VersionHeader: {
          name: v.headers.version,
          in: 'header',
          required: true,
          description: 'API version; every request carries it.',
          // An `enum` of one value, not `const`: the same constraint, and one generators refuse less in a header
          // (openapi-python-client drops every operation over a `const` header).
          schema: { type: 'string', enum: [v.apiVersion] },
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
          description: `Short-lived access token (prefix \`${v.prefixes.accessToken}\`) from the token exchange (\`${access.TOKEN_EXCHANGE_PATH}\`). The OAuth scope an operation needs is its \`x-oauth-scope\`.`,
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
