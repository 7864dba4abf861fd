/** Endpoints of message batches. */
import { Type } from '@sinclair/typebox';
import {
  MessageBatch,
  MessageBatchCreateParams,
  MessageBatchId,
  MessageBatchList,
  MessageBatchListParams,
  MessageBatchResult,
} from '../resources/message-batches.js';
import type { Endpoint, ErrorCase } from '../types.js';

const scope403: ErrorCase = {
  status: 403,
  type: null,
  when: 'An access token whose scope is not `workspace:developer` is used.',
  requirements: ['BATCH-AUTH-SCOPE-403'],
};

const auth = {
  auth: ['workspace_key', 'access_token'],
  scope: 'workspace:developer',
  betas: [],
} as const satisfies Pick<Endpoint, 'auth' | 'scope' | 'betas'>;

const AUTH_REQUIREMENTS = ['BATCH-AUTH-CREDENTIALS', 'BATCH-AUTH-SCOPE', 'BATCH-WORKSPACE-SCOPED'];

export const endpoints = [
  {
    id: 'messages.batches.create',
    family: 'message-batches',
    title: 'Create a message batch',
    summary: 'Create a batch of message requests, processed asynchronously.',
    doc: 'messages',
    method: 'POST',
    path: '/v1/messages/batches',
    params: {},
    body: { schema: Type.Ref(MessageBatchCreateParams), required: true },
    success: {
      status: 200,
      response: {
        description:
          'The batch, `in_progress`, with `request_counts.processing` equal to the number of requests.',
        schema: Type.Ref(MessageBatch),
        contentType: 'application/json',
      },
    },
    errors: [scope403],
    ...auth,
    pagination: { style: 'none' },
    requirements: [
      'BATCH-CREATE-REQUESTS',
      'BATCH-CREATE-MAX-REQUESTS',
      'BATCH-CREATE-MAX-SIZE',
      'BATCH-CREATE-LIMIT-FIRST-REACHED',
      'BATCH-CREATE-RESPONSE',
      'BATCH-CREATE-PROCESSING-COUNT',
      'BATCH-OBJECT-STATUS-INITIAL',
      'BATCH-ITEM-CUSTOM-ID-PATTERN',
      'BATCH-ITEM-CUSTOM-ID-LENGTH',
      'BATCH-ITEM-CUSTOM-ID-UNIQUE',
      'BATCH-ITEM-PARAMS',
      'BATCH-PARAMS-ASYNC-VALIDATION',
      'BATCH-VERIFY-WITH-MESSAGES',
      'MSG-MODELS-ACTIVE-SUPPORT',
      'BATCH-SPEND-LIMIT-OVERSHOOT',
      'BATCH-PRICE-HALF',
      'BATCH-RATE-LIMIT-HTTP',
      'BATCH-RATE-LIMIT-ENQUEUED',
      ...AUTH_REQUIREMENTS,
    ],
    unspecified: [
      'UNSPEC-BATCH-CREATE-ERRORS',
      'UNSPEC-BATCH-REQUESTS-MIN',
      'UNSPEC-BATCH-SIZE-UNIT',
      'UNSPEC-BATCH-PARAMS-STREAMING',
      'UNSPEC-BATCH-BETA',
      'UNSPEC-BATCH-RATE-LIMIT-DEFAULTS',
      'UNSPEC-BATCH-ENQUEUED-COUNT',
      'UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR',
      'UNSPEC-BATCH-SUCCESS-STATUS',
      'UNSPEC-BATCH-HTTP-RATE-COUNT',
      'UNSPEC-BATCH-CANCEL',
      'UNSPEC-BATCH-DELETE',
    ],
  },
  {
    id: 'messages.batches.retrieve',
    family: 'message-batches',
    title: 'Retrieve a message batch',
    summary: 'Retrieve a batch.',
    doc: 'messages',
    method: 'GET',
    path: '/v1/messages/batches/{message_batch_id}',
    params: {
      path: Type.Object(
        {
          message_batch_id: Type.Ref(MessageBatchId, {
            description:
              'The batch id. The documents write `{id}`; the name `message_batch_id` is chosen by the project (UNSPEC-BATCH-ID-PARAM-NAME).',
          }),
        },
        { additionalProperties: false },
      ),
    },
    success: {
      status: 200,
      response: {
        description: 'The batch.',
        schema: Type.Ref(MessageBatch),
        contentType: 'application/json',
      },
    },
    errors: [scope403],
    ...auth,
    pagination: { style: 'none' },
    requirements: [
      'BATCH-RETRIEVE',
      'BATCH-VIEWABLE-AFTER-RETENTION',
      'BATCH-RATE-LIMIT-HTTP',
      ...AUTH_REQUIREMENTS,
    ],
    unspecified: [
      'UNSPEC-BATCH-ID-PARAM-NAME',
      'UNSPEC-BATCH-RETRIEVE-ERRORS',
      'UNSPEC-BATCH-VIEWABLE-PERIOD',
      'UNSPEC-BATCH-BETA',
      'UNSPEC-BATCH-SUCCESS-STATUS',
      'UNSPEC-BATCH-HTTP-RATE-COUNT',
    ],
  },
  {
    id: 'messages.batches.list',
    family: 'message-batches',
    title: 'List message batches',
    summary: "List the workspace's batches.",
    doc: 'messages',
    method: 'GET',
    path: '/v1/messages/batches',
    params: { query: MessageBatchListParams },
    success: {
      status: 200,
      response: {
        description: 'A page of batches.',
        schema: Type.Ref(MessageBatchList),
        contentType: 'application/json',
      },
    },
    errors: [scope403],
    ...auth,
    pagination: {
      style: 'after_id',
      cursorParam: 'after_id',
      hasMoreField: 'has_more',
      lastIdField: 'last_id',
      dataField: 'data',
      limitParam: 'limit',
    },
    requirements: [
      'BATCH-LIST-QUERY',
      'BATCH-LIST-ENVELOPE',
      'BATCH-LIST-WORKSPACE',
      'BATCH-RATE-LIMIT-HTTP',
      ...AUTH_REQUIREMENTS,
    ],
    unspecified: [
      'UNSPEC-BATCH-LIST-LIMIT',
      'UNSPEC-BATCH-LIST-ORDER',
      'UNSPEC-BATCH-LIST-LAST-ID',
      'UNSPEC-BATCH-LIST-BACKWARD',
      'UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN',
      'UNSPEC-BATCH-BETA',
      'UNSPEC-BATCH-SUCCESS-STATUS',
      'UNSPEC-BATCH-HTTP-RATE-COUNT',
    ],
  },
  {
    id: 'messages.batches.results',
    family: 'message-batches',
    title: 'Retrieve batch results',
    summary:
      "Download a batch's results as JSON lines from its `results_url`: only after processing ended and within 29 days of creation.",
    doc: 'messages',
    method: 'GET',
    path: null,
    url: { operation: 'messages.batches.retrieve', field: 'results_url' },
    params: {},
    success: {
      status: 200,
      response: {
        description:
          'JSON lines, each a `MessageBatchResult`, one per request, in no stated order (match by `custom_id`). Streaming the body is recommended.',
        schema: Type.Ref(MessageBatchResult),
        contentType: 'application/x-ndjson',
      },
    },
    errors: [scope403],
    ...auth,
    pagination: { style: 'none' },
    requirements: [
      'BATCH-RESULTS-URL',
      'BATCH-RESULTS-AFTER-END',
      'BATCH-RESULTS-RETENTION',
      'BATCH-RESULTS-STREAMING',
      'BATCH-RESULT-JSONL',
      'BATCH-RESULT-LINE-FIELDS',
      'BATCH-RESULT-LINE-PER-REQUEST',
      'BATCH-RESULT-MATCH-BY-CUSTOM-ID',
      'BATCH-RATE-LIMIT-HTTP',
      ...AUTH_REQUIREMENTS,
    ],
    unspecified: [
      'UNSPEC-BATCH-RESULTS-LOCATION',
      'UNSPEC-BATCH-RESULTS-BEFORE-END',
      'UNSPEC-BATCH-RESULTS-AFTER-RETENTION',
      'UNSPEC-BATCH-RESULTS-ORDER',
      'UNSPEC-BATCH-ERRORED-BODY',
      'UNSPEC-BATCH-ERRORED-TYPES',
      'UNSPEC-BATCH-DEADLINE-INSTANT',
      'UNSPEC-BATCH-BETA',
      'UNSPEC-BATCH-SUCCESS-STATUS',
      'UNSPEC-BATCH-HTTP-RATE-COUNT',
    ],
  },
] as const satisfies readonly Endpoint[];
