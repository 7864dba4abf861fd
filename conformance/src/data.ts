/**
 * JSON compared as data, the way the documents mean it: key order and whitespace never matter,
 * timestamps compare as instants (`2026-01-01T00:00:00Z` is `2026-01-01T00:00:00.000+00:00`), and
 * where a case says so, additional fields of the actual value do not matter either (records gain
 * fields; the documents list the ones they promise).
 */

/** An RFC 3339 date-time with a time zone (what the documents call a timestamp). */
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/i;

/** The instant of an RFC 3339 timestamp (ms), or null for any other value. */
export function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || !RFC3339.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export interface CompareOptions {
  /**
   * `exact`: both values hold the same fields; `contains`: the actual value may hold fields the
   * expected one does not (at any depth).
   */
  readonly fields?: 'exact' | 'contains';
  /** JSON pointers (into the expected value) whose values are not compared. */
  readonly ignore?: readonly string[];
  /** Arrays compare as multisets (their order is not stated). */
  readonly unordered?: boolean;
}

/** Null when `actual` matches `expected` as data, else the JSON pointer of the first difference. */
export function difference(actual: unknown, expected: unknown, options: CompareOptions = {}): string | null {
  const ignore = new Set(options.ignore ?? []);
  const walk = (a: unknown, e: unknown, at: string): string | null => {
    if (ignore.has(at)) return null;
    const ea = instantOf(e);
    if (ea !== null) return instantOf(a) === ea ? null : at || '/';
    if (Array.isArray(e)) {
      if (!Array.isArray(a) || a.length !== e.length) return at || '/';
      if (options.unordered) {
        const left = [...a];
        for (const [i, item] of e.entries()) {
          const j = left.findIndex((x) => walk(x, item, `${at}/${i}`) === null);
          if (j < 0) return `${at}/${i}`;
          left.splice(j, 1);
        }
        return null;
      }
      for (const [i, item] of e.entries()) {
        const d = walk(a[i], item, `${at}/${i}`);
        if (d !== null) return d;
      }
      return null;
    }
    if (isObject(e)) {
      if (!isObject(a)) return at || '/';
      for (const [k, v] of Object.entries(e)) {
        const p = `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (!(k in a) && !ignore.has(p)) return p;
        const d = walk(a[k], v, p);
        if (d !== null) return d;
      }
      if (options.fields !== 'contains') {
        const extra = Object.keys(a).find((k) => !(k in e));
        if (extra !== undefined) return `${at}/${extra}`;
      }
      return null;
    }
    return Object.is(a, e) || a === e ? null : at || '/';
  };
  return walk(actual, expected, '');
}

/** Whether two values are the same data (same fields, any key order, timestamps as instants). */
export const sameData = (a: unknown, b: unknown, options: Omit<CompareOptions, 'fields'> = {}) =>
  difference(a, b, { ...options, fields: 'exact' }) === null;

/** Whether `actual` holds `expected` (additional fields of `actual` allowed at any depth). */
export const containsData = (actual: unknown, expected: unknown) =>
  difference(actual, expected, { fields: 'contains' }) === null;

/**
 * The JSON pointers at which two answers to the same request differ (request ids, timestamps):
 * what is per-answer, not per-cause, in a body.
 */
export function noisePointers(a: unknown, b: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown, y: unknown, at: string): void => {
    if (isObject(x) && isObject(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
        walk(x[k], y[k], `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      return;
    }
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      for (const [i, item] of x.entries()) walk(item, y[i], `${at}/${i}`);
      return;
    }
    if (!sameData(x, y)) out.push(at);
  };
  walk(a, b, '');
  return out;
}

/**
 * A canonical text of a JSON value: keys sorted at every depth, timestamps as their instant
 * (for sorting and comparing values as data).
 */
export function canonicalJson(value: unknown): string {
  const norm = (x: unknown): unknown => {
    const t = instantOf(x);
    if (t !== null) return { instant: t };
    if (Array.isArray(x)) return x.map(norm);
    if (isObject(x))
      return Object.fromEntries(
        Object.keys(x)
          .sort()
          .map((k) => [k, norm(x[k])]),
      );
    return x;
  };
  return JSON.stringify(norm(value));
}

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas of any shape
type Schema = Record<string, any>;

/**
 * The documented part of a value: the fields a named schema of the spec lists, at every depth
 * (through `$ref`s, arrays, nullable unions and unions told apart by `type`). What a server adds
 * beyond them is not compared when a case asks whether a record is unchanged.
 */
export function documentedPart(
  schemas: Readonly<Record<string, unknown>>,
  name: string,
  value: unknown,
): unknown {
  const resolve = (s: Schema | undefined): Schema | undefined => {
    let out = s;
    for (let i = 0; out && typeof out.$ref === 'string' && i < 16; i++)
      out = schemas[out.$ref.replace(/^#\/components\/schemas\//, '')] as Schema | undefined;
    return out;
  };
  const walk = (schema: Schema | undefined, x: unknown, depth: number): unknown => {
    const s = resolve(schema);
    if (!s || depth > 32) return x;
    const members = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (members) {
      const objects = members.map(resolve).filter((m) => m?.type === 'object');
      const tagged = objects.find((m) => isObject(x) && m?.properties?.type?.const === x.type);
      const only = objects.length === 1 ? objects[0] : undefined;
      return isObject(x) ? walk(tagged ?? only, x, depth + 1) : x;
    }
    if (Array.isArray(x) && s.type === 'array' && s.items && !Array.isArray(s.items))
      return x.map((i) => walk(s.items as Schema, i, depth + 1));
    if (isObject(x) && isObject(s.properties)) {
      const props = s.properties as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(x)
          .filter(([k]) => k in props)
          .map(([k, v]) => [k, walk(props[k], v, depth + 1)]),
      );
    }
    return x;
  };
  return walk(schemas[name] as Schema | undefined, value, 0);
}
