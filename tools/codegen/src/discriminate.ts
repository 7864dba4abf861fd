/**
 * Discriminated unions in the validators: a union (`anyOf`) of objects each of which requires one
 * property (`type`, `role`, whichever it is) to be a constant of its own is checked by that property first, so a
 * failure names the kind the value says it is and the one field that is wrong, never every kind:
 *
 *   { anyOf: [A, B] }  ->  { type: object, required: [tag], properties: { tag: { enum: [a, b] } },
 *                            allOf: [ { if: { required: [tag], properties: { tag: { const: a } } }, then: A },
 *                                     { if: ..., then: B } ] }
 *
 * A value whose tag is a or b is checked against A or B alone; an unknown tag fails the `enum`
 * (`type: must be one of "a", "b"`); a missing one the `required`. Verdicts do not change: the
 * tags are distinct and required in every member, so at most one member can hold, and it holds
 * exactly when its branch does. Unions that are not of this shape (a string or an array, the
 * contract form's other kind) stay as they are.
 */
import { isObject, type Json, type JsonObject } from './json.js';

/**
 * The one kind the documents show where they leave kinds open (`x-open` on an object, such as the
 * thinking config): checked by its tag first too, so another kind is told its tag is not one
 * shown rather than that a field of the shown kind is missing.
 */
function loneKind(schema: JsonObject): JsonObject {
  const { 'x-open': open, description, title, ...kind } = schema;
  const tag = tagOf([kind]);
  if (tag === undefined) return schema;
  const annotations = {
    'x-open': open as Json,
    ...(description !== undefined ? { description } : {}),
    ...(title !== undefined ? { title } : {}),
  };
  return { ...annotations, ...(discriminated([kind], [kind], tag, {}) as JsonObject) };
}

/**
 * The tag of some members: the first property of the first member (in its order: `type`, `role`)
 * that every member requires as a constant of its own; undefined when there is none.
 */
function tagOf(members: readonly JsonObject[]): string | undefined {
  const first = members[0]?.properties;
  if (!isObject(first)) return undefined;
  return Object.keys(first).find((property) => tagsOf(members, property) !== null);
}

/** The members' constant of a property each requires, if every member has a distinct one. */
function tagsOf(members: readonly JsonObject[], tag: string): string[] | null {
  const values: string[] = [];
  for (const m of members) {
    const property = isObject(m.properties) ? m.properties[tag] : undefined;
    const value = isObject(property) ? property.const : undefined;
    const required = Array.isArray(m.required) && m.required.includes(tag);
    if (typeof value !== 'string' || !required || values.includes(value)) return null;
    values.push(value);
  }
  return values;
}

/**
 * The schema with its discriminable unions checked by their tag. `named` resolves a member given
 * as a `$ref` (the member itself stays a `$ref` in its branch).
 */
export function discriminate(schema: Json, named: Readonly<Record<string, Json>>): Json {
  if (Array.isArray(schema)) return schema.map((s) => discriminate(s, named));
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    const literal = key === 'const' || key === 'enum' || key === 'default' || key === 'examples';
    out[key] =
      literal || key.startsWith('x-')
        ? value
        : key === 'properties' || key === 'patternProperties' || key === '$defs'
          ? Object.fromEntries(
              Object.entries(value as JsonObject).map(([k, v]) => [k, discriminate(v, named)]),
            )
          : discriminate(value, named);
  }
  if (out['x-open'] === true && out.type === 'object' && !('anyOf' in out)) return loneKind(out);
  const members = out.anyOf;
  if (!Array.isArray(members) || members.length < 2) return out;
  // Keywords the rewrite writes must not stand beside the union already.
  if (['required', 'properties', 'allOf'].some((k) => k in out) || (out.type ?? 'object') !== 'object')
    return out;
  const resolved = members.map((m) =>
    isObject(m) && typeof m.$ref === 'string' && isObject(named[m.$ref]) ? (named[m.$ref] as JsonObject) : m,
  );
  if (!resolved.every(isObject) || resolved.some((m) => m.type !== 'object')) return out;
  const { anyOf: _, ...rest } = out;
  const tag = tagOf(resolved as JsonObject[]);
  return tag === undefined ? out : discriminated(members, resolved as JsonObject[], tag, rest);
}

/** The union of `members` (resolved: `kinds`) checked by `tag`, beside the keywords of `rest`. */
function discriminated(members: Json[], kinds: JsonObject[], tag: string, rest: JsonObject): Json {
  const values = tagsOf(kinds, tag) ?? [];
  return {
    ...rest,
    type: 'object',
    required: [tag],
    properties: { [tag]: { enum: values } },
    allOf: members.map((member, i) => ({
      if: { required: [tag], properties: { [tag]: { const: values[i] as string } } },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, in a schema never awaited
      then: member,
    })),
  };
}
