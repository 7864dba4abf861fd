/**
 * Request and response examples, derived from the schemas of the OpenAPI document: a value is a
 * schema's own `examples`/`const`/`default`/first `enum` value, else the smallest value its
 * keywords allow (required fields only in requests, every field in responses). Examples are
 * placed on media types and parameters, never inside schemas, so generated types do not change.
 *
 * Where a schema alone admits values the service refuses (a model id, a cross-field rule), the
 * spec gives an `examples` annotation; the generator never invents one. An array of a union
 * with `minItems` n takes the union's kinds in turn, so "one input of each kind" holds.
 */
import { isObject, type Json, type JsonObject } from './json.js';
import { COMPONENT_PREFIX } from './schema.js';

/** The example error type of an error the documents do not name the type of. */
const UNNAMED_ERROR_TYPE = 'not named by the documents';

/** The instant every example timestamp uses: fixed, so generation stays byte-identical. */
export const EXAMPLE_INSTANT = '2026-01-01T00:00:00Z';

type Direction = 'request' | 'response';

export class ExampleError extends Error {
  override readonly name = 'ExampleError';
}

/** Candidate strings tried, in order, against a `pattern` the schema gives no example for. */
const PATTERN_CANDIDATES = ['example', 'example-1', '1.0', '0', 'a'];

/** The literal text a `^literal…` pattern starts with (escapes undone), if it has one. */
export function literalPrefix(pattern: string): string | undefined {
  const m = /^\^((?:[A-Za-z0-9_ :/-]|\\[.\-/_:])+)/.exec(pattern);
  return m?.[1]?.replace(/\\(.)/g, '$1');
}

function sampleString(schema: JsonObject, at: string): string {
  const format = schema.format;
  let value: string;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const prefix = pattern !== undefined ? literalPrefix(pattern) : undefined;
  if (format === 'date-time') value = EXAMPLE_INSTANT;
  else if (format === 'date') value = EXAMPLE_INSTANT.slice(0, 10);
  else if (format === 'uri' || format === 'url') value = 'https://example.com/example';
  else if (format === 'uuid') value = '00000000-0000-4000-8000-000000000000';
  else if (format === 'email') value = 'user@example.com';
  else if (pattern !== undefined) {
    const re = new RegExp(pattern, 'u');
    const candidates =
      prefix !== undefined ? [`${prefix}example`, ...PATTERN_CANDIDATES] : PATTERN_CANDIDATES;
    const found = candidates.find((c) => re.test(c));
    if (found === undefined)
      throw new ExampleError(
        `${at}: no example matches the pattern ${pattern}; give the schema \`examples\``,
      );
    value = found;
  } else value = 'example';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (value.length < min) value = value.padEnd(min, 'x');
  return value;
}

function sampleNumber(schema: JsonObject, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : 1;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  let value = Math.max(min, 1);
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
}

const typeOf = (schema: JsonObject): string | undefined => {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  if (isObject(schema.properties)) return 'object';
  if (isObject(schema.items)) return 'array';
  return undefined;
};

/**
 * Schemas to sample instead of a component's property (`Component/property`): for values that
 * derive from the vendor name (model ids), which vendor-independent schemas cannot carry, and for
 * an open object whose documented shape is another component.
 */
export type ExampleHints = Readonly<Record<string, Json>>;

/** Example values of the schemas of one OpenAPI document. */
export class ExampleSampler {
  constructor(
    private readonly components: Readonly<Record<string, Json>>,
    private readonly hints: ExampleHints = {},
  ) {}

  private resolve(ref: string): JsonObject {
    const name = ref.startsWith(COMPONENT_PREFIX) ? ref.slice(COMPONENT_PREFIX.length) : ref;
    const target = this.components[name];
    if (!isObject(target)) throw new ExampleError(`unresolved $ref ${ref}`);
    return target;
  }

  /** The alternatives of a union, nulls last (an example shows the value, not its absence). */
  private branches(schema: JsonObject): JsonObject[] {
    const list = (schema.oneOf ?? schema.anyOf) as Json[];
    return list.filter(isObject).sort((a, b) => Number(a.type === 'null') - Number(b.type === 'null'));
  }

  sample(schema: Json, direction: Direction, at: string, pick = 0, owner?: string): Json {
    if (!isObject(schema)) return null;
    if (Array.isArray(schema.examples) && schema.examples.length)
      return structuredClone(schema.examples[0] as Json);
    if ('const' in schema) return structuredClone(schema.const as Json);
    if ('default' in schema) return structuredClone(schema.default as Json);
    if (Array.isArray(schema.enum) && schema.enum.length) return structuredClone(schema.enum[0] as Json);
    if (typeof schema.$ref === 'string') {
      const { $ref, ...rest } = schema;
      const target = this.resolve($ref);
      const owner = $ref.slice(COMPONENT_PREFIX.length);
      // A `$ref` beside other keywords: the referenced schema, with the sibling's annotations.
      const merged = Object.keys(rest).length ? { ...target, ...rest } : target;
      return this.sample(merged, direction, at, pick, owner);
    }
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
      const branches = this.branches(schema);
      const branch = branches[pick % branches.length];
      if (!branch) throw new ExampleError(`${at}: a union without alternatives`);
      const { oneOf: _o, anyOf: _a, discriminator: _d, ...siblings } = schema;
      const sampled = this.sample(branch, direction, at);
      const rest = Object.keys(siblings).some((k) => k === 'properties' || k === 'type')
        ? this.sample(siblings, direction, at)
        : undefined;
      return isObject(sampled) && isObject(rest) ? { ...rest, ...sampled } : sampled;
    }
    if (Array.isArray(schema.allOf) && typeOf(schema) === undefined) {
      const parts = schema.allOf.map((s, i) => this.sample(s, direction, `${at}/allOf/${i}`));
      return Object.assign({}, ...parts.filter(isObject));
    }
    switch (typeOf(schema)) {
      case 'object':
        return this.sampleObject(schema, direction, at, owner);
      case 'array': {
        const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
        const count = Math.max(min, 1);
        const items = schema.items ?? {};
        return Array.from({ length: count }, (_, i) => this.sample(items, direction, `${at}/${i}`, i));
      }
      case 'string':
        return sampleString(schema, at);
      case 'integer':
        return sampleNumber(schema, true);
      case 'number':
        return sampleNumber(schema, false);
      case 'boolean':
        return false;
      case 'null':
        return null;
      default:
        return {};
    }
  }

  private sampleObject(schema: JsonObject, direction: Direction, at: string, owner?: string): JsonObject {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const out: JsonObject = {};
    for (const [name, property] of Object.entries(properties)) {
      if (direction === 'request' && !required.has(name)) continue;
      const hint = owner === undefined ? undefined : this.hints[`${owner}/${name}`];
      out[name] = this.sample(hint ?? property, direction, `${at}/${name}`);
    }
    return out;
  }
}

/**
 * A required parameter's example: the beta identifiers it requires, or its schema's example. An
 * optional parameter has none (a request example holds what the request needs, as its body holds
 * the required fields): an example cursor or filter would name something no server holds.
 */
function parameterExample(sampler: ExampleSampler, param: JsonObject, at: string): Json | undefined {
  const betas = param['x-required-betas'];
  if (Array.isArray(betas)) return betas.join(',');
  if (param.required !== true) return undefined;
  return sampler.sample(param.schema ?? {}, 'request', at);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Adds `example`s to every parameter, request body and response body of the document (in place). */
export function addExamples(document: JsonObject, hints: ExampleHints = {}): void {
  const components = document.components as JsonObject;
  const sampler = new ExampleSampler(components.schemas as JsonObject, hints);
  for (const [name, param] of Object.entries(components.parameters as JsonObject)) {
    if (!isObject(param)) continue;
    const example = parameterExample(sampler, param, `#/components/parameters/${name}`);
    if (example !== undefined) param.example = example;
  }
  for (const [path, item] of Object.entries(document.paths as JsonObject)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const at = `${method.toUpperCase()} ${path}`;
      for (const param of (op.parameters as Json[] | undefined) ?? []) {
        if (!isObject(param) || typeof param.$ref === 'string') continue;
        const example = parameterExample(sampler, param, `${at} ${param.name}`);
        if (example !== undefined) param.example = example;
      }
      const body = op.requestBody;
      if (isObject(body)) addMediaExamples(sampler, body.content, 'request', `${at} request`);
      for (const [status, response] of Object.entries(op.responses as JsonObject)) {
        if (!isObject(response)) continue;
        addMediaExamples(sampler, response.content, 'response', `${at} ${status}`, response);
      }
    }
  }
}

function addMediaExamples(
  sampler: ExampleSampler,
  content: Json | undefined,
  direction: Direction,
  at: string,
  response?: JsonObject,
): void {
  if (!isObject(content)) return;
  for (const media of Object.values(content)) {
    if (!isObject(media) || !isObject(media.schema)) continue;
    // A body the documents do not show has no example: one would read as a contract.
    if (response?.['x-unspecified'] !== undefined) continue;
    if (Object.keys(media.schema).every((k) => k === 'description')) continue;
    let example = sampler.sample(media.schema, direction, at);
    if (
      media.schema.$ref === `${COMPONENT_PREFIX}ErrorBody` &&
      isObject(example) &&
      isObject(example.error)
    ) {
      // The error body of this status: the error type its first case names, and when it happens.
      const cases = Array.isArray(response?.['x-error-cases']) ? response['x-error-cases'] : [];
      const first = isObject(cases[0]) ? cases[0] : undefined;
      example = {
        ...example,
        error: {
          ...example.error,
          type: typeof first?.type === 'string' ? first.type : UNNAMED_ERROR_TYPE,
          message: typeof first?.when === 'string' ? first.when : String(response?.description ?? ''),
        },
      };
    }
    media.example = example;
  }
}
