/**
 * Message batches: the batch object, request items, the batch params checked asynchronously,
 * the list envelope and the result lines served from `results_url`.
 *
 * Judgement calls (see the Unspecified entries cited in the descriptions):
 * - `params` of a request item is validated asynchronously ("errors appear as `errored` results
 *   when the batch ends"), so the creation body only requires it to be an object; the shape the
 *   asynchronous validation applies is `MessageBatchRequestParams` (max_tokens at least 1).
 * - `processing_status` is closed to the two values shown; the value used while cancelling is
 *   not shown and cancel cannot be reached through the documented API.
 * - the minimum number of requests is not stated; the schema asks for at least 1.
 */
import { type SchemaOptions, type Static, type TSchema, Type } from '@sinclair/typebox';
import { ErrorBody, prefixedId, Timestamp } from './common.js';
import { Message, MessageParam } from './messages.js';

/** Maximum number of requests in one batch. */
export const MESSAGE_BATCH_MAX_REQUESTS = 100_000;

/** Pattern of a request item's `custom_id`. */
export const MESSAGE_BATCH_CUSTOM_ID_PATTERN = '^[a-zA-Z0-9_-]{1,64}$';

/** Batch identifier: `msgbatch_` followed by an opaque string. */
export const MessageBatchId = prefixedId('msgbatch_', { $id: 'MessageBatchId' });
export type MessageBatchId = Static<typeof MessageBatchId>;

/** Caller-chosen identifier of a request inside a batch. */
export const MessageBatchCustomId = Type.String({
  $id: 'MessageBatchCustomId',
  pattern: MESSAGE_BATCH_CUSTOM_ID_PATTERN,
  minLength: 1,
  maxLength: 64,
  description: '1 to 64 letters, digits, `_` or `-`; unique within the batch (a cross-item rule).',
  'x-requirements': ['BATCH-ITEM-CUSTOM-ID-PATTERN', 'BATCH-ITEM-CUSTOM-ID-LENGTH'],
});
export type MessageBatchCustomId = Static<typeof MessageBatchCustomId>;

/** Processing status of a batch. */
export const MessageBatchProcessingStatus = Type.Union([Type.Literal('in_progress'), Type.Literal('ended')], {
  $id: 'MessageBatchProcessingStatus',
  description:
    '`in_progress` at creation, later `ended`. The value used while a cancel is under way: not shown (UNSPEC-BATCH-CANCEL).',
  'x-requirements': ['BATCH-OBJECT-STATUS-VALUES'],
});
export type MessageBatchProcessingStatus = Static<typeof MessageBatchProcessingStatus>;

/** `T | null` with annotations on the union (same shape as `Nullable` of common.ts). */
const nullable = <T extends TSchema>(schema: T, options: SchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** Number of requests of a batch in each situation. */
export const MessageBatchRequestCounts = Type.Object(
  {
    processing: count('Requests still being processed.'),
    succeeded: count('Requests that succeeded.'),
    errored: count('Requests that errored.'),
    canceled: count('Requests canceled before being sent to the model.'),
    expired: count('Requests that expired before being sent to the model.'),
  },
  {
    $id: 'MessageBatchRequestCounts',
    additionalProperties: false,
    description: 'Request counts; they always add up to the number of requests of the batch.',
    'x-requirements': ['BATCH-OBJECT-REQUEST-COUNTS', 'BATCH-COUNTS-SUM'],
  },
);
export type MessageBatchRequestCounts = Static<typeof MessageBatchRequestCounts>;

/** The message batch object. */
export const MessageBatch = Type.Object(
  {
    id: Type.Ref(MessageBatchId, { 'x-requirements': ['BATCH-OBJECT-ID-PREFIX'] }),
    type: Type.Literal('message_batch', { 'x-requirements': ['BATCH-OBJECT-TYPE'] }),
    processing_status: Type.Ref(MessageBatchProcessingStatus),
    request_counts: Type.Ref(MessageBatchRequestCounts),
    created_at: Type.Ref(Timestamp, { 'x-requirements': ['BATCH-OBJECT-CREATED-AT'] }),
    expires_at: Type.Ref(Timestamp, {
      description: '24 hours after `created_at`.',
      'x-requirements': ['BATCH-OBJECT-EXPIRES-AT'],
    }),
    ended_at: nullable(Type.Ref(Timestamp), {
      description: 'Null until processing ended.',
      'x-requirements': ['BATCH-OBJECT-ENDED-AT-NULL', 'BATCH-OBJECT-ENDED-AT-SET'],
    }),
    cancel_initiated_at: nullable(Type.Ref(Timestamp), {
      description: 'Null when no cancel was started (cancel itself: not shown, UNSPEC-BATCH-CANCEL).',
      'x-requirements': ['BATCH-OBJECT-CANCEL-INITIATED-AT'],
    }),
    results_url: nullable(Type.String({ format: 'uri' }), {
      description: 'Where the results are downloaded; null until results exist.',
      'x-requirements': ['BATCH-OBJECT-RESULTS-URL-NULL', 'BATCH-END-RESULTS-READY'],
    }),
  },
  {
    $id: 'MessageBatch',
    additionalProperties: false,
    description: 'A message batch, scoped to the workspace of the API key.',
    'x-requirements': ['BATCH-WORKSPACE-SCOPED'],
  },
);
export type MessageBatch = Static<typeof MessageBatch>;

/**
 * Message creation parameters as a batch request item needs them: `max_tokens` at least 1,
 * non-streaming. Applied asynchronously: an item failing it ends `errored` with
 * `invalid_request_error`; it does not fail the creation of the batch.
 */
export const MessageBatchRequestParams = Type.Object(
  {
    model: Type.String({ description: 'Model identifier.', 'x-requirements': ['MSG-CREATE-MODEL'] }),
    max_tokens: Type.Integer({
      minimum: 1,
      description: 'At least 1 inside a batch (0 is unsupported).',
      'x-requirements': ['BATCH-ITEM-MAX-TOKENS-MIN-1'],
    }),
    messages: Type.Array(Type.Ref(MessageParam), {
      description: 'Conversation turns.',
      'x-requirements': ['MSG-CREATE-MESSAGES'],
    }),
  },
  {
    $id: 'MessageBatchRequestParams',
    additionalProperties: true,
    description:
      'Message creation parameters of a batch request item, checked asynchronously (failures become `errored` results). Non-streaming; the parameter that asks for streaming is not shown (UNSPEC-BATCH-PARAMS-STREAMING). Other parameters: not shown (UNSPEC-MSG-CREATE-OTHER-PARAMS).',
    'x-requirements': ['BATCH-ITEM-PARAMS', 'BATCH-ITEM-NON-STREAMING', 'BATCH-PARAMS-ASYNC-VALIDATION'],
  },
);
export type MessageBatchRequestParams = Static<typeof MessageBatchRequestParams>;

/** One request of a batch. */
export const MessageBatchRequest = Type.Object(
  {
    custom_id: Type.Ref(MessageBatchCustomId),
    params: Type.Unsafe<MessageBatchRequestParams>(
      Type.Object(
        {},
        {
          additionalProperties: true,
          // Generators name an inline object after its parent and its title: without one,
          // openapi-python-client names it `MessageBatchRequestParams`, which a schema already is.
          title: 'Params object',
          description:
            'Message creation parameters (see `MessageBatchRequestParams`). Checked asynchronously: at creation only an object is required; an invalid one ends `errored` (BATCH-PARAMS-ASYNC-VALIDATION). Whether a non-object is rejected at creation: not stated (UNSPEC-BATCH-CREATE-ERRORS).',
          'x-requirements': ['BATCH-ITEM-PARAMS', 'BATCH-PARAMS-ASYNC-VALIDATION'],
        },
      ),
    ),
  },
  {
    $id: 'MessageBatchRequest',
    additionalProperties: false,
    description: 'A batch request item: `custom_id` (unique within the batch) and `params`.',
    'x-requirements': ['BATCH-ITEM-CUSTOM-ID-UNIQUE'],
  },
);
export type MessageBatchRequest = Static<typeof MessageBatchRequest>;

/** Body of POST /v1/messages/batches. */
export const MessageBatchCreateParams = Type.Object(
  {
    requests: Type.Array(Type.Ref(MessageBatchRequest), {
      minItems: 1,
      maxItems: MESSAGE_BATCH_MAX_REQUESTS,
      'x-choice': { minItems: 'UNSPEC-BATCH-REQUESTS-MIN' },
      description:
        'At most 100,000 items and 256 MB of body, whichever limit is reached first. The minimum is not stated; at least 1 here (UNSPEC-BATCH-REQUESTS-MIN).',
      'x-requirements': ['BATCH-CREATE-REQUESTS', 'BATCH-CREATE-MAX-REQUESTS'],
    }),
  },
  {
    $id: 'MessageBatchCreateParams',
    additionalProperties: false,
    description: 'Batch creation request. The 256 MB body limit and unique `custom_id` are cross-item rules.',
  },
);
export type MessageBatchCreateParams = Static<typeof MessageBatchCreateParams>;

/** Query of GET /v1/messages/batches. */
export const MessageBatchListParams = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        'x-choice': { minimum: 'UNSPEC-BATCH-LIST-LIMIT' },
        description: 'Page size; default and bounds not shown (UNSPEC-BATCH-LIST-LIMIT).',
        'x-requirements': ['BATCH-LIST-QUERY'],
      }),
    ),
    after_id: Type.Optional(
      Type.String({
        description: 'Cursor: the `last_id` of the previous page.',
        'x-requirements': ['BATCH-LIST-QUERY'],
      }),
    ),
  },
  {
    $id: 'MessageBatchListParams',
    additionalProperties: false,
    description: 'List query. Backward paging parameters: not shown (UNSPEC-BATCH-LIST-BACKWARD).',
  },
);
export type MessageBatchListParams = Static<typeof MessageBatchListParams>;

/** Response of GET /v1/messages/batches. */
export const MessageBatchList = Type.Object(
  {
    data: Type.Array(Type.Ref(MessageBatch)),
    has_more: Type.Boolean(),
    last_id: nullable(Type.String(), {
      description:
        'Id of the last batch of the page; whether it is null on an empty page is not stated (UNSPEC-BATCH-LIST-LAST-ID).',
    }),
  },
  {
    $id: 'MessageBatchList',
    additionalProperties: false,
    description: "A page of the workspace's batches. Order: not stated (UNSPEC-BATCH-LIST-ORDER).",
    'x-requirements': ['BATCH-LIST-ENVELOPE', 'BATCH-LIST-WORKSPACE'],
  },
);
export type MessageBatchList = Static<typeof MessageBatchList>;

/** Result of a request that succeeded. */
export const MessageBatchSucceededResult = Type.Object(
  {
    type: Type.Literal('succeeded'),
    message: Type.Ref(Message),
  },
  {
    $id: 'MessageBatchSucceededResult',
    additionalProperties: false,
    description: 'The request succeeded; carries the message. Billed.',
    'x-requirements': ['BATCH-RESULT-SUCCEEDED', 'BATCH-BILLED-SUCCEEDED'],
  },
);
export type MessageBatchSucceededResult = Static<typeof MessageBatchSucceededResult>;

/** Result of a request that errored. */
export const MessageBatchErroredResult = Type.Object(
  {
    type: Type.Literal('errored'),
    error: Type.Ref(ErrorBody, {
      description:
        'The error; its type is at `result.error.error.type`. Only that nesting is stated; the standard error body is assumed (UNSPEC-BATCH-ERRORED-BODY).',
    }),
  },
  {
    $id: 'MessageBatchErroredResult',
    additionalProperties: false,
    description:
      'Invalid request or internal server error; no message. `invalid_request_error`: fix the body before resending; any other type may be retried directly (the type used for internal errors: UNSPEC-BATCH-ERRORED-TYPES). Not billed.',
    'x-requirements': [
      'BATCH-RESULT-ERRORED',
      'BATCH-RESULT-ERRORED-CAUSES',
      'BATCH-RESULT-ERRORED-FIX-INVALID',
      'BATCH-RESULT-ERRORED-RETRY-OTHER',
      'BATCH-NOT-BILLED-ERRORED',
    ],
  },
);
export type MessageBatchErroredResult = Static<typeof MessageBatchErroredResult>;

/** Result of a request canceled before it was sent to the model. */
export const MessageBatchCanceledResult = Type.Object(
  { type: Type.Literal('canceled') },
  {
    $id: 'MessageBatchCanceledResult',
    additionalProperties: false,
    description: 'The batch was canceled before the request was sent to the model. Not billed.',
    'x-requirements': ['BATCH-RESULT-CANCELED', 'BATCH-NOT-BILLED-CANCELED'],
  },
);
export type MessageBatchCanceledResult = Static<typeof MessageBatchCanceledResult>;

/** Result of a request that expired before it was sent to the model. */
export const MessageBatchExpiredResult = Type.Object(
  { type: Type.Literal('expired') },
  {
    $id: 'MessageBatchExpiredResult',
    additionalProperties: false,
    description: 'The 24-hour expiry was reached before the request was sent to the model. Not billed.',
    'x-requirements': ['BATCH-RESULT-EXPIRED', 'BATCH-NOT-BILLED-EXPIRED'],
  },
);
export type MessageBatchExpiredResult = Static<typeof MessageBatchExpiredResult>;

/** The `result` of a result line, told apart by `type`. */
export const MessageBatchResultVariant = Type.Union(
  [
    Type.Ref(MessageBatchSucceededResult),
    Type.Ref(MessageBatchErroredResult),
    Type.Ref(MessageBatchCanceledResult),
    Type.Ref(MessageBatchExpiredResult),
  ],
  {
    $id: 'MessageBatchResultVariant',
    description: '`succeeded`, `errored`, `canceled` or `expired`.',
    'x-requirements': ['BATCH-RESULT-TYPES'],
  },
);
export type MessageBatchResultVariant = Static<typeof MessageBatchResultVariant>;

/** One JSON line of the results. */
export const MessageBatchResult = Type.Object(
  {
    custom_id: Type.Ref(MessageBatchCustomId),
    result: Type.Ref(MessageBatchResultVariant),
  },
  {
    $id: 'MessageBatchResult',
    additionalProperties: false,
    description:
      'One line of the results (JSON lines). Order of lines: not stated (UNSPEC-BATCH-RESULTS-ORDER); match lines to requests by `custom_id`.',
    'x-requirements': [
      'BATCH-RESULT-LINE-FIELDS',
      'BATCH-RESULT-JSONL',
      'BATCH-RESULT-MATCH-BY-CUSTOM-ID',
      'BATCH-RESULT-LINE-PER-REQUEST',
    ],
  },
);
export type MessageBatchResult = Static<typeof MessageBatchResult>;
