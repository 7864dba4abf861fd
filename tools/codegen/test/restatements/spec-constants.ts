/**
 * The constants of the spec, collected from the spec itself (nothing here restates one): what a
 * hand-written file must import rather than write again.
 *
 * - `values`: strings and numbers a file must not spell (header names, prefixes, beta
 *   identifiers, model ids, scopes, paths, error types, patterns, limits), each with where the
 *   spec holds it.
 * - `paths`: endpoint paths, matched against string literals and template literals alike.
 * - `lists`: sets of names (an enum's values, a machine's states, a rule's list of algorithms): a
 *   hand-written list of two or more of one set's members restates a policy the spec holds, even
 *   where each member alone is an ordinary word.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeGuard } from '@sinclair/typebox';
import * as Spec from '@vendor-api/spec';

export interface Constant {
  readonly value: string | number;
  /** Where the spec holds it: `vendor.headers.beta`, `jwt.MAX_ASSERTION_BYTES`. */
  readonly where: string;
}

export interface NameList {
  readonly members: ReadonlySet<string>;
  readonly where: string;
}

/** A number of the spec and the name it goes by there (`limit`, `CLOCK_SKEW_SECONDS`). */
export interface NumberConstant {
  readonly where: string;
  /** The name's words, lower-case: `['clock', 'skew', 'seconds']`. */
  readonly words: readonly string[];
}

export interface SpecConstants {
  readonly strings: ReadonlyMap<string, string>;
  /** Numbers flagged wherever they appear (distinctive ones). */
  readonly numbers: ReadonlyMap<number, string>;
  /** Ordinary numbers, flagged only where the code names them as the spec does. */
  readonly namedNumbers: ReadonlyMap<number, readonly NumberConstant[]>;
  /** Id and key prefixes (`drm_`, `sk-vendor-admin`), from the patterns that start with them. */
  readonly prefixes: ReadonlyMap<string, string>;
  /** Paths with each `{param}` as `{}`: full paths and their static prefixes. */
  readonly paths: ReadonlyMap<string, string>;
  readonly lists: readonly NameList[];
}

/** Keys whose values are prose, citations or names of the spec's own parts, never wire values. */
const SKIPPED_KEYS = new Set([
  'description',
  'summary',
  'statement',
  'title',
  'note',
  'doc',
  'id',
  'source',
  'section',
  'quote',
  'requirement',
  'requirements',
  'requirementIds',
  '$id',
  '$ref',
  'x-requirements',
  'x-unspecified',
  // names of the spec's own parts (they cross as types) and field names
  'name',
  'cause',
  'key',
  'cls',
  'field',
  'status',
  'order',
  'outcome',
  'rows',
  'effects',
  'guards',
  'events',
  // the control protocol's endpoints name the capabilities they serve (typed as `Capability`)
  'capabilities',
]);

/**
 * Exports that are assemblies or catalogs of the others (walked through `spec` or skipped), and the
 * control protocol's capability names: they cross as the `Capability` type, so the compiler checks
 * every literal use of one (a case's `needs`, an adapter's capability set).
 */
const SKIPPED_EXPORTS = new Set([
  'RULE_MODULES',
  'SOURCE_DOCUMENTS',
  'CAPABILITIES',
  'CAPABILITY_NAMES',
  'OPT_IN_CAPABILITIES',
  'DECLARED_CAPABILITIES',
  'FEDERATION_CAPABILITIES',
]);

/** Schema keywords whose values are contract values (the rest is JSON Schema vocabulary). */
const SCHEMA_NUMBERS = [
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'multipleOf',
] as const;

/** Units of time and size: everywhere in code, restating nothing by themselves. */
const UNITS = new Set([3600, 60_000, 86_400, 3_600_000, 86_400_000]);

/**
 * A number flagged wherever it appears: large, not a power of ten or two and not a unit of time
 * (16384 is a power of two; 20480, 2505600000 are not). The others (20, 100, 30, 100000, 256 MB)
 * are everywhere in code (timeouts, buffers, counts) and are flagged only where the code names them
 * as the spec does (`limit: 100`, `skewSeconds = 30`, `maxRequests = 100_000`).
 */
export function distinctiveNumber(n: number): boolean {
  const a = Math.abs(n);
  if (!Number.isFinite(a) || a < 1000 || UNITS.has(a)) return false;
  return !Number.isInteger(Math.log10(a)) && !Number.isInteger(Math.log2(a));
}

/** A name's words, lower-case: `max_tokens`, `maxTokens` and `MAX_TOKENS` are `['max', 'tokens']`. */
export const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Whether code's name for a number is the spec's name for it: one name's words all occur in the
 * other's, and the shorter names more than a bare qualifier (`limit`, `skewSeconds`, not `max`).
 */
export function sameName(code: readonly string[], spec: readonly string[]): boolean {
  const [small, large] = code.length <= spec.length ? [code, spec] : [spec, code];
  return small.some((w) => w.length >= 4) && small.every((w) => large.includes(w));
}

/**
 * A string worth flagging on its own: it carries a separator or a digit (`x-api-key`,
 * `invalid_grant`, `sk-vendor-oat01-`, `managed-agents-2026-04-01`). Plain words (`pending`,
 * `user`) and prose are flagged only as lists; requirement ids are citations, not restatements.
 */
const distinctiveWord = (s: string) => !/^(?:UNSPEC-)?[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/.test(s);

function distinctiveString(s: string): boolean {
  if (s.length < 3 || /\s/.test(s)) return false;
  if (!distinctiveWord(s)) return false;
  return /[-_/:.]/.test(s);
}

export function collectSpecConstants(): SpecConstants {
  const strings = new Map<string, string>();
  const numbers = new Map<number, string>();
  const namedNumbers = new Map<number, NumberConstant[]>();
  const paths = new Map<string, string>();
  const prefixes = new Map<string, string>();
  const lists: NameList[] = [];
  const typedNames = new Set<string>();
  /** Field names, machine states and schema enum members: checked by the compiler where used alone. */
  const typedAlone = new Set<string>();

  const addString = (s: string, where: string) => {
    if (distinctiveString(s) && !strings.has(s)) strings.set(s, where);
  };
  /** `name`: what the spec calls the number (a property or a constant name). */
  const addNumber = (n: number, where: string, name: string, also: readonly string[] = []) => {
    // an HTTP status is the error table's; `status: 400` is everywhere a response is built
    if (n >= 100 && n < 600 && /status$/i.test(name)) return;
    if (distinctiveNumber(n)) {
      if (!numbers.has(n)) numbers.set(n, where);
    } else if (Number.isFinite(n) && Math.abs(n) >= 2) {
      const named = [name, ...also].map((x) => ({ where, words: words(x) }));
      namedNumbers.set(n, [...(namedNumbers.get(n) ?? []), ...named]);
    }
  };
  const addList = (members: readonly unknown[], where: string) => {
    const names = members.filter((m): m is string => typeof m === 'string');
    if (names.length >= 2) lists.push({ members: new Set(names), where });
  };

  const schema = (s: TSchema, where: string, seen: Set<unknown>, name: string) => {
    if (seen.has(s)) return;
    seen.add(s);
    const record = s as Record<string, unknown>;
    for (const k of SCHEMA_NUMBERS)
      if (typeof record[k] === 'number') addNumber(record[k] as number, `${where}.${k}`, name);
    if (typeof record.default === 'number') addNumber(record.default, `${where}.default`, name);
    if (typeof record.pattern === 'string') {
      strings.set(record.pattern, `${where}.pattern`);
      // `^drm_.+$`: ids of this schema start with `drm_`
      const prefix = /^\^([A-Za-z0-9]+[-_][A-Za-z0-9_-]*)/.exec(record.pattern)?.[1];
      if (prefix) prefixes.set(prefix, `${where}.pattern`);
    }
    // a discriminator or enum member is checked by the compiler wherever the schema's type is
    // used; only wire values that carry their own syntax (beta identifiers, scopes, URNs) count
    const wireValue = (v: unknown, at: string) => {
      if (typeof v !== 'string') return;
      if (/[-:/.\d]/.test(v)) addString(v, at);
      else typedAlone.add(v);
    };
    wireValue(record.const, `${where}.const`);
    if (Array.isArray(record.enum)) {
      addList(record.enum, `${where}.enum`);
      for (const v of record.enum) wireValue(v, `${where}.enum`);
    }
    const literals = Array.isArray(record.anyOf)
      ? record.anyOf.map((m) => (m as { const?: unknown }).const)
      : [];
    if (literals.length >= 2 && literals.every((l) => typeof l === 'string'))
      addList(literals, `${where}.anyOf`);
    for (const l of literals) wireValue(l, `${where}.anyOf`);
    if (record.properties && typeof record.properties === 'object')
      for (const p of Object.keys(record.properties)) typedAlone.add(p);
    for (const [k, v] of Object.entries(record)) {
      if (SKIPPED_KEYS.has(k)) continue;
      if (k === 'properties' && v && typeof v === 'object') {
        for (const [p, ps] of Object.entries(v))
          if (TypeGuard.IsSchema(ps)) schema(ps, `${where}.${p}`, seen, p);
      } else if (Array.isArray(v)) {
        for (const [i, x] of v.entries())
          if (TypeGuard.IsSchema(x)) schema(x, `${where}.${k}[${i}]`, seen, name);
      } else if (TypeGuard.IsSchema(v)) schema(v, `${where}.${k}`, seen, name);
    }
  };

  /** A rule module's exported constant, walked into its arrays and objects. */
  const constant = (v: unknown, where: string, name: string, depth: number, seen: Set<unknown>) => {
    if (typeof v === 'string') {
      // a message the spec words (one sentence) is restated when written again
      if (!/\s/.test(v)) addString(v, where);
      else if (depth === 0 && v.length >= 12) strings.set(v, where);
      return;
    }
    if (typeof v === 'number') {
      addNumber(v, where, name);
      return;
    }
    if (!v || typeof v !== 'object' || depth > 4 || seen.has(v)) return;
    seen.add(v);
    if (TypeGuard.IsSchema(v)) {
      schema(v, where, seen, name);
      return;
    }
    if (Array.isArray(v)) {
      addList(v, where);
      for (const [i, x] of v.entries()) constant(x, `${where}[${i}]`, name, depth + 1, seen);
      return;
    }
    // a number in a table row also goes by the row's name: `{ limit: 'bytes', max }` is `max bytes`
    const rowNames = Object.values(v).filter(
      (x): x is string => typeof x === 'string' && /^\w{1,20}$/.test(x),
    );
    for (const [k, x] of Object.entries(v)) {
      if (SKIPPED_KEYS.has(k) || typeof x === 'function') continue;
      if (typeof x === 'number')
        addNumber(
          x,
          `${where}.${k}`,
          k,
          rowNames.map((r) => `${k} ${r}`),
        );
      else constant(x, `${where}.${k}`, k, depth + 1, seen);
    }
  };

  const { spec, vendor } = Spec;
  // names that cross as types (operation ids, families, machine events) are checked by the
  // compiler, not by this guard
  for (const e of spec.endpoints) typedNames.add(e.id).add(e.family);
  for (const m of Object.values(spec.machines))
    for (const n of [...Object.keys(m.events), ...Object.keys(m.guards), ...Object.keys(m.effects)])
      typedNames.add(n);

  constant(vendor, 'vendor', 'vendor', 1, new Set());
  for (const e of spec.endpoints) {
    const where = `endpoint ${e.id}`;
    for (const b of e.betas) addString(b, `${where} beta`);
    if (e.scope) addString(e.scope, `${where} scope`);
    if (e.path) {
      const shape = Spec.fillPath(e.path, () => '{}');
      paths.set(shape, `${where} path ${e.path}`);
      const cut = shape.indexOf('{}');
      if (cut > 0) {
        paths.set(shape.slice(0, cut), `${where} path ${e.path}`);
        paths.set(shape.slice(0, cut - 1), `${where} path ${e.path}`);
      }
    }
  }
  for (const m of Object.values(spec.machines)) {
    addList(m.states, `machine ${m.id} states`);
    for (const st of m.states) typedAlone.add(st);
  }
  const seen = new Set<unknown>();
  for (const [name, s] of Object.entries(spec.schemas)) schema(s, `schema ${name}`, seen, name);
  for (const [name, value] of Object.entries(Spec)) {
    if (SKIPPED_EXPORTS.has(name) || name === 'spec' || name === 'vendor' || typeof value === 'function')
      continue;
    if (TypeGuard.IsSchema(value)) continue; // the named schemas are walked through spec.schemas
    if (value && typeof value === 'object' && Object.prototype.toString.call(value) === '[object Module]') {
      for (const [k, x] of Object.entries(value)) {
        if (typeof x !== 'function' && !TypeGuard.IsSchema(x)) constant(x, `${name}.${k}`, k, 0, seen);
      }
    } else constant(value, name, name, 0, seen);
  }
  for (const n of [...typedNames, ...typedAlone])
    if (!/[-:/.\d]/.test(n) || typedNames.has(n)) strings.delete(n);
  for (const m of Object.values(spec.machines)) for (const st of m.states) strings.delete(st);
  // lists of names that cross as types, of requirement ids or of prose are not policy values
  const policy = lists.filter(
    (l) => ![...l.members].some((m) => typedNames.has(m) || /\s/.test(m) || !distinctiveWord(m)),
  );
  return { strings, numbers, namedNumbers, prefixes, paths, lists: policy };
}
