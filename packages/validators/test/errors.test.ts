/**
 * Error messages that point at the cause: a union reports the kind the value names and the one
 * field that is wrong (never every kind), or, when the value is not even of a kind's type, what
 * it may be. Each case is a real request and the one issue it gets.
 */
import { spec } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { validateRequest, validateSchema } from '../src/index.js';

const v = spec.vendor;
const model = v.models.sonnet;
const headers = { [v.headers.version]: v.apiVersion };
const turn = (role: string, content: unknown) => ({ model, max_tokens: 8, messages: [{ role, content }] });

const cases: [string, { operation: string; body: unknown; issue: string }][] = [
  [
    'a user turn with a block of a kind not shown is told the kinds a user turn takes',
    {
      operation: 'messages.create',
      body: turn('user', [{ type: 'document', text: 'x' }]),
      issue: 'body.messages[0].content[0].type: must be one of "text", "image"',
    },
  ],
  [
    'a text block whose text is not a string is told so, not that it lacks an image source',
    {
      operation: 'messages.create',
      body: turn('user', [{ type: 'text', text: 1 }]),
      issue: 'body.messages[0].content[0].text: must be string',
    },
  ],
  [
    'a thinking block without its signature, in an assistant turn',
    {
      operation: 'messages.create',
      body: turn('assistant', [{ type: 'thinking', thinking: 'x' }]),
      issue: 'body.messages[0].content[0].signature: is required',
    },
  ],
  [
    'an image block without its data names the field inside the source',
    {
      operation: 'messages.count_tokens',
      body: {
        model,
        messages: [
          { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png' } }] },
        ],
      },
      issue: 'body.messages[0].content[0].source.data: is required',
    },
  ],
  [
    'a turn of a role not shown is told the roles',
    {
      operation: 'messages.create',
      body: turn('bot', 'hi'),
      issue: 'body.messages[0].role: must be one of "user", "assistant"',
    },
  ],
  [
    'content that is neither a string nor an array is told both forms',
    {
      operation: 'messages.create',
      body: turn('user', 7),
      issue: 'body.messages[0].content: must be string or array',
    },
  ],
  [
    'a thinking config of a kind not shown is told its kind, not a missing budget',
    {
      operation: 'messages.count_tokens',
      body: { model, messages: [{ role: 'user', content: 'x' }], thinking: { type: 'adaptive' } },
      issue: 'body.thinking.type: must be one of "enabled"',
    },
  ],
];

describe('error messages of unions', () => {
  for (const [name, { operation, body, issue }] of cases) {
    it(name, () => {
      const result = validateRequest(operation, { headers, body });
      expect(result.ok ? [] : result.issues.map((i) => `${i.where}: ${i.message}`)).toEqual([issue]);
    });
  }

  it('the params of a batch item (checked asynchronously, as a schema) get the same message', () => {
    const params = { model, max_tokens: 8, messages: [{ role: 'user', content: [{ type: 'video' }] }] };
    const result = validateSchema('MessageBatchRequestParams', params);
    expect(result.ok ? [] : result.issues.map((i) => `${i.where}: ${i.message}`)).toEqual([
      'MessageBatchRequestParams.messages[0].content[0].type: must be one of "text", "image"',
    ]);
  });
});
