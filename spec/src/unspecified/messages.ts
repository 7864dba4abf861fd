/**
 * What the documents leave open about message creation, content shapes and token counting.
 * Never invented, never asserted by the conformance suite.
 */
import { MAX_TOKENS_WHEN_OMITTED } from '../rules/messages.js';
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const SHAPES = 'Resources and their fields > Request content shapes (messages, token counting, batch params)';
const MESSAGE = 'Resources and their fields > Message (response of message creation)';
const CREATE = 'Endpoints > POST /v1/messages';
const COUNT = 'Endpoints > POST /v1/messages/count_tokens';

const CONTRACT_KIND =
  ' The position carries `x-open`: its contract form, which the conformance suite judges with, accepts another kind (an object whose `type` no shown kind uses) and still rejects a shown kind with a broken shape.';

/** The suite's policy where the documents show no HTTP-level errors of an operation (advisory checks). */
export const HTTP_ERRORS_NOT_SHOWN =
  'The documents show no HTTP-level errors here; the suite still expects a request its documented constraints reject to be refused with a 4xx and the error body (a server that accepts it leaves a client no way to tell). Its own policy: reported as advisory, never the verdict.';

const INVALID_REQUEST_TREATMENT =
  'The reference server answers 400 with the standard error body, error type `invalid_request_error`; the conformance suite asserts only a 4xx status with the error body.';

/** The treatment of a kind the documents do not show: accepted and counted, refusing it the other legal choice. */
const OTHER_KIND_TREATMENT =
  "The reference server accepts it (clients of the API family send kinds newer than the documents): the stand-in model does not read it, and a content block or tool of another kind counts as input (its JSON text), in a batch request's result as at creation. Refusing it (400 `invalid_request_error`) is the other legal choice; the conformance suite asserts neither.";

export function unspecified(v: Vendor): Unspecified[] {
  return [
    {
      id: 'UNSPEC-MSG-CREATE-OTHER-PARAMS',
      doc: 'messages',
      section: CREATE,
      what: 'Message creation parameters other than `model`, `max_tokens` and `messages` (the content-shapes table implies system prompt, tools and thinking config are used by message requests, but the creation endpoint does not name them).',
      treatment:
        '`MessageCreateParams` and `MessageBatchRequestParams` stay open (other properties allowed, not validated). The reference server reads `system`, `tools` and `thinking` with the token-counting shapes when present and ignores other parameters; the suite sends none of them to message creation.',
    },
    {
      id: 'UNSPEC-MSG-CREATE-REQUIRED',
      doc: 'messages',
      section: CREATE,
      what: 'Which of the shown creation parameters (`model`, `max_tokens`, `messages`) are required.',
      treatment: `All three are required by the schema. The reference server takes a message creation without \`max_tokens\` as asking for ${MAX_TOKENS_WHEN_OMITTED} (clients of the API family may leave it out where the documents are silent); refusing it (400) is the other legal choice. The suite always sends all three.`,
    },
    {
      id: 'UNSPEC-MSG-MAX-TOKENS-RANGE',
      doc: 'messages',
      section: CREATE,
      what: 'The range of `max_tokens` outside a batch (whether 0 is accepted there, the upper bound per model).',
      treatment:
        'Schema: integer of at least 0 (a count is never negative), no upper bound. The reference server accepts 0 outside a batch and returns an empty `content`; the suite never asserts the outcome of 0 or of large values outside a batch.',
    },
    {
      id: 'UNSPEC-MSG-CREATE-ERRORS',
      doc: 'messages',
      section: CREATE,
      what: 'HTTP status and error type of a message creation request that fails validation.',
      treatment: INVALID_REQUEST_TREATMENT,
    },
    {
      id: 'UNSPEC-MSG-UNKNOWN-MODEL',
      doc: 'messages',
      section: MESSAGE,
      what: 'What happens when `model` names no active model (in creation, token counting or a batch item), and the full list of active models.',
      treatment: `The schemas accept any string, and the reference server's stand-in model serves any of them (in a batch too); the suite uses only the two named models, \`${v.models.opus}\` and \`${v.models.sonnet}\`.`,
    },
    {
      id: 'UNSPEC-MSG-STREAMING',
      doc: 'messages',
      section: CREATE,
      what: 'Streaming of message creation (named in the OAuth scope table of the first document): how it is requested and what it returns.',
      treatment:
        'Beyond the documents: no schema names `stream` (creation parameters stay open) and the OpenAPI document shows only the JSON answer. The reference server streams as clients of the API family ask for it: a body with `stream: true` is answered `text/event-stream`, the message the same request answers without it taken apart into the events those clients read (`message_start`, `ping`, `content_block_start`, `content_block_delta` with `text_delta`, `thinking_delta` and `signature_delta`, `content_block_stop`, `message_delta` with the stop reason and output tokens, `message_stop`). Clients also read an `error` event, a failure after a stream started; the reference server makes the whole message before the first event, so it fails only before, with an ordinary error answer. The project client reads them (`client.messages.stream`). The suite never sends `stream` and asserts nothing about streaming.',
    },
    {
      id: 'UNSPEC-MSG-STOP-REASONS',
      doc: 'messages',
      section: MESSAGE,
      what: 'Values of `stop_reason` other than `end_turn`.',
      treatment:
        'Schema: any string. The reference server stand-in answers `end_turn`, or `max_tokens` when it cut the reply at `max_tokens`; the suite asserts only that it is a string.',
    },
    {
      id: 'UNSPEC-MSG-RESPONSE-BLOCK-KINDS',
      doc: 'messages',
      section: MESSAGE,
      what: 'Content block kinds of a message response other than the text block.',
      treatment:
        '`Message.content` admits text blocks only (the one shown kind) in the strict form; its items carry `x-open`, so the contract form the suite judges responses with accepts a block of another kind (a shown kind with a broken shape is still rejected). The reference server emits only text blocks; the suite sends no parameter that could make a server emit another kind.',
    },
    {
      id: 'UNSPEC-MSG-CONTENT-BLOCK-KINDS',
      doc: 'messages',
      section: SHAPES,
      what: 'Request content block kinds other than text, image and thinking.',
      treatment: `\`ContentBlockParam\` and \`MessageUserContentBlock\` are closed to the shown kinds in the strict form (a schema for an unshown kind cannot be written). ${OTHER_KIND_TREATMENT} The suite never sends another kind.${CONTRACT_KIND}`,
    },
    {
      id: 'UNSPEC-MSG-TOOL-KINDS',
      doc: 'messages',
      section: SHAPES,
      what: 'Tool kinds other than the custom tool (`name`, `description`, `input_schema`), including the server tools mentioned by token-counting rule 3.',
      treatment: `\`ToolDefinition\` describes the custom tool only, closed. ${OTHER_KIND_TREATMENT} A tool with a \`type\` is another kind, \`custom\` included. The \`tools\` items carry \`x-open\`: the contract form also accepts an object with a string \`type\` (the custom tool has none).`,
    },
    {
      id: 'UNSPEC-MSG-TOOL-FIELDS-OPTIONAL',
      doc: 'messages',
      section: SHAPES,
      what: 'Whether any field of a tool definition (`description`, `input_schema.properties`, `input_schema.required`) may be omitted.',
      treatment:
        'Every shown field is required by the schema. The reference server takes a tool without `description` as having an empty one, and an `input_schema` without `required` as requiring nothing (clients of the API family leave them out); refusing the omission (400) is the other legal choice. The suite never asserts the outcome of an omission.',
    },
    {
      id: 'UNSPEC-MSG-TOOL-INPUT-SCHEMA-KEYWORDS',
      doc: 'messages',
      section: SHAPES,
      what: 'JSON Schema keywords of `input_schema` other than `type`, `properties` and `required`, and the shape of each property schema.',
      treatment: '`ToolInputSchema` stays open and property schemas are not checked.',
    },
    {
      id: 'UNSPEC-MSG-TOOL-NAME',
      doc: 'messages',
      section: SHAPES,
      what: 'Format and length of a tool `name`, and whether names must be unique within `tools`.',
      treatment:
        'Schema: any string; the reference server accepts any string and duplicates; the suite asserts nothing.',
    },
    {
      id: 'UNSPEC-MSG-THINKING-CONFIG-KINDS',
      doc: 'messages',
      section: SHAPES,
      what: 'Thinking config kinds other than `{type: enabled, budget_tokens}`.',
      treatment: `\`ThinkingConfig\` is closed to the shown kind. ${OTHER_KIND_TREATMENT}${CONTRACT_KIND}`,
    },
    {
      id: 'UNSPEC-MSG-THINKING-BUDGET-RANGE',
      doc: 'messages',
      section: SHAPES,
      what: 'The range of `budget_tokens` and its relation to `max_tokens`.',
      treatment:
        'Schema: integer of at least 0. The reference server accepts any such value; the suite asserts nothing about bounds.',
    },
    {
      id: 'UNSPEC-MSG-SYSTEM-FORMS',
      doc: 'messages',
      section: SHAPES,
      what: 'Forms of the system prompt other than a string (for example an array of blocks).',
      treatment:
        'Schema: a string only. The reference server also reads an array of text blocks (their texts joined by line breaks), as clients of the API family send it; refusing it (400) is the other legal choice. The suite asserts neither.',
    },
    {
      id: 'UNSPEC-MSG-IMAGE-SOURCE-KINDS',
      doc: 'messages',
      section: SHAPES,
      what: 'Image source kinds other than `base64`.',
      treatment: `\`ImageBlockSource\` is closed to \`base64\`. ${OTHER_KIND_TREATMENT}${CONTRACT_KIND}`,
    },
    {
      id: 'UNSPEC-MSG-IMAGE-MEDIA-TYPES',
      doc: 'messages',
      section: SHAPES,
      what: 'Which `media_type` values are accepted ("such as an image MIME type"), the maximum image size, and whether `data` must decode to an image of that type.',
      treatment:
        'Schema: any string for `media_type`; `data` must be standard padded base64. The reference server does not decode the image; the suite uses `image/png` with valid base64 and asserts nothing about other media types.',
    },
    {
      id: 'UNSPEC-MSG-CONVERSATION-RULES',
      doc: 'messages',
      section: SHAPES,
      what: 'Rules on the sequence of turns (first role, alternation, an empty `messages` array, an empty content array or string).',
      treatment:
        'The schemas impose none. The reference server accepts any sequence; the suite sends a user turn first and alternates roles, and asserts nothing about other sequences.',
    },
    {
      id: 'UNSPEC-MSG-STRING-CONTENT',
      doc: 'messages',
      section: SHAPES,
      what: 'Whether a string `content` is equivalent to an array holding one text block with that text.',
      treatment:
        'The reference server treats them as equivalent (rules/messages.ts `normalizeContent`), so both give the same token count and reply; the suite does not assert the equivalence.',
    },
    {
      id: 'UNSPEC-TOKENS-ERRORS',
      doc: 'messages',
      section: 'Errors > Batch request errors',
      what: 'HTTP-level errors of token counting.',
      treatment: INVALID_REQUEST_TREATMENT,
      advisory: HTTP_ERRORS_NOT_SHOWN,
    },
    {
      id: 'UNSPEC-TOKENS-TOKENIZATION',
      doc: 'messages',
      section: COUNT,
      what: 'How tokens are counted (the tokenizer), and how the count at creation differs from the estimate.',
      treatment:
        "The reference server's stand-in model counts deterministically over `countableContent` (rules/messages.ts) and reports the same number as `usage.input_tokens` at creation; the suite asserts only relations the documents state (earlier thinking ignored, current thinking counted).",
    },
    {
      id: 'UNSPEC-TOKENS-CURRENT-TURN',
      doc: 'messages',
      section: COUNT,
      what: 'What exactly "the current assistant turn" is.',
      treatment:
        'The project reads it as the last turn of `messages` when that turn has role `assistant`; when the last turn is a user turn, every thinking block belongs to an earlier assistant turn. The suite asserts the two thinking rules only on conversations whose reading is unambiguous (an earlier assistant turn followed by a user turn; a final assistant turn).',
    },
    {
      id: 'UNSPEC-TOKENS-BETA',
      doc: 'federation',
      section: 'Versioning',
      what: `Whether token counting requires the beta identifier \`token-counting-2024-11-01\` (listed among the allowed \`${v.headers.beta}\` values).`,
      treatment:
        'Recorded as not required (`betas: []`); the reference server accepts the request with or without it; the suite sends no beta header for token counting.',
    },
    {
      id: 'UNSPEC-MSG-SUCCESS-STATUS',
      doc: 'messages',
      section: 'Endpoints',
      what: 'The HTTP status of successful message creation and token counting.',
      treatment: 'The spec uses 200; the suite accepts any 2xx.',
    },
  ];
}
