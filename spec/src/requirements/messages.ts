/**
 * Requirements of message creation, the request content shapes and token counting
 * (ids `MSG-...` and `TOKENS-...`).
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S = {
  message: 'Resources and their fields > Message (response of message creation)',
  shapes: 'Resources and their fields > Request content shapes (messages, token counting, batch params)',
  tokenCount: 'Resources and their fields > Token count (response)',
  create: 'Endpoints > POST /v1/messages',
  countTokens: 'Endpoints > POST /v1/messages/count_tokens',
  auth: 'Authentication',
  scopes: 'Authentication > OAuth scopes',
} as const;

const req = requirementsOf('messages');

export function requirements(v: Vendor): Requirement[] {
  return [
    // Message object
    req('MSG-OBJECT-ID-PREFIX', S.message, 'A message `id` is a string starting with `msg_`.', 'http'),
    req('MSG-OBJECT-TYPE', S.message, 'A message has `type` equal to `message`.', 'http'),
    req('MSG-OBJECT-ROLE', S.message, 'A message has `role` equal to `assistant`.', 'http'),
    req('MSG-OBJECT-CONTENT-ARRAY', S.message, 'A message `content` is an array of content blocks.', 'http'),
    req(
      'MSG-OBJECT-TEXT-BLOCK',
      S.message,
      'A text block of a message is `{type: "text", text: string}`.',
      'http',
    ),
    req('MSG-OBJECT-MODEL', S.message, 'A message `model` is a string naming the model used.', 'http'),
    req(
      'MSG-OBJECT-STOP-REASON',
      S.message,
      'A message `stop_reason` is a string; `end_turn` is one of its values.',
      'http',
    ),
    req(
      'MSG-OBJECT-USAGE',
      S.message,
      'A message `usage` is an object with integer `input_tokens` and `output_tokens`.',
      'http',
    ),
    req(
      'MSG-MODELS-NAMED',
      S.message,
      `The model identifiers used by this interface are \`${v.models.opus}\` and \`${v.models.sonnet}\`.`,
      'http',
      'informative',
    ),
    req(
      'MSG-MODELS-ACTIVE-SUPPORT',
      S.message,
      'Every active model supports token counting and batches.',
      'http',
    ),

    // Request content shapes
    req('MSG-TURN-ROLE', S.shapes, 'A conversation turn has `role` `user` or `assistant`.', 'http'),
    req(
      'MSG-TURN-CONTENT',
      S.shapes,
      'A conversation turn has `content`: a string, or an array of blocks.',
      'http',
    ),
    req('MSG-BLOCK-TEXT', S.shapes, 'A text block is `type` = `text` with a string `text`.', 'http'),
    req('MSG-BLOCK-IMAGE', S.shapes, 'An image block is `type` = `image` with a `source` object.', 'http'),
    req('MSG-BLOCK-IMAGE-SOURCE-BASE64', S.shapes, 'An image block `source.type` is `base64`.', 'http'),
    req(
      'MSG-BLOCK-IMAGE-MEDIA-TYPE',
      S.shapes,
      'An image block `source.media_type` is a string, such as an image MIME type.',
      'http',
    ),
    req('MSG-BLOCK-IMAGE-DATA-BASE64', S.shapes, 'An image block `source.data` is a base64 string.', 'http'),
    req(
      'MSG-BLOCK-THINKING',
      S.shapes,
      'A thinking block is `type` = `thinking` with string `thinking` and string `signature`.',
      'http',
    ),
    req('MSG-BLOCK-THINKING-ASSISTANT-ONLY', S.shapes, 'Thinking blocks appear in assistant turns.', 'http'),
    req('MSG-TOOL-NAME', S.shapes, 'A tool definition has a string `name`.', 'http'),
    req('MSG-TOOL-DESCRIPTION', S.shapes, 'A tool definition has a string `description`.', 'http'),
    req('MSG-TOOL-INPUT-SCHEMA-TYPE', S.shapes, 'A tool definition `input_schema.type` is `object`.', 'http'),
    req(
      'MSG-TOOL-INPUT-SCHEMA-PROPERTIES',
      S.shapes,
      'A tool definition `input_schema.properties` is a map from property name to schema.',
      'http',
    ),
    req(
      'MSG-TOOL-INPUT-SCHEMA-REQUIRED',
      S.shapes,
      'A tool definition `input_schema.required` is an array of strings.',
      'http',
    ),
    req('MSG-THINKING-CONFIG-TYPE', S.shapes, 'A thinking config has `type` = `enabled`.', 'http'),
    req('MSG-THINKING-CONFIG-BUDGET', S.shapes, 'A thinking config has an integer `budget_tokens`.', 'http'),
    req('MSG-SYSTEM-STRING', S.shapes, 'A system prompt is a string.', 'http'),
    req(
      'MSG-SHAPES-SHARED',
      S.shapes,
      'The same content shapes apply to message creation, token counting and batch request params.',
      'http',
    ),

    // POST /v1/messages
    req('MSG-CREATE-MODEL', S.create, 'Message creation takes `model`, a string.', 'http'),
    req('MSG-CREATE-MAX-TOKENS', S.create, 'Message creation takes `max_tokens`, an integer.', 'http'),
    req('MSG-CREATE-MESSAGES', S.create, 'Message creation takes `messages`, an array of turns.', 'http'),
    req('MSG-CREATE-RESPONSE', S.create, 'Message creation answers with the message object.', 'http'),

    // Authentication
    req(
      'MSG-AUTH-CREDENTIALS',
      S.auth,
      'Message creation and token counting accept a workspace API key in `x-api-key` or an access token as a bearer credential.',
      'fixture',
    ),
    req(
      'MSG-AUTH-SCOPE',
      S.scopes,
      'An access token with scope `workspace:developer` may create messages and count tokens in its workspace.',
      'fixture',
      'must',
      'federation',
    ),
    req(
      'MSG-AUTH-SCOPE-403',
      S.scopes,
      'An access token whose scope is not `workspace:developer` (for example `org:manage_tunnels`) gets HTTP 403 from message creation and token counting.',
      'fixture',
      'must',
      'federation',
    ),

    // Token counting
    req('TOKENS-BODY-MODEL', S.countTokens, 'Token counting requires `model`, a string.', 'http'),
    req(
      'TOKENS-BODY-MESSAGES',
      S.countTokens,
      'Token counting requires `messages`, an array of turns.',
      'http',
    ),
    req('TOKENS-BODY-SYSTEM', S.countTokens, 'Token counting accepts an optional string `system`.', 'http'),
    req(
      'TOKENS-BODY-TOOLS',
      S.countTokens,
      'Token counting accepts an optional `tools`, an array of tool definitions.',
      'http',
    ),
    req(
      'TOKENS-BODY-THINKING',
      S.countTokens,
      'Token counting accepts an optional `thinking` config.',
      'http',
    ),
    req('TOKENS-RESPONSE', S.tokenCount, 'Token counting answers `{input_tokens: integer}`.', 'http'),
    req(
      'TOKENS-NO-MESSAGE-CREATED',
      'What the service does',
      'Token counting counts the input tokens of a message request without creating a message.',
      'untestable',
      'informative',
    ),
    req(
      'TOKENS-ESTIMATE',
      S.countTokens,
      'The token count is an estimate; the number used when the message is created may differ slightly.',
      'untestable',
      'informative',
    ),
    req(
      'TOKENS-SYSTEM-OPTIMIZATION-UNBILLED',
      S.countTokens,
      'A token count may include tokens the service adds for system optimizations; those tokens are not billed.',
      'untestable',
      'informative',
    ),
    req(
      'TOKENS-SERVER-TOOLS-FIRST-SAMPLING',
      S.countTokens,
      'Token counts of server tools cover only the first sampling call.',
      'untestable',
      'informative',
    ),
    req(
      'TOKENS-THINKING-EARLIER-IGNORED',
      S.countTokens,
      'Thinking blocks of earlier assistant turns are ignored by token counting: adding or removing them leaves the count unchanged.',
      'http',
    ),
    req(
      'TOKENS-THINKING-CURRENT-COUNTS',
      S.countTokens,
      'Thinking in the current assistant turn counts toward the input tokens.',
      'http',
    ),
  ];
}
