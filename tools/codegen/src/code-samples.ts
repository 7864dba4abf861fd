/**
 * Code samples of every operation, generated from the spec and the document's examples: a `curl`
 * command and a call of the project's client. The OpenAPI document carries them as
 * `x-codeSamples` (which Redoc and other renderers show); the API reference shows the same.
 *
 * What a sample sends comes from the spec: the version header and its value, the beta header with
 * the operation's betas, the credential header of the operation's first credential kind, the path
 * and the request example. Nothing a reader must fill in is written as a literal: the service's
 * address, the keys and the identifiers of resources made before (a batch, a dream, a session's
 * resource) are environment variables, so a sample runs as printed once they are set:
 *
 * - the base URL and the keys: `sampleEnvironment(vendor)`;
 * - a path parameter: its name in upper case (`{dream_id}` is `$DREAM_ID`); an operation whose URL
 *   is a field of another response: that field (`results_url` is `$RESULTS_URL`);
 * - a request field that refers to another resource (`memory_store_id`, an item of `session_ids`):
 *   its name in upper case, singular for a list (`$MEMORY_STORE_ID`, `$SESSION_ID`);
 * - the body of the operation that takes no credential header (the token exchange, whose body is
 *   the credential): the federation variables the client itself reads (`credentials.ENV_FILL`),
 *   the assertion from the identity-token variable.
 */
import {
  access,
  type Credential,
  credentials,
  DEFAULT_VENDOR_NAME,
  type Endpoint,
  type Vendor,
  type VendorSpec,
} from '@vendor-api/spec';
import { type ClientMethod, clientModel } from './client.js';
import { literalPrefix } from './examples.js';
import { camel, isObject, type Json, type JsonObject } from './json.js';
import { COMPONENT_PREFIX } from './schema.js';

/** The client package the samples import, and its class. */
export const CLIENT_PACKAGE = '@vendor-api/client';
export const CLIENT_CLASS = 'VendorClient';

/** One sample as OpenAPI's `x-codeSamples` holds it (Redoc's extension). */
export interface CodeSample {
  readonly lang: 'Shell' | 'TypeScript';
  readonly label: string;
  readonly source: string;
}

/** The label of each kind of sample in `x-codeSamples`. */
export const SAMPLE_LABELS = { curl: 'curl', client: CLIENT_PACKAGE } as const;

/** The environment variables every sample may read: where the service is and the credentials. */
export interface SampleEnvironment {
  /** The service's base URL (`http://127.0.0.1:4010` for a local sandbox). */
  readonly baseUrl: string;
  /** A workspace API key: the variable the client reads (credential source 2). */
  readonly apiKey: string;
  /** An admin API key, for the organization operations (the client takes it as `adminKey`). */
  readonly adminKey: string;
}

export function sampleEnvironment(v: Vendor): SampleEnvironment {
  return { baseUrl: `${v.envPrefix}_BASE_URL`, apiKey: v.env.apiKey, adminKey: `${v.envPrefix}_ADMIN_KEY` };
}

/** The samples of one operation, and the variables they read besides the sample environment's. */
export interface OperationSamples {
  readonly operation: string;
  readonly curl: string;
  readonly client: string;
  /** Identifier variables (`DREAM_ID`), federation variables and the like, in order of use. */
  readonly variables: readonly string[];
}

/** A value the reader supplies through an environment variable. */
class Variable {
  constructor(readonly name: string) {}
}
/** JavaScript written as it is (a call in the client's options). */
class Code {
  constructor(readonly text: string) {}
}
type Value = Json | Variable | Code | Value[] | { [key: string]: Value };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Where a request goes, what it carries, and which client method makes it. */
interface SampleRequest {
  readonly endpoint: Endpoint;
  readonly method: ClientMethod;
  /** The URL after the base URL: literal text and variables; or a whole URL from a variable. */
  readonly url: readonly (string | Variable)[];
  readonly absolute: boolean;
  readonly query: readonly (readonly [string, string])[];
  readonly credential: Credential | undefined;
  readonly body: Value | undefined;
  readonly resultName: string;
}

// ---------------------------------------------------------------------------------------------
// values from the document

const upper = (name: string) => name.toUpperCase();

function resolve(components: JsonObject, schema: Json | undefined): JsonObject {
  let s = isObject(schema) ? schema : {};
  for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
    const { $ref, ...rest } = s;
    const target = components[$ref.slice(COMPONENT_PREFIX.length)];
    s = { ...(isObject(target) ? target : {}), ...rest };
  }
  return s;
}

/** The schema of `key` in an object schema, looking through `allOf` and union branches. */
function propertySchema(components: JsonObject, schema: Json | undefined, value: JsonObject, key: string) {
  const s = resolve(components, schema);
  if (isObject(s.properties) && key in s.properties) return s.properties[key];
  const branches = [s.allOf, s.oneOf, s.anyOf].flatMap((b) => (Array.isArray(b) ? b : []));
  const fits = branches
    .map((b) => resolve(components, b))
    .filter((b) => isObject(b.properties) && key in b.properties);
  // a union's branch is told apart by its `type` constant when the value has one
  const chosen =
    fits.find((b) => {
      const t = isObject(b.properties) ? resolve(components, b.properties.type) : {};
      return !('const' in t) || t.const === value.type;
    }) ?? fits[0];
  return chosen && isObject(chosen.properties) ? chosen.properties[key] : undefined;
}

/**
 * Whether a string field names another resource: a `*_id` (or an item of `*_ids`) that is opaque
 * (no pattern), a prefix and an opaque tail (`memstore_...`) or a UUID. An identifier with a
 * pattern of its own (a batch item's `custom_id`) is one the caller makes up: its example stands.
 */
function isReference(components: JsonObject, schema: Json | undefined): boolean {
  const s = resolve(components, schema);
  if (s.type !== 'string' && s.type !== undefined) return false;
  if (s.format === 'uuid' || typeof s.pattern !== 'string') return true;
  return literalPrefix(s.pattern) !== undefined;
}

/** The request example with the values a reader supplies replaced by variables. */
function withVariables(
  components: JsonObject,
  example: Json,
  schema: Json | undefined,
  named: Readonly<Record<string, string>>,
): Value {
  if (Array.isArray(example)) {
    const items = resolve(components, schema).items;
    return example.map((item) => withVariables(components, item, items, named));
  }
  if (!isObject(example)) return example;
  const out: { [key: string]: Value } = {};
  for (const [key, value] of Object.entries(example)) {
    const property = propertySchema(components, schema, example, key);
    const variable = named[key];
    if (variable !== undefined) out[key] = new Variable(variable);
    else if (/_id$/.test(key) && typeof value === 'string' && isReference(components, property))
      out[key] = new Variable(upper(key));
    else if (
      /_ids$/.test(key) &&
      Array.isArray(value) &&
      isReference(components, resolve(components, property).items)
    )
      out[key] = value.map(() => new Variable(upper(key.slice(0, -1))));
    else out[key] = withVariables(components, value, property, named);
  }
  return out;
}

/**
 * The variables of the token exchange's body: the federation variables the client reads for the
 * same fields, and the identity token for the assertion (the client's exchange sends it so).
 */
function exchangeVariables(v: Vendor): Record<string, string> {
  const out: Record<string, string> = { assertion: v.env.identityToken };
  for (const fill of credentials.ENV_FILL) {
    const name = fill.variables(v).at(-1);
    if (fill.field !== 'identity_token' && name !== undefined) out[fill.field] = name;
  }
  return out;
}

/** A variable name for the result: the success body's component (`dream`), per item when paged. */
function resultName(components: JsonObject, op: JsonObject, e: Endpoint, call: ClientMethod['call']): string {
  const response = isObject(op.responses) ? op.responses[String(e.success.status)] : undefined;
  const media =
    isObject(response) && isObject(response.content) ? Object.values(response.content)[0] : undefined;
  let ref = isObject(media) && isObject(media.schema) ? media.schema.$ref : undefined;
  if (call === 'paginate' && typeof ref === 'string') {
    const data = resolve(components, { $ref: ref }).properties;
    const items = isObject(data) && isObject(data.data) ? data.data.items : undefined;
    ref = isObject(items) ? items.$ref : undefined;
  }
  if (typeof ref !== 'string') return call === 'request' ? 'response' : 'item';
  return camel(ref.slice(COMPONENT_PREFIX.length));
}

function sampleRequest(
  spec: VendorSpec,
  e: Endpoint,
  op: JsonObject,
  method: ClientMethod,
  components: JsonObject,
): SampleRequest {
  const url: (string | Variable)[] = [];
  if (e.path === null) {
    if (!e.url) throw new Error(`${e.id}: no path and no URL field`);
    url.push(new Variable(upper(e.url.field)));
  } else {
    for (const [i, part] of e.path.split(/\{([a-z_]+)\}/).entries())
      if (part) url.push(i % 2 ? new Variable(upper(part)) : part);
  }
  const query: [string, string][] = [];
  for (const p of (op.parameters as Json[] | undefined) ?? []) {
    if (isObject(p) && p.in === 'query' && p.required === true && 'example' in p)
      query.push([String(p.name), String(p.example)]);
  }
  const media =
    isObject(op.requestBody) && isObject(op.requestBody.content)
      ? op.requestBody.content['application/json']
      : undefined;
  const body =
    isObject(media) && 'example' in media
      ? withVariables(
          components,
          media.example as Json,
          media.schema,
          e.auth.length === 0 ? exchangeVariables(spec.vendor) : {},
        )
      : undefined;
  return {
    endpoint: e,
    method,
    url,
    absolute: e.path === null,
    query,
    credential: e.auth[0],
    body,
    resultName: resultName(components, op, e, method.call),
  };
}

function variablesOf(
  value: Value | readonly (string | Variable)[] | undefined,
  out: string[] = [],
): string[] {
  if (value instanceof Variable) {
    if (!out.includes(value.name)) out.push(value.name);
  } else if (Array.isArray(value)) for (const v of value) variablesOf(v, out);
  else if (isObject(value))
    for (const v of Object.values(value as Record<string, Value>)) variablesOf(v, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// curl

/** Text inside double quotes of a POSIX shell, variables expanded. */
const doubleQuoted = (parts: readonly (string | Variable)[]) =>
  `"${parts.map((p) => (p instanceof Variable ? `$${p.name}` : p.replace(/(["\\$`])/g, '\\$1'))).join('')}"`;

/** A variable inside JSON text, replaced once the text is escaped for the shell. */
const SENTINEL = (name: string) => `@@${name}@@`;

function curlSample(r: SampleRequest, env: SampleEnvironment, v: Vendor): string {
  const e = r.endpoint;
  const url: (string | Variable)[] = r.absolute ? [...r.url] : [new Variable(env.baseUrl), ...r.url];
  if (r.query.length) url.push(`?${new URLSearchParams(r.query as [string, string][])}`);
  const lines = [`curl ${doubleQuoted(url)}`];
  if (e.method !== 'GET' && !(e.method === 'POST' && r.body !== undefined)) lines.push(`-X ${e.method}`);
  if (r.credential) {
    const secret = new Variable(r.credential === 'admin_key' ? env.adminKey : env.apiKey);
    const { name, value } = access.credentialHeader(r.credential, SENTINEL(secret.name));
    const [before, after] = value.split(SENTINEL(secret.name));
    lines.push(`-H ${doubleQuoted([`${name}: ${before ?? ''}`, secret, after ?? ''])}`);
  }
  for (const [name, value] of Object.entries(access.versioningHeaders(v, e.betas)))
    lines.push(`-H ${doubleQuoted([`${name}: ${value}`])}`);
  let heredoc: string | undefined;
  if (r.body !== undefined) {
    lines.push(`-H ${doubleQuoted(['content-type: application/json'])}`);
    const json = JSON.stringify(r.body, (_, x) => (x instanceof Variable ? SENTINEL(x.name) : x), 2);
    if (variablesOf(r.body).length) {
      // An unquoted here-document expands the variables; everything else is escaped.
      const text = json
        .replace(/([\\$`])/g, '\\$1')
        .replace(/@@([A-Z0-9_]+)@@/g, (_, name: string) => `$${name}`);
      lines.push('--data @- <<JSON');
      heredoc = `${text}\nJSON`;
    } else lines.push(`--data '${json.replace(/'/g, `'\\''`)}'`);
  }
  const command = lines.join(' \\\n  ');
  return heredoc === undefined ? command : `${command}\n${heredoc}`;
}

// ---------------------------------------------------------------------------------------------
// the client

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const WIDTH = 80;

const jsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

/** A value as a JavaScript literal: on one line when it fits (and `open` is not asked), else one entry a line. */
function literal(value: Value, indent: string, open = false): string {
  if (value instanceof Variable) return `process.env.${value.name}`;
  if (value instanceof Code) return value.text;
  if (typeof value === 'string') return jsString(value);
  if (value === null || typeof value !== 'object') return String(value);
  const inner = `${indent}  `;
  const isArray = Array.isArray(value);
  const entries = isArray
    ? (value as Value[]).map((x) => literal(x, inner))
    : Object.entries(value as Record<string, Value>).map(
        ([k, x]) => `${IDENTIFIER.test(k) ? k : jsString(k)}: ${literal(x, inner)}`,
      );
  if (!entries.length) return isArray ? '[]' : '{}';
  return list(entries, isArray ? ['[', ']'] : ['{', '}'], indent, open, !isArray);
}

/** Entries between brackets: `{ a, b }` on one line when it fits, else one entry a line. */
function list(
  entries: readonly string[],
  [open, close]: readonly [string, string],
  indent: string,
  broken = false,
  padded = true,
): string {
  const pad = padded ? ' ' : '';
  const flat = `${open}${pad}${entries.join(', ')}${pad}${close}`;
  if (!broken && !flat.includes('\n') && indent.length + flat.length <= WIDTH) return flat;
  return `${open}\n${entries.map((x) => `${indent}  ${x},`).join('\n')}\n${indent}${close}`;
}

/**
 * `head(args)tail` within the line width: on one line; else the last argument, an object, opened
 * over lines; else one argument a line.
 */
function callText(head: string, args: readonly Value[], tail: string): string {
  const flat = args.map((a) => literal(a, ''));
  const line = `${head}(${flat.join(', ')})${tail}`;
  if (!line.includes('\n') && line.length <= WIDTH) return line;
  const last = args.at(-1);
  if (isObject(last)) {
    const before = flat.slice(0, -1);
    const opened = `${head}(${[...before, literal(last, '', true)].join(', ')})${tail}`;
    if (opened.split('\n')[0]!.length <= WIDTH) return opened;
  }
  return `${head}${list(
    args.map((a) => literal(a, '  ')),
    ['(', ')'],
    '',
    true,
    false,
  )}${tail}`;
}

function clientSample(r: SampleRequest, env: SampleEnvironment, v: Vendor, defaultVendor: boolean): string {
  const m = r.method;
  const args: Value[] = [];
  const pathVariables = r.url.filter((p): p is Variable => p instanceof Variable);
  for (const p of m.params) {
    if (p.name === 'options') continue;
    if (p.name === 'query') {
      if (r.query.length) args.push(Object.fromEntries(r.query));
      else if (!p.optional) args.push({});
    } else if (p.name === 'body') args.push(r.body ?? {});
    else {
      const variable = pathVariables.shift();
      if (!variable) throw new Error(`${r.endpoint.id}: no value for the client parameter ${p.name}`);
      args.push(variable);
    }
  }
  const options: { [key: string]: Value } = { baseURL: new Variable(env.baseUrl) };
  if (r.credential === 'admin_key') options.adminKey = new Variable(env.adminKey);
  const imports = [`import { ${CLIENT_CLASS} } from '${CLIENT_PACKAGE}';`];
  if (!defaultVendor) {
    // another vendor's names (headers, variables): the client is told the vendor
    imports.push(`import { defineVendor } from '@vendor-api/spec';`);
    options.vendor = new Code(`defineVendor(${jsString(v.name)})`);
  }
  const credential =
    r.credential === undefined
      ? '// no credential header: the body carries the credential'
      : r.credential === 'admin_key'
        ? `// credentials: the admin key in ${env.adminKey}`
        : `// credentials: ${env.apiKey} (or a profile, an access token, federation)`;
  const construct = callText(`const client = new ${CLIENT_CLASS}`, [options], ';');
  const use =
    m.call === 'request'
      ? [callText(`const ${r.resultName} = await ${m.path}`, args, ';'), `console.log(${r.resultName});`]
      : [
          callText(`for await (const ${r.resultName} of ${m.path}`, args, ') {'),
          `  console.log(${r.resultName});`,
          '}',
        ];
  return [...imports, '', credential, construct, '', ...use].join('\n');
}

// ---------------------------------------------------------------------------------------------

/** The samples of every operation of a document built from `spec` (examples already added). */
export function codeSamples(spec: VendorSpec, document: JsonObject): OperationSamples[] {
  const components = (isObject(document.components) ? document.components.schemas : {}) as JsonObject;
  const methods = new Map([...clientModel(spec).methods.values()].map((m) => [m.endpoint.id, m]));
  const ops = new Map<string, JsonObject>();
  for (const item of Object.values(document.paths as JsonObject))
    if (isObject(item))
      for (const method of METHODS) {
        const op = item[method];
        if (isObject(op) && typeof op.operationId === 'string') ops.set(op.operationId, op);
      }
  const env = sampleEnvironment(spec.vendor);
  const defaultVendor = spec.vendor.name === DEFAULT_VENDOR_NAME;
  return spec.endpoints.map((e) => {
    const op = ops.get(e.id);
    const method = methods.get(e.id);
    if (!op || !method) throw new Error(`${e.id}: not in the document or the client`);
    const r = sampleRequest(spec, e, op, method, components);
    return {
      operation: e.id,
      curl: curlSample(r, env, spec.vendor),
      client: clientSample(r, env, spec.vendor, defaultVendor),
      variables: [...variablesOf(r.url), ...variablesOf(r.body)],
    };
  });
}

/** Adds `x-codeSamples` (curl, then the client) to every operation of the document, in place. */
export function addCodeSamples(document: JsonObject, spec: VendorSpec): void {
  const samples = new Map(codeSamples(spec, document).map((s) => [s.operation, s]));
  for (const item of Object.values(document.paths as JsonObject)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      const s = isObject(op) ? samples.get(String(op.operationId)) : undefined;
      if (!isObject(op) || !s) continue;
      op['x-codeSamples'] = [
        { lang: 'Shell', label: SAMPLE_LABELS.curl, source: s.curl },
        { lang: 'TypeScript', label: SAMPLE_LABELS.client, source: s.client },
      ] satisfies CodeSample[] as unknown as Json;
    }
  }
}
