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

/** The request parts with what `pruning` names dropped. */
export function pruneRequest(
  endpoint: Endpoint,
  parts: RequestParts,
  schemas: VendorSpec['schemas'],
  pruning: Pruning,
): RequestParts {
  const pruner = new Pruner(schemas as Record<string, TSchema>, pruning);
  const query = { ...parts.query };
  const known = endpoint.params.query?.properties ?? {};
  if (pruning.unknownFields) for (const k of Object.keys(query)) if (!(k in known)) delete query[k];
  const body =
    endpoint.body && parts.body !== undefined ? pruner.prune(endpoint.body.schema, parts.body) : parts.body;
  return { ...parts, query, body: body === DROP ? parts.body : body };
}

/** Properties that tell the members of a union apart. */
const DISCRIMINATORS = ['type', 'role'] as const;

/** A marker: the value is of a kind the documents do not show, and is dropped by its container. */
const DROP = Symbol('drop');

class Pruner {
  constructor(
    private readonly refs: Record<string, TSchema>,
    private readonly options: Pruning,
  ) {}

  private resolve(schema: TSchema): TSchema {
    let s = schema;
    for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) {
      const target = this.refs[s.$ref.replace(/^#\/components\/schemas\//, '')];
      if (!target) break;
      s = target;
    }
    return s;
  }

  /**
   * The union member a value's discriminator selects (`type`, or `role` for conversation turns):
   * `DROP` for a kind no member has; undefined if the union has no discriminator.
   */
  private member(members: readonly TSchema[], value: JsonObject): TSchema | typeof DROP | undefined {
    const resolved = members.map((x) => this.resolve(x));
    for (const tag of DISCRIMINATORS) {
      const kinds = new Map<string, TSchema>();
      for (const m of resolved) {
        const c = (m.properties as Record<string, TSchema> | undefined)?.[tag]?.const;
        if (typeof c === 'string') kinds.set(c, m);
      }
      if (kinds.size !== resolved.length) continue;
      const kind = value[tag];
      if (typeof kind !== 'string') return undefined;
      return kinds.get(kind) ?? (tag === 'type' && this.options.openKinds ? DROP : undefined);
    }
    return undefined;
  }

  prune(schema: TSchema, value: Json, depth = 0): Json | typeof DROP {
    if (depth > 64) return value;
    const s = this.resolve(schema);
    const union = (s.anyOf ?? s.oneOf) as TSchema[] | undefined;
    if (union && Array.isArray(value)) {
      const arrays = union.map((x) => this.resolve(x)).filter((x) => x.type === 'array');
      return arrays.length === 1 ? this.prune(arrays[0]!, value, depth + 1) : value;
    }
    if (union && isObject(value)) {
      const m = this.member(union, value);
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
      }
      return out;
    }
    return value;
  }
}
