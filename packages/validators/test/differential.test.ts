/**
 * Differential tests: for every named schema of the spec, generated near-valid values and their
 * mutations get the same verdict from the generated (ajv standalone) validator and from TypeBox's
 * own `Value.Check`.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixed, near } from '../src/arbitrary.js';
import { validateSchema } from '../src/index.js';
import { typeboxVerdict } from './typebox.js';

const references = Object.values(spec.schemas) as TSchema[];
const refs = spec.schemas as Record<string, Record<string, unknown>>;

describe('generated validators agree with TypeBox', () => {
  for (const [name, schema] of Object.entries(spec.schemas)) {
    it(`${name}: same verdict on generated and mutated values`, () => {
      let valid = 0;
      let invalid = 0;
      fc.assert(
        fc.property(mixed(schema as Record<string, unknown>, { refs }), (value) => {
          const result = validateSchema(name, value);
          const typebox = typeboxVerdict(schema, references, value, result);
          const generated = result.ok;
          if (typebox) valid++;
          else invalid++;
          expect({ value, generated }).toEqual({ value, generated: typebox });
        }),
        { numRuns: 60 },
      );
      expect(valid + invalid).toBeGreaterThan(0);
    });
  }

  it('the near-valid generator mostly produces valid values (so both verdicts are exercised)', () => {
    const poor: string[] = [];
    for (const [name, schema] of Object.entries(spec.schemas)) {
      const samples = fc.sample(near(schema as Record<string, unknown>, { refs }), 30);
      const ok = samples.filter((v) => Value.Check(schema, references, v)).length;
      if (ok === 0) poor.push(name);
    }
    // Schemas with cross-item constraints (contains, uniqueness) may need the rules, not random values.
    expect(poor.length, `no valid sample for: ${poor.join(', ')}`).toBeLessThanOrEqual(
      Math.ceil(Object.keys(spec.schemas).length / 10),
    );
  });
});
