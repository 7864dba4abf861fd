/**
 * The schema walker: compares two JSON Schemas (the spec's TypeBox schemas as JSON) in one
 * direction and reports facts (`field.removed`, `nullable.added`, `constraint.tightened`, ...).
 * Each fact maps to a wire rule and, where it changes the generated TypeScript types, a types rule.
 * Refs to the same named schema stop the walk (named schemas are compared once, on their own);
 * refs to different names are followed (a renamed schema with the same shape is no wire change).
 */
import type { Direction, RuleId } from './rules.js';
import type { Json, JsonObject } from './snapshot.js';

export type Fact =
  | 'field.added-optional'
  | 'field.added-required'
  | 'field.removed'
  | 'field.renamed'
  | 'field.required-added'
  | 'field.required-removed'
  | 'enum.value-added'
  | 'enum.value-removed'
  | 'nullable.added'
  | 'nullable.removed'
  | 'type.changed'
  | 'constraint.tightened'
  | 'constraint.loosened'
  | 'pattern.changed'
  | 'object.closed'
  | 'object.opened'
  | 'union.member-added'
  | 'union.member-removed'
  | 'default.changed'
  | 'schema.changed'
  | 'doc.changed';

/** The generated-types rule of each fact (none: the TypeScript types do not change). */
export const TYPE_RULE_OF_FACT: Readonly<Partial<Record<Fact, RuleId>>> = {
  'field.added-optional': 'property.added-optional',
  'field.added-required': 'property.added-required',
  'field.removed': 'property.removed',
  'field.renamed': 'property.renamed',
  'field.required-added': 'property.required-added',
  'field.required-removed': 'property.required-removed',
  'enum.value-added': 'literal.added',
  'enum.value-removed': 'literal.removed',
  'nullable.added': 'null.added',
  'nullable.removed': 'null.removed',
  'type.changed': 'tstype.changed',
  'union.member-added': 'literal.added',
  'union.member-removed': 'literal.removed',
  'schema.changed': 'tstype.changed',
};

export interface FactReport {
  readonly fact: Fact;
  readonly direction: Direction;
  readonly where: string;
  readonly detail: string;
  readonly requirements: readonly string[];
  /** Whether the place is visible in the generated client types. */
  readonly typed: boolean;
}

export interface WalkContext {
  readonly direction: Direction;
  readonly oldSchemas: Readonly<Record<string, Json>>;
  readonly newSchemas: Readonly<Record<string, Json>>;
  readonly typed: boolean;
  readonly emit: (report: FactReport) => void;
  /** Pairs of differently named schemas already compared (cycles). */
  readonly seen: Set<string>;
}

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (v: unknown) => JSON.stringify(v);

const DOC_KEYS = ['description', 'title', 'examples', 'x-requirements', 'x-unspecified', '$comment'];
const MIN_KEYS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];
const MAX_KEYS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const OTHER_KEYS = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'prefixItems',
  'contains',
  'dependentRequired',
  'multipleOf',
];

/** Strips documentation keys, for "same shape" comparisons (renames). */
export function shape(v: Json | undefined): Json | undefined {
  if (Array.isArray(v)) return v.map((x) => shape(x) as Json);
  if (!isObj(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) if (!DOC_KEYS.includes(k) && k !== '$id') out[k] = shape(x) as Json;
  return out;
}

/** The named schema a node stands for: a `$ref`, or an embedded schema with an `$id`. */
function refName(node: Json | undefined): string | undefined {
  if (!isObj(node)) return undefined;
  if (typeof node.$ref === 'string') return node.$ref.replace(/^#\/components\/schemas\//, '');
  if (typeof node.$id === 'string') return node.$id;
  return undefined;
}

/** Every named schema a schema reaches (through refs and embedded `$id`s). */
export function reachable(
  root: Json | undefined,
  schemas: Readonly<Record<string, Json>>,
  into: Set<string>,
): void {
  const visit = (n: Json | undefined, isRoot: boolean) => {
    if (Array.isArray(n)) {
      for (const x of n) visit(x, false);
      return;
    }
    if (!isObj(n)) return;
    const name = isRoot ? undefined : refName(n);
    if (name !== undefined) {
      if (into.has(name)) return;
      into.add(name);
      const target = schemas[name];
      if (target !== undefined) visit(target, true);
      if (typeof n.$ref === 'string') return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== '$ref') visit(v, false);
  };
  visit(root, false);
}

function splitNull(s: JsonObject): { nullable: boolean; inner: JsonObject } {
  if (Array.isArray(s.anyOf)) {
    const rest = s.anyOf.filter((m) => !(isObj(m) && m.type === 'null' && Object.keys(m).length === 1));
    if (rest.length < s.anyOf.length) {
      const { anyOf: _, ...others } = s;
      const inner: JsonObject =
        rest.length === 1 && isObj(rest[0]) ? { ...others, ...rest[0] } : { ...others, anyOf: rest };
      return { nullable: true, inner };
    }
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const types = s.type.filter((t) => t !== 'null');
    return { nullable: true, inner: { ...s, type: types.length === 1 ? (types[0] as Json) : types } };
  }
  return { nullable: false, inner: s };
}

function enumValues(s: JsonObject): Json[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  if (s.const !== undefined) return [s.const];
  if (
    Array.isArray(s.anyOf) &&
    s.anyOf.length > 0 &&
    s.anyOf.every((m) => isObj(m) && m.const !== undefined)
  ) {
    return s.anyOf.map((m) => (m as JsonObject).const as Json);
  }
  return undefined;
}

function typeOf(s: JsonObject): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return [...s.type].sort().join('|');
  if (isObj(s.properties)) return 'object';
  if (s.items !== undefined) return 'array';
  // an intersection (`StringExcept`): the type of its typed member
  if (Array.isArray(s.allOf))
    for (const m of s.allOf) if (isObj(m) && typeof m.type === 'string') return m.type;
  return undefined;
}

function unionOf(s: JsonObject): Json[] | undefined {
  const members = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  return members && members.length > 0 ? members : undefined;
}

export function walk(
  a: Json | undefined,
  b: Json | undefined,
  where: string,
  reqs: readonly string[],
  c: WalkContext,
  root = false,
): void {
  if (!isObj(a) || !isObj(b)) {
    if (!same(a, b)) emit(c, 'schema.changed', where, `${show(a)} -> ${show(b)}`, reqs);
    return;
  }
  let x: JsonObject = a;
  let y: JsonObject = b;
  if (!root) {
    const na = refName(a);
    const nb = refName(b);
    if (na !== undefined && na === nb) return;
    if (na !== undefined || nb !== undefined) {
      const key = `${na}|${nb}|${c.direction}`;
      if (c.seen.has(key)) return;
      c.seen.add(key);
      const ra = na !== undefined && typeof a.$ref === 'string' ? c.oldSchemas[na] : a;
      const rb = nb !== undefined && typeof b.$ref === 'string' ? c.newSchemas[nb] : b;
      if (!isObj(ra) || !isObj(rb)) {
        emit(c, 'schema.changed', where, `${na ?? 'inline'} -> ${nb ?? 'inline'}`, reqs);
        return;
      }
      x = ra;
      y = rb;
    }
  }
  const here = [...new Set([...reqs, ...cited(x), ...cited(y)])];

  const docChanged = DOC_KEYS.filter((k) => !same(x[k], y[k]));
  if (docChanged.length) emit(c, 'doc.changed', where, `${docChanged.join(', ')} changed`, here);

  const na = splitNull(x);
  const nb = splitNull(y);
  if (na.nullable !== nb.nullable) {
    emit(
      c,
      nb.nullable ? 'nullable.added' : 'nullable.removed',
      where,
      nb.nullable ? 'may now be null' : 'may no longer be null',
      here,
    );
  }
  x = na.inner;
  y = nb.inner;
  if (na.nullable || nb.nullable) {
    // the inner schema may be a ref
    if (refName(x) !== undefined || refName(y) !== undefined) {
      walk(x, y, where, here, c);
      return;
    }
  }

  const ea = enumValues(x);
  const eb = enumValues(y);
  if (ea && eb) {
    const sa = new Set(ea.map(show));
    const sb = new Set(eb.map(show));
    const added = [...sb].filter((v) => !sa.has(v));
    const removed = [...sa].filter((v) => !sb.has(v));
    if (added.length) emit(c, 'enum.value-added', where, `added ${added.join(', ')}`, here);
    if (removed.length) emit(c, 'enum.value-removed', where, `removed ${removed.join(', ')}`, here);
    return;
  }
  if (ea || eb) {
    if (typeOf(x) !== undefined && typeOf(x) === typeOf(y)) {
      emit(
        c,
        ea ? 'constraint.loosened' : 'constraint.tightened',
        where,
        ea ? 'enum dropped: any value of the type' : `limited to ${eb!.map(show).join(', ')}`,
        here,
      );
    } else emit(c, 'schema.changed', where, `${show(shape(x))} -> ${show(shape(y))}`, here);
    return;
  }

  const ua = unionOf(x);
  const ub = unionOf(y);
  if (ua || ub) {
    if (!ua || !ub) {
      emit(c, 'schema.changed', where, ua ? 'no longer a union' : 'now a union', here);
      return;
    }
    const ka = memberKeys(ua, c.oldSchemas);
    const kb = memberKeys(ub, c.newSchemas);
    for (const [k, m] of ka) {
      const other = kb.get(k);
      if (other === undefined) emit(c, 'union.member-removed', where, `member ${k} removed`, here);
      else walk(m, other, `${where}<${k}>`, here, c);
    }
    for (const k of kb.keys())
      if (!ka.has(k)) emit(c, 'union.member-added', where, `member ${k} added`, here);
    return;
  }

  const ta = typeOf(x);
  const tb = typeOf(y);
  if (ta !== tb) {
    if (ta === 'integer' && tb === 'number') emit(c, 'constraint.loosened', where, 'integer -> number', here);
    else if (ta === 'number' && tb === 'integer')
      emit(c, 'constraint.tightened', where, 'number -> integer', here);
    else emit(c, 'type.changed', where, `${ta ?? 'any'} -> ${tb ?? 'any'}`, here);
    return;
  }

  for (const k of MIN_KEYS) bound(c, where, here, k, x[k], y[k], 'min');
  for (const k of MAX_KEYS) bound(c, where, here, k, x[k], y[k], 'max');
  for (const k of ['pattern', 'format']) {
    if (same(x[k], y[k])) continue;
    if (x[k] === undefined) emit(c, 'constraint.tightened', where, `${k} ${show(y[k])} added`, here);
    else if (y[k] === undefined) emit(c, 'constraint.loosened', where, `${k} ${show(x[k])} removed`, here);
    else emit(c, 'pattern.changed', where, `${k} ${show(x[k])} -> ${show(y[k])}`, here);
  }
  if (!same(x.uniqueItems ?? false, y.uniqueItems ?? false)) {
    emit(
      c,
      y.uniqueItems === true ? 'constraint.tightened' : 'constraint.loosened',
      where,
      `uniqueItems ${show(y.uniqueItems ?? false)}`,
      here,
    );
  }
  if (!same(x.default, y.default))
    emit(c, 'default.changed', where, `default ${show(x.default)} -> ${show(y.default)}`, here);
  for (const k of OTHER_KEYS) {
    if (!same(shape(x[k]), shape(y[k]))) emit(c, 'schema.changed', where, `${k} changed`, here);
  }

  if (x.items !== undefined || y.items !== undefined) walk(x.items, y.items, `${where}[]`, here, c);
  if (ta === 'object' || isObj(x.properties) || isObj(y.properties)) objects(x, y, where, here, c);
}

function objects(x: JsonObject, y: JsonObject, where: string, reqs: string[], c: WalkContext): void {
  const pa = isObj(x.properties) ? x.properties : {};
  const pb = isObj(y.properties) ? y.properties : {};
  const ra = new Set(Array.isArray(x.required) ? x.required.map(String) : []);
  const rb = new Set(Array.isArray(y.required) ? y.required.map(String) : []);
  const removed = Object.keys(pa).filter((k) => !(k in pb));
  const added = Object.keys(pb).filter((k) => !(k in pa));
  const at = (k: string) => (where ? `${where}.${k}` : k);
  if (removed.length === 1 && added.length === 1 && same(shape(pa[removed[0]!]), shape(pb[added[0]!]))) {
    emit(c, 'field.renamed', at(removed[0]!), `renamed to ${added[0]}`, withCited(reqs, pa[removed[0]!]));
  } else {
    for (const k of removed) emit(c, 'field.removed', at(k), 'removed', withCited(reqs, pa[k]));
    for (const k of added) {
      const required = rb.has(k);
      emit(
        c,
        required ? 'field.added-required' : 'field.added-optional',
        at(k),
        required ? 'added, required' : 'added, optional',
        withCited(reqs, pb[k]),
      );
    }
  }
  for (const k of Object.keys(pa)) {
    if (!(k in pb)) continue;
    if (ra.has(k) !== rb.has(k)) {
      emit(
        c,
        rb.has(k) ? 'field.required-added' : 'field.required-removed',
        at(k),
        rb.has(k) ? 'now required' : 'now optional',
        reqs,
      );
    }
    walk(pa[k], pb[k], at(k), reqs, c);
  }
  const closedA = x.additionalProperties === false;
  const closedB = y.additionalProperties === false;
  if (!closedA && closedB) emit(c, 'object.closed', where, 'unknown fields now rejected', reqs);
  if (closedA && !closedB) emit(c, 'object.opened', where, 'unknown fields now accepted', reqs);
  if (isObj(x.additionalProperties) && isObj(y.additionalProperties)) {
    walk(x.additionalProperties, y.additionalProperties, `${where}{*}`, reqs, c);
  }
  if (!same(shape(x.patternProperties), shape(y.patternProperties))) {
    emit(c, 'schema.changed', where, 'patternProperties changed', reqs);
  }
}

function memberKeys(members: Json[], schemas: Readonly<Record<string, Json>>): Map<string, Json> {
  const out = new Map<string, Json>();
  members.forEach((m, i) => {
    const name = refName(m);
    const target = name !== undefined && isObj(m) && typeof m.$ref === 'string' ? schemas[name] : m;
    const props = isObj(target) && isObj(target.properties) ? target.properties : undefined;
    const disc =
      props && isObj(props.type) && props.type.const !== undefined ? String(props.type.const) : undefined;
    const simple = isObj(target) && typeof target.type === 'string' && !props ? target.type : undefined;
    out.set(disc ?? name ?? simple ?? `#${i}`, m);
  });
  return out;
}

function bound(
  c: WalkContext,
  where: string,
  reqs: string[],
  key: string,
  a: Json | undefined,
  b: Json | undefined,
  kind: 'min' | 'max',
) {
  if (same(a, b)) return;
  const na = typeof a === 'number' ? a : undefined;
  const nb = typeof b === 'number' ? b : undefined;
  let tighter: boolean;
  if (na === undefined) tighter = true;
  else if (nb === undefined) tighter = false;
  else tighter = kind === 'min' ? nb > na : nb < na;
  emit(
    c,
    tighter ? 'constraint.tightened' : 'constraint.loosened',
    where,
    `${key} ${show(a)} -> ${show(b)}`,
    reqs,
  );
}

const withCited = (reqs: readonly string[], node: Json | undefined) => [
  ...reqs,
  ...(isObj(node) ? cited(node) : []),
];

function cited(s: JsonObject): string[] {
  return Array.isArray(s['x-requirements']) ? s['x-requirements'].map(String) : [];
}

function emit(c: WalkContext, fact: Fact, where: string, detail: string, requirements: readonly string[]) {
  c.emit({ fact, direction: c.direction, where, detail, requirements, typed: c.typed });
}
