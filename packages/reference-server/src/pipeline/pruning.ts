/**
 * Request pruning: what the validators are spared when the server ignores unknown fields and
 * query parameters, or array items and fields of kinds the documents do not show. The strict
 * validators then see only what the documents describe.
 */
import type { Endpoint, VendorSpec } from '@vendor-api/spec';
import type { RequestParts } from './choices.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas of any shape
type TSchema = Record<string, any>;

type Json = unknown;
type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

/** What is pruned: unknown body fields and query parameters, items and fields of unshown kinds. */
export interface Pruning {
  readonly unknownFields: boolean;
  readonly openKinds: boolean;
}

/** The name under which the items of unshown kinds reach the handler (`ctx.unshown`). */
export const UNSHOWN_KINDS = 'unshownKinds';

/** The request parts as pruned, and the array items of unshown kinds dropped from them (as sent). */
export interface Pruned {
  readonly parts: RequestParts;
  readonly dropped: readonly Json[];
}

/** The request parts with what `pruning` names dropped. */
export function pruneRequest(
  endpoint: Endpoint,
  parts: RequestParts,
  schemas: VendorSpec['schemas'],
  pruning: Pruning,
): Pruned {
  const pruner = new Pruner(schemas as Record<string, TSchema>, pruning);
  const query = { ...parts.query };
  const known = endpoint.params.query?.properties ?? {};
  if (pruning.unknownFields) for (const k of Object.keys(query)) if (!(k in known)) delete query[k];
  const body =
    endpoint.body && parts.body !== undefined ? pruner.prune(endpoint.body.schema, parts.body) : parts.body;
  return { parts: { ...parts, query, body: body === DROP ? parts.body : body }, dropped: pruner.dropped };
}

/**
 * A value checked later against a named schema (a batch request's `params`, validated when the
 * request is processed) with what `pruning` names dropped, and the array items of unshown kinds
 * dropped from it (as sent). A value wholly of another kind is kept as sent, for its validation to
 * refuse.
 */
export function pruneValue(
  name: string,
  value: Json,
  schemas: VendorSpec['schemas'],
  pruning: Pruning,
): { readonly value: Json; readonly dropped: readonly Json[] } {
  const refs = schemas as Record<string, TSchema>;
  const schema = refs[name];
  if (schema === undefined) throw new TypeError(`pruneValue: no schema named ${JSON.stringify(name)}`);
  const pruner = new Pruner(refs, pruning);
  const pruned = pruner.prune(schema, value);
  return pruned === DROP ? { value, dropped: [] } : { value: pruned, dropped: pruner.dropped };
}

/**
 * What a schema's `$ref` chain leads to, per schema set: the schemas are the spec's, the same
 * objects for every request, so each chain is followed once.
 */
const resolvedRefs = new WeakMap<Record<string, TSchema>, WeakMap<TSchema, TSchema>>();

function resolveRef(refs: Record<string, TSchema>, schema: TSchema): TSchema {
  let cache = resolvedRefs.get(refs);
  if (cache === undefined) {
    cache = new WeakMap();
    resolvedRefs.set(refs, cache);
  }
  const known = cache.get(schema);
  if (known !== undefined) return known;
  let s = schema;
  for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
    const target = refs[s.$ref.replace(/^#\/components\/schemas\//, '')];
    if (!target) break;
    s = target;
  }
  cache.set(schema, s);
  return s;
}

/** A union's tag and its members by kind, or null when it has none; found once per union. */
interface UnionTag {
  readonly tag: string;
  readonly kinds: ReadonlyMap<string, TSchema>;
}
const unionTags = new WeakMap<readonly TSchema[], UnionTag | null>();

/**
 * A union's tag: the first property of the first member (in its order: `type`, `role` for
 * conversation turns) that every member requires as a distinct constant, as the generated
 * validators tell members apart.
 */
function unionTag(refs: Record<string, TSchema>, members: readonly TSchema[]): UnionTag | null {
  const known = unionTags.get(members);
  if (known !== undefined) return known;
  const resolved = members.map((x) => resolveRef(refs, x));
  const first = resolved[0]?.properties as Record<string, TSchema> | undefined;
  let found: UnionTag | null = null;
  for (const tag of Object.keys(first ?? {})) {
    const kinds = new Map<string, TSchema>();
    for (const m of resolved) {
      const c = (m.properties as Record<string, TSchema> | undefined)?.[tag]?.const;
      const required = Array.isArray(m.required) && m.required.includes(tag);
      if (typeof c === 'string' && required) kinds.set(c, m);
    }
    if (kinds.size === resolved.length) {
      found = { tag, kinds };
      break;
    }
  }
  unionTags.set(members, found);
  return found;
}

/** A marker: the value is of a kind the documents do not show, and is dropped by its container. */
const DROP = Symbol('drop');

class Pruner {
  /** Array items (content blocks, tools) of kinds the documents do not show, dropped from their arrays. */
  readonly dropped: Json[] = [];

  constructor(
    private readonly refs: Record<string, TSchema>,
    private readonly options: Pruning,
  ) {}

  private resolve(schema: TSchema): TSchema {
    return resolveRef(this.refs, schema);
  }

  /**
   * The union member a value's tag selects: the tag is the first property of the first member (in
   * its order: `type`, `role` for conversation turns) that every member requires as a distinct
   * constant, as the generated validators tell members apart. `DROP` for a kind no member has when
   * the documents leave the union's kinds open (`x-open`); undefined if the union has no tag, or the
   * value has no kind of its own (the validators then say what is wrong).
   */
  private member(
    members: readonly TSchema[],
    value: JsonObject,
    open: boolean,
  ): TSchema | typeof DROP | undefined {
    const tagged = unionTag(this.refs, members);
    if (tagged === null) return undefined;
    const kind = value[tagged.tag];
    if (typeof kind !== 'string') return undefined;
    return tagged.kinds.get(kind) ?? (open && this.options.openKinds ? DROP : undefined);
  }

  /**
   * Whether a value at a position where one kind is shown and others are not (a lone `$ref`
   * carrying `x-open`: a tool, a thinking config, an image source) is of another kind: its `type`
   * is not the shown kind's; or the shown kind has no `type` (the custom tool) and the value has
   * one without the fields the documents show the kind with (a server tool: a tool typed `custom`
   * with a name and an input schema is the custom tool).
   */
  private otherKind(schema: TSchema, resolved: TSchema, value: JsonObject): boolean {
    if (schema['x-open'] !== true || resolved.type !== 'object' || typeof value.type !== 'string')
      return false;
    const shown = (resolved.properties as Record<string, TSchema> | undefined)?.type?.const;
    if (shown !== undefined) return value.type !== shown;
    const documented: unknown = resolved['x-choice']?.required?.documented ?? resolved.required;
    return !Array.isArray(documented) || !documented.every((k) => typeof k === 'string' && k in value);
  }

  prune(schema: TSchema, value: Json, depth = 0): Json | typeof DROP {
    if (depth > 64) return value;
    const s = this.resolve(schema);
    if (this.options.openKinds && isObject(value) && this.otherKind(schema, s, value)) return DROP;
    const union = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
    if (union && Array.isArray(value)) {
      const arrays = union.map((x) => this.resolve(x)).filter((x) => x.type === 'array');
      return arrays.length === 1 ? this.prune(arrays[0]!, value, depth + 1) : value;
    }
    if (union && isObject(value)) {
      const m = this.member(union, value, schema['x-open'] === true || s['x-open'] === true);
      if (m === DROP) return DROP;
      if (m) return this.prune(m, value, depth + 1);
      const objects = union.map((x) => this.resolve(x)).filter((x) => x.type === 'object');
      return objects.length === 1 ? this.prune(objects[0]!, value, depth + 1) : value;
    }
    if (Array.isArray(value) && s.type === 'array' && s.items && !Array.isArray(s.items)) {
      const out: Json[] = [];
      for (const item of value) {
        const p = this.prune(s.items as TSchema, item, depth + 1);
        if (p !== DROP) out.push(p);
        else this.dropped.push(item);
      }
      return out;
    }
    if (isObject(value) && s.type === 'object' && isObject(s.properties)) {
      const props = s.properties as Record<string, TSchema>;
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) {
        const prop = props[k];
        if (prop === undefined) {
          if (!(this.options.unknownFields && s.additionalProperties === false)) out[k] = v;
          continue;
        }
        const p = this.prune(prop, v, depth + 1);
        if (p !== DROP) out[k] = p;
        // A required part of another kind (an image's `url` source) makes the whole of another kind.
        else if (Array.isArray(s.required) && s.required.includes(k)) return DROP;
      }
      return out;
    }
    return value;
  }
}
