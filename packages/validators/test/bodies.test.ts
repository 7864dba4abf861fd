/**
 * Differential: the generated request-body validators (named schemas inlined for speed) give the
 * same verdict, and fill in the same defaults, as ajv compiling each operation's body schema as the
 * spec writes it (with its `$ref`s), over values generated near each schema.
 */
import { SCHEMA_ANNOTATIONS, spec } from '@vendor-api/spec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixed } from '../src/arbitrary.js';
import { validateRequest } from '../src/index.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const refs = spec.schemas as Record<string, Record<string, unknown>>;
const v = spec.vendor;
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

const ajv = new Ajv2020({ strict: true, allErrors: false, allowUnionTypes: true, useDefaults: true });
addFormats(ajv);
for (const [keyword, types] of Object.entries(SCHEMA_ANNOTATIONS))
  ajv.addKeyword({ keyword, schemaType: [...types] });
for (const s of Object.values(spec.schemas)) ajv.addSchema(plain(s));

describe('request bodies: generated validators agree with ajv on the schemas as written', () => {
  for (const e of spec.endpoints) {
    if (!e.body) continue;
    const body = e.body.schema;
    const { $id: _id, ...schema } = plain(body);
    const asWritten = ajv.compile(schema);
    const headers = {
      [v.headers.version]: v.apiVersion,
      ...(e.betas.length ? { [v.headers.beta]: e.betas.join(',') } : {}),
    };
    it(`${e.id}: same verdict and same defaults filled`, () => {
      let valid = 0;
      let invalid = 0;
      fc.assert(
        fc.property(mixed(body as Record<string, unknown>, { refs }), (value) => {
          if (value === undefined) return;
          const mine = structuredClone(value);
          const theirs = structuredClone(value);
          const result = validateRequest(e.id, { headers, body: mine }, { crossFieldRules: false });
          const expected = asWritten(theirs);
          if (expected) valid++;
          else invalid++;
          // Path parameters are not given: only the body's verdict counts.
          const ok = result.ok || !result.issues.some((i) => i.where.startsWith('body'));
          expect({ value, ok }).toEqual({ value, ok: expected });
          if (expected) expect(mine).toEqual(theirs);
        }),
        { numRuns: 60 },
      );
      // Both verdicts are exercised.
      expect(valid > 0 && invalid > 0, `${valid} valid, ${invalid} invalid`).toBe(true);
    });
  }
});
