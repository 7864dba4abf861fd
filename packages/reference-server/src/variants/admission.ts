/**
 * Request admission: what of a request the server takes into account before the spec's strict
 * validators see it. With no variant on, the request as it came.
 */
import type { Endpoint } from '@vendor-api/spec';
import { admitDefaultWorkspaceFilter, admitDefaultWorkspacePath, admitMemberRole } from './admin.js';
import { admitListParameters } from './lists.js';
import { admitLenientMessages } from './messages.js';
import { admitSessionBodies } from './sessions.js';
import type { HasVariants } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas of any shape
type TSchema = Record<string, any>;

type Json = unknown;
type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface RequestParts {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string | undefined>;
  readonly body: unknown;
}

/**
 * A request as admitted: the parts the validators see, and what is handed to the handler after
 * validation (query parameters the documents do not show; a body the validators cannot judge).
 */
export interface Admission {
  readonly parts: RequestParts;
  readonly after: {
    readonly query: Record<string, unknown>;
    readonly path?: Record<string, unknown>;
    readonly body?: unknown;
  };
}

/** Admissions that take more than the documents show, in order. */
const ADMISSIONS: readonly ((state: HasVariants, endpoint: Endpoint, parts: RequestParts) => Admission)[] = [
  admitListParameters,
  admitMemberRole,
  admitDefaultWorkspaceFilter,
  admitDefaultWorkspacePath,
  admitLenientMessages,
  admitSessionBodies,
];

/**
 * The request as admitted: each admission of `ADMISSIONS` in turn, then under
 * `lenient-unknown-fields` unknown body fields and query parameters dropped, and under
 * `open-kinds-accepted` array items and fields of kinds the documents do not show (the server
 * ignores them). The strict validators then see only what the documents describe.
 */
export function admitRequest(state: HasVariants, endpoint: Endpoint, parts: RequestParts): Admission {
  if (state.variants.size === 0) return { parts, after: { query: {} } };
  let current = parts;
  const query: Record<string, unknown> = {};
  const path: Record<string, unknown> = {};
  let body: { value: unknown } | null = null;
  for (const admit of ADMISSIONS) {
    const a = admit(state, endpoint, current);
    current = a.parts;
    Object.assign(query, a.after.query);
    Object.assign(path, a.after.path);
    if ('body' in a.after) body = { value: a.after.body };
  }
  return {
    parts: pruneRequest(state, endpoint, current),
    after: body === null ? { query, path } : { query, path, body: body.value },
  };
}

/**
 * The request parts as admitted: under `lenient-unknown-fields` unknown body fields and query
 * parameters are dropped; under `open-kinds-accepted` array items and fields of kinds the
 * documents do not show are dropped (the server ignores them). The strict validators then see only
 * what the documents describe.
 */
function pruneRequest(state: HasVariants, endpoint: Endpoint, parts: RequestParts): RequestParts {
  const unknownFields = state.variants.has('lenient-unknown-fields');
  const openKinds = state.variants.has('open-kinds-accepted');
  if (!unknownFields && !openKinds) return parts;
  const pruner = new Pruner(state.spec.schemas as Record<string, TSchema>, { unknownFields, openKinds });
  const query = { ...parts.query };
  const known = endpoint.params.query?.properties ?? {};
  if (unknownFields) for (const k of Object.keys(query)) if (!(k in known)) delete query[k];
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
    private readonly options: { unknownFields: boolean; openKinds: boolean },
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

  /** The union member a value's `type` selects; `DROP` for a kind no member has; undefined if not a kinded union. */
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
