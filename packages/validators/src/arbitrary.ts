/**
 * fast-check arbitraries from the spec's JSON Schemas: `near(schema)` produces values that are
 * mostly valid (it follows types, enums, constants, patterns, formats, ranges and required
 * properties) and `mutate(value)` produces broken variants of a value (a required property dropped,
 * an unknown one added, a leaf replaced by any JSON value). The differential tests and the
 * conformance suite's negative cases use both; fast-check is an optional peer dependency.
 */
import fc from 'fast-check';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema values of any shape
type Schema = Record<string, any>;

export interface ArbitraryContext {
  /** Named schemas by `$id`, for `$ref`. */
  readonly refs: Readonly<Record<string, Schema>>;
  /** Caps on array lengths and string lengths, to keep values small. */
  readonly maxItems?: number;
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () =>
    fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  uuid: () => fc.uuid(),
  uri: () => fc.webUrl(),
  email: () => fc.emailAddress(),
};

function stringArb(s: Schema): fc.Arbitrary<string> {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format]!();
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? minLength + 12, minLength + 12);
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern);
    return fc
      .stringMatching(re)
      .filter((x) => x.length >= minLength && (s.maxLength === undefined || x.length <= s.maxLength));
  }
  return fc.string({ minLength, maxLength });
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  let min =
    s.minimum ??
    (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1_000_000);
  let max =
    s.maximum ??
    (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1_000_000);
  if (min > max) [min, max] = [max, min];
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values that follow the schema (most of them valid). */
export function near(schema: Schema, ctx: ArbitraryContext, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 12) return fc.constant(null);
  if (typeof schema.$ref === 'string') {
    const target = ctx.refs[schema.$ref];
    if (!target) throw new Error(`unknown $ref ${schema.$ref}`);
    return near(target, ctx, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return fc.oneof(...union.map((m: Schema) => near(m, ctx, depth + 1)));
  if (Array.isArray(schema.allOf)) {
    // The schema's own keywords and its conjuncts' (an array's `items` with `contains` rules).
    const { allOf, ...own } = schema;
    return near(Object.assign(own, ...(allOf as Schema[])), ctx, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxCap = ctx.maxItems ?? 4;
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(
        minLength,
        Math.min(schema.maxItems ?? minLength + maxCap, minLength + maxCap),
      );
      const items = schema.items ? near(schema.items, ctx, depth + 1) : fc.jsonValue();
      return fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const props: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = near(v, ctx, depth + 1);
      const base = fc.record(record, { requiredKeys: [...required].filter((k) => k in props) });
      const pattern = schema.patternProperties
        ? Object.entries(schema.patternProperties as Record<string, Schema>)[0]
        : undefined;
      if (pattern) {
        const [re, valueSchema] = pattern;
        const extra = fc.dictionary(
          fc.stringMatching(new RegExp(re)).filter((k) => k.length < 20 && !(k in props)),
          near(valueSchema, ctx, depth + 1),
          { maxKeys: 3 },
        );
        return fc.tuple(base, extra).map(([a, b]) => ({ ...b, ...a }));
      }
      return base;
    }
    default:
      return fc.jsonValue();
  }
}

/** A broken variant of a value: drop or add a property, or replace a leaf with any JSON value. */
export function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(value) && value.length) {
    return fc
      .nat(value.length - 1)
      .chain((i) => mutate(value[i]).map((m) => value.map((x, j) => (j === i ? m : x))));
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const options: fc.Arbitrary<unknown>[] = [fc.jsonValue().map((j) => ({ ...value, __unknown_field: j }))];
    if (keys.length) {
      options.push(
        fc.constantFrom(...keys).map((k) => {
          const { [k]: _, ...rest } = value as Record<string, unknown>;
          return rest;
        }),
        fc
          .constantFrom(...keys)
          .chain((k) => mutate((value as Record<string, unknown>)[k]).map((m) => ({ ...value, [k]: m }))),
      );
    }
    return fc.oneof(...options);
  }
  return fc.oneof(fc.jsonValue(), fc.constantFrom(null, '', 0, -1, 1.5, true, [], {}));
}

/** Near-valid values and their mutations, about half each. */
export function mixed(schema: Schema, ctx: ArbitraryContext): fc.Arbitrary<unknown> {
  const base = near(schema, ctx);
  return fc.oneof(base, base.chain(mutate));
}
