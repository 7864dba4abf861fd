/**
 * `diffSnapshots(old, new)`: every change between two versions of the spec, classified by the
 * rule table (`rules.ts`) at three levels: wire (operations, schemas by direction, auth, betas,
 * requirements), generated types (names, methods and parameters of the generated client, and
 * the type effect of each schema change) and behaviour (state machines, rule data and code, vendor
 * names). Pure: same snapshots in, same report out.
 */
import { buildOpenApi, clientModel } from '@vendor-api/codegen';
import type { AnyMachine, Endpoint, Requirement, Unspecified, VendorSpec } from '@vendor-api/spec';
import { type Direction, type Level, RULES, type RuleId, SEVERITY_ORDER, type Severity } from './rules.js';
import {
  type FactReport,
  reachable,
  shape,
  TYPE_RULE_OF_FACT,
  type WalkContext,
  walk,
} from './schema-diff.js';
import type { Json, JsonObject, Snapshot } from './snapshot.js';

export interface Change {
  readonly rule: RuleId;
  readonly level: Level;
  readonly severity: Severity;
  /** For schema changes: whether the place is a request part or a response. */
  readonly direction?: Direction;
  /** Where: `operation dreams.create body.instructions`, `schema Dream.status`, `machine dreams`. */
  readonly where: string;
  readonly detail: string;
  /** Requirement ids the changed place cites. */
  readonly requirements: readonly string[];
}

export interface Report {
  readonly changes: readonly Change[];
  readonly counts: Readonly<Record<Severity, number>>;
  /** The highest severity found, or `none`. */
  readonly highest: Severity | 'none';
}

/**
 * Direction hints for rule data the differ cannot judge by itself: a number where higher accepts
 * more (`higher-is-looser`) or less, a list where more entries accept more (`more-is-looser`) or
 * less. Anything else that changes is `rule.data-changed` (breaking).
 */
export const RULE_DATA_DIRECTIONS: Readonly<
  Record<string, 'higher-is-looser' | 'higher-is-tighter' | 'more-is-looser' | 'more-is-tighter'>
> = {
  'jwt.MAX_ASSERTION_BYTES': 'higher-is-looser',
  'jwt.CLOCK_SKEW_SECONDS': 'higher-is-looser',
  'jwt.DEFAULT_MAX_LIFETIME_SECONDS': 'higher-is-looser',
  'jwt.ACCEPTED_ALGORITHMS': 'more-is-looser',
  'jwt.REJECTED_ALGORITHMS': 'more-is-tighter',
  'jwt.JWT_CHECKS': 'more-is-tighter',
  'urls.NON_PUBLIC_IPV4': 'more-is-tighter',
  'urls.SPECIAL_USE_SUFFIXES': 'more-is-tighter',
  'workspaces.WORKSPACE_CAP': 'higher-is-looser',
  'message-batches.PROCESSING_DEADLINE_MS': 'higher-is-looser',
  'message-batches.RESULTS_RETENTION_MS': 'higher-is-looser',
};

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

class Collector {
  readonly changes: Change[] = [];
  private readonly keys = new Set<string>();
  add(
    rule: RuleId,
    where: string,
    detail: string,
    requirements: readonly string[] = [],
    direction?: Direction,
  ) {
    const def = RULES[rule];
    const severity = def[direction ?? 'request'];
    const change: Change = {
      rule,
      level: def.level,
      severity,
      ...(def.request !== def.response && direction ? { direction } : {}),
      where,
      detail,
      requirements: [...new Set(requirements)].sort(),
    };
    const key = JSON.stringify([rule, severity, where, detail]);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.changes.push(change);
  }
  fact(r: FactReport) {
    this.add(r.fact, r.where, r.detail, r.requirements, r.direction);
    const typeRule = TYPE_RULE_OF_FACT[r.fact];
    if (typeRule && r.typed) this.add(typeRule, r.where, r.detail, r.requirements, r.direction);
  }
}

export function diffSnapshots(before: Snapshot, after: Snapshot): Report {
  const out = new Collector();
  const a = before.spec;
  const b = after.spec;
  const oldSchemas = a.schemas as unknown as Record<string, Json>;
  const newSchemas = b.schemas as unknown as Record<string, Json>;
  const ctx = (direction: Direction, typed: boolean): WalkContext => ({
    direction,
    oldSchemas,
    newSchemas,
    typed,
    emit: (r) => out.fact(r),
    seen: new Set(),
  });

  endpoints(a, b, out, ctx);
  namedSchemas(a, b, ctx);
  requirements(a.requirements, b.requirements, a.unspecified, b.unspecified, out);
  generatedTypes(a, b, out);
  machines(a.machines, b.machines, out);
  rules(before, after, out);
  vendor(a, b, out);

  const counts = { breaking: 0, compatible: 0, internal: 0 };
  for (const c of out.changes) counts[c.severity]++;
  const highest = [...SEVERITY_ORDER].reverse().find((s) => counts[s] > 0) ?? 'none';
  const order = (c: Change) =>
    `${['wire', 'types', 'behaviour'].indexOf(c.level)}${2 - SEVERITY_ORDER.indexOf(c.severity)}`;
  const changes = [...out.changes].sort(
    (x, y) => order(x).localeCompare(order(y)) || x.where.localeCompare(y.where),
  );
  return { changes, counts, highest };
}

// ---------------------------------------------------------------------------------------------
// wire: operations

const EMPTY_OBJECT: Json = { type: 'object', properties: {} };
const asJson = (v: unknown) => v as Json | undefined;

function endpoints(
  a: VendorSpec,
  b: VendorSpec,
  out: Collector,
  ctx: (d: Direction, typed: boolean) => WalkContext,
) {
  const newById = new Map(b.endpoints.map((e) => [e.id, e]));
  const oldById = new Map(a.endpoints.map((e) => [e.id, e]));
  const route = (e: Endpoint) => `${e.method} ${e.path ?? `{${e.url?.operation}.${e.url?.field}}`}`;
  const newByRoute = new Map(b.endpoints.map((e) => [route(e), e]));
  const pairs: [Endpoint, Endpoint][] = [];
  for (const e of a.endpoints) {
    const n = newById.get(e.id);
    if (n) pairs.push([e, n]);
    else {
      const moved = newByRoute.get(route(e));
      // same method and path under another id: the wire is the same operation (types: method renamed)
      if (moved && !oldById.has(moved.id)) pairs.push([e, moved]);
      else out.add('operation.removed', `operation ${e.id}`, `${route(e)} removed`, e.requirements);
    }
  }
  const paired = new Set(pairs.map(([, n]) => n.id));
  for (const e of b.endpoints) {
    if (!oldById.has(e.id) && !paired.has(e.id))
      out.add('operation.added', `operation ${e.id}`, `${route(e)} added`, e.requirements);
  }
  for (const [x, y] of pairs) endpoint(x, y, out, ctx);
}

function endpoint(
  x: Endpoint,
  y: Endpoint,
  out: Collector,
  ctx: (d: Direction, typed: boolean) => WalkContext,
) {
  const op = `operation ${y.id}`;
  const reqs = y.requirements;
  if (x.method !== y.method || x.path !== y.path || !same(x.url, y.url)) {
    out.add('operation.moved', op, `${x.method} ${x.path} -> ${y.method} ${y.path}`, reqs);
  }
  const req = ctx('request', true);
  walk(asJson(x.params.path) ?? EMPTY_OBJECT, asJson(y.params.path) ?? EMPTY_OBJECT, `${op} path`, reqs, req);
  walk(
    asJson(x.params.query) ?? EMPTY_OBJECT,
    asJson(y.params.query) ?? EMPTY_OBJECT,
    `${op} query`,
    reqs,
    req,
  );
  if (x.body && y.body) {
    if (x.body.required !== y.body.required) {
      out.add(
        y.body.required ? 'field.required-added' : 'field.required-removed',
        `${op} body`,
        y.body.required ? 'body now required' : 'body now optional',
        reqs,
        'request',
      );
    }
    walk(asJson(x.body.schema), asJson(y.body.schema), `${op} body`, reqs, req);
  } else if (y.body) {
    out.add(
      y.body.required ? 'field.added-required' : 'field.added-optional',
      `${op} body`,
      'request body added',
      reqs,
      'request',
    );
  } else if (x.body) out.add('field.removed', `${op} body`, 'request body removed', reqs, 'request');

  const rx = x.success.response;
  const ry = y.success.response;
  if (x.success.status !== y.success.status)
    out.add('response.changed', `${op} response`, `status ${x.success.status} -> ${y.success.status}`, reqs);
  const others = (e: Endpoint) => new Set((e.success.others ?? []).map((o) => o.status));
  const [ox, oy] = [others(x), others(y)];
  for (const status of oy)
    if (!ox.has(status) && status !== x.success.status)
      out.add('response.status-listed', `${op} response`, `status ${status} listed`, reqs);
  for (const status of ox)
    if (!oy.has(status) && status !== y.success.status)
      out.add('response.status-unlisted', `${op} response`, `status ${status} no longer listed`, reqs);
  if ((rx.contentType ?? 'application/json') !== (ry.contentType ?? 'application/json')) {
    out.add(
      'response.changed',
      `${op} response`,
      `content type ${rx.contentType} -> ${ry.contentType}`,
      reqs,
    );
  }
  if (rx.schema && ry.schema)
    walk(asJson(rx.schema), asJson(ry.schema), `${op} response`, reqs, ctx('response', true));
  else if (rx.schema) out.add('response.changed', `${op} response`, 'body no longer shown', reqs);
  else if (ry.schema) out.add('response.specified', `${op} response`, 'body now specified', reqs);
  if (rx.description !== ry.description || rx.unspecified !== ry.unspecified)
    out.add('doc.changed', `${op} response`, 'description or unspecified id changed', reqs);

  // error cases by status, type and detail; repeated keys (one per documented cause) numbered
  const errors = (list: Endpoint['errors']) => {
    const seen = new Map<string, number>();
    return new Map(
      list.map((e) => {
        const k = `${e.status} ${e.type ?? '-'}${e.detail ? ` ${e.detail}` : ''}`;
        const n = seen.get(k) ?? 0;
        seen.set(k, n + 1);
        return [n ? `${k} #${n + 1}` : k, e] as const;
      }),
    );
  };
  const ex = errors(x.errors);
  const ey = errors(y.errors);
  for (const [k, e] of ex)
    if (!ey.has(k)) out.add('error.removed', `${op} errors`, `${k} removed`, e.requirements);
  for (const [k, e] of ey) {
    const old = ex.get(k);
    if (!old) out.add('error.added', `${op} errors`, `${k} added`, e.requirements);
    else if (!same(old, e))
      out.add('doc.changed', `${op} errors`, `${k}: when/requirements changed`, e.requirements);
  }

  for (const c of x.auth)
    if (!y.auth.includes(c))
      out.add('auth.credential-removed', `${op} auth`, `${c} no longer accepted`, reqs);
  for (const c of y.auth)
    if (!x.auth.includes(c)) out.add('auth.credential-added', `${op} auth`, `${c} now accepted`, reqs);
  if (x.scope !== y.scope && x.scope !== null && y.scope !== null)
    out.add('auth.scope-changed', `${op} auth`, `scope ${x.scope} -> ${y.scope}`, reqs);
  for (const v of y.betas)
    if (!x.betas.includes(v)) out.add('beta.added', `${op} betas`, `${v} now required`, reqs);
  for (const v of x.betas)
    if (!y.betas.includes(v)) out.add('beta.removed', `${op} betas`, `${v} no longer required`, reqs);
  if (!same(x.pagination, y.pagination))
    out.add('pagination.changed', `${op} pagination`, `${x.pagination.style} -> ${y.pagination.style}`, reqs);
  if (
    x.summary !== y.summary ||
    x.family !== y.family ||
    x.doc !== y.doc ||
    !same(x.requirements, y.requirements) ||
    !same(x.unspecified, y.unspecified)
  ) {
    out.add('doc.changed', op, 'summary, family or cited requirement/unspecified ids changed', reqs);
  }
}

// ---------------------------------------------------------------------------------------------
// wire: named schemas, each compared once per direction it is used in

function usage(s: VendorSpec): Map<string, Set<Direction>> {
  const schemas = s.schemas as unknown as Record<string, Json>;
  const out = new Map<string, Set<Direction>>();
  const mark = (root: unknown, d: Direction) => {
    const names = new Set<string>();
    reachable(root as Json, schemas, names);
    for (const n of names) out.set(n, (out.get(n) ?? new Set()).add(d));
  };
  for (const e of s.endpoints) {
    mark(e.params.path, 'request');
    mark(e.params.query, 'request');
    mark(e.body?.schema, 'request');
    mark(e.success.response.schema, 'response');
  }
  mark({ $ref: 'ErrorBody' }, 'response');
  return out;
}

function namedSchemas(a: VendorSpec, b: VendorSpec, ctx: (d: Direction, typed: boolean) => WalkContext) {
  const ua = usage(a);
  const ub = usage(b);
  for (const name of Object.keys(a.schemas)) {
    const y = (b.schemas as Record<string, unknown>)[name];
    if (y === undefined) continue;
    const dirs = new Set([...(ua.get(name) ?? []), ...(ub.get(name) ?? [])]);
    // a schema no operation reaches is still a published type: judge it both ways
    const directions: Direction[] = dirs.size ? [...dirs] : ['request', 'response'];
    for (const d of directions) {
      walk(
        asJson((a.schemas as Record<string, unknown>)[name]),
        asJson(y),
        `schema ${name}`,
        [],
        ctx(d, true),
        true,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// wire: the requirement catalog and the unspecified items

function requirements(
  ra: readonly Requirement[],
  rb: readonly Requirement[],
  ua: readonly Unspecified[],
  ub: readonly Unspecified[],
  out: Collector,
) {
  const mb = new Map(rb.map((r) => [r.id, r]));
  const ma = new Map(ra.map((r) => [r.id, r]));
  for (const r of ra) {
    const n = mb.get(r.id);
    if (!n) out.add('requirement.removed', `requirement ${r.id}`, 'removed from the catalog', [r.id]);
    else if (!same(r, n)) {
      const fields = (Object.keys(n) as (keyof Requirement)[]).filter((k) => !same(r[k], n[k]));
      out.add('requirement.changed', `requirement ${r.id}`, `${fields.join(', ')} changed`, [r.id]);
    }
  }
  for (const r of rb)
    if (!ma.has(r.id)) out.add('requirement.added', `requirement ${r.id}`, 'added to the catalog', [r.id]);
  const vb = new Map(ub.map((u) => [u.id, u]));
  const va = new Map(ua.map((u) => [u.id, u]));
  for (const u of ua) {
    const n = vb.get(u.id);
    if (!n) out.add('requirement.changed', `unspecified ${u.id}`, 'removed (now specified or dropped)');
    else if (!same(u, n)) out.add('requirement.changed', `unspecified ${u.id}`, 'reworded');
  }
  for (const u of ub) if (!va.has(u.id)) out.add('requirement.changed', `unspecified ${u.id}`, 'added');
}

// ---------------------------------------------------------------------------------------------
// generated types: type names, client methods and their parameters

interface Method {
  readonly path: string;
  readonly operation: string;
  readonly params: readonly { readonly name: string; readonly optional: boolean; readonly type: string }[];
}

/**
 * The methods of the generated resource classes (`client.dreams.cancel(dreamId, options?)`), from
 * codegen's model of the client; a parameter's type names its operation as `'<op>'`, so an
 * operation renamed with the same signature keeps the same types.
 */
function clientMethods(s: VendorSpec): Map<string, Method> {
  const out = new Map<string, Method>();
  for (const [path, m] of clientModel(s).methods) {
    const operation = m.endpoint.id;
    const params = m.params.map((p) => ({
      name: p.name,
      optional: p.optional,
      type: p.type.split(`'${operation}'`).join("'<op>'"),
    }));
    out.set(path, { path, operation, params });
  }
  return out;
}

const derived = new WeakMap<VendorSpec, { components: Map<string, Json>; methods: Map<string, Method> }>();

/** The generated client's type names and methods of a spec (cached: fixtures share their base). */
function generated(s: VendorSpec) {
  let d = derived.get(s);
  if (!d) {
    d = { components: componentNames(s), methods: clientMethods(s) };
    derived.set(s, d);
  }
  return d;
}

function componentNames(s: VendorSpec): Map<string, Json> {
  const doc = buildOpenApi(s) as JsonObject;
  const components = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
  return new Map(Object.entries(components));
}

function generatedTypes(a: VendorSpec, b: VendorSpec, out: Collector) {
  const ga = generated(a);
  const gb = generated(b);
  const ca = ga.components;
  const cb = gb.components;
  const removed = [...ca.keys()].filter((n) => !cb.has(n));
  const added = new Set([...cb.keys()].filter((n) => !ca.has(n)));
  for (const n of removed) {
    const twin = [...added].find((m) => same(shape(ca.get(n)), shape(cb.get(m))));
    if (twin) {
      added.delete(twin);
      out.add('type.renamed', `type ${n}`, `renamed to ${twin}`);
    } else out.add('type.removed', `type ${n}`, 'removed');
  }
  for (const n of added) out.add('type.added', `type ${n}`, 'added');

  const ma = ga.methods;
  const mb = gb.methods;
  const routeA = new Map<string, string>(a.endpoints.map((e) => [e.id, `${e.method} ${e.path}`]));
  const routeB = new Map<string, string>(b.endpoints.map((e) => [e.id, `${e.method} ${e.path}`]));
  const reqsOf = (id: string) =>
    b.endpoints.find((e) => e.id === id)?.requirements ??
    a.endpoints.find((e) => e.id === id)?.requirements ??
    [];
  const addedMethods = new Map([...mb].filter(([p]) => !ma.has(p)));
  for (const [p, m] of ma) {
    const n = mb.get(p);
    if (n) {
      parameters(m, n, out, reqsOf(n.operation));
      continue;
    }
    const twin = [...addedMethods.values()].find((x) => routeB.get(x.operation) === routeA.get(m.operation));
    if (twin) {
      addedMethods.delete(twin.path);
      out.add('method.renamed', `method ${p}`, `renamed to ${twin.path}`, reqsOf(twin.operation));
      parameters(m, twin, out, reqsOf(twin.operation));
    } else out.add('method.removed', `method ${p}`, 'removed', reqsOf(m.operation));
  }
  for (const [p, m] of addedMethods) out.add('method.added', `method ${p}`, 'added', reqsOf(m.operation));
}

function parameters(m: Method, n: Method, out: Collector, reqs: readonly string[]) {
  const where = `method ${n.path}`;
  const sig = (x: Method) => `(${x.params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;
  for (let i = 0; i < Math.max(m.params.length, n.params.length); i++) {
    const p = m.params[i];
    const q = n.params[i];
    if (p && q && p.name === q.name && p.type === q.type) {
      if (p.optional && !q.optional)
        out.add('method.parameter-narrowed', where, `${q.name} now required: ${sig(m)} -> ${sig(n)}`, reqs);
      if (!p.optional && q.optional)
        out.add('method.parameter-widened', where, `${q.name} now optional: ${sig(m)} -> ${sig(n)}`, reqs);
    } else if (p && !q) {
      out.add(
        'method.parameter-narrowed',
        where,
        `parameter ${p.name} removed: ${sig(m)} -> ${sig(n)}`,
        reqs,
      );
      return;
    } else if (!p && q) {
      if (!q.optional)
        out.add(
          'method.parameter-narrowed',
          where,
          `parameter ${q.name} added: ${sig(m)} -> ${sig(n)}`,
          reqs,
        );
    } else {
      out.add('method.parameter-narrowed', where, `parameters changed: ${sig(m)} -> ${sig(n)}`, reqs);
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// behaviour: state machines

type AnyRow = AnyMachine['rows'][number];
const whenKey = (r: AnyRow) =>
  JSON.stringify(Object.entries(r.when ?? {}).sort(([x], [y]) => x.localeCompare(y)));
const whenEntries = (r: AnyRow) => Object.entries(r.when ?? {}).map(([k, v]) => `${k}=${v}`);
const subset = (x: string[], y: string[]) => x.every((e) => y.includes(e));
const describeRow = (r: AnyRow) =>
  `-> ${r.to} (${r.outcome.kind}${'status' in r.outcome ? ` ${r.outcome.status}` : ''})${r.when ? ` when ${whenEntries(r).join(', ')}` : ''}`;

function machines(
  a: Readonly<Record<string, AnyMachine>>,
  b: Readonly<Record<string, AnyMachine>>,
  out: Collector,
) {
  for (const id of Object.keys(a)) if (!b[id]) out.add('machine.removed', `machine ${id}`, 'removed');
  for (const id of Object.keys(b)) if (!a[id]) out.add('machine.added', `machine ${id}`, 'added');
  for (const [id, x] of Object.entries(a)) {
    const y = b[id];
    if (!y) continue;
    const where = `machine ${id}`;
    const terminalA = new Set<string>(x.terminal);
    const terminalB = new Set<string>(y.terminal);
    for (const s of x.states)
      if (!y.states.includes(s)) out.add('machine.state-removed', where, `state ${s} removed`);
    for (const s of y.states)
      if (!x.states.includes(s) && !terminalB.has(s))
        out.add('machine.state-added', where, `state ${s} added`);
    for (const s of terminalB)
      if (!terminalA.has(s))
        out.add(
          'machine.terminal-added',
          where,
          `${s} is ${x.states.includes(s) ? 'now' : 'a new'} terminal state`,
        );
    for (const s of terminalA)
      if (!terminalB.has(s) && y.states.includes(s))
        out.add('machine.terminal-removed', where, `${s} is no longer terminal`);
    if (x.initial !== y.initial)
      out.add('machine.initial-changed', where, `initial ${x.initial} -> ${y.initial}`);
    for (const e of Object.keys(x.events))
      if (!(e in y.events)) out.add('machine.event-removed', where, `event ${e} removed`);
    for (const e of Object.keys(y.events))
      if (!(e in x.events)) out.add('machine.event-added', where, `event ${e} added`);

    const groups = new Map<string, { old: AnyRow[]; new: AnyRow[] }>();
    const put = (r: AnyRow, side: 'old' | 'new') => {
      for (const s of r.from) {
        const key = `${s} + ${r.event}`;
        const g = groups.get(key) ?? { old: [], new: [] };
        g[side].push(r);
        groups.set(key, g);
      }
    };
    for (const r of x.rows) put(r, 'old');
    for (const r of y.rows) put(r, 'new');
    for (const [key, g] of groups) {
      const olds = [...g.old];
      const news = [...g.new];
      const pairs: [AnyRow, AnyRow][] = [];
      for (const r of [...olds]) {
        const i = news.findIndex((n) => whenKey(n) === whenKey(r));
        if (i >= 0) {
          pairs.push([r, news[i]!]);
          news.splice(i, 1);
          olds.splice(olds.indexOf(r), 1);
        }
      }
      for (const r of [...olds]) {
        const i = news.findIndex(
          (n) => subset(whenEntries(r), whenEntries(n)) || subset(whenEntries(n), whenEntries(r)),
        );
        if (i >= 0) {
          const n = news[i]!;
          const tighter = subset(whenEntries(r), whenEntries(n));
          out.add(
            tighter ? 'machine.guard-tightened' : 'machine.guard-loosened',
            where,
            `${key}: when ${whenEntries(r).join(', ') || '(always)'} -> ${whenEntries(n).join(', ') || '(always)'}`,
            n.requirements,
          );
          pairs.push([r, n]);
          news.splice(i, 1);
          olds.splice(olds.indexOf(r), 1);
        }
      }
      for (const r of olds)
        out.add('machine.row-removed', where, `${key} ${describeRow(r)} removed`, r.requirements);
      for (const r of news)
        out.add('machine.row-added', where, `${key} ${describeRow(r)} added`, r.requirements);
      for (const [r, n] of pairs) {
        if (r.to !== n.to || !same(r.outcome, n.outcome)) {
          out.add('machine.row-retargeted', where, `${key}: ${describeRow(r)} => ${describeRow(n)}`, [
            ...r.requirements,
            ...n.requirements,
          ]);
        }
        for (const f of r.effects)
          if (!n.effects.includes(f))
            out.add('machine.effect-removed', where, `${key}: effect ${f} removed`, n.requirements);
        for (const f of n.effects)
          if (!r.effects.includes(f))
            out.add('machine.effect-added', where, `${key}: effect ${f} added`, n.requirements);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// behaviour: rules (data tables and constants; code as a fallback) and vendor names

const rowKey = (v: Json): string => {
  if (isObj(v))
    for (const k of ['id', 'name', 'check', 'source', 'code'])
      if (typeof v[k] === 'string') return v[k] as string;
  return JSON.stringify(v);
};
const withoutOrder = (v: Json): Json => {
  if (!isObj(v)) return v;
  const { order: _, ...rest } = v;
  return rest;
};
function rowRequirements(v: Json | undefined): string[] {
  if (!isObj(v)) return [];
  const out: string[] = [];
  if (typeof v.requirement === 'string') out.push(v.requirement);
  if (Array.isArray(v.requirements)) out.push(...v.requirements.map(String));
  return out;
}

function rules(before: Snapshot, after: Snapshot, out: Collector) {
  for (const mod of Object.keys(before.rules)) {
    const x = before.rules[mod]!;
    const y = after.rules[mod];
    if (!y) {
      out.add('rule.data-changed', `rules ${mod}`, 'module removed');
      continue;
    }
    const moduleReqs = Array.isArray(y.requirementIds) ? y.requirementIds.map(String) : [];
    let dataChanged = false;
    for (const name of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if (name === 'requirementIds') continue;
      const va = x[name];
      const vb = y[name];
      if (same(va, vb)) continue;
      dataChanged = true;
      ruleValue(out, mod, name, va, vb, moduleReqs);
    }
    const sa = before.ruleSources[mod];
    const sb = after.ruleSources[mod];
    if (!dataChanged && sa !== undefined && sb !== undefined && sa !== sb) {
      out.add(
        'rule.code-changed',
        `rules ${mod}`,
        'code changed, data tables equal: behaviour changed? review',
        moduleReqs,
      );
    }
  }
  for (const mod of Object.keys(after.rules))
    if (!before.rules[mod]) out.add('rule.code-changed', `rules ${mod}`, 'module added: review');
}

function ruleValue(
  out: Collector,
  mod: string,
  name: string,
  va: Json | undefined,
  vb: Json | undefined,
  moduleReqs: string[],
) {
  const where = `rules ${mod}.${name}`;
  const hint = RULE_DATA_DIRECTIONS[`${mod}.${name}`];
  if (va === undefined) return out.add('rule.code-changed', where, 'export added: review', moduleReqs);
  if (vb === undefined) return out.add('rule.data-changed', where, 'export removed', moduleReqs);
  if (typeof va === 'number' && typeof vb === 'number') {
    if (hint === 'higher-is-looser' || hint === 'higher-is-tighter') {
      const looser = vb > va === (hint === 'higher-is-looser');
      return out.add(looser ? 'rule.loosened' : 'rule.tightened', where, `${va} -> ${vb}`, moduleReqs);
    }
    return out.add('rule.data-changed', where, `${va} -> ${vb}`, moduleReqs);
  }
  if (Array.isArray(va) && Array.isArray(vb)) {
    const ka = va.map(rowKey);
    const kb = vb.map(rowKey);
    const setA = new Set(ka);
    const setB = new Set(kb);
    const added = kb.filter((k) => !setA.has(k));
    const removed = ka.filter((k) => !setB.has(k));
    const common = ka.filter((k) => setB.has(k));
    const commonB = kb.filter((k) => setA.has(k));
    const reqs = [...va, ...vb].flatMap(rowRequirements);
    const touched = reqs.length ? reqs : moduleReqs;
    if (!same(common, commonB))
      out.add('rule.order-changed', where, `order ${common.join(' > ')} -> ${commonB.join(' > ')}`, touched);
    if (added.length || removed.length) {
      const more = hint === 'more-is-looser' || hint === 'more-is-tighter';
      const looserWhenAdded = hint === 'more-is-looser';
      const detail = [
        added.length ? `added ${added.join(', ')}` : '',
        removed.length ? `removed ${removed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      if (more && !(added.length && removed.length)) {
        const looser = added.length > 0 === looserWhenAdded;
        out.add(looser ? 'rule.loosened' : 'rule.tightened', where, detail, touched);
      } else out.add('rule.data-changed', where, detail, touched);
    }
    const byKeyA = new Map(va.map((v) => [rowKey(v), v]));
    for (const v of vb) {
      const old = byKeyA.get(rowKey(v));
      if (old !== undefined && !same(withoutOrder(old), withoutOrder(v))) {
        out.add(
          'rule.data-changed',
          where,
          `entry ${rowKey(v)} changed`,
          rowRequirements(v).length ? rowRequirements(v) : moduleReqs,
        );
      }
    }
    return;
  }
  if (isObj(va) && isObj(vb)) {
    for (const k of new Set([...Object.keys(va), ...Object.keys(vb)])) {
      if (!same(va[k], vb[k])) {
        const reqs = rowRequirements(vb[k] ?? va[k]);
        out.add(
          'rule.data-changed',
          where,
          `${k}: ${JSON.stringify(va[k])} -> ${JSON.stringify(vb[k])}`,
          reqs.length ? reqs : moduleReqs,
        );
      }
    }
    return;
  }
  out.add('rule.data-changed', where, `${JSON.stringify(va)} -> ${JSON.stringify(vb)}`, moduleReqs);
}

function vendor(a: VendorSpec, b: VendorSpec, out: Collector) {
  const flat = (v: unknown, prefix: string, into: Map<string, string>) => {
    if (isObj(v)) for (const [k, x] of Object.entries(v)) flat(x, prefix ? `${prefix}.${k}` : k, into);
    else into.set(prefix, JSON.stringify(v));
    return into;
  };
  const fa = flat(a.vendor, '', new Map());
  const fb = flat(b.vendor, '', new Map());
  for (const k of new Set([...fa.keys(), ...fb.keys()])) {
    if (fa.get(k) !== fb.get(k)) out.add('vendor.changed', `vendor ${k}`, `${fa.get(k)} -> ${fb.get(k)}`);
  }
}
