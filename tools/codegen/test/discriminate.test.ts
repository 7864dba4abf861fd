/**
 * Discriminated unions in the validators: a union of objects each requiring its own constant of
 * one property is checked by that property first; other unions stay. Every case holds ajv's
 * verdicts (strict mode) on the rewritten schema equal to those on the schema as written, and
 * names the error the rewritten one reports first.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { discriminate } from '../src/discriminate.js';
import type { Json, JsonObject } from '../src/json.js';

const kind = (tag: string, value: string, field: string): JsonObject => ({
  type: 'object',
  required: [tag, field],
  additionalProperties: false,
  properties: { [tag]: { const: value, type: 'string' }, [field]: { type: 'string' } },
});

const named: Record<string, Json> = { Text: kind('type', 'text', 'text') };

const cases: [string, { given: JsonObject; rewritten: boolean; values: [unknown, boolean, string?][] }][] = [
  [
    'a union of kinds told apart by `type` is checked by `type` first',
    {
      given: { anyOf: [kind('type', 'text', 'text'), kind('type', 'image', 'source')] },
      rewritten: true,
      values: [
        [{ type: 'text', text: 'a' }, true],
        [{ type: 'image', source: 's' }, true],
        [{ type: 'image', text: 'a' }, false, 'required'],
        [{ type: 'document' }, false, 'enum'],
        [{ text: 'a' }, false, 'required'],
        ['text', false, 'type'],
      ],
    },
  ],
  [
    'turns told apart by `role`',
    {
      given: { anyOf: [kind('role', 'user', 'content'), kind('role', 'assistant', 'content')] },
      rewritten: true,
      values: [
        [{ role: 'user', content: 'a' }, true],
        [{ role: 'bot', content: 'a' }, false, 'enum'],
        [{ role: 'user', content: 1 }, false, 'type'],
      ],
    },
  ],
  [
    'a member given as a $ref is read through it and stays a $ref',
    {
      given: { anyOf: [{ $ref: 'Text' }, kind('type', 'image', 'source')] },
      rewritten: true,
      values: [
        [{ type: 'text', text: 'a' }, true],
        [{ type: 'text', source: 'a' }, false, 'required'],
      ],
    },
  ],
  [
    'the one kind shown where kinds are open (`x-open`) is checked by its tag first',
    {
      given: { ...kind('type', 'enabled', 'budget'), 'x-open': true },
      rewritten: true,
      values: [
        [{ type: 'enabled', budget: 'b' }, true],
        [{ type: 'adaptive' }, false, 'enum'],
      ],
    },
  ],
  [
    'a string or an array stays a plain union',
    {
      given: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      rewritten: false,
      values: [
        ['a', true],
        [['a'], true],
        [1, false],
      ],
    },
  ],
  [
    'kinds whose tag is not required in each stay a plain union',
    {
      given: {
        anyOf: [kind('type', 'text', 'text'), { ...kind('type', 'image', 'source'), required: ['source'] }],
      },
      rewritten: false,
      values: [
        [{ type: 'text', text: 'a' }, true],
        [{ source: 's' }, true],
      ],
    },
  ],
  [
    'kinds sharing a tag value stay a plain union',
    {
      given: { anyOf: [kind('type', 'text', 'text'), kind('type', 'text', 'body')] },
      rewritten: false,
      values: [
        [{ type: 'text', body: 'a' }, true],
        [{ type: 'text' }, false],
      ],
    },
  ],
];

const ajv = () => {
  const a = new Ajv2020({ strict: true, allErrors: false });
  a.addKeyword({ keyword: 'x-open' });
  for (const [id, s] of Object.entries(named)) a.addSchema({ ...(s as JsonObject), $id: id });
  return a;
};

describe('discriminate', () => {
  for (const [name, { given, rewritten, values }] of cases) {
    it(name, () => {
      const out = discriminate(given, named) as JsonObject;
      expect('allOf' in out).toBe(rewritten);
      const asWritten = ajv().compile(given);
      const compiled = ajv().compile(out);
      for (const [value, valid, firstError] of values) {
        expect({ value, valid: asWritten(value) }).toEqual({ value, valid });
        expect({ value, valid: compiled(value) }).toEqual({ value, valid });
        if (firstError !== undefined) expect(compiled.errors?.[0]?.keyword).toBe(firstError);
      }
    });
  }

  it('rewrites unions nested in properties and items, and leaves literal values alone', () => {
    const union = { anyOf: [kind('type', 'a', 'x'), kind('type', 'b', 'y')] };
    const out = discriminate(
      { type: 'object', properties: { list: { type: 'array', items: union } }, default: union },
      named,
    ) as { properties: { list: { items: JsonObject } }; default: Json };
    expect(out.properties.list.items.properties).toEqual({ type: { enum: ['a', 'b'] } });
    expect(out.default).toEqual(union);
  });
});
