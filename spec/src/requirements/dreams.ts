/**
 * Requirements of dreams (DREAM-): document 001, sections "Dream", "States and transitions >
 * Dream", "Endpoints > Dreams", the dream rows of Authentication, Events, Errors and Limits.
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S_FIELDS = 'Resources and their fields > Dream';
const S_STATES = 'States and transitions > Dream';
const S_ENDPOINTS = 'Endpoints > Dreams';
const S_ERRORS = 'Errors > Dream error.type values';
const S_400 = 'Errors > HTTP 400 cases';
const S_LIMITS = 'Limits';

const req = requirementsOf('messages');

export function requirements(v: Vendor): Requirement[] {
  const models = v.models.all.map((m) => `\`${m}\``).join(' or ');
  return [
    // Versioning, access, authentication, billing
    req(
      'DREAM-BETA-HEADERS',
      'Versioning',
      `Every dream operation requires both beta identifiers \`managed-agents-2026-04-01\` and \`dreaming-2026-04-21\`, comma-separated in the \`${v.headers.beta}\` header.`,
      'http',
    ),
    req(
      'DREAM-RESEARCH-PREVIEW',
      'Versioning',
      'Dreams are a research preview feature; access must be requested.',
      'untestable',
      'informative',
    ),
    req(
      'DREAM-AUTH-CREDENTIALS',
      'Authentication',
      'Dream operations accept a workspace API key in `x-api-key` or an access token (scope `workspace:developer`) as a bearer credential.',
      'http',
    ),
    req(
      'DREAM-BILLING-STANDARD-RATES',
      'Authentication',
      'Dreams are billed at standard token rates for the chosen model; the exact totals are in `usage`.',
      'untestable',
      'informative',
    ),

    // Dream fields
    req('DREAM-TYPE', S_FIELDS, 'The `type` of a dream is `dream`.', 'http'),
    req('DREAM-ID-PREFIX', S_FIELDS, 'The `id` of a dream starts with `drm_`.', 'http'),
    req(
      'DREAM-STATUS-VALUES',
      S_FIELDS,
      'The `status` of a dream is one of `pending`, `running`, `completed`, `failed`, `canceled`.',
      'http',
    ),
    req(
      'DREAM-INPUTS-AS-SENT',
      S_FIELDS,
      'The `inputs` of a dream are returned as sent: a `{type: memory_store, memory_store_id}` and a `{type: sessions, session_ids}` item.',
      'http',
    ),
    req('DREAM-OUTPUTS-EMPTY-AT-CREATION', S_FIELDS, 'The `outputs` of a new dream are empty.', 'http'),
    req(
      'DREAM-OUTPUTS-WHEN-RUNNING',
      S_FIELDS,
      'Once a dream is running, `outputs` holds `{type: memory_store, memory_store_id}` of its output store.',
      'fixture',
    ),
    req('DREAM-MODEL-OBJECT', S_FIELDS, 'The `model` of a dream is an object `{id: string}`.', 'http'),
    req(
      'DREAM-INSTRUCTIONS-AS-SENT',
      S_FIELDS,
      'The `instructions` of a dream are returned as sent.',
      'http',
    ),
    req('DREAM-SESSION-ID-NULL-AT-CREATION', S_FIELDS, 'The `session_id` of a new dream is null.', 'http'),
    req(
      'DREAM-SESSION-ID-WHEN-RUNNING',
      S_FIELDS,
      'Once a dream is running, `session_id` is the identifier of the session executing its pipeline.',
      'fixture',
    ),
    req('DREAM-CREATED-AT', S_FIELDS, 'The `created_at` of a dream is a timestamp.', 'http'),
    req(
      'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
      S_FIELDS,
      'The `ended_at` of a dream is null until it reaches a terminal state, and a timestamp from then on.',
      'fixture',
    ),
    req(
      'DREAM-ARCHIVED-AT-NULL-UNTIL-ARCHIVED',
      S_FIELDS,
      'The `archived_at` of a dream is null until it is archived, and a timestamp from then on.',
      'http',
    ),
    req(
      'DREAM-USAGE-FIELDS',
      S_FIELDS,
      'The `usage` of a dream holds the integers `input_tokens`, `output_tokens`, `cache_creation_input_tokens`, `cache_read_input_tokens`.',
      'http',
    ),
    req('DREAM-USAGE-ZERO-AT-CREATION', S_FIELDS, 'All four `usage` counts of a new dream are 0.', 'http'),
    req(
      'DREAM-USAGE-UPDATED-WHILE-RUNNING',
      S_FIELDS,
      'The `usage` of a dream is updated while it is running.',
      'fixture',
    ),
    req(
      'DREAM-ERROR-NULL-UNLESS-FAILED',
      S_FIELDS,
      'The `error` of a dream is null unless its status is `failed`.',
      'http',
    ),
    req(
      'DREAM-ERROR-TYPE-ON-FAILURE',
      `${S_FIELDS}; ${S_STATES}`,
      'A failed dream has an `error` object carrying `type`.',
      'fixture',
    ),

    // Error types
    req(
      'DREAM-ERROR-TYPES-OPEN',
      S_ERRORS,
      'The list of dream `error.type` values is non-exhaustive: clients accept types they do not know.',
      'client',
    ),
    req(
      'DREAM-ERROR-TIMEOUT',
      S_ERRORS,
      'A dream whose pipeline exceeded its runtime budget fails with `error.type` `timeout`.',
      'fixture',
    ),
    req(
      'DREAM-ERROR-INTERNAL',
      S_ERRORS,
      'A dream with an unclassified pipeline failure fails with `error.type` `internal_error`.',
      'fixture',
    ),
    req(
      'DREAM-ERROR-ORG-LIMIT',
      S_ERRORS,
      'A dream whose organization reached its memory-store cap while working storage was being provisioned fails with `error.type` `memory_store_org_limit_exceeded`.',
      'fixture',
    ),
    req(
      'DREAM-ERROR-INPUT-TOO-LARGE',
      S_ERRORS,
      "A dream whose input store exceeds the pipeline's size limit fails with `error.type` `input_memory_store_too_large`.",
      'fixture',
    ),
    req(
      'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
      S_ERRORS,
      'A dream whose input store was archived or deleted after creation fails with `error.type` `input_memory_store_unavailable`.',
      'fixture',
    ),
    req(
      'DREAM-ERROR-INPUT-SESSION-UNAVAILABLE',
      S_ERRORS,
      'A dream one of whose input sessions was archived or deleted after creation fails with `error.type` `input_session_unavailable`.',
      'fixture',
    ),

    // Creation
    req('DREAM-CREATE-INPUTS-REQUIRED', S_ENDPOINTS, 'Dream creation requires `inputs`, an array.', 'http'),
    req(
      'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
      S_ENDPOINTS,
      'The `inputs` of a dream creation hold exactly one `{type: memory_store, memory_store_id}` item.',
      'http',
    ),
    req(
      'DREAM-CREATE-ONE-SESSIONS-INPUT',
      S_ENDPOINTS,
      'The `inputs` of a dream creation hold exactly one `{type: sessions, session_ids}` item.',
      'http',
    ),
    req(
      'DREAM-CREATE-SESSION-IDS-MIN',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      'The `session_ids` of a dream hold at least 1 session; an empty list is rejected.',
      'http',
    ),
    req(
      'DREAM-CREATE-SESSION-IDS-MAX',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      'The `session_ids` of a dream hold at most 100 sessions; 101 are too many.',
      'http',
    ),
    req(
      'DREAM-CREATE-MODEL-ALLOWED',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      `The \`model\` of a dream creation is a string, ${models}; any other model is rejected.`,
      'http',
    ),
    req(
      'DREAM-CREATE-INSTRUCTIONS-OPTIONAL',
      S_ENDPOINTS,
      'The `instructions` of a dream creation are optional.',
      'http',
    ),
    req(
      'DREAM-CREATE-INSTRUCTIONS-MAX',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      'The `instructions` of a dream creation are at most 4,096 characters; 4,097 are too many.',
      'http',
    ),
    req(
      'DREAM-CREATE-RETURNS-PENDING',
      S_ENDPOINTS,
      'Dream creation returns the full dream object with `status` `pending`.',
      'http',
    ),
    req(
      'DREAM-CREATE-EMPTY-STORE-FOR-TRANSCRIPTS',
      S_ENDPOINTS,
      'A dream over session transcripts only needs an empty memory store created first and passed as the `memory_store` input.',
      'client',
      'should',
    ),

    // Retrieve, list, polling
    req('DREAM-RETRIEVE', S_ENDPOINTS, 'GET /v1/dreams/{dream_id} returns the dream object.', 'http'),
    req('DREAM-RETRIEVE-ARCHIVED', S_STATES, 'An archived dream is still readable by id.', 'http'),
    req(
      'DREAM-LIST-DEFAULT-NON-ARCHIVED',
      S_ENDPOINTS,
      'The dream list returns the non-archived dreams of the workspace by default.',
      'http',
    ),
    req(
      'DREAM-LIST-INCLUDE-ARCHIVED',
      S_ENDPOINTS,
      'The dream list with `include_archived=true` also returns archived dreams.',
      'http',
    ),
    req(
      'DREAM-LIST-WORKSPACE',
      S_ENDPOINTS,
      "The dream list returns only dreams of the caller's workspace.",
      'fixture',
    ),
    req('DREAM-LIST-NEWEST-FIRST', S_ENDPOINTS, 'The dream list is ordered newest first.', 'http'),
    req(
      'DREAM-LIST-LIMIT-DEFAULT',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      'The `limit` of the dream list defaults to 20.',
      'http',
    ),
    req(
      'DREAM-LIST-LIMIT-MAX',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      'The `limit` of the dream list is at most 100; 101 is too large.',
      'http',
    ),
    req(
      'DREAM-LIST-PAGE-CURSOR',
      S_ENDPOINTS,
      'The `page` query parameter of the dream list is a cursor. Not checkable from outside: where a list answer carries the next cursor is not shown (UNSPEC-DREAM-LIST-ENVELOPE).',
      'untestable',
    ),
    req(
      'DREAM-POLL-UNTIL-SETTLED',
      S_ENDPOINTS,
      'Clients poll a dream by id until its status is neither `pending` nor `running`.',
      'client',
      'should',
    ),
    req(
      'DREAM-TYPICAL-DURATION',
      S_ENDPOINTS,
      'Dreams typically run minutes to tens of minutes.',
      'untestable',
      'informative',
    ),
    req(
      'DREAM-TERMINAL-STATUSES',
      `${S_STATES}; ${S_ENDPOINTS}`,
      'The statuses `completed`, `failed` and `canceled` are terminal: no event changes the status of a dream in one of them.',
      'fixture',
    ),

    // Transitions driven by the pipeline
    req(
      'DREAM-PIPELINE-START',
      S_STATES,
      'A `pending` dream moves to `running` when its pipeline starts: `session_id` is set, the output store id appears in `outputs`, and `usage` starts updating.',
      'fixture',
    ),
    req(
      'DREAM-PIPELINE-SUCCESS',
      S_STATES,
      'A `running` dream whose pipeline finishes successfully moves to `completed`; the output store is fully populated.',
      'fixture',
    ),
    req(
      'DREAM-PIPELINE-FAILURE',
      S_STATES,
      'A `running` dream whose pipeline errors or times out moves to `failed` with `error.type` set.',
      'fixture',
    ),
    req(
      'DREAM-INPUT-STORE-LOST-FAILS',
      `${S_STATES}; ${S_ERRORS}`,
      'A `running` dream whose input store is archived or deleted moves to `failed` with `error.type` `input_memory_store_unavailable`.',
      'fixture',
    ),
    req(
      'DREAM-INPUT-SESSION-LOST-FAILS',
      `${S_STATES}; ${S_ERRORS}`,
      'A `running` dream one of whose input sessions is archived or deleted moves to `failed` with `error.type` `input_session_unavailable`.',
      'fixture',
    ),
    req(
      'DREAM-FAILED-OUTPUT-KEPT',
      S_STATES,
      'The output store of a failed dream keeps whatever was written.',
      'fixture',
    ),
    req(
      'DREAM-PIPELINE-SESSION-ARCHIVED',
      S_STATES,
      'When a running dream completes, fails or is canceled, its pipeline session is archived.',
      'fixture',
    ),

    // Cancel
    req(
      'DREAM-CANCEL-ACTIVE',
      S_STATES,
      'Cancel of a `pending` or `running` dream moves it to `canceled` immediately.',
      'http',
    ),
    req('DREAM-CANCEL-LEAVES-OUTPUT', S_STATES, 'Cancel leaves the output store as it is.', 'fixture'),
    req(
      'DREAM-CANCEL-CANCELED-NOOP',
      S_STATES,
      'Cancel of a `canceled` dream is an idempotent no-op.',
      'http',
    ),
    req(
      'DREAM-CANCEL-COMPLETED-400',
      `${S_STATES}; ${S_400}`,
      'Cancel of a `completed` dream is rejected with HTTP 400 and leaves it unchanged.',
      'fixture',
    ),
    req(
      'DREAM-CANCEL-FAILED-400',
      `${S_STATES}; ${S_400}`,
      'Cancel of a `failed` dream is rejected with HTTP 400 and leaves it unchanged.',
      'fixture',
    ),

    // Archive
    req(
      'DREAM-ARCHIVE-TERMINAL',
      S_STATES,
      'Archive of a `completed`, `failed` or `canceled` dream sets `archived_at` and keeps its status.',
      'http',
    ),
    req(
      'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
      S_STATES,
      'An archived dream is excluded from the default dream list.',
      'http',
    ),
    req('DREAM-ARCHIVE-NO-UNARCHIVE', S_STATES, 'An archived dream cannot be unarchived.', 'http'),
    req(
      'DREAM-ARCHIVE-ARCHIVED-NOOP',
      S_STATES,
      'Archive of an archived dream is an idempotent no-op.',
      'http',
    ),
    req(
      'DREAM-ARCHIVE-PENDING-400',
      `${S_STATES}; ${S_400}`,
      'Archive of a `pending` dream is rejected with HTTP 400 (cancel first) and leaves it unchanged.',
      'http',
    ),
    req(
      'DREAM-ARCHIVE-RUNNING-400',
      `${S_STATES}; ${S_400}`,
      'Archive of a `running` dream is rejected with HTTP 400 (cancel first) and leaves it unchanged.',
      'fixture',
    ),
    req(
      'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
      S_STATES,
      'Archiving a dream does not touch its output store.',
      'fixture',
    ),

    // Events
    req(
      'DREAM-EVENTS-STREAMABLE',
      'Events',
      'Once a dream is running, the events of its pipeline session can be streamed (event kinds and the streaming endpoint: not shown).',
      'untestable',
      'informative',
    ),
    // The second half of the same sentence: observable through what the documents do show of a
    // session (its resource list) and through the session-state capability (archived, not deleted).
    req(
      'DREAM-PIPELINE-SESSION-READABLE',
      'Events',
      'The pipeline session of a dream stays readable after the dream ends (it is archived, not deleted: its resource list still answers).',
      'fixture',
    ),
  ];
}
