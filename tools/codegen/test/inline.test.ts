/**
 * Named schemas inlined in the request-body validators: a `$ref` becomes its target (without
 * `$id` and `default`), a recursive reference stays a `$ref`, keywords beside a `$ref` are merged
 * or, when a constraint is named on both sides, kept beside an `allOf`, and literal values are not
 * searched for references. Every case also holds the verdicts of ajv on the inlined schema equal to
 * its verdicts on the schema as written.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { inlineRefs } from '../src/inline.js';
import type { Json, JsonObject } from '../src/json.js';

const named: Record<string, Json> = {
  Id: { $id: 'Id', type: 'string', pattern: '^id_[a-z]+$', default: 'id_x' },
  Item: {
    $id: 'Item',
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { $ref: 'Id' }, note: { type: 'string', description: 'free text' } },
  },
  Tree: {
    $id: 'Tree',
    type: 'object',
    properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: 'Tree' } } },
  },
};

const cases: [string, { given: Json; want: Json; values: [unknown, boolean][] }][] = [
  [
    'a reference becomes its target, without $id and default',
    {
      given: { type: 'array', items: { $ref: 'Id' } },
      want: { type: 'array', items: { type: 'string', pattern: '^id_[a-z]+$' } },
      values: [
        [['id_a', 'id_b'], true],
        [['id_a', 'nope'], false],
      ],
    },
  ],
  [
    'references inside a target are inlined too',
    {
      given: { $ref: 'Item' },
      want: {
        type: 'object',
        required: ['id'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^id_[a-z]+$' },
          note: { type: 'string', description: 'free text' },
        },
      },
      values: [
        [{ id: 'id_a' }, true],
        [{ id: 'id_a', extra: 1 }, false],
        [{ id: 'ID' }, false],
      ],
    },
  ],
  [
    'annotations beside a reference are merged',
    {
      given: { $ref: 'Id', description: 'the item id', 'x-requirements': ['R-1'] },
      want: { type: 'string', pattern: '^id_[a-z]+$', description: 'the item id', 'x-requirements': ['R-1'] },
      values: [
        ['id_q', true],
        ['q', false],
      ],
    },
  ],
  [
    'a constraint named on both sides keeps the target in an allOf',
    {
      given: { $ref: 'Id', pattern: '^id_a' },
      want: { pattern: '^id_a', allOf: [{ type: 'string', pattern: '^id_[a-z]+$' }] },
      values: [
        ['id_abc', true],
        ['id_bcd', false],
        ['id_A', false],
      ],
    },
  ],
  [
    'a recursive reference stays a reference where it recurs',
    {
      given: { $ref: 'Tree' },
      want: {
        type: 'object',
        properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: 'Tree' } } },
      },
      values: [
        [{ name: 'a', children: [{ name: 'b', children: [] }] }, true],
        [{ name: 'a', children: [{ name: 1 }] }, false],
      ],
    },
  ],
  [
    'literal values are not searched for references',
    {
      given: { const: { $ref: 'Id' }, 'x-example': { $ref: 'Id' } },
      want: { const: { $ref: 'Id' }, 'x-example': { $ref: 'Id' } },
      values: [
        [{ $ref: 'Id' }, true],
        ['id_a', false],
      ],
    },
  ],
];

function ajv(): Ajv2020 {
  const a = new Ajv2020({ strict: false });
  for (const s of Object.values(named)) a.addSchema(s as JsonObject);
  return a;
}

describe('inlineRefs', () => {
  it.each(cases)('%s', (_, { given, want, values }) => {
    const inlined = inlineRefs(given, named);
    expect(inlined).toEqual(want);
    const asWritten = ajv().compile(given as JsonObject);
    const compiled = ajv().compile(inlined as JsonObject);
    for (const [value, valid] of values) {
      expect({ value, valid: asWritten(value) }).toEqual({ value, valid });
      expect({ value, valid: compiled(value) }).toEqual({ value, valid });
    }
  });

  it('leaves its input unchanged', () => {
    const given: Json = { $ref: 'Item' };
    const before = JSON.stringify([given, named]);
    inlineRefs(given, named);
    expect(JSON.stringify([given, named])).toBe(before);
  });
});
