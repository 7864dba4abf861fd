/**
 * Test helpers: an ajv 2020-12 instance in strict mode holding every schema of the spec, and
 * `Ok` / `Fail` that print the schema, the data and ajv's errors when a verdict is wrong.
 */
import type { TSchema } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { createSpec, SCHEMA_ANNOTATIONS, type VendorSpec } from '../src/index.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export function makeAjv(forSpec: VendorSpec = createSpec()): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  for (const [keyword, types] of Object.entries(SCHEMA_ANNOTATIONS))
    ajv.addKeyword({ keyword, schemaType: [...types] });
  for (const schema of Object.values(forSpec.schemas)) ajv.addSchema(schema);
  return ajv;
}

let shared: Ajv2020 | undefined;
const ajv = () => {
  shared ??= makeAjv();
  return shared;
};

function check(schema: TSchema, value: unknown): { valid: boolean; errors: ErrorObject[] } {
  const id = typeof schema.$id === 'string' ? schema.$id : undefined;
  const validate = id ? ajv().getSchema(id) : ajv().compile(schema);
  if (!validate) throw new Error(`schema ${id} is not registered`);
  const valid = validate(value) as boolean;
  return { valid, errors: validate.errors ?? [] };
}

const show = (schema: TSchema, value: unknown, errors: ErrorObject[]) =>
  `schema: ${JSON.stringify(schema)}\nvalue: ${JSON.stringify(value)}\nerrors: ${JSON.stringify(errors, null, 2)}`;

/** Asserts the value is valid against the schema. */
export function Ok(schema: TSchema, value: unknown): void {
  const { valid, errors } = check(schema, value);
  if (!valid) expect.fail(`expected valid\n${show(schema, value, errors)}`);
}

/** Asserts the value is invalid against the schema. */
export function Fail(schema: TSchema, value: unknown): void {
  const { valid, errors } = check(schema, value);
  if (valid) expect.fail(`expected invalid\n${show(schema, value, errors)}`);
}

/** A string of `n` copies of `ch`. */
export const str = (n: number, ch = 'a') => ch.repeat(n);
