import { describe, it } from 'vitest';
import {
  ContentBlockParam,
  ImageBlock,
  ImageBlockSource,
  Message,
  MessageCountTokensParams,
  MessageCreateParams,
  MessageParam,
  MessageRole,
  MessageTokensCount,
  MessageUsage,
  TextBlock,
  ThinkingBlock,
  ThinkingConfig,
  ToolDefinition,
} from '../../src/resources/messages.js';
import { Fail, Ok } from '../helpers.js';

const text = { type: 'text', text: 'Hello' };
const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
const thinking = { type: 'thinking', thinking: 'Let me think.', signature: 'sig' };
const tool = {
  name: 'get_weather',
  description: 'Weather of a city.',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const userTurn = { role: 'user', content: 'Hi' };
const message = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  content: [text],
  model: 'vendor-opus-4-7',
  stop_reason: 'end_turn',
  usage: { input_tokens: 10, output_tokens: 3 },
};

const without = (o: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = o;
  return rest;
};

describe('MessageRole (MSG-TURN-ROLE)', () => {
  it.each(['user', 'assistant'])('accepts %s', (role) => Ok(MessageRole, role));
  it.each(['system', 'tool', 'User', ''])('rejects %j', (role) => Fail(MessageRole, role));
});

describe('TextBlock (MSG-BLOCK-TEXT)', () => {
  it('accepts {type: text, text}', () => Ok(TextBlock, text));
  it('accepts an empty text', () => Ok(TextBlock, { type: 'text', text: '' }));
  it('rejects a missing text', () => Fail(TextBlock, { type: 'text' }));
  it('rejects a non-string text', () => Fail(TextBlock, { type: 'text', text: 1 }));
  it('rejects another type', () => Fail(TextBlock, { type: 'txt', text: 'a' }));
  it('rejects an extra field', () => Fail(TextBlock, { ...text, extra: true }));
});

describe('ImageBlock (MSG-BLOCK-IMAGE, MSG-BLOCK-IMAGE-SOURCE-BASE64, -MEDIA-TYPE, -DATA-BASE64)', () => {
  it('accepts a base64 source', () => Ok(ImageBlock, image));
  it('rejects a missing source', () => Fail(ImageBlock, { type: 'image' }));
  it('rejects a source of another kind', () =>
    Fail(ImageBlock, { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }));
  it('rejects a source without media_type', () => Fail(ImageBlockSource, { type: 'base64', data: 'QUJD' }));
  it('rejects a non-string media_type', () =>
    Fail(ImageBlockSource, { type: 'base64', media_type: 1, data: 'QUJD' }));
  it('accepts any media type string (values not listed)', () =>
    Ok(ImageBlockSource, { type: 'base64', media_type: 'image/webp', data: 'QUJD' }));
  it('rejects a source without data', () =>
    Fail(ImageBlockSource, { type: 'base64', media_type: 'image/png' }));
  it('rejects an extra source field', () =>
    Fail(ImageBlockSource, { type: 'base64', media_type: 'image/png', data: 'QUJD', url: 'x' }));

  it.each([
    ['no padding needed', 'QUJD'],
    ['one padding character', 'QUI='],
    ['two padding characters', 'QQ=='],
    ['several groups', 'aGVsbG8gd29ybGQ='],
    ['plus and slash', 'ab+/'],
    ['the empty string', ''],
  ])('accepts base64 data with %s', (_, data) =>
    Ok(ImageBlockSource, { type: 'base64', media_type: 'image/png', data }),
  );
  it.each([
    ['missing padding', 'QQ'],
    ['short padding', 'QQ='],
    ['three padding characters', 'Q==='],
    ['the URL-safe alphabet', 'ab-_'],
    ['a space', 'QU JD'],
    ['a trailing newline', 'QUJD\n'],
    ['padding in the middle', 'QQ==QUJD'],
    ['a data URL prefix', 'data:image/png;base64,QUJD'],
  ])('rejects base64 data with %s', (_, data) =>
    Fail(ImageBlockSource, { type: 'base64', media_type: 'image/png', data }),
  );
});

describe('ThinkingBlock (MSG-BLOCK-THINKING)', () => {
  it('accepts thinking and signature', () => Ok(ThinkingBlock, thinking));
  it('rejects a missing signature', () => Fail(ThinkingBlock, without(thinking, 'signature')));
  it('rejects a missing thinking', () => Fail(ThinkingBlock, without(thinking, 'thinking')));
  it('rejects a non-string signature', () => Fail(ThinkingBlock, { ...thinking, signature: 1 }));
});

describe('ContentBlockParam (MSG-SHAPES-SHARED)', () => {
  it.each([text, image, thinking])('accepts a %j block', (block) => Ok(ContentBlockParam, block));
  it.each(['document', 'tool_use', 'tool_result'])('rejects a block kind not shown: %s', (type) =>
    Fail(ContentBlockParam, { type }),
  );
  it('rejects a block without type', () => Fail(ContentBlockParam, { text: 'a' }));
});

describe('MessageParam (MSG-TURN-ROLE, MSG-TURN-CONTENT, MSG-BLOCK-THINKING-ASSISTANT-ONLY)', () => {
  it('accepts a user turn with string content', () => Ok(MessageParam, userTurn));
  it('accepts an assistant turn with string content', () =>
    Ok(MessageParam, { role: 'assistant', content: 'Hi' }));
  it('accepts a user turn with text and image blocks', () =>
    Ok(MessageParam, { role: 'user', content: [text, image] }));
  it('accepts an assistant turn with a thinking block', () =>
    Ok(MessageParam, { role: 'assistant', content: [thinking, text] }));
  it('rejects a thinking block in a user turn', () =>
    Fail(MessageParam, { role: 'user', content: [thinking] }));
  it('rejects another role', () => Fail(MessageParam, { role: 'system', content: 'Hi' }));
  it('rejects a missing content', () => Fail(MessageParam, { role: 'user' }));
  it('rejects a missing role', () => Fail(MessageParam, { content: 'Hi' }));
  it('rejects numeric content', () => Fail(MessageParam, { role: 'user', content: 3 }));
  it('rejects a content object that is not an array', () =>
    Fail(MessageParam, { role: 'user', content: text }));
  it('rejects a block of a kind not shown', () =>
    Fail(MessageParam, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'x', name: 'n', input: {} }],
    }));
  it('rejects an extra field', () => Fail(MessageParam, { ...userTurn, name: 'bob' }));
});

describe('ToolDefinition (MSG-TOOL-*)', () => {
  it('accepts a custom tool', () => Ok(ToolDefinition, tool));
  it('accepts any property schemas in the properties map', () =>
    Ok(ToolDefinition, {
      ...tool,
      input_schema: { type: 'object', properties: { a: true, b: {} }, required: [] },
    }));
  it('accepts other JSON Schema keywords in input_schema (not shown, left open)', () =>
    Ok(ToolDefinition, { ...tool, input_schema: { ...tool.input_schema, additionalProperties: false } }));
  it.each(['name', 'description', 'input_schema'])('rejects a missing %s', (key) =>
    Fail(ToolDefinition, without(tool, key)),
  );
  it.each(['type', 'properties', 'required'])('rejects an input_schema without %s', (key) =>
    Fail(ToolDefinition, { ...tool, input_schema: without(tool.input_schema, key) }),
  );
  it('rejects an input_schema of type array', () =>
    Fail(ToolDefinition, { ...tool, input_schema: { ...tool.input_schema, type: 'array' } }));
  it('rejects required holding a non-string', () =>
    Fail(ToolDefinition, { ...tool, input_schema: { ...tool.input_schema, required: [1] } }));
  it('rejects properties that is not a map', () =>
    Fail(ToolDefinition, { ...tool, input_schema: { ...tool.input_schema, properties: ['city'] } }));
  it('rejects a non-string name', () => Fail(ToolDefinition, { ...tool, name: 1 }));
  it('rejects an extra field (other tool kinds not shown)', () =>
    Fail(ToolDefinition, { ...tool, type: 'custom' }));
});

describe('ThinkingConfig (MSG-THINKING-CONFIG-TYPE, MSG-THINKING-CONFIG-BUDGET)', () => {
  it('accepts {type: enabled, budget_tokens}', () =>
    Ok(ThinkingConfig, { type: 'enabled', budget_tokens: 1024 }));
  it('accepts a zero budget (range not stated)', () =>
    Ok(ThinkingConfig, { type: 'enabled', budget_tokens: 0 }));
  it('rejects a negative budget', () => Fail(ThinkingConfig, { type: 'enabled', budget_tokens: -1 }));
  it('rejects a fractional budget', () => Fail(ThinkingConfig, { type: 'enabled', budget_tokens: 1.5 }));
  it('rejects a missing budget', () => Fail(ThinkingConfig, { type: 'enabled' }));
  it('rejects another type', () => Fail(ThinkingConfig, { type: 'disabled', budget_tokens: 1 }));
});

describe('MessageCreateParams (MSG-CREATE-*)', () => {
  const params = { model: 'vendor-opus-4-7', max_tokens: 1024, messages: [userTurn] };
  it('accepts model, max_tokens and messages', () => Ok(MessageCreateParams, params));
  it('accepts max_tokens 0 outside a batch', () => Ok(MessageCreateParams, { ...params, max_tokens: 0 }));
  it('rejects a negative max_tokens', () => Fail(MessageCreateParams, { ...params, max_tokens: -1 }));
  it('rejects a fractional max_tokens', () => Fail(MessageCreateParams, { ...params, max_tokens: 1.5 }));
  it('accepts other parameters (not shown, left open)', () =>
    Ok(MessageCreateParams, { ...params, temperature: 0.5, system: 'Be brief.' }));
  it.each(['model', 'max_tokens', 'messages'])('rejects a missing %s', (key) =>
    Fail(MessageCreateParams, without(params, key)),
  );
  it('rejects a non-string model', () => Fail(MessageCreateParams, { ...params, model: 4 }));
  it('rejects messages that is not an array', () =>
    Fail(MessageCreateParams, { ...params, messages: userTurn }));
  it('rejects an invalid turn', () => Fail(MessageCreateParams, { ...params, messages: [{ role: 'user' }] }));
});

describe('Message (MSG-OBJECT-*)', () => {
  it('accepts the message object', () => Ok(Message, message));
  it('accepts an empty content array', () => Ok(Message, { ...message, content: [] }));
  it('accepts a stop_reason other than end_turn (values not shown)', () =>
    Ok(Message, { ...message, stop_reason: 'max_tokens' }));
  it.each(['msgbatch_01', 'msg_', 'message_01', ''])('rejects the id %j', (id) =>
    Fail(Message, { ...message, id }),
  );
  it('rejects another type', () => Fail(Message, { ...message, type: 'message_batch' }));
  it('rejects role user', () => Fail(Message, { ...message, role: 'user' }));
  it('rejects an image block in content', () => Fail(Message, { ...message, content: [image] }));
  it('rejects a null stop_reason', () => Fail(Message, { ...message, stop_reason: null }));
  it.each(['id', 'type', 'role', 'content', 'model', 'stop_reason', 'usage'])('rejects a missing %s', (key) =>
    Fail(Message, without(message, key)),
  );
  it('rejects an extra field', () => Fail(Message, { ...message, extra: 1 }));
});

describe('MessageUsage (MSG-OBJECT-USAGE)', () => {
  it('accepts integer counts', () => Ok(MessageUsage, { input_tokens: 0, output_tokens: 0 }));
  it('rejects a fractional count', () => Fail(MessageUsage, { input_tokens: 1.5, output_tokens: 0 }));
  it('rejects a negative count', () => Fail(MessageUsage, { input_tokens: 0, output_tokens: -1 }));
  it('rejects a missing output_tokens', () => Fail(MessageUsage, { input_tokens: 1 }));
  it('rejects an extra field', () => Fail(MessageUsage, { input_tokens: 1, output_tokens: 1, cache: 0 }));
});

describe('MessageCountTokensParams (TOKENS-BODY-*)', () => {
  const params = { model: 'vendor-sonnet-4-6', messages: [userTurn] };
  it('accepts model and messages alone', () => Ok(MessageCountTokensParams, params));
  it('accepts system, tools and thinking', () =>
    Ok(MessageCountTokensParams, {
      ...params,
      system: 'Be brief.',
      tools: [tool],
      thinking: { type: 'enabled', budget_tokens: 2048 },
    }));
  it('accepts an empty tools array', () => Ok(MessageCountTokensParams, { ...params, tools: [] }));
  it.each(['model', 'messages'])('rejects a missing %s', (key) =>
    Fail(MessageCountTokensParams, without(params, key)),
  );
  it('rejects a system that is not a string', () =>
    Fail(MessageCountTokensParams, { ...params, system: [{ type: 'text', text: 'x' }] }));
  it('rejects an invalid tool', () => Fail(MessageCountTokensParams, { ...params, tools: [{ name: 'x' }] }));
  it('rejects an invalid thinking config', () =>
    Fail(MessageCountTokensParams, { ...params, thinking: { type: 'enabled' } }));
  it('rejects a field not listed', () => Fail(MessageCountTokensParams, { ...params, max_tokens: 10 }));
});

describe('MessageTokensCount (TOKENS-RESPONSE)', () => {
  it('accepts {input_tokens}', () => Ok(MessageTokensCount, { input_tokens: 14 }));
  it('rejects a fractional count', () => Fail(MessageTokensCount, { input_tokens: 14.5 }));
  it('rejects a missing count', () => Fail(MessageTokensCount, {}));
  it('rejects an extra field', () => Fail(MessageTokensCount, { input_tokens: 1, output_tokens: 1 }));
});
