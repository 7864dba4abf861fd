/**
 * Unspecified never asserted, by construction: every field an Unspecified item names (`fields`)
 * carries `x-unshown` with that item's id in the spec, and the other way round; and every form of
 * the validators (the contract the suite judges with, the lenient one clients read with, the strict
 * one) accepts each such field absent, null or any value of its schema. A check of a response goes
 * through these validators, so no case can assert one of the legal choices.
 */
import { spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { near } from '../src/arbitrary.js';
import { validateSchema } from '../src/index.js';

type Schema = Record<string, unknown>;
const refs = spec.schemas as Record<string, Schema>;
const seed = Number(process.env.VENDOR_API_SEED ?? 1);

/** Every `Schema.property` whose property schema carries `x-unshown`, with its id. */
const annotated = Object.entries(spec.schemas).flatMap(([name, schema]) =>
  Object.entries(((schema as Schema).properties ?? {}) as Record<string, Schema>).flatMap(([field, s]) =>
    typeof s['x-unshown'] === 'string' ? [[`${name}.${field}`, s['x-unshown']] as const] : [],
  ),
);
const listed = spec.unspecified.flatMap((u) => (u.fields ?? []).map((f) => [f, u.id] as const));

describe('fields whose value is not shown', () => {
  it('every field an Unspecified item lists carries x-unshown with its id, and no other does', () => {
    expect(listed.length).toBeGreaterThan(0);
    expect(new Map(annotated)).toEqual(new Map(listed));
  });

  it.each(listed)('%s (%s): every form accepts it absent, null or any value of its schema', (path) => {
    const [name, field] = path.split('.') as [string, string];
    let checked = 0;
    fc.assert(
      fc.property(near(refs[name]!, { refs }), (value) => {
        const record = value as Record<string, unknown>;
        if (!validateSchema(name, record).ok) return;
        const { [field]: _, ...without } = record;
        for (const form of [without, { ...record, [field]: null }, record])
          for (const mode of ['contract', 'lenient', 'strict'] as const) {
            const r = validateSchema(name, form, { mode });
            expect(r.ok, `${mode}: ${JSON.stringify(r.ok ? form : r.issues)}`).toBe(true);
          }
        checked++;
      }),
      { seed, numRuns: 60 },
    );
    expect(checked, 'values the strict form accepts among those generated').toBeGreaterThan(0);
  });
});
