/**
 * TypeBox's own checker as the oracle of the generated validators: ajv's formats registered with
 * it, and its verdict on a value.
 */
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Result } from '../src/index.js';

for (const [name, format] of Object.entries(fullFormats)) {
  if (FormatRegistry.Has(name)) continue;
  const f = format as unknown;
  const check =
    f instanceof RegExp
      ? (v: string) => f.test(v)
      : typeof f === 'function'
        ? (v: string) => Boolean((f as (s: string) => boolean)(v))
        : typeof f === 'object' && f && 'validate' in f
          ? (v: string) => {
              const inner = (f as { validate: RegExp | ((s: string) => boolean) }).validate;
              return inner instanceof RegExp ? inner.test(v) : Boolean(inner(v));
            }
          : () => true;
  FormatRegistry.Set(name, check);
}

/**
 * Whether TypeBox accepts a value. Its checker does not evaluate `contains` (with
 * `minContains`/`maxContains`) given as raw keywords (the dream inputs' one-of-each-kind rule):
 * that verdict is the generated validator's alone (`result`).
 */
export function typeboxVerdict(
  schema: TSchema,
  references: TSchema[],
  value: unknown,
  result: Result<unknown>,
): boolean {
  const containsOnly = !result.ok && /must contain at least/.test(result.error.error.message);
  return Value.Check(schema, references, value) && !containsOnly;
}
