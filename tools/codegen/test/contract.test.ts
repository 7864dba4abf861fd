/**
 * The contract form of a schema: objects open unless `x-closed`, `x-open` value sets opened (a
 * string enum to any string, a union of kinds plus "any other kind"), `x-contract` replacing a
 * schema, and every other constraint kept.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../src/contract.js';
import type { Json } from '../src/json.js';

const named: Record<string, Json> = {
  Text: {
    $id: 'Text',
    type: 'object',
    required: ['type', 'text'],
    additionalProperties: false,
    properties: { type: { const: 'text', type: 'string' }, text: { type: 'string' } },
  },
  Image: {
    $id: 'Image',
    type: 'object',
    required: ['type'],
    properties: { type: { const: 'image', type: 'string' } },
  },
  Tool: { $id: 'Tool', type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  Blocks: { $id: 'Blocks', anyOf: [{ $ref: 'Text' }, { $ref: 'Image' }] },
};

/** Any object whose `type` is a string other than the given kinds. */
const other = (...kinds: string[]) => ({
  type: 'object',
  required: ['type'],
  properties: { type: kinds.length ? { type: 'string', not: { enum: kinds } } : { type: 'string' } },
});

const cases: [string, { given: Json; want: Json }][] = [
  [
    'opens an object, keeping required fields, types and constants',
    {
      given: {
        type: 'object',
        required: ['type', 'n'],
        additionalProperties: false,
        properties: { type: { const: 'a', type: 'string' }, n: { type: 'integer', minimum: 1 } },
      },
      want: {
        type: 'object',
        required: ['type', 'n'],
        properties: { type: { const: 'a', type: 'string' }, n: { type: 'integer', minimum: 1 } },
      },
    },
  ],
  [
    'opens nested objects, inside properties, items and unions',
    {
      given: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'object', unevaluatedProperties: false, properties: { a: { type: 'string' } } },
            {
              type: 'object',
              additionalProperties: false,
              properties: { b: { type: 'object', additionalProperties: false, properties: {} } },
            },
          ],
        },
      },
      want: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'object', properties: {} } } },
          ],
        },
      },
    },
  ],
  [
    'keeps a schema for additional properties (a map), and a property named like a keyword',
    {
      given: {
        type: 'object',
        properties: { additionalProperties: { type: 'boolean' } },
        additionalProperties: { type: 'string' },
      },
      want: {
        type: 'object',
        properties: { additionalProperties: { type: 'boolean' } },
        additionalProperties: { type: 'string' },
      },
    },
  ],
  [
    'keeps an object carrying x-closed closed',
    {
      given: { type: 'object', additionalProperties: false, 'x-closed': true, properties: {} },
      want: { type: 'object', additionalProperties: false, 'x-closed': true, properties: {} },
    },
  ],
  [
    'leaves a closed string enum closed',
    {
      given: {
        $id: 'Status',
        anyOf: [
          { const: 'pending', type: 'string' },
          { const: 'ended', type: 'string' },
        ],
      },
      want: {
        $id: 'Status',
        anyOf: [
          { const: 'pending', type: 'string' },
          { const: 'ended', type: 'string' },
        ],
      },
    },
  ],
  [
    'turns an x-open string enum into any string, keeping its annotations',
    {
      given: {
        $id: 'Role',
        description: 'd',
        'x-open': true,
        anyOf: [
          { const: 'a', type: 'string' },
          { const: 'b', type: 'string' },
        ],
      },
      want: { $id: 'Role', description: 'd', 'x-open': true, type: 'string' },
    },
  ],
  [
    'turns an x-open enum keyword into any string',
    { given: { 'x-open': true, type: 'string', enum: ['a'] }, want: { 'x-open': true, type: 'string' } },
  ],
  [
    'adds "any other kind" to an x-open union of refs, excluding the kinds its members use',
    {
      given: { $id: 'Open', 'x-open': true, anyOf: [{ $ref: 'Text' }, { $ref: 'Image' }] },
      want: {
        $id: 'Open',
        'x-open': true,
        anyOf: [{ $ref: 'Text' }, { $ref: 'Image' }, other('text', 'image')],
      },
    },
  ],
  [
    'reads the kinds of a member that is itself a union',
    {
      given: { 'x-open': true, anyOf: [{ $ref: 'Blocks' }] },
      want: { 'x-open': true, anyOf: [{ $ref: 'Blocks' }, other('text', 'image')] },
    },
  ],
  [
    'opens a lone x-open $ref (the one kind shown), annotations outside',
    {
      given: { $ref: 'Text', description: 'a block', 'x-open': true, 'x-requirements': ['R'] },
      want: {
        description: 'a block',
        'x-open': true,
        'x-requirements': ['R'],
        anyOf: [{ $ref: 'Text' }, other('text')],
      },
    },
  ],
  [
    'opens a lone x-open object, itself opened',
    {
      given: {
        'x-open': true,
        type: 'object',
        required: ['type'],
        additionalProperties: false,
        properties: { type: { const: 'enabled', type: 'string' } },
      },
      want: {
        'x-open': true,
        anyOf: [
          { type: 'object', required: ['type'], properties: { type: { const: 'enabled', type: 'string' } } },
          other('enabled'),
        ],
      },
    },
  ],
  [
    'accepts any other object with a string type beside a kind that has no type (the custom tool)',
    {
      given: { 'x-open': true, $ref: 'Tool' },
      want: { 'x-open': true, anyOf: [{ $ref: 'Tool' }, other()] },
    },
  ],
  [
    'replaces a schema carrying x-contract by its contract, keeping $id and annotations',
    {
      given: {
        $id: 'Err',
        'x-requirements': ['R'],
        'x-contract': {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'object', additionalProperties: false, properties: {} } },
        },
        type: 'object',
        required: ['type', 'error'],
        properties: { type: { const: 'error', type: 'string' }, error: { type: 'object' } },
      },
      want: {
        $id: 'Err',
        'x-requirements': ['R'],
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'object', properties: {} } },
      },
    },
  ],
  [
    'drops the keywords an x-choice names (the reference server choice where the documents are silent)',
    {
      given: { type: 'integer', minimum: 1, maximum: 100, 'x-choice': { minimum: 'UNSPEC-MIN' } },
      want: { type: 'integer', maximum: 100, 'x-choice': { minimum: 'UNSPEC-MIN' } },
    },
  ],
  [
    'keeps only the documented names of an x-choice on required',
    {
      given: {
        type: 'object',
        required: ['name', 'description', 'input_schema'],
        properties: {},
        'x-choice': { required: { unspecified: 'UNSPEC-OPT', documented: ['name', 'input_schema'] } },
      },
      want: {
        type: 'object',
        required: ['name', 'input_schema'],
        properties: {},
        'x-choice': { required: { unspecified: 'UNSPEC-OPT', documented: ['name', 'input_schema'] } },
      },
    },
  ],
];

describe('contract', () => {
  for (const [name, { given, want }] of cases) {
    it(name, () => {
      expect(contract(given, named)).toEqual(want);
    });
  }

  it('does not change the schema it is given', () => {
    const given = structuredClone(named.Text!);
    contract(given, named);
    expect(given).toEqual(named.Text);
  });

  it('refuses x-open on a union it cannot read, naming the schema', () => {
    expect(() => contract({ $id: 'Bad', 'x-open': true, anyOf: [{ $ref: 'Nope' }] }, named)).toThrow(
      /x-open on Bad: unknown \$ref Nope/,
    );
    expect(() =>
      contract({ $id: 'Bad', 'x-open': true, anyOf: [{ type: 'string' }, { type: 'integer' }] }, named),
    ).toThrow(/x-open on Bad: a member is not an object/);
  });
});
