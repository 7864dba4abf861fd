/**
 * Turns the spec's TypeBox schemas into OpenAPI 3.1 component schemas:
 * - `$ref: "X"` becomes `#/components/schemas/X`; `$id`s are dropped, and a named schema found
 *   inline is replaced by a `$ref` to its component (no inlined duplicates);
 * - a union of string constants becomes `enum`;
 * - a union of objects told apart by a required `type` constant becomes `oneOf` + `discriminator`
 *   with a `mapping`; inline members are hoisted into components so the mapping can name them.
 */
import { isObject, type Json, type JsonObject, pascal, toJson } from './json.js';

export const COMPONENT_PREFIX = '#/components/schemas/';

export class ComponentRegistry {
  readonly schemas = new Map<string, Json>();
  constructor(private readonly named: ReadonlyMap<string, Json>) {}

  /** Converts every named schema into a component. */
  convertAll(): Record<string, Json> {
    for (const [name, schema] of this.named) this.schemas.set(name, this.convert(schema, name, true));
    return Object.fromEntries([...this.schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** Converts one schema found at `owner` (the nearest component name). */
  convert(schema: Json, owner: string, isRoot = false): Json {
    if (Array.isArray(schema)) return schema.map((s) => this.convert(s, owner));
    if (!isObject(schema)) return schema;
    if (!isRoot && typeof schema.$id === 'string' && this.named.has(schema.$id)) {
      return { $ref: COMPONENT_PREFIX + schema.$id };
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$id') continue;
      if (key === '$ref' && typeof value === 'string') {
        out.$ref = value.startsWith('#') ? value : COMPONENT_PREFIX + value;
      } else if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        out[key] = Object.fromEntries(
          Object.entries(value as JsonObject).map(([k, v]) => [k, this.convert(v, owner)]),
        );
      } else {
        out[key] = this.convert(value, owner);
      }
    }
    if (Array.isArray(out.anyOf)) return this.union(out, out.anyOf, owner);
    return out;
  }

  private resolve(schema: Json): JsonObject | undefined {
    if (!isObject(schema)) return undefined;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENT_PREFIX)) {
      const name = schema.$ref.slice(COMPONENT_PREFIX.length);
      const target = this.named.get(name) ?? this.schemas.get(name);
      return isObject(target) ? target : undefined;
    }
    return schema;
  }

  private union(node: JsonObject, members: Json[], owner: string): Json {
    const { anyOf: _, ...rest } = node;
    // Union of scalar constants: an enum.
    const consts = members.map((m) =>
      isObject(m) && Object.keys(m).every((k) => k === 'const' || k === 'type') ? m : null,
    );
    if (consts.every((c) => c && 'const' in c) && members.length > 0) {
      const types = new Set(consts.map((c) => c!.type));
      if (types.size === 1) {
        const [type] = [...types];
        return {
          ...(type ? { type } : {}),
          enum: consts.map((c) => c!.const as Json),
          ...rest,
        } as JsonObject;
      }
    }
    // Union of objects with a `type` constant: a discriminated oneOf.
    const tags = members.map((m) => {
      const target = this.resolve(m);
      const props = target && isObject(target.properties) ? target.properties : undefined;
      const tag = props && isObject(props.type) ? props.type.const : undefined;
      // A discriminator must be present in every member: an optional `type` cannot discriminate.
      const required = target && Array.isArray(target.required) && target.required.includes('type');
      return typeof tag === 'string' && required ? tag : undefined;
    });
    if (members.length > 1 && tags.every((t) => t !== undefined) && new Set(tags).size === tags.length) {
      const mapping: Record<string, string> = {};
      const refs = members.map((m, i) => {
        const tag = tags[i]!;
        let ref: string;
        if (isObject(m) && typeof m.$ref === 'string') ref = m.$ref;
        else {
          let name = `${owner}${pascal(tag)}`;
          for (let n = 2; this.schemas.has(name) || this.named.has(name); n++)
            name = `${owner}${pascal(tag)}${n}`;
          this.schemas.set(name, m);
          ref = COMPONENT_PREFIX + name;
        }
        mapping[tag] = ref;
        return { $ref: ref };
      });
      return { ...rest, oneOf: refs, discriminator: { propertyName: 'type', mapping } };
    }
    return { ...rest, anyOf: members };
  }
}

/** Component schemas for every named schema of a spec. */
export function componentSchemas(named: Readonly<Record<string, unknown>>): {
  registry: ComponentRegistry;
  schemas: Record<string, Json>;
} {
  const registry = new ComponentRegistry(new Map(Object.entries(named).map(([k, v]) => [k, toJson(v)])));
  return { registry, schemas: registry.convertAll() };
}
