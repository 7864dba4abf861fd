/**
 * What the documents leave open about message batches. Never invented, never asserted by the
 * conformance suite.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';
import { HTTP_ERRORS_NOT_SHOWN } from './messages.js';

const OBJECT = 'Resources and their fields > Message batch';
const STATES = 'States and transitions > Message batch';
const ENDPOINTS = 'Endpoints > Message batches';
const ERRORS = 'Errors > Batch request errors';
const LIMITS = 'Limits';

export function unspecified(v: Vendor): Unspecified[] {
  return [
    {
      id: 'UNSPEC-BATCH-CANCEL',
      doc: 'messages',
      section: STATES,
      what: 'The cancel operation of a batch, the `processing_status` value used while cancelling, and how `cancel_initiated_at` becomes non-null.',
      treatment:
        'No cancel endpoint and no cancel event in the machine; `processing_status` is closed to `in_progress` and `ended`. The reference server never cancels, so `cancel_initiated_at` stays null and no `canceled` result is produced; the schemas still accept a `canceled` result and a non-null `cancel_initiated_at`.',
    },
    {
      id: 'UNSPEC-BATCH-DELETE',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'A delete endpoint for batches.',
      treatment: 'Not modelled; the reference server keeps batches for its whole run.',
    },
    {
      id: 'UNSPEC-BATCH-CREATE-ERRORS',
      doc: 'messages',
      section: ERRORS,
      what: 'HTTP-level errors of batch creation: more than 100,000 requests, a body over 256 MB, an empty or malformed `requests`, a bad or duplicate `custom_id`, a `params` that is not an object.',
      treatment:
        'The reference server answers 400 with the standard error body, error type `invalid_request_error` (a body over the size limit may instead be refused with 413 by the HTTP layer); the conformance suite asserts only a 4xx status with the error body.',
      advisory: HTTP_ERRORS_NOT_SHOWN,
    },
    {
      id: 'UNSPEC-BATCH-REQUESTS-MIN',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The minimum number of requests in a batch (whether an empty `requests` array is accepted).',
      treatment:
        'Schema: at least 1 item (an empty batch would have nothing to process). The reference server accepts an empty array (the batch ends with no results); refusing it (400) is the other legal choice. The suite asserts nothing about it.',
    },
    {
      id: 'UNSPEC-BATCH-SIZE-UNIT',
      doc: 'messages',
      section: LIMITS,
      what: 'How the 256 MB batch size is measured: which bytes count, and whether MB means 10^6 or 2^20 bytes.',
      treatment:
        'The rule (rules/message-batches.ts) counts the UTF-8 bytes of the JSON request body against 256 x 2^20 = 268,435,456 bytes. The suite asserts acceptance only below 256 x 10^6 bytes and rejection only above 268,435,456 bytes.',
    },
    {
      id: 'UNSPEC-BATCH-PARAMS-STREAMING',
      doc: 'messages',
      section: OBJECT,
      what: 'Which creation parameter asks for streaming, hence what makes a batch item "streaming".',
      treatment:
        'The schema names no streaming parameter. The reference server ignores `stream` in an item, as it ignores fields the documents do not show, and processes the item without streaming (`succeeded`); treating `stream: true` as an invalid request (result `errored` with `invalid_request_error`) is the other legal choice. The suite sends one and asserts only what the documents state: the batch is created (params are validated asynchronously) and the item ends `succeeded` with a message or `errored`, never with a streamed result.',
    },
    {
      id: 'UNSPEC-BATCH-ERRORED-BODY',
      doc: 'messages',
      section: OBJECT,
      what: 'The shape of `result.error` beyond the nesting `result.error.error.type`.',
      treatment:
        'Typed as the standard error body (`{type: "error", error: {type, message}}`); the suite asserts only `result.error.error.type`.',
    },
    {
      id: 'UNSPEC-BATCH-ERRORED-TYPES',
      doc: 'messages',
      section: OBJECT,
      what: 'The error type of an `errored` result caused by an internal server error (only `invalid_request_error` is named).',
      treatment:
        'The reference server uses `api_error` for internal failures of its stand-in model (it has none unless a fault is injected); the suite asserts only that the type is not `invalid_request_error` for such failures.',
    },
    {
      id: 'UNSPEC-BATCH-EXPIRY-IN-FLIGHT',
      doc: 'messages',
      section: STATES,
      what: 'What happens at the 24-hour expiry to requests already sent to the model but not finished.',
      treatment:
        'The reference server processes a request atomically (sent and finished in one step), so none is in flight at expiry; the suite asserts nothing about in-flight requests.',
    },
    {
      id: 'UNSPEC-BATCH-DEADLINE-INSTANT',
      doc: 'messages',
      section: STATES,
      what: 'Whether expiry and the end of retention happen exactly at `created_at` + 24 hours and + 29 days, and which side of the instant counts.',
      treatment:
        'Rules: expiry is due when the clock reaches `expires_at` (at or after it); results are available strictly before `created_at` + 29 days. The suite never probes within a minute of either instant.',
    },
    {
      id: 'UNSPEC-BATCH-RESULTS-BEFORE-END',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The response to a results request before the batch ended (its `results_url` is still null, so the location is chosen by the server).',
      treatment:
        'The reference server answers 404 with the standard error body, error type `not_found_error`; the suite asserts nothing.',
    },
    {
      id: 'UNSPEC-BATCH-RESULTS-AFTER-RETENTION',
      doc: 'messages',
      section: LIMITS,
      what: 'The response to a results request after the 29-day retention, and whether `results_url` stays set on the batch.',
      treatment:
        'The reference server keeps `results_url` unchanged and answers the download with 404 and the standard error body (`not_found_error`); the suite asserts only a 4xx status.',
    },
    {
      id: 'UNSPEC-BATCH-RESULTS-LOCATION',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The path of the results location (the documents give only `GET {results_url}`), its content type, and whether it needs the same credentials and headers as the other batch endpoints.',
      treatment:
        'The endpoint has no fixed path: clients use `results_url`. Content type recorded as `application/x-ndjson`. The reference server serves results under its own base URL (also with `/` appended: the OpenAPI document gives the operation `results_url` as its server and `/` as its path, which generated clients append), requires the same credentials as the other batch endpoints, and answers `application/x-ndjson`; the suite checks only that each line parses as a result line.',
    },
    {
      id: 'UNSPEC-BATCH-RESULTS-ORDER',
      doc: 'messages',
      section: OBJECT,
      what: 'The order of result lines.',
      treatment:
        'Clients match lines by `custom_id`. The reference server writes lines in request order; the suite never relies on the order.',
    },
    {
      id: 'UNSPEC-BATCH-ID-PARAM-NAME',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The name of the path parameter of GET /v1/messages/batches/{id}.',
      treatment: 'The project names it `message_batch_id` (the wire path is unaffected).',
    },
    {
      id: 'UNSPEC-BATCH-RETRIEVE-ERRORS',
      doc: 'messages',
      section: ERRORS,
      what: 'The response to retrieving a batch id that does not exist or belongs to another workspace.',
      treatment:
        'The reference server answers 404 with the standard error body, error type `not_found_error`, for both (it does not reveal batches of other workspaces); the suite asserts only a 4xx status.',
    },
    {
      id: 'UNSPEC-BATCH-LIST-LIMIT',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'Default, minimum and maximum of the batch list `limit`.',
      treatment:
        'Schema: integer of at least 1. The reference server uses a default of 20 and caps the page at 1000; the suite asserts only that a page holds at most `limit` batches.',
    },
    {
      id: 'UNSPEC-BATCH-LIST-ORDER',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The order of the batch list.',
      treatment:
        'The reference server lists newest first; the suite asserts only that paging with `after_id` visits every batch of the workspace once.',
    },
    {
      id: 'UNSPEC-BATCH-LIST-LAST-ID',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'Whether `last_id` is null (or absent) on an empty page.',
      treatment:
        'Schema: string or null, always present. The reference server answers null on an empty page; the suite asserts nothing about `last_id` on an empty page.',
    },
    {
      id: 'UNSPEC-BATCH-LIST-BACKWARD',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'Backward paging (a cursor before a given id, a first id in the envelope).',
      treatment: 'Not modelled: only `limit` and `after_id` are accepted.',
    },
    {
      id: 'UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The response to an `after_id` naming no batch of the workspace.',
      treatment: 'The reference server answers 400 `invalid_request_error`; the suite asserts nothing.',
    },
    {
      id: 'UNSPEC-BATCH-VIEWABLE-PERIOD',
      doc: 'messages',
      section: LIMITS,
      what: 'How long a batch stays viewable after the results retention.',
      treatment: 'The reference server keeps it readable and listed for its whole run.',
    },
    {
      id: 'UNSPEC-BATCH-BETA',
      doc: 'federation',
      section: 'Versioning',
      what: `Whether the batch endpoints require the beta identifier \`message-batches-2024-09-24\` (listed among the allowed \`${v.headers.beta}\` values).`,
      treatment:
        'Recorded as not required (`betas: []`); the reference server accepts requests with or without it; the suite sends no beta header to batch endpoints.',
    },
    {
      id: 'UNSPEC-BATCH-RATE-LIMIT-DEFAULTS',
      doc: 'messages',
      section: LIMITS,
      what: 'Numeric default rate limits for batches (HTTP requests and enqueued batch requests).',
      treatment:
        "The reference server's organizations list 4,000 requests per minute and 500,000 enqueued batch requests for the `batch` group (the project's choice); it enforces both (UNSPEC-BATCH-HTTP-RATE-COUNT, UNSPEC-BATCH-ENQUEUED-COUNT). The suite asserts nothing about defaults.",
    },
    {
      id: 'UNSPEC-BATCH-HTTP-RATE-COUNT',
      doc: 'messages',
      section: LIMITS,
      what: "Which batch HTTP requests count toward the `batch` group's `requests_per_minute` limiter, over which minute, and the status and error type of a request refused by it (the documents show no rate-limit refusal).",
      treatment:
        "The reference server counts the requests of the batch endpoints (create, retrieve, list, results) that reach the operation (authenticated and valid; one this limiter refused does not count), per workspace and per organization, over the 60 seconds of its clock before each request. A request is refused when the caller's workspace already made as many in that minute as its limit (its override, else the organization's value; the Default Workspace has none), or its organization as many as the organization's value (WS-LIMIT-ORG-ALWAYS-APPLIES): 429 with the standard error body, error type `rate_limit_error`. The suite asserts only that, with a workspace's limit lowered, the batch endpoints accept a request and, within twice the limit and one more requests made at once, refuse one with a 4xx and the error body.",
    },
    {
      id: 'UNSPEC-BATCH-ENQUEUED-COUNT',
      doc: 'messages',
      section: LIMITS,
      what: 'Which batch requests count as enqueued for the `enqueued_batch_requests` limiter, and how the limit is applied (refusing a new batch, accepting part of it, or holding requests back).',
      treatment:
        "The reference server counts the `processing` requests of the batches still `in_progress` (an ended batch holds none; batches of an archived workspace still count). Batch creation is refused whole when the requests enqueued in the caller's workspace plus the new batch's would exceed the workspace's limit (its override, else the organization's value; the Default Workspace has none), or when those enqueued across the organization plus the new batch's would exceed the organization's value (WS-LIMIT-ORG-ALWAYS-APPLIES); nothing is partially accepted or throttled, so a batch larger than the limit is refused even when nothing is enqueued. The suite asserts only that a batch within a workspace's limit is created and one more request is refused.",
    },
    {
      id: 'UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR',
      doc: 'messages',
      section: ERRORS,
      what: 'The HTTP status and error type of a batch creation refused because it would exceed an `enqueued_batch_requests` limit: the documents show no rate-limit refusal and name only the error types `invalid_request_error`, `invalid_request` and `invalid_grant`.',
      treatment:
        'The reference server answers 429 with the standard error body, error type `rate_limit_error`; the suite asserts only a 4xx status with the error body.',
    },
    {
      id: 'UNSPEC-BATCH-SUCCESS-STATUS',
      doc: 'messages',
      section: ENDPOINTS,
      what: 'The HTTP status of successful batch creation, retrieval, listing and results download.',
      treatment: 'The spec uses 200; the suite accepts any 2xx.',
    },
  ];
}
