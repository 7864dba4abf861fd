/**
 * The documented constraints of an operation's request, and one invalid input per constraint: a
 * valid request with exactly that constraint broken (a required field dropped, a string one past
 * its length or off its pattern, a number one past its range, a value outside a closed set, an
 * array one item past its bounds, a value of another type). The rest of the request stays valid,
 * so a refusal can only come from the broken constraint, and the requirement ids the constraint's
 * schema node cites are the ones the input breaks.
 *
 * Only constraints the documents state are broken: the schemas are walked as the spec writes
 * them, and an input is kept only when the contract form of the request validator (unknown fields
 * and unshown kinds allowed, see @vendor-api/validators) rejects it.
 */
import type { Operation } from '@vendor-api/spec';
import { spec } from '@vendor-api/spec';
import { near } from '@vendor-api/validators/arbitrary';
import fc from 'fast-check';
import { type Attempt, arbitraryContext, asText, queryText, rejected, routable } from './inputs.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schemas of any shape
type Schema = Record<string, any>;
type Part = 'body' | 'query' | 'path';
/** A data path: property names, and `0` for "the first item" of an array. */
type DataPath = readonly (string | 0)[];

/** A field removed from its object. */
const DROP = Symbol('drop');

export interface Constraint {
  readonly part: Part;
  readonly path: DataPath;
  /** What is broken, for messages (`body.inputs: more than 2 items`). */
  readonly what: string;
  readonly requirements: readonly string[];
  /** The JSON Schema keyword broken, where an operation's errors may name its answer (`ErrorCase.breaks`). */
  readonly keyword?: 'required' | 'pattern';
  /** The value put at `path` (DROP removes the field), given the valid value there. */
  readonly broken: (valid: unknown) => unknown;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const ids = (s: Schema | undefined): string[] =>
  Array.isArray(s?.['x-requirements']) ? (s['x-requirements'] as string[]) : [];

function resolve(s: Schema | undefined): { schema: Schema | undefined; requirements: string[] } {
  let schema = s;
  const requirements = [...ids(s)];
  for (let i = 0; schema && typeof schema.$ref === 'string' && i < 16; i++) {
    schema = spec.schemas[schema.$ref] as Schema | undefined;
    requirements.push(...ids(schema));
  }
  return { schema, requirements };
}

/** A string that does not match a pattern (and is not empty when a minimum length forbids that). */
function offPattern(pattern: string): string | null {
  const re = new RegExp(pattern, 'u');
  for (const c of ['!', ' ', 'x y', '#', '\u00e9', '-', '0', 'a'.repeat(300)]) if (!re.test(c)) return c;
  return null;
}

const show = (path: DataPath) =>
  path.reduce<string>((out, k) => (k === 0 ? `${out}[0]` : `${out}.${k}`), '').replace(/^\./, '');

/** Every documented constraint under a schema node, with the ids it cites. */
function walk(
  part: Part,
  schema: Schema | undefined,
  path: DataPath,
  inherited: string[],
  out: Constraint[],
  depth = 0,
) {
  if (depth > 10) return;
  const { schema: s, requirements: own } = resolve(schema);
  if (!s) return;
  const cites = own.length ? own : inherited;
  const add = (
    what: string,
    broken: (valid: unknown) => unknown,
    at: DataPath = path,
    reqs = cites,
    keyword?: Constraint['keyword'],
  ) =>
    out.push({
      part,
      path: at,
      what: `${part}${at.length ? `.${show(at)}` : ''}: ${what}`,
      requirements: reqs,
      ...(keyword ? { keyword } : {}),
      broken,
    });

  if ('const' in s)
    add(`not ${JSON.stringify(s.const)}`, () => (typeof s.const === 'string' ? `${s.const}_other` : 'other'));
  if (Array.isArray(s.enum) && !s['x-open'])
    add('outside the documented values', () => 'not_a_documented_value');
  const members = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (members) {
    const resolved = members.map((m) => resolve(m).schema).filter(Boolean) as Schema[];
    const constants = resolved.filter((m) => 'const' in m);
    if (constants.length === resolved.length && !s['x-open'])
      add('outside the documented values', () => 'not_a_documented_value');
    // A union of kinds: each kind's own constraints, on the kind the valid value has.
    if (constants.length < resolved.length)
      for (const m of members) walk(part, m, path, cites, out, depth + 1);
    return;
  }
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const wire = part !== 'body';
  if (type.length && !type.includes('null') && !(wire && (path.length === 0 || type.includes('string')))) {
    const other = type.includes('string')
      ? 12345
      : type.includes('object') || type.includes('array')
        ? 'text'
        : 'text';
    add(`not of type ${type.join(' or ')}`, () => other);
  }
  if (type.includes('string')) {
    if (typeof s.maxLength === 'number') add(`longer than ${s.maxLength}`, () => 'a'.repeat(s.maxLength + 1));
    if (typeof s.minLength === 'number' && s.minLength > 0)
      add(`shorter than ${s.minLength}`, () => 'a'.repeat(s.minLength - 1));
    if (typeof s.pattern === 'string') {
      const off = offPattern(s.pattern);
      if (off !== null) add(`off the pattern ${s.pattern}`, () => off, path, cites, 'pattern');
    }
    if (typeof s.format === 'string') add(`not a ${s.format}`, () => 'not-a-valid-value');
  }
  if (type.includes('integer') || type.includes('number')) {
    if (typeof s.minimum === 'number') add(`below ${s.minimum}`, () => s.minimum - 1);
    if (typeof s.maximum === 'number') add(`above ${s.maximum}`, () => s.maximum + 1);
    if (type.includes('integer')) add('not an integer', () => 1.5);
  }
  if (type.includes('array')) {
    if (typeof s.maxItems === 'number')
      add(`more than ${s.maxItems} items`, (v) =>
        Array.isArray(v) && v.length ? pad(v, s.maxItems + 1) : undefined,
      );
    if (typeof s.minItems === 'number' && s.minItems > 0)
      add(`fewer than ${s.minItems} items`, (v) =>
        Array.isArray(v) ? v.slice(0, s.minItems - 1) : undefined,
      );
    if (s.items && !Array.isArray(s.items)) walk(part, s.items, [...path, 0], cites, out, depth + 1);
  }
  if (isObject(s.properties)) {
    const props = s.properties as Record<string, Schema>;
    // A path parameter cannot be left out of a path that routes to the operation.
    for (const name of (part === 'path' ? [] : (s.required ?? [])) as string[]) {
      const p = resolve(props[name]).requirements;
      add(
        `without the required ${name}`,
        () => DROP,
        [...path, name],
        p.length ? [...p, ...own] : cites,
        'required',
      );
    }
    for (const [name, prop] of Object.entries(props))
      walk(part, prop, [...path, name], cites, out, depth + 1);
  }
}

/**
 * The documented answer to a constraint broken, where the operation's errors name one for it
 * (`ErrorCase.breaks`: the keyword, and the field when the row is one field's): the token
 * exchange's 400 `invalid_request` for a required field missing or a malformed
 * `federation_rule_id`. Elsewhere the documents give no status for a validation failure.
 */
export function documentedAnswer(
  e: Operation,
  c: Constraint,
): { readonly status: number; readonly type: string } | undefined {
  if (c.keyword === undefined || c.part !== 'body') return undefined;
  const field = c.path[c.path.length - 1];
  if (c.path.length !== 1) return undefined;
  const row = e.errors.find(
    ({ breaks }) =>
      breaks !== undefined &&
      breaks.keyword === c.keyword &&
      (breaks.field === undefined || breaks.field === field),
  );
  return row?.type ? { status: row.status, type: row.type } : undefined;
}

/** An array grown to `n` items by repeating its items. */
const pad = (v: unknown[], n: number) =>
  Array.from({ length: n }, (_, i) => structuredClone(v[i % v.length]));

/** The documented constraints of an operation's request (body, query and path schemas). */
export function constraintsOf(e: Operation): Constraint[] {
  const out: Constraint[] = [];
  if (e.body) walk('body', e.body.schema as Schema, [], [], out);
  if (e.params.query) walk('query', e.params.query as Schema, [], [], out);
  if (e.params.path) walk('path', e.params.path as Schema, [], [], out);
  return out;
}

/** The value with the one at `path` replaced (null when the path is not in the value). */
function replaced(
  value: unknown,
  path: DataPath,
  broken: (valid: unknown) => unknown,
): { value: unknown } | null {
  if (path.length === 0) {
    const b = broken(value);
    return b === undefined || b === DROP ? null : { value: b };
  }
  const [head, ...rest] = path;
  if (head === undefined) return null;
  if (head === 0) {
    if (!Array.isArray(value) || value.length === 0) return null;
    const inner = replaced(value[0], rest, broken);
    return inner && { value: [inner.value, ...value.slice(1)] };
  }
  if (!isObject(value)) return null;
  if (rest.length === 0) {
    const current = value[head];
    const b = broken(current);
    if (b === DROP)
      return head in value
        ? { value: Object.fromEntries(Object.entries(value).filter(([k]) => k !== head)) }
        : null;
    if (b === undefined || current === undefined) return null;
    return { value: { ...value, [head]: b } };
  }
  if (!(head in value)) return null;
  const inner = replaced(value[head], rest, broken);
  return inner && { value: { ...value, [head]: inner.value } };
}

/** Candidate requests of an operation: values near its schemas (most of them valid). */
function candidates(e: Operation): fc.Arbitrary<Attempt> {
  const part = (x: unknown) => (x ? near(x as Schema, arbitraryContext) : fc.constant(undefined));
  return fc
    .record({ path: part(e.params.path), query: part(e.params.query), body: part(e.body?.schema) })
    .map(
      (r): Attempt => ({
        what: 'valid',
        path: Object.fromEntries(
          Object.entries(isObject(r.path) ? r.path : {}).map(([k, v]) => [k, asText(v)]),
        ),
        query: queryText(r.query),
        ...(e.body ? { body: r.body } : {}),
      }),
    );
}

/** How many candidates are drawn to find valid requests. */
const DRAWS = 200;

/**
 * Valid requests of an operation (the reference server's strict validator accepts them, so the
 * contract's does too), drawn with a seed; possibly none for a schema whose valid values are rare.
 */
export function validRequests(e: Operation, seed: number, count = 24): Attempt[] {
  const out: Attempt[] = [];
  for (const a of fc.sample(candidates(e), { numRuns: DRAWS, seed })) {
    if (Object.values(a.path).every(routable) && !rejected(e, a, 'strict')) out.push(a);
    if (out.length === count) break;
  }
  return out;
}

/** The request with the constraint broken (null when the request has no value at its path). */
function broken(a: Attempt, c: Constraint): Attempt | null {
  const source = c.part === 'body' ? a.body : c.part === 'query' ? a.query : a.path;
  const r = replaced(source, c.path, c.broken);
  if (!r) return null;
  if (c.part === 'body') return { ...a, what: c.what, body: r.value };
  if (c.part === 'query') return { ...a, what: c.what, query: queryText(r.value) };
  const path = Object.fromEntries(Object.entries(r.value as object).map(([k, v]) => [k, asText(v)]));
  return { ...a, what: c.what, path };
}

/** A valid request with the constraint broken that the contract rejects, or null when none is found. */
export function breaking(e: Operation, c: Constraint, valid: readonly Attempt[]): Attempt | null {
  for (const a of valid) {
    const b = broken(a, c);
    if (b && Object.values(b.path).every(routable) && rejected(e, b, 'contract')) return b;
  }
  return null;
}

/**
 * The constraints of an operation that some valid request can break with a contract-rejected
 * result (decided once, with a fixed seed, so a case's requirement list is stable).
 */
export function breakableConstraints(e: Operation): Constraint[] {
  const valid = validRequests(e, 1);
  return constraintsOf(e).filter((c) => breaking(e, c, valid) !== null);
}
