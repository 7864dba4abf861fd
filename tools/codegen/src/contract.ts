/**
 * The contract form of a schema: exactly what the documents require, open wherever they are
 * silent. The conformance suite judges another implementation with it, so a server that differs
 * only where the documents leave room (an additional field, another stop reason, another kind of
 * content block) is not failed.
 *
 * - objects are open: `additionalProperties: false` and `unevaluatedProperties: false` are
 *   dropped, unless the schema carries `x-closed: true` (the documents close that field set);
 * - a schema carrying `x-open: true` holds a value set the documents leave open: a string enum
 *   becomes any string; a union of objects (or a lone object or `$ref`, the one kind shown) also
 *   accepts any object whose `type` is a string none of the known kinds use, so a known kind with
 *   a broken shape is still rejected;
 * - a schema carrying `x-contract` is replaced by that schema (what the documents show of it);
 * - a schema carrying `x-choice` (keyword -> Unspecified id) loses those keywords: they are the
 *   reference server's choice where the documents are silent (a minimum not stated, parameters
 *   whose optionality is not stated). For `required`, the value may be
 *   `{unspecified, documented: [...]}`: only the documented names stay required;
 * - everything else (required fields, types, patterns, formats, ranges, lengths, constants) stays.
 */
import { isObject, type Json, type JsonObject } from './json.js';

/** Keys that describe a schema without constraining it; they stay on the outside of an opened one. */
const ANNOTATIONS = new Set(['$id', 'title', 'description', 'examples', 'default', 'readOnly']);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith('x-');

/** Property names whose value maps names to schemas (the names themselves are not schemas). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * The contract form of a schema. `named` holds the spec's named schemas by `$id`, to read the
 * `type` of a union member given as a `$ref`.
 */
export function contract(schema: Json, named: Readonly<Record<string, Json>>): Json {
  if (Array.isArray(schema)) return schema.map((s) => contract(s, named));
  if (!isObject(schema)) return schema;
  if (isObject(schema['x-contract'])) {
    const kept = Object.entries(schema).filter(([k]) => isAnnotation(k) && k !== 'x-contract');
    return { ...Object.fromEntries(kept), ...(contract(schema['x-contract'], named) as JsonObject) };
  }
  const closed = schema['x-closed'] === true;
  const choices = isObject(schema['x-choice']) ? schema['x-choice'] : {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key in choices) {
      const documented = (choices[key] as { documented?: unknown }).documented;
      if (key === 'required' && Array.isArray(documented) && documented.length) out.required = documented;
      continue;
    }
    if ((key === 'additionalProperties' || key === 'unevaluatedProperties') && value === false && !closed)
      continue;
    out[key] = SCHEMA_MAPS.has(key) && isObject(value) ? mapValues(value, named) : contract(value, named);
  }
  return out['x-open'] === true ? open(out, named) : out;
}

function mapValues(map: JsonObject, named: Readonly<Record<string, Json>>): JsonObject {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, contract(v, named)]));
}

/** An `x-open` schema with its value set opened. */
function open(schema: JsonObject, named: Readonly<Record<string, Json>>): JsonObject {
  const where = typeof schema.$id === 'string' ? schema.$id : JSON.stringify(schema);
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (members?.every((m) => isObject(m) && typeof m.const === 'string')) {
    const { anyOf: _, ...rest } = schema;
    return { ...rest, type: 'string' };
  }
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) {
    const { enum: _, ...rest } = schema;
    return { ...rest, type: 'string' };
  }
  // A union of kinds, or the one kind shown (then the schema itself is the only member).
  const outer: JsonObject = {};
  const inner: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) (isAnnotation(k) ? outer : inner)[k] = v;
  const kinds = members ?? [inner];
  const tags = kinds.flatMap((m) => kindsOf(m, named, where));
  return { ...outer, anyOf: [...kinds, otherKind(tags)] };
}

/** The `type` constants a union member stands for (none for a member without one, like the custom tool). */
function kindsOf(member: Json, named: Readonly<Record<string, Json>>, where: string): string[] {
  if (!isObject(member)) throw new Error(`x-open on ${where}: a member is not a schema`);
  if (typeof member.$ref === 'string') {
    const target = named[member.$ref];
    if (target === undefined) throw new Error(`x-open on ${where}: unknown $ref ${member.$ref}`);
    return kindsOf(target, named, where);
  }
  if (Array.isArray(member.anyOf)) return member.anyOf.flatMap((m) => kindsOf(m, named, where));
  if (member.type !== 'object') throw new Error(`x-open on ${where}: a member is not an object`);
  const type = isObject(member.properties) ? member.properties.type : undefined;
  return isObject(type) && typeof type.const === 'string' ? [type.const] : [];
}

/** Any object whose `type` is a string other than the known kinds. */
function otherKind(known: readonly string[]): JsonObject {
  const type: JsonObject = { type: 'string' };
  if (known.length) type.not = { enum: [...new Set(known)] };
  return { type: 'object', required: ['type'], properties: { type } };
}
