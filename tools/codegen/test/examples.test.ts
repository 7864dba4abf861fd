/**
 * The example sampler: a schema's own example first, else the smallest value its keywords allow;
 * a union's kinds in turn inside an array; required fields only in requests; a pattern it cannot
 * satisfy is an error that names the place.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_INSTANT, ExampleError, ExampleSampler } from '../src/examples.js';
import type { Json } from '../src/json.js';

const components: Record<string, Json> = {
  StoreId: { type: 'string', pattern: '^memstore_.+$' },
  Token: { type: 'string', pattern: '^sk-x-oat01-' },
  A: { type: 'object', required: ['type'], properties: { type: { const: 'a' } } },
  B: { type: 'object', required: ['type'], properties: { type: { const: 'b' } } },
  Params: {
    type: 'object',
    required: ['model'],
    properties: { model: { type: 'string' }, note: { type: 'string' } },
  },
};

const cases: [
  string,
  { given: Json; want: Json; direction?: 'request' | 'response'; hints?: Record<string, Json> },
][] = [
  ['examples first', { given: { type: 'string', examples: ['end_turn'], enum: ['x'] }, want: 'end_turn' }],
  ['const', { given: { const: 'file' }, want: 'file' }],
  ['first enum value', { given: { enum: ['workspace_user', 'admin'] }, want: 'workspace_user' }],
  ['prefixed id', { given: { $ref: '#/components/schemas/StoreId' }, want: 'memstore_example' }],
  [
    'literal prefix without a tail',
    { given: { $ref: '#/components/schemas/Token' }, want: 'sk-x-oat01-example' },
  ],
  ['timestamp', { given: { type: 'string', format: 'date-time' }, want: EXAMPLE_INSTANT }],
  ['minLength', { given: { type: 'string', minLength: 10 }, want: 'examplexxx' }],
  ['integer from its minimum', { given: { type: 'integer', minimum: 0 }, want: 1 }],
  ['integer capped by its maximum', { given: { type: 'integer', minimum: 0, maximum: 0 }, want: 0 }],
  [
    'nullable: the value, not null',
    { given: { anyOf: [{ type: 'null' }, { type: 'boolean' }] }, want: false },
  ],
  [
    'an array of a union takes its kinds in turn',
    {
      given: {
        type: 'array',
        minItems: 2,
        items: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
      },
      want: [{ type: 'a' }, { type: 'b' }],
    },
  ],
  [
    'requests hold required fields only',
    { given: { $ref: '#/components/schemas/Params' }, want: { model: 'example' } },
  ],
  [
    'responses hold every field',
    {
      given: { $ref: '#/components/schemas/Params' },
      direction: 'response',
      want: { model: 'example', note: 'example' },
    },
  ],
  [
    'a hint replaces a component property',
    {
      given: { $ref: '#/components/schemas/Params' },
      hints: { 'Params/model': { examples: ['m-1'] } },
      want: { model: 'm-1' },
    },
  ],
];

describe('ExampleSampler', () => {
  for (const [name, { given, want, direction, hints }] of cases) {
    it(name, () => {
      expect(new ExampleSampler(components, hints).sample(given, direction ?? 'request', '#')).toEqual(want);
    });
  }

  it('a pattern no candidate matches is an error naming the place', () => {
    const sampler = new ExampleSampler(components);
    expect(() => sampler.sample({ type: 'string', pattern: '^[0-9a-f]{40}$' }, 'request', '#/x')).toThrow(
      ExampleError,
    );
    expect(() => sampler.sample({ type: 'string', pattern: '^[0-9a-f]{40}$' }, 'request', '#/x')).toThrow(
      /#\/x/,
    );
  });
});
