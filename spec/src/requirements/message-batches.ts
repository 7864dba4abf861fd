/**
 * Requirements of message batches: the batch object, request items, result lines, lifecycle,
 * limits, listing, retention, billing and pricing (ids `BATCH-...`).
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S = {
  object: 'Resources and their fields > Message batch',
  states: 'States and transitions > Message batch',
  endpoints: 'Endpoints > Message batches',
  auth: 'Authentication',
  scopes: 'Authentication > OAuth scopes',
  errors: 'Errors > Batch request errors',
  limits: 'Limits',
  overview: 'What the service does',
} as const;

const req = requirementsOf('messages');

export function requirements(_v: Vendor): Requirement[] {
  return [
    // Batch object
    req('BATCH-OBJECT-ID-PREFIX', S.object, 'A batch `id` is a string starting with `msgbatch_`.', 'http'),
    req('BATCH-OBJECT-TYPE', S.object, 'A batch has `type` equal to `message_batch`.', 'http'),
    req(
      'BATCH-OBJECT-STATUS-VALUES',
      S.object,
      'A batch `processing_status` is `in_progress` or `ended`.',
      'http',
    ),
    req('BATCH-OBJECT-STATUS-INITIAL', S.object, 'A batch is `in_progress` at creation.', 'http'),
    req(
      'BATCH-OBJECT-REQUEST-COUNTS',
      S.object,
      'A batch `request_counts` holds the integers `processing`, `succeeded`, `errored`, `canceled` and `expired`.',
      'http',
    ),
    req('BATCH-OBJECT-CREATED-AT', S.object, 'A batch `created_at` is a timestamp.', 'http'),
    req(
      'BATCH-OBJECT-EXPIRES-AT',
      S.object,
      'A batch `expires_at` is a timestamp 24 hours after `created_at`.',
      'http',
    ),
    req(
      'BATCH-OBJECT-ENDED-AT-NULL',
      S.object,
      'A batch `ended_at` is null while the batch has not ended.',
      'http',
    ),
    req(
      'BATCH-OBJECT-ENDED-AT-SET',
      S.object,
      'Once a batch has ended, its `ended_at` is a timestamp.',
      'fixture',
    ),
    req(
      'BATCH-OBJECT-CANCEL-INITIATED-AT',
      S.object,
      'A batch `cancel_initiated_at` is a timestamp or null, and null when no cancel was started.',
      'http',
    ),
    req(
      'BATCH-OBJECT-RESULTS-URL-NULL',
      S.object,
      'A batch `results_url` is null until its results exist.',
      'http',
    ),
    req(
      'BATCH-WORKSPACE-SCOPED',
      S.auth,
      'Batches are scoped to the workspace of the API key: a batch is reachable only with credentials of its workspace.',
      'fixture',
    ),
    req(
      'BATCH-COUNTS-SUM',
      S.object,
      'The five request counts always add up to the number of requests of the batch (each request is counted in exactly one of them; derived from the creation result and the result types).',
      'http',
    ),
    req(
      'BATCH-ENDED-NONE-PROCESSING',
      S.states,
      'An ended batch has no request left processing: `request_counts.processing` is 0 (derived: every request has finished or expired).',
      'fixture',
    ),

    // Request items
    req(
      'BATCH-ITEM-CUSTOM-ID-PATTERN',
      S.object,
      'A request item `custom_id` consists of ASCII letters, digits, `_` and `-` only (`^[a-zA-Z0-9_-]{1,64}$`).',
      'http',
    ),
    req(
      'BATCH-ITEM-CUSTOM-ID-LENGTH',
      S.limits,
      'A request item `custom_id` is 1 to 64 characters long.',
      'http',
    ),
    req('BATCH-ITEM-CUSTOM-ID-UNIQUE', S.object, 'Each `custom_id` is unique within its batch.', 'http'),
    req(
      'BATCH-ITEM-PARAMS',
      S.object,
      'A request item `params` holds the message creation parameters.',
      'http',
    ),
    // The parameter that asks for streaming is not shown (UNSPEC-BATCH-PARAMS-STREAMING), so what a
    // server does with an item carrying `stream: true` (the conventional one) is open: it may
    // refuse the item (`errored`) or process it without streaming (`succeeded`). Whichever it
    // does, the item's result line is never a stream: that much is observable.
    req(
      'BATCH-ITEM-NON-STREAMING',
      S.object,
      'The `params` of a request item are non-streaming: a request item that asks for streaming never gets a streamed result (its result line is a plain `succeeded` line carrying the message, or `errored`).',
      'fixture',
    ),
    req(
      'BATCH-ITEM-MAX-TOKENS-MIN-1',
      S.limits,
      '`max_tokens` in a batch request item is at least 1; 0 is unsupported inside a batch.',
      'fixture',
    ),
    req(
      'BATCH-PARAMS-ASYNC-VALIDATION',
      S.endpoints,
      'The `params` of each item are validated asynchronously: an invalid item does not fail the batch creation and ends as an `errored` result when the batch ends.',
      'fixture',
    ),
    req(
      'BATCH-VERIFY-WITH-MESSAGES',
      S.endpoints,
      'Clients should verify a request shape with the message creation endpoint before putting it in a batch.',
      'client',
      'should',
    ),

    // Result lines
    req(
      'BATCH-RESULT-JSONL',
      S.object,
      'Batch results are served as JSON lines, one result line per line.',
      'fixture',
    ),
    req('BATCH-RESULT-LINE-FIELDS', S.object, 'A result line carries `custom_id` and `result`.', 'fixture'),
    req(
      'BATCH-RESULT-LINE-PER-REQUEST',
      S.object,
      'The results hold one line per request of the batch, each carrying the `custom_id` of its request (lines are matched to requests by `custom_id`).',
      'fixture',
    ),
    req(
      'BATCH-RESULT-TYPES',
      S.object,
      '`result.type` is one of `succeeded`, `errored`, `canceled`, `expired`.',
      'fixture',
    ),
    req(
      'BATCH-RESULT-SUCCEEDED',
      S.object,
      'A `succeeded` result means the request succeeded and carries the message.',
      'fixture',
    ),
    req(
      'BATCH-RESULT-ERRORED',
      S.object,
      'An `errored` result carries no message; its error type is at `result.error.error.type`.',
      'fixture',
    ),
    req(
      'BATCH-RESULT-ERRORED-CAUSES',
      S.object,
      'A request ends `errored` when it was invalid or met an internal server error; an invalid request has error type `invalid_request_error`.',
      'fixture',
    ),
    req(
      'BATCH-RESULT-ERRORED-FIX-INVALID',
      S.object,
      'A request that errored with `invalid_request_error` must have its body fixed before it is resent.',
      'client',
      'should',
    ),
    req(
      'BATCH-RESULT-ERRORED-RETRY-OTHER',
      S.object,
      'A request that errored with any error type other than `invalid_request_error` may be retried directly.',
      'client',
      'informative',
    ),
    req(
      'BATCH-RESULT-CANCELED',
      S.object,
      'A `canceled` result means the batch was canceled before the request was sent to the model.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-RESULT-EXPIRED',
      S.object,
      'An `expired` result means the 24-hour expiry was reached before the request was sent to the model.',
      'fixture',
    ),
    req(
      'BATCH-RESULT-MATCH-BY-CUSTOM-ID',
      S.object,
      'The order of result lines is not stated: clients match lines to requests by `custom_id`, never by position.',
      'client',
      'should',
    ),

    // Billing and pricing
    req('BATCH-BILLED-SUCCEEDED', S.object, 'A `succeeded` request is billed.', 'untestable', 'informative'),
    req(
      'BATCH-NOT-BILLED-ERRORED',
      S.errors,
      'An `errored` request is not billed.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-NOT-BILLED-CANCELED',
      S.errors,
      'A `canceled` request is not billed.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-NOT-BILLED-EXPIRED',
      S.errors,
      'An `expired` request is not billed.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-PRICE-HALF',
      S.auth,
      'Batches are billed at 50% of standard prices.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-PRICE-OPUS-4-5-TO-4-7',
      S.limits,
      'Batch price of Opus 4.7, 4.6 and 4.5: 2.50 USD per million input tokens, 12.50 USD per million output tokens.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-PRICE-OPUS-4-AND-4-1',
      S.limits,
      'Batch price of Opus 4.1 and Opus 4 (deprecated): 7.50 USD per million input tokens, 37.50 USD per million output tokens.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-PRICE-SONNET',
      S.limits,
      'Batch price of Sonnet 4.6, 4.5 and Sonnet 4 (deprecated): 1.50 USD per million input tokens, 7.50 USD per million output tokens.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-PRICE-HAIKU-4-5',
      S.limits,
      'Batch price of Haiku 4.5: 0.50 USD per million input tokens, 2.50 USD per million output tokens.',
      'untestable',
      'informative',
    ),
    req(
      'BATCH-PRICE-HAIKU-3-5',
      S.limits,
      'Batch price of Haiku 3.5 (retired except on two cloud marketplaces): 0.40 USD per million input tokens, 2 USD per million output tokens.',
      'untestable',
      'informative',
    ),

    // States and transitions
    req(
      'BATCH-END-ALL-PROCESSED',
      S.states,
      'An `in_progress` batch moves to `ended` when all its requests finish processing.',
      'fixture',
    ),
    req(
      'BATCH-PROCESSED-INDEPENDENTLY',
      S.states,
      'Each request of a batch is processed independently: the outcome of one request does not change the outcome of another.',
      'fixture',
    ),
    req(
      'BATCH-END-RESULTS-READY',
      S.states,
      'When a batch ends its results become ready and `results_url` is set.',
      'fixture',
    ),
    req(
      'BATCH-EXPIRY-24H',
      S.states,
      'An `in_progress` batch moves to `ended` when 24 hours have elapsed since creation.',
      'fixture',
    ),
    req(
      'BATCH-EXPIRY-UNSENT-EXPIRED',
      S.states,
      'At the 24-hour expiry, the requests not yet sent to the model get `expired` results.',
      'fixture',
    ),
    req(
      'BATCH-TYPICAL-DURATION',
      S.limits,
      'Most batches finish within 1 hour.',
      'untestable',
      'informative',
    ),

    // Endpoints
    req(
      'BATCH-CREATE-REQUESTS',
      S.endpoints,
      'POST /v1/messages/batches takes `requests`, an array of batch request items.',
      'http',
    ),
    req('BATCH-CREATE-MAX-REQUESTS', S.limits, 'A batch holds at most 100,000 requests.', 'http'),
    req('BATCH-CREATE-MAX-SIZE', S.limits, 'A batch creation body is at most 256 MB.', 'http'),
    req(
      'BATCH-CREATE-LIMIT-FIRST-REACHED',
      S.limits,
      'Both the request-count and the size limit apply; whichever is reached first limits the batch.',
      'http',
    ),
    req(
      'BATCH-CREATE-RESPONSE',
      S.endpoints,
      'Batch creation answers with the batch object, `processing_status` `in_progress`.',
      'http',
    ),
    req(
      'BATCH-CREATE-PROCESSING-COUNT',
      S.endpoints,
      'Batch creation answers with `request_counts.processing` equal to the number of request items.',
      'http',
    ),
    req(
      'BATCH-RETRIEVE',
      S.endpoints,
      'GET /v1/messages/batches/{id} answers with the batch object.',
      'http',
    ),
    req(
      'BATCH-LIST-QUERY',
      S.endpoints,
      'GET /v1/messages/batches takes query `limit` (integer) and `after_id` (string).',
      'http',
    ),
    req(
      'BATCH-LIST-ENVELOPE',
      S.endpoints,
      'The batch list answers `data` (array of batch objects), `has_more` (boolean) and `last_id` (string).',
      'http',
    ),
    req('BATCH-LIST-WORKSPACE', S.endpoints, "The batch list lists the workspace's batches.", 'fixture'),
    req(
      'BATCH-RESULTS-URL',
      S.endpoints,
      'Results are downloaded with GET on the batch `results_url`, with no payload.',
      'fixture',
    ),
    req(
      'BATCH-RESULTS-AFTER-END',
      S.endpoints,
      'Results are available only after processing ended.',
      'fixture',
    ),
    req(
      'BATCH-RESULTS-RETENTION',
      S.limits,
      'Results are kept 29 days after creation; afterwards they cannot be downloaded.',
      'fixture',
    ),
    req(
      'BATCH-VIEWABLE-AFTER-RETENTION',
      S.limits,
      'After the 29-day results retention the batch itself stays viewable.',
      'fixture',
    ),
    req(
      'BATCH-RESULTS-STREAMING',
      S.endpoints,
      'Clients should stream the results, because they can be large.',
      'client',
      'should',
    ),

    // Limits and rate limits
    req(
      'BATCH-SPEND-LIMIT-OVERSHOOT',
      S.limits,
      'A batch may slightly exceed the workspace spend limit because of concurrent processing.',
      'untestable',
      'informative',
    ),
    req('BATCH-RATE-LIMIT-HTTP', S.limits, 'Rate limits apply to batch HTTP requests.', 'fixture'),
    req(
      'BATCH-RATE-LIMIT-ENQUEUED',
      S.limits,
      'Rate limits apply to the number of enqueued batch requests (limiter `enqueued_batch_requests`).',
      'fixture',
    ),
    req(
      'BATCH-DEMAND-SLOWDOWN',
      S.limits,
      'Processing may slow under demand, causing more requests to expire.',
      'untestable',
      'informative',
    ),

    // Authentication
    req(
      'BATCH-AUTH-CREDENTIALS',
      S.auth,
      'Batch endpoints accept a workspace API key in `x-api-key` or an access token as a bearer credential.',
      'fixture',
    ),
    req(
      'BATCH-AUTH-SCOPE',
      S.scopes,
      'An access token with scope `workspace:developer` may use the batch endpoints of its workspace (they are non-administrative endpoints).',
      'fixture',
      'must',
      'federation',
    ),
    req(
      'BATCH-AUTH-SCOPE-403',
      S.scopes,
      'An access token whose scope is not `workspace:developer` gets HTTP 403 from the batch endpoints.',
      'fixture',
      'must',
      'federation',
    ),
  ];
}
