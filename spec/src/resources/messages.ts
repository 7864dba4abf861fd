/**
 * Messages and token counting: the request content shapes shared by message creation, token
 * counting and batch params, the message object, and the token count.
 *
 * Judgement calls (see the Unspecified entries cited in the descriptions):
 * - content block kinds, image source kinds, thinking config kinds and tool kinds are, in the
 *   strict form, CLOSED unions of the kinds the documents show: a schema for a kind that is not
 *   shown cannot be written. The reference server rejects other kinds. The documents leave each
 *   of these sets open, so each carries `x-open`: the contract form accepts another kind (an
 *   object whose `type` is a string no shown kind uses) and still rejects a shown kind with a
 *   broken shape; the conformance suite never sends another kind as an invalid input.
 * - thinking blocks are restricted to assistant turns by the schema itself: a turn is a union
 *   told apart by `role`, and only the assistant variant admits thinking blocks.
 * - token counts and `max_tokens` are integers of at least 0 (a count cannot be negative).
 */
import { type Static, Type } from '@sinclair/typebox';
import { prefixedId } from './common.js';

/** Role of a conversation turn. */
export const MessageRole = Type.Union([Type.Literal('user'), Type.Literal('assistant')], {
  $id: 'MessageRole',
  description: 'Role of a conversation turn.',
  'x-requirements': ['MSG-TURN-ROLE'],
});
export type MessageRole = Static<typeof MessageRole>;

/** Message identifier: `msg_` followed by an opaque string. */
export const MessageId = prefixedId('msg_', { $id: 'MessageId' });
export type MessageId = Static<typeof MessageId>;

/** Text block, in requests and in the message's `content`. */
export const TextBlock = Type.Object(
  {
    type: Type.Literal('text'),
    text: Type.String(),
  },
  {
    $id: 'TextBlock',
    additionalProperties: false,
    description: 'Text content block.',
    'x-requirements': ['MSG-BLOCK-TEXT', 'MSG-OBJECT-TEXT-BLOCK'],
  },
);
export type TextBlock = Static<typeof TextBlock>;

/**
 * Standard base64 (RFC 4648 section 4 alphabet) with `=` padding: groups of four characters, the
 * last group padded. The URL-safe alphabet and unpadded data are rejected (the project's reading
 * of "base64 string").
 */
export const IMAGE_BASE64_PATTERN = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

/** Source of an image block: inline base64 data. */
export const ImageBlockSource = Type.Object(
  {
    type: Type.Literal('base64', { 'x-requirements': ['MSG-BLOCK-IMAGE-SOURCE-BASE64'] }),
    media_type: Type.String({
      description:
        'Media type of the data, such as an image MIME type; the accepted values are not listed (UNSPEC-MSG-IMAGE-MEDIA-TYPES).',
      'x-requirements': ['MSG-BLOCK-IMAGE-MEDIA-TYPE'],
    }),
    data: Type.String({
      pattern: IMAGE_BASE64_PATTERN,
      description: 'Base64 data (standard alphabet, padded).',
      'x-requirements': ['MSG-BLOCK-IMAGE-DATA-BASE64'],
    }),
  },
  {
    $id: 'ImageBlockSource',
    additionalProperties: false,
    description: 'Inline base64 image source. Other source kinds: not shown (UNSPEC-MSG-IMAGE-SOURCE-KINDS).',
  },
);
export type ImageBlockSource = Static<typeof ImageBlockSource>;

/** Image block (request content). */
export const ImageBlock = Type.Object(
  {
    type: Type.Literal('image'),
    source: Type.Ref(ImageBlockSource, {
      description:
        'The image source. The documents show one kind, `{type: base64, media_type, data}`; other source kinds: not shown (UNSPEC-MSG-IMAGE-SOURCE-KINDS).',
      'x-open': true,
    }),
  },
  {
    $id: 'ImageBlock',
    additionalProperties: false,
    description: 'Image content block.',
    'x-requirements': ['MSG-BLOCK-IMAGE'],
  },
);
export type ImageBlock = Static<typeof ImageBlock>;

/** Thinking block (request content of assistant turns). */
export const ThinkingBlock = Type.Object(
  {
    type: Type.Literal('thinking'),
    thinking: Type.String(),
    signature: Type.String(),
  },
  {
    $id: 'ThinkingBlock',
    additionalProperties: false,
    description:
      'Thinking content block; allowed in assistant turns only. Thinking blocks of earlier assistant turns do not count for input tokens; thinking in the current assistant turn does.',
    'x-requirements': ['MSG-BLOCK-THINKING', 'MSG-BLOCK-THINKING-ASSISTANT-ONLY'],
  },
);
export type ThinkingBlock = Static<typeof ThinkingBlock>;

/** Any request content block the documents show. */
export const ContentBlockParam = Type.Union(
  [Type.Ref(TextBlock), Type.Ref(ImageBlock), Type.Ref(ThinkingBlock)],
  {
    $id: 'ContentBlockParam',
    description:
      'Request content block, told apart by `type`: text, image, thinking. "Content block kinds other than text, image and thinking ...: not shown" (UNSPEC-MSG-CONTENT-BLOCK-KINDS).',
    'x-requirements': ['MSG-SHAPES-SHARED'],
    'x-open': true,
  },
);
export type ContentBlockParam = Static<typeof ContentBlockParam>;

/** Content blocks allowed in a user turn: every shown kind except thinking. */
export const MessageUserContentBlock = Type.Union([Type.Ref(TextBlock), Type.Ref(ImageBlock)], {
  $id: 'MessageUserContentBlock',
  description:
    'Content block of a user turn: text or image (thinking blocks belong to assistant turns only, a cross-field rule). "Content block kinds other than text, image and thinking ...: not shown" (UNSPEC-MSG-CONTENT-BLOCK-KINDS).',
  'x-requirements': ['MSG-BLOCK-THINKING-ASSISTANT-ONLY'],
  'x-open': true,
});
export type MessageUserContentBlock = Static<typeof MessageUserContentBlock>;

/** A user turn. */
export const MessageUserParam = Type.Object(
  {
    role: Type.Literal('user'),
    content: Type.Union([Type.String(), Type.Array(Type.Ref(MessageUserContentBlock))], {
      description: 'A string, or an array of blocks.',
      'x-requirements': ['MSG-TURN-CONTENT'],
    }),
  },
  {
    $id: 'MessageUserParam',
    additionalProperties: false,
    description: 'A user turn of the conversation.',
  },
);
export type MessageUserParam = Static<typeof MessageUserParam>;

/** An assistant turn. */
export const MessageAssistantParam = Type.Object(
  {
    role: Type.Literal('assistant'),
    content: Type.Union([Type.String(), Type.Array(Type.Ref(ContentBlockParam))], {
      description: 'A string, or an array of blocks (thinking blocks allowed).',
      'x-requirements': ['MSG-TURN-CONTENT'],
    }),
  },
  {
    $id: 'MessageAssistantParam',
    additionalProperties: false,
    description: 'An assistant turn of the conversation.',
  },
);
export type MessageAssistantParam = Static<typeof MessageAssistantParam>;

/** A conversation turn, told apart by `role`. */
export const MessageParam = Type.Union([Type.Ref(MessageUserParam), Type.Ref(MessageAssistantParam)], {
  $id: 'MessageParam',
  description:
    'A conversation turn: `role` (`user` or `assistant`) and `content` (a string, or an array of blocks). Ordering rules of turns: not stated (UNSPEC-MSG-CONVERSATION-RULES); a string content is read as one text block (UNSPEC-MSG-STRING-CONTENT).',
  'x-requirements': ['MSG-TURN-ROLE', 'MSG-TURN-CONTENT', 'MSG-BLOCK-THINKING-ASSISTANT-ONLY'],
});
export type MessageParam = Static<typeof MessageParam>;

/** Input schema of a custom tool. */
export const ToolInputSchema = Type.Object(
  {
    type: Type.Literal('object', { 'x-requirements': ['MSG-TOOL-INPUT-SCHEMA-TYPE'] }),
    properties: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Map of property name to its schema.',
      'x-requirements': ['MSG-TOOL-INPUT-SCHEMA-PROPERTIES'],
    }),
    required: Type.Array(Type.String(), {
      description: 'Names of required properties.',
      'x-requirements': ['MSG-TOOL-INPUT-SCHEMA-REQUIRED'],
    }),
  },
  {
    $id: 'ToolInputSchema',
    additionalProperties: true,
    'x-choice': { required: { unspecified: 'UNSPEC-MSG-TOOL-FIELDS-OPTIONAL', documented: ['type'] } },
    description:
      'JSON Schema of the tool input. Other schema keywords: not shown, left open (UNSPEC-MSG-TOOL-INPUT-SCHEMA-KEYWORDS); whether `properties` and `required` may be omitted: not stated (UNSPEC-MSG-TOOL-FIELDS-OPTIONAL).',
  },
);
export type ToolInputSchema = Static<typeof ToolInputSchema>;

/** Custom tool definition. */
export const ToolDefinition = Type.Object(
  {
    name: Type.String({
      description: 'Tool name; its format is not stated (UNSPEC-MSG-TOOL-NAME).',
      'x-requirements': ['MSG-TOOL-NAME'],
    }),
    description: Type.String({ 'x-requirements': ['MSG-TOOL-DESCRIPTION'] }),
    input_schema: Type.Ref(ToolInputSchema),
  },
  {
    $id: 'ToolDefinition',
    additionalProperties: false,
    'x-choice': {
      required: { unspecified: 'UNSPEC-MSG-TOOL-FIELDS-OPTIONAL', documented: ['name', 'input_schema'] },
    },
    description:
      'Custom tool definition. Tool kinds other than this custom tool: not shown (UNSPEC-MSG-TOOL-KINDS); whether any shown field may be omitted: not stated (UNSPEC-MSG-TOOL-FIELDS-OPTIONAL).',
  },
);
export type ToolDefinition = Static<typeof ToolDefinition>;

/** Extended-thinking configuration. */
export const ThinkingConfig = Type.Object(
  {
    type: Type.Literal('enabled', { 'x-requirements': ['MSG-THINKING-CONFIG-TYPE'] }),
    budget_tokens: Type.Integer({
      minimum: 0,
      'x-choice': { minimum: 'UNSPEC-MSG-THINKING-BUDGET-RANGE' },
      description: 'Thinking token budget; its range is not stated (UNSPEC-MSG-THINKING-BUDGET-RANGE).',
      'x-requirements': ['MSG-THINKING-CONFIG-BUDGET'],
    }),
  },
  {
    $id: 'ThinkingConfig',
    additionalProperties: false,
    description:
      'Thinking configuration. Other configuration kinds: not shown (UNSPEC-MSG-THINKING-CONFIG-KINDS).',
  },
);
export type ThinkingConfig = Static<typeof ThinkingConfig>;

/** System prompt: a string. */
export const SystemPrompt = Type.String({
  $id: 'SystemPrompt',
  description: 'System prompt. Forms other than a string: not shown (UNSPEC-MSG-SYSTEM-FORMS).',
  'x-requirements': ['MSG-SYSTEM-STRING'],
});
export type SystemPrompt = Static<typeof SystemPrompt>;

/** Body of POST /v1/messages. */
export const MessageCreateParams = Type.Object(
  {
    model: Type.String({ description: 'Model identifier.', 'x-requirements': ['MSG-CREATE-MODEL'] }),
    max_tokens: Type.Integer({
      minimum: 0,
      'x-choice': { minimum: 'UNSPEC-MSG-MAX-TOKENS-RANGE' },
      description:
        'Maximum number of output tokens. Inside a batch at least 1 (0 is unsupported there); other bounds: not stated (UNSPEC-MSG-MAX-TOKENS-RANGE).',
      'x-requirements': ['MSG-CREATE-MAX-TOKENS'],
    }),
    messages: Type.Array(Type.Ref(MessageParam), {
      description: 'Conversation turns.',
      'x-requirements': ['MSG-CREATE-MESSAGES'],
    }),
  },
  {
    $id: 'MessageCreateParams',
    additionalProperties: true,
    'x-choice': { required: 'UNSPEC-MSG-CREATE-REQUIRED' },
    description:
      'Message creation parameters. Only `model`, `max_tokens` and `messages` are shown; other parameters: not shown, the object stays open (UNSPEC-MSG-CREATE-OTHER-PARAMS); which shown ones are required: not stated, all three are required here (UNSPEC-MSG-CREATE-REQUIRED).',
  },
);
export type MessageCreateParams = Static<typeof MessageCreateParams>;

/** Token usage of a message. */
export const MessageUsage = Type.Object(
  {
    input_tokens: Type.Integer({ minimum: 0 }),
    output_tokens: Type.Integer({ minimum: 0 }),
  },
  {
    $id: 'MessageUsage',
    additionalProperties: false,
    description: 'Token usage: integer input and output token counts.',
    'x-requirements': ['MSG-OBJECT-USAGE'],
  },
);
export type MessageUsage = Static<typeof MessageUsage>;

/** The message object: response of message creation, and carried by a succeeded batch result. */
export const Message = Type.Object(
  {
    id: Type.Ref(MessageId, { 'x-requirements': ['MSG-OBJECT-ID-PREFIX'] }),
    type: Type.Literal('message', { 'x-requirements': ['MSG-OBJECT-TYPE'] }),
    role: Type.Literal('assistant', { 'x-requirements': ['MSG-OBJECT-ROLE'] }),
    content: Type.Array(
      Type.Ref(TextBlock, {
        description:
          'A content block. The documents show one kind, "text block is `{type: text, text: string}`"; other response block kinds: not shown (UNSPEC-MSG-RESPONSE-BLOCK-KINDS).',
        'x-open': true,
      }),
      {
        description:
          'Content blocks. Only the text block is shown; other response block kinds: not shown (UNSPEC-MSG-RESPONSE-BLOCK-KINDS).',
        'x-requirements': ['MSG-OBJECT-CONTENT-ARRAY', 'MSG-OBJECT-TEXT-BLOCK'],
      },
    ),
    model: Type.String({ description: 'The model used.', 'x-requirements': ['MSG-OBJECT-MODEL'] }),
    stop_reason: Type.String({
      description:
        'Why generation stopped; `end_turn` is a value, the other values are not shown (UNSPEC-MSG-STOP-REASONS).',
      examples: ['end_turn'],
      'x-requirements': ['MSG-OBJECT-STOP-REASON'],
    }),
    usage: Type.Ref(MessageUsage),
  },
  {
    $id: 'Message',
    additionalProperties: false,
    description: 'A model message.',
    'x-requirements': ['MSG-CREATE-RESPONSE'],
  },
);
export type Message = Static<typeof Message>;

/** Body of POST /v1/messages/count_tokens. */
export const MessageCountTokensParams = Type.Object(
  {
    model: Type.String({ description: 'Model identifier.', 'x-requirements': ['TOKENS-BODY-MODEL'] }),
    messages: Type.Array(Type.Ref(MessageParam), {
      description: 'Conversation turns.',
      'x-requirements': ['TOKENS-BODY-MESSAGES'],
    }),
    system: Type.Optional(Type.Ref(SystemPrompt, { 'x-requirements': ['TOKENS-BODY-SYSTEM'] })),
    tools: Type.Optional(
      Type.Array(
        Type.Ref(ToolDefinition, {
          description:
            'A tool definition. "tool kinds other than the custom tool above: not shown" (UNSPEC-MSG-TOOL-KINDS).',
          'x-open': true,
        }),
        {
          description: 'Tool definitions.',
          'x-requirements': ['TOKENS-BODY-TOOLS'],
        },
      ),
    ),
    thinking: Type.Optional(
      Type.Ref(ThinkingConfig, {
        description:
          'The documents show one kind, `{type: enabled, budget_tokens: integer}`; other configuration kinds: not shown (UNSPEC-MSG-THINKING-CONFIG-KINDS).',
        'x-requirements': ['TOKENS-BODY-THINKING'],
        'x-open': true,
      }),
    ),
  },
  {
    $id: 'MessageCountTokensParams',
    additionalProperties: false,
    description:
      'Token counting request: `model` and `messages` required; `system`, `tools`, `thinking` optional.',
  },
);
export type MessageCountTokensParams = Static<typeof MessageCountTokensParams>;

/** Response of POST /v1/messages/count_tokens. */
export const MessageTokensCount = Type.Object(
  {
    input_tokens: Type.Integer({
      minimum: 0,
      description:
        'Estimated input tokens; may include tokens the service adds for system optimizations (not billed).',
    }),
  },
  {
    $id: 'MessageTokensCount',
    additionalProperties: false,
    description: 'Token count.',
    'x-requirements': ['TOKENS-RESPONSE', 'TOKENS-ESTIMATE'],
  },
);
export type MessageTokensCount = Static<typeof MessageTokensCount>;
