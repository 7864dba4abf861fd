/**
 * The lenient form of a response schema, for clients: unknown properties are allowed and a
 * closed set of string values (an enum) accepts any string, so a newer server does not break an
 * older client. Constants that tell union members apart stay, but a union of objects also accepts
 * any object (a new kind of block or resource is tolerated).
 */
import { isObject, type Json, type JsonObject } from './json.js';

export function lenient(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(lenient);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'unevaluatedProperties' && value === false) continue;
    out[key] =
      key === 'properties' || key === 'patternProperties' ? mapValues(value as JsonObject) : lenient(value);
  }
  const members = Array.isArray(out.anyOf) ? out.anyOf : undefined;
  if (members && members.length > 1) {
    const allStringConsts = members.every((m) => isObject(m) && 'const' in m && typeof m.const === 'string');
    if (allStringConsts) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, type: 'string' };
    }
    const allObjects = members.every(
      (m) => isObject(m) && (m.type === 'object' || typeof m.$ref === 'string'),
    );
    if (allObjects) out.anyOf = [...members, { type: 'object' }];
  }
  return out;
}

function mapValues(props: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, lenient(v)]));
}
