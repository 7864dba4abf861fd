/**
 * Named schemas inlined where they are referenced, for the request-body validators: ajv compiles a
 * `$ref` to a named schema as a call of that schema's function, with an options object and an
 * instance path built for every value it checks (every item of a 100,000-item batch); inlined, the
 * same checks run in the caller's loop. Verdicts and error locations do not change.
 *
 * - a schema that refers to itself (directly or through others) stays a `$ref` where it recurs;
 * - keywords beside a `$ref` are kept: merged with the target when no constraint is named on both
 *   sides, otherwise the target goes in an `allOf` beside them (both must hold, as with `$ref`);
 * - the target's `$id` and `default` are dropped (ajv fills a default only from the schema at the
 *   property itself, never through a `$ref`), and literal values (`const`, `enum`, `default`,
 *   `examples`, `x-*` annotations) are copied, not searched for references.
 */
import { isObject, type Json, type JsonObject } from './json.js';

const LITERAL = new Set(['const', 'enum', 'default', 'examples']);
const isLiteral = (key: string) => LITERAL.has(key) || key.startsWith('x-');
/** Keys that do not constrain a value: either side's may stand on the merged schema. */
const isAnnotation = (key: string) =>
  key === 'title' ||
  key === 'description' ||
  key === 'readOnly' ||
  key === 'examples' ||
  key.startsWith('x-');

export function inlineRefs(schema: Json, named: Readonly<Record<string, Json>>): Json {
  return walk(schema, named, []);
}

function walk(schema: Json, named: Readonly<Record<string, Json>>, stack: readonly string[]): Json {
  if (Array.isArray(schema)) return schema.map((s) => walk(s, named, stack));
  if (!isObject(schema)) return schema;
  const ref = schema.$ref;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = isLiteral(key) ? value : walk(value, named, stack);
  }
  if (typeof ref !== 'string' || !Object.hasOwn(named, ref) || stack.includes(ref)) return out;
  const { $id: _id, default: _default, ...target } = named[ref] as JsonObject;
  const inlined = walk(target, named, [...stack, ref]) as JsonObject;
  const { $ref: _ref, ...beside } = out;
  const clash = Object.keys(beside).some((k) => !isAnnotation(k) && Object.hasOwn(inlined, k));
  return clash
    ? { ...beside, allOf: [...((beside.allOf as Json[] | undefined) ?? []), inlined] }
    : { ...inlined, ...beside };
}
