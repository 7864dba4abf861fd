/**
 * The catalog of variants: each one a legal alternative where the documents leave room, citing
 * the Unspecified ids it realises. A conformance suite must pass every one of them, alone and all
 * at once: its specificity. The reference server realises each one as a typed patch of its
 * table of choice points, keyed by `VariantName`.
 *
 * `UNREALISABLE` names the Unspecified items no server could realise differently on the wire
 * through the documented API, and why; every other item has at least one variant (a test holds
 * the two lists to the catalog of Unspecified items).
 */
import { SUCCESS_STATUS_UNSPECIFIED } from './success-statuses.js';

/**
 * A variant: one legal alternative behaviour where the documents leave room (a "not shown"
 * field, body, status or order; additional fields; lenient or strict input handling). The mirror
 * of a seeded fault: a fault breaks one documented requirement and a suite must fail it; a
 * variant breaks none and a suite must pass it.
 */
export interface VariantDefinition {
  /** kebab-case name, unique across the catalog (`--variants NAME,...`). */
  readonly name: string;
  /** The Unspecified ids (from the spec's catalog) whose other legal choice this variant realises. */
  readonly unspecified: readonly string[];
  /**
   * Requirement ids whose openness the variant exercises (a list the documents call
   * non-exhaustive, a value shown only as "a value"), when it realises one.
   */
  readonly requirements?: readonly string[];
  /** What a server does differently while the variant is on. */
  readonly description: string;
}

export const VARIANTS = [
  // ---------------------------------------------------------------------------------------------
  // Every endpoint

  {
    name: 'additional-fields',
    unspecified: [
      'UNSPEC-ERROR-BODY-FIELDS',
      'UNSPEC-DREAM-ERROR-FIELDS',
      'UNSPEC-BATCH-ERRORED-BODY',
      'UNSPEC-WS-RECORD-FIELDS',
      'UNSPEC-WS-COLOR',
      'UNSPEC-MEMBER-RECORD-FIELDS',
      'UNSPEC-SESS-RECORD-FIELDS',
      'UNSPEC-SRES-UPDATE-TOKEN-ECHO',
    ],
    description:
      'Every JSON object of every response (records, nested objects, list envelopes, error bodies, batch result lines) carries an additional field; workspace records carry their colour (`display_color`), and a repository resource whose token was rotated a masked hint of it (`authorization_token_hint`).',
  },
  {
    name: 'error-type-only',
    unspecified: ['UNSPEC-ERROR-BODY-FIELDS', 'UNSPEC-ERROR-OTHER-ENDPOINTS'],
    description:
      'Error bodies carry only the error type: `{"error": {"type": ...}}`, without `type: "error"` and without a message (a detail the documents give an error, `workspace_id_required`, travels as `error.detail`).',
  },
  {
    name: 'timestamps-with-offset',
    unspecified: ['UNSPEC-VERSION-TIMESTAMP-FORM'],
    description:
      'Timestamps are written with milliseconds and a `+00:00` offset (`2026-01-01T00:00:00.000+00:00`) instead of `Z`.',
  },
  {
    name: 'other-error-statuses',
    unspecified: [
      'UNSPEC-AUTH-MISSING-CREDENTIAL',
      'UNSPEC-AUTH-INVALID-CREDENTIAL',
      'UNSPEC-AUTH-WRONG-KIND',
      'UNSPEC-AUTH-HEADER-MISUSE',
      'UNSPEC-AUTH-BOTH-HEADERS',
      'UNSPEC-AUTH-CROSS-WORKSPACE',
      'UNSPEC-VERSION-HEADER-MISSING',
      'UNSPEC-VERSION-HEADER-OTHER-VALUE',
      'UNSPEC-VERSION-UNVERSIONED-PATH',
      'UNSPEC-BETA-MISSING',
      'UNSPEC-BETA-UNKNOWN',
      'UNSPEC-WS-ADMIN-ERRORS',
      'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-WS-CAP-EXCEEDED',
      'UNSPEC-WS-STORED-OBJECTS-CAP',
      'UNSPEC-WS-CREATE-NON-ADMIN',
      'UNSPEC-WS-REVOKED-KEY-ERROR',
      'UNSPEC-MEMBER-CHANGE-REJECTED',
      'UNSPEC-RL-ERRORS',
      'UNSPEC-RL-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-USAGE-ERRORS',
      'UNSPEC-USAGE-ADMIN-CREDENTIAL-REJECTED',
      'UNSPEC-MSG-CREATE-ERRORS',
      'UNSPEC-TOKENS-ERRORS',
      'UNSPEC-BATCH-CREATE-ERRORS',
      'UNSPEC-BATCH-RETRIEVE-ERRORS',
      'UNSPEC-BATCH-ENQUEUED-LIMIT-ERROR',
      'UNSPEC-BATCH-HTTP-RATE-COUNT',
      'UNSPEC-BATCH-RESULTS-BEFORE-END',
      'UNSPEC-BATCH-RESULTS-AFTER-RETENTION',
      'UNSPEC-SESS-CREATE-ERRORS',
      'UNSPEC-SRES-ERRORS',
      'UNSPEC-DREAM-VALIDATION-ERRORS',
      'UNSPEC-DREAM-NOT-FOUND',
      'UNSPEC-DREAM-PREVIEW-ACCESS',
      'UNSPEC-DREAM-INPUT-OWNERSHIP',
    ],
    description:
      'Wherever the documents give no status, errors answer another 4xx: 400 as 422, 401 as 403, 403 (other than a token outside its scope) as 401, 404 as 410, 409 as 422, 429 as 400.',
  },
  {
    name: 'other-error-types',
    unspecified: [
      'UNSPEC-AUTH-403-ERROR-TYPE',
      'UNSPEC-RL-404-BODY',
      'UNSPEC-DREAM-400-ERROR-TYPE',
      'UNSPEC-ERROR-OTHER-ENDPOINTS',
      'UNSPEC-BATCH-ERRORED-TYPES',
    ],
    description:
      'Wherever the documents name no error type, the error type is another one (`invalid_request_error` becomes `validation_failed`, any other `x` becomes `x_variant`), the internal errors of batch result lines included.',
  },
  {
    name: 'other-success-statuses',
    unspecified: SUCCESS_STATUS_UNSPECIFIED,
    description:
      'Every operation answers the other success status the spec lists for it (`success.others`): operations that create something answer 201 instead of 200; workspace archive and member removal answer 202.',
  },
  {
    name: 'strict-unknown-fields',
    unspecified: [
      'UNSPEC-REQUEST-UNKNOWN-FIELDS',
      'UNSPEC-MSG-CREATE-OTHER-PARAMS',
      'UNSPEC-SESS-CREATE-FIELDS',
      'UNSPEC-RL-WS-MODEL-PARAM',
    ],
    description:
      'Body fields (at any depth) and query parameters the documents do not show are refused (400) instead of ignored: `cache_control` on a block, `tool_choice` in token counting, `?beta=true` on a list, `model` on the workspace rate-limit list.',
  },
  {
    name: 'strict-kinds',
    unspecified: [
      'UNSPEC-MSG-CONTENT-BLOCK-KINDS',
      'UNSPEC-MSG-TOOL-KINDS',
      'UNSPEC-MSG-THINKING-CONFIG-KINDS',
      'UNSPEC-MSG-IMAGE-SOURCE-KINDS',
    ],
    description:
      'Request content blocks, tools, thinking configs and image sources of kinds the documents do not show (a `document` block, a server tool, an image `url` source) are refused (400) instead of accepted.',
  },
  {
    name: 'strict-required-fields',
    unspecified: [
      'UNSPEC-MSG-CREATE-REQUIRED',
      'UNSPEC-MSG-SYSTEM-FORMS',
      'UNSPEC-MSG-TOOL-FIELDS-OPTIONAL',
      'UNSPEC-BATCH-PARAMS-STREAMING',
      'UNSPEC-BATCH-REQUESTS-MIN',
      'UNSPEC-SESS-CREATE-REQUIRED',
    ],
    description:
      'Every field the documents list is required and only the shown forms are read: message creation without `max_tokens`, a `system` of text blocks, a tool without `description` or `input_schema.required`, a batch with no requests and session creation without `resources` are refused (400); a batch request asking for streaming ends `errored`.',
  },
  {
    name: 'malformed-ids-refused',
    unspecified: ['UNSPEC-REQUEST-PATH-ID-MALFORMED'],
    description:
      'A path id without the form its kind documents (`msgbatch_…`, `drm_…`, `wrkspc_…`) is refused as an invalid request (400) instead of answered like an unknown id (404).',
  },
  {
    name: 'credential-headers-exclusive',
    unspecified: ['UNSPEC-AUTH-BOTH-HEADERS', 'UNSPEC-AUTH-KEY-AS-BEARER'],
    description:
      'A request carrying both `x-api-key` and `Authorization` is refused (400) instead of read by its `x-api-key`, and an API key sent as `Authorization: Bearer` is an invalid access token (401) instead of read as that key.',
  },
  {
    name: 'version-header-optional',
    unspecified: ['UNSPEC-VERSION-HEADER-MISSING', 'UNSPEC-VERSION-HEADER-OTHER-VALUE'],
    description: 'A request without the version header, or with another value, is served.',
  },
  {
    name: 'version-header-strict',
    unspecified: ['UNSPEC-VERSION-HEADER-MISSING'],
    description:
      'The token exchange refuses a request without the version header too (400), as every other operation does.',
  },
  {
    name: 'betas-strict',
    unspecified: ['UNSPEC-BETA-UNKNOWN', 'UNSPEC-BETA-SYNTAX'],
    description:
      'Identifiers in the beta header that are not in the allowed list (letter case counts) are refused (400) instead of ignored.',
  },
  {
    name: 'credential-headers-other',
    unspecified: ['UNSPEC-AUTH-BEARER-SYNTAX', 'UNSPEC-AUTH-EXCHANGE-CREDENTIAL'],
    description:
      'The `Authorization` scheme must be exactly `Bearer` followed by one space (`bearer x` is an invalid credential); the token exchange does not look at credential headers at all (an unknown `x-api-key` sent with it no longer gets a 401).',
  },
  {
    name: 'other-id-forms',
    unspecified: ['UNSPEC-AUTH-WORKSPACE-KEY-FORMAT', 'UNSPEC-EXCH-TOKEN-FORMAT', 'UNSPEC-SESS-ID-SHAPES'],
    description:
      'Identifiers and secrets whose form is not shown take another one: workspace keys are 48 hexadecimal digits without a prefix, access tokens carry 43 base64url characters after their prefix, session ids start with `session_` and file ids with `file-`.',
  },
  {
    name: 'request-id-elsewhere',
    unspecified: ['UNSPEC-EXCH-REQUEST-ID-LOCATION', 'UNSPEC-ERROR-REQUEST-ID-SOURCE'],
    description:
      'The request id travels in an `x-request-id` header instead of `request-id`, and error bodies carry it as `request_id`.',
  },

  // ---------------------------------------------------------------------------------------------
  // Lists

  {
    name: 'reversed-orders',
    unspecified: [
      'UNSPEC-RL-ENTRY-ORDER',
      'UNSPEC-BATCH-RESULTS-ORDER',
      'UNSPEC-BATCH-LIST-ORDER',
      'UNSPEC-SRES-LIST-ORDER-DIRECTION',
      'UNSPEC-DREAM-LIST-ORDER-TIES',
    ],
    description:
      'Wherever the documents state no order, the other one: rate-limit entries and their limits, batch result lines, the batch list (oldest first), the session-resource list (newest first) and dreams created at the same instant (oldest first).',
  },
  {
    name: 'lenient-cursors',
    unspecified: ['UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN', 'UNSPEC-BATCH-LIST-LAST-ID', 'UNSPEC-RL-PAGE-CURSOR'],
    description:
      'Cursors are taken leniently: an `after_id` naming no batch of the workspace answers an empty page instead of a 400, an empty batch page repeats its `after_id` as `last_id` (the cursor stays put), and the rate-limit lists answer their single page whatever `page` says.',
  },
  {
    name: 'other-list-limits',
    unspecified: [
      'UNSPEC-BATCH-LIST-LIMIT',
      'UNSPEC-WS-LIST-LIMIT',
      'UNSPEC-WS-LIST-INCLUDE-ARCHIVED',
      'UNSPEC-SRES-LIMIT-MIN',
      'UNSPEC-DREAM-LIST-LIMIT-MIN',
    ],
    description:
      'Other defaults and bounds where the documents give none: the batch list pages 7 batches by default and refuses a `limit` above 50 (400); the workspace list answers 20 workspaces when `limit` is omitted, lists archived ones unless `include_archived=false`, and takes a `limit` below 1 as 1; the session-resource and dream lists take a `limit` below 1 as 1.',
  },
  {
    name: 'more-paging',
    unspecified: ['UNSPEC-BATCH-LIST-BACKWARD', 'UNSPEC-WS-LIST-PAGINATION', 'UNSPEC-USAGE-PAGINATION'],
    description:
      'Lists page in more ways than the documents show: the batch list also takes `before_id` and answers `first_id`; the workspace list takes `after_id` and answers `has_more` and `last_id`; the usage report takes `limit` (buckets per page) and `page`, and answers `has_more` and `next_page`.',
  },

  // ---------------------------------------------------------------------------------------------
  // Unshown bodies and envelopes

  {
    name: 'dream-list-envelope',
    unspecified: ['UNSPEC-DREAM-LIST-ENVELOPE'],
    description:
      'The dream list answers `{"dreams": [...], "next_cursor": ...}` instead of `{"data": [...], "next_page": ...}`.',
  },
  {
    name: 'other-unshown-bodies',
    unspecified: [
      'UNSPEC-WS-CREATE-RESPONSE',
      'UNSPEC-WS-LIST-RESPONSE',
      'UNSPEC-WS-ARCHIVE-RESPONSE',
      'UNSPEC-MEMBER-CREATE-RESPONSE',
      'UNSPEC-MEMBER-UPDATE-RESPONSE',
      'UNSPEC-MEMBER-DELETE-RESPONSE',
      'UNSPEC-USAGE-RESPONSE',
      'UNSPEC-SESS-CREATE-RESPONSE',
      'UNSPEC-DREAM-CANCEL-RESPONSE',
      'UNSPEC-DREAM-ARCHIVE-RESPONSE',
    ],
    description:
      'Responses whose bodies the documents do not show answer another body: the record wrapped in an envelope named after the operation (`{"result": ...}`), lists under `items`.',
  },

  // ---------------------------------------------------------------------------------------------
  // Token exchange

  {
    name: 'exchange-other-errors',
    unspecified: ['UNSPEC-EXCH-OTHER-VALIDATION', 'UNSPEC-EXCH-DETAIL-LOCATION'],
    description:
      'Exchange bodies that fail otherwise than by a missing field or a malformed `federation_rule_id` answer other errors: another `grant_type` is 400 `unsupported_grant_type` (RFC 6749), any other malformed body 400 `invalid_request_error`; the `workspace_id_required` detail travels as `error.detail` instead of in the message.',
  },
  {
    name: 'exchange-assertion-checked-first',
    unspecified: ['UNSPEC-EXCH-CHECK-ORDER', 'UNSPEC-EXCH-JWT-CHECK-ERRORS'],
    description:
      'The assertion is checked on its own before the rule is looked up: one that cannot be decoded, is too large, or fails a check the error table does not list and that needs no rule (algorithm, `kid` present, `sub`, `iat` and `exp` present, `iat` and `nbf` not in the future) answers 400 `invalid_request` naming the check, whatever the rule (so it tells nothing about the rule).',
  },
  {
    name: 'exchange-workspace-refused-explicitly',
    unspecified: ['UNSPEC-EXCH-NOT-AUTHORIZED-MEANING'],
    description:
      'A workspace the rule is not enabled for, or one the service account is not a member of, is not counted as "not authorized for the rule": once the JWT is verified and matches the rule, the exchange answers 400 `invalid_request` (detail `workspace_not_enabled`) instead of `invalid_grant`.',
  },
  {
    name: 'tokens-capped-by-assertion',
    unspecified: ['UNSPEC-EXCH-EXPIRES-IN-VALUE'],
    description:
      "An access token lives the rule's `token_lifetime_seconds` but never longer than the assertion it was exchanged for (though at least 60 s, the shortest lifetime a rule may have); `expires_in` says how long.",
  },
  {
    name: 'jwt-time-claims-other',
    unspecified: ['UNSPEC-FED-SKEW-BOUNDARY', 'UNSPEC-FED-CLAIM-TYPES'],
    description:
      'Time claims are read otherwise: each skew boundary is taken the other way (`iat` or `nbf` exactly 30 s ahead is refused, `exp` exactly 30 s past is accepted), and `iat`, `exp` and `nbf` given as decimal strings are read as numbers.',
  },
  {
    name: 'keysets-refreshed-sooner',
    unspecified: ['UNSPEC-FED-KEYSET-STALE'],
    description:
      'Fetched key sets are cached for 10 seconds instead of a minute, so a rotated key is picked up sooner.',
  },

  // ---------------------------------------------------------------------------------------------
  // Workspaces, members, rate limits, usage

  {
    name: 'archived-workspaces-other',
    unspecified: [
      'UNSPEC-WS-ARCHIVE-ARCHIVED',
      'UNSPEC-MEMBER-ARCHIVED-WORKSPACE',
      'UNSPEC-RL-WS-ARCHIVED',
      'UNSPEC-WS-ARCHIVED-ACCESS-TOKEN',
      'UNSPEC-BATCH-ENQUEUED-COUNT',
    ],
    description:
      "Archived workspaces are treated otherwise: archiving one again is 409; member operations on one are accepted; its rate-limit list is 404; access tokens scoped to it keep working until they expire; its batches no longer count toward the organization's enqueued batch requests.",
  },
  {
    name: 'default-workspace-counted-and-named',
    unspecified: [
      'UNSPEC-WS-ARCHIVE-DEFAULT',
      'UNSPEC-WS-CAP-DEFAULT-COUNTED',
      'UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER',
    ],
    description:
      'The Default Workspace counts toward the 100-workspace cap (99 others fit), and the literal `default` names it where the admin endpoints take a workspace id, as the token exchange does: archiving it is 400, its rate-limit list is empty, and `workspace_ids[]=default` selects its usage.',
  },
  {
    name: 'workspace-name-rules',
    unspecified: ['UNSPEC-WS-NAME-CONSTRAINTS'],
    description:
      'Workspace names must be 1 to 40 characters and unique among the active workspaces of the organization; others are refused with 400.',
  },
  {
    name: 'member-wire-forms',
    unspecified: [
      'UNSPEC-MEMBER-ROLE-WIRE-USER',
      'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER',
      'UNSPEC-MEMBER-ROLE-WIRE-BILLING',
      'UNSPEC-MEMBER-USER-ID',
    ],
    description:
      'Other wire forms of members: the Workspace User role is not assignable as `workspace_user` (400); the Limited Developer role is `workspace_limited_developer`; `workspace_billing` names the billing role and is refused with 403 (it cannot be assigned manually); a `user_id` that is not 1 to 64 characters of `[A-Za-z0-9_-]` is 400.',
  },
  {
    name: 'member-changes-idempotent',
    unspecified: ['UNSPEC-MEMBER-ADD-EXISTING', 'UNSPEC-MEMBER-ADD-INHERITED', 'UNSPEC-MEMBER-NOT-A-MEMBER'],
    description:
      'Member changes are idempotent: adding an existing member sets their role; adding an organization admin or billing member with the role they hold (or a billing member as an admin) is accepted; removing a user who is not a member is a no-op 200.',
  },
  {
    name: 'member-updates-strict',
    unspecified: ['UNSPEC-MEMBER-UPDATE-SAME-ROLE'],
    description:
      'The workspace role of an organization admin or billing member cannot be "updated" at all, even to the role they hold (only the billing-to-admin upgrade is accepted), and an update of any member to the role they already hold is refused with 400.',
  },
  {
    name: 'rate-limits-other',
    unspecified: [
      'UNSPEC-BATCH-RATE-LIMIT-DEFAULTS',
      'UNSPEC-RL-VALUE-TYPE',
      'UNSPEC-RL-MODEL-ALIASES',
      'UNSPEC-RL-MODEL-WITH-GROUP-TYPE',
    ],
    description:
      'Another rate-limit configuration: the `batch` group allows (and enforces) 1,000 requests per minute and 100,000 enqueued batch requests, `web_search` 0.5 requests per minute, model groups hold a dated identifier and one `-latest` alias; `model` with a `group_type` other than `model_group` is 400.',
  },
  {
    name: 'usage-report-other',
    unspecified: [
      'UNSPEC-USAGE-PARAMS-REQUIRED',
      'UNSPEC-USAGE-RANGE',
      'UNSPEC-USAGE-GROUP-BY-VALUES',
      'UNSPEC-USAGE-BUCKET-WIDTH-VALUES',
    ],
    description:
      'Another usage report: `starting_at` is required (400 without it); a range that ends before it starts answers no buckets instead of 400; `group_by[]` also takes `model`, and `bucket_width` also `1h`.',
  },

  {
    name: 'usage-zero-rows',
    unspecified: ['UNSPEC-USAGE-ZERO-ROWS'],
    description:
      'A usage report grouped by `workspace_id` holds a row in every bucket for every workspace it covers, those without usage included (zero counts): every workspace of the organization and the Default Workspace (null), or the workspaces `workspace_ids[]` asks for.',
  },

  // ---------------------------------------------------------------------------------------------
  // Messages and token counting

  {
    name: 'unknown-model-not-found',
    unspecified: ['UNSPEC-MSG-UNKNOWN-MODEL'],
    description:
      'A `model` that names no active model is 404 `not_found_error` in message creation and token counting (a batch request still ends `errored` with `invalid_request_error`); the dated identifiers and aliases of the rate-limit model groups are active models.',
  },
  {
    name: 'strict-message-params',
    unspecified: [
      'UNSPEC-MSG-CONVERSATION-RULES',
      'UNSPEC-MSG-MAX-TOKENS-RANGE',
      'UNSPEC-MSG-THINKING-BUDGET-RANGE',
      'UNSPEC-MSG-TOOL-NAME',
      'UNSPEC-MSG-TOOL-INPUT-SCHEMA-KEYWORDS',
      'UNSPEC-MSG-IMAGE-MEDIA-TYPES',
    ],
    description:
      'Message parameters are held to rules the documents do not state (400, `errored` in a batch): a conversation starts with a user turn, alternates roles and has no empty turn; `max_tokens` is at least 1; `budget_tokens` is at least 1024 and below `max_tokens`; tool names match `^[a-zA-Z0-9_-]{1,64}$` and are unique; each `input_schema` property is a schema object; an image is JPEG, PNG, GIF or WebP and its data starts with that format’s signature.',
  },
  {
    name: 'richer-replies',
    unspecified: ['UNSPEC-MSG-STOP-REASONS', 'UNSPEC-MSG-RESPONSE-BLOCK-KINDS'],
    description:
      'Replies use more of the message format: `stop_sequences` (a creation parameter the documents do not show) is honoured, with `stop_reason` `stop_sequence`; a request with thinking enabled gets a `thinking` block before its text.',
  },
  {
    name: 'unstreamed-replies',
    unspecified: ['UNSPEC-MSG-STREAMING'],
    description:
      'Message creation does not stream: a request with `stream: true` (a parameter the documents do not show) is answered the whole message as JSON, as without it.',
  },
  {
    name: 'other-token-counts',
    unspecified: ['UNSPEC-TOKENS-TOKENIZATION', 'UNSPEC-MSG-STRING-CONTENT', 'UNSPEC-TOKENS-CURRENT-TURN'],
    description:
      'Tokens are counted otherwise: token counting adds 7 tokens of system optimisation that creation does not report; each content block costs one token more than the same text given as a string; consecutive assistant turns at the end all belong to the current turn (their thinking counts).',
  },

  // ---------------------------------------------------------------------------------------------
  // Message batches

  {
    name: 'batch-results-other',
    unspecified: [
      'UNSPEC-BATCH-RESULTS-LOCATION',
      'UNSPEC-BATCH-RESULTS-AFTER-RETENTION',
      'UNSPEC-BATCH-VIEWABLE-PERIOD',
    ],
    description:
      'Results live elsewhere and for less: `results_url` points at `/v1/message_batch_results/{id}`, served as `application/octet-stream`; after the 29-day retention `results_url` is null again; a batch is no longer viewable (404, not listed) 60 days after creation.',
  },
  {
    name: 'batch-limits-read-otherwise',
    unspecified: ['UNSPEC-BATCH-SIZE-UNIT', 'UNSPEC-BATCH-DEADLINE-INSTANT'],
    description:
      'Batch limits are read the other way: 256 MB is 256,000,000 bytes; a batch expires only after the instant of `expires_at` (not at it), and its results are still available at the instant 29 days after creation.',
  },

  // ---------------------------------------------------------------------------------------------
  // Sessions and session resources

  {
    name: 'session-create-more',
    unspecified: ['UNSPEC-SESS-CREATE-BETA', 'UNSPEC-SESS-CREATE-RESOURCE-KINDS'],
    description:
      'Session creation asks for less and takes more: it needs no beta header, and `{type: file, file_id}` items attach file resources.',
  },
  {
    name: 'session-resources-other-kinds',
    unspecified: [
      'UNSPEC-SRES-CREATE-OTHER-KINDS',
      'UNSPEC-SRES-REPO-SHA-FORMAT',
      'UNSPEC-SRES-REPO-URL-FORMAT',
      'UNSPEC-SRES-MOUNT-PATH-RULES',
    ],
    description:
      'Adding a resource takes all three kinds: `{type: memory_store, memory_store_id}` and `{type: git_host_repository, url, checkout?, mount_path?, authorization_token?}` too, where `url` must be an https URL and a commit `sha` 40 lowercase hexadecimal digits; a caller-chosen `mount_path` must be absolute, under `/mnt/` and unused in the session (400 otherwise).',
  },
  {
    name: 'session-resource-delete-repeated',
    unspecified: ['UNSPEC-SRES-DELETE-REPEATED'],
    description:
      'Deleting a session resource that was already deleted answers 200 with the same deletion confirmation (`{id, type: session_resource_deleted}`) instead of 404.',
  },
  {
    name: 'memory-store-attachments-other',
    unspecified: [
      'UNSPEC-SRES-MEMSTORE-ACCESS-DEFAULT',
      'UNSPEC-SRES-MEMSTORE-TIMESTAMPS',
      'UNSPEC-SRES-MEMSTORE-MOUNT-PATH-DERIVATION',
    ],
    description:
      'Memory-store attachments differ: `read_only` when no `access` is given, no `created_at` or `updated_at`, and a `mount_path` of `/mnt/memory_stores/<slug of the name>`.',
  },

  // ---------------------------------------------------------------------------------------------
  // Dreams

  {
    name: 'dream-inputs-checked-at-start',
    unspecified: ['UNSPEC-DREAM-INPUT-OWNERSHIP', 'UNSPEC-DREAM-INPUT-LOSS-PENDING'],
    description:
      "A dream looks at its inputs when its pipeline starts instead of at creation: inputs that do not exist or are outside the caller's workspace are accepted at creation, and the dream fails at start, before it reads anything (`input_memory_store_unavailable` or `input_session_unavailable`), as it does when an input is archived or deleted while it is still pending.",
  },
  {
    name: 'dream-records-other',
    unspecified: ['UNSPEC-DREAM-MODEL-ID-ECHO', 'UNSPEC-DREAM-OUTPUT-STORE-CREATION'],
    description:
      'Dream records differ: `model.id` names the dated model the one sent stands for; the output store is named after the input store (`<input store name> (dreamed)`).',
  },
  {
    name: 'dream-instructions-omitted',
    unspecified: ['UNSPEC-DREAM-INSTRUCTIONS-OMITTED'],
    description:
      'A dream created without `instructions` has no `instructions` field at all (as a Go server with `omitempty` writes it), instead of the empty string.',
  },
  {
    name: 'dream-session-ids-unique',
    unspecified: ['UNSPEC-DREAM-SESSION-IDS-SHAPE'],
    description: 'A `sessions` input naming the same session twice is refused with 400.',
  },
  {
    name: 'dream-creation-rate-limit',
    unspecified: ['UNSPEC-DREAM-RATE-LIMITS'],
    description:
      'A workspace may create at most 1,000 dreams per minute; the next one is 429 `rate_limit_error`.',
  },
] as const satisfies readonly VariantDefinition[];

/** A variant's name (`--variants NAME,...`). */
export type VariantName = (typeof VARIANTS)[number]['name'];

const CLIENT = 'A rule of the client libraries and profile files, not on the wire.';
const EVENTS = 'Events the documents do not show and the reference server does not serve.';
const UNSHOWN_ENDPOINT = 'An endpoint the documents do not show and the reference server does not serve.';
const REGISTRATION =
  'Decided when issuers, rules or service accounts are registered, which the documents give no endpoint for (fixtures register them).';
const CONSOLE =
  'Set in the management console (fixtures here), which the documents give no endpoint for; the rate-limit endpoints are read-only.';
const BOUND =
  'A bound the server sets on what it reads, to protect itself: any bound is as legal, and a conformance suite sends nothing near it (a documented limit aside), so no variant could change an answer it judges.';

/**
 * Unspecified items that no variant realises, and why: they are not on the wire of the documented
 * API (client libraries, files, events, fixtures), or their only alternative would break a
 * documented requirement (named).
 */
export const UNREALISABLE: Readonly<Record<string, string>> = {
  // Client libraries and profile files
  'UNSPEC-PROFILE-FIELD-OPTIONALITY': CLIENT,
  'UNSPEC-PROFILE-AUTH-OTHER-TYPES': CLIENT,
  'UNSPEC-PROFILE-IDENTITY-TOKEN-OTHER-SOURCES': CLIENT,
  'UNSPEC-PROFILE-CREDENTIALS-FIELD-TYPES': CLIENT,
  'UNSPEC-PROFILE-VERSION-NEWER': CLIENT,
  'UNSPEC-PROFILE-NAME-RULES': CLIENT,
  'UNSPEC-PROFILE-CONFIG-MODE': CLIENT,
  'UNSPEC-PROFILE-MODE-WINDOWS': CLIENT,
  'UNSPEC-FED-IDENTITY-TOKEN-SOURCES': CLIENT,
  'UNSPEC-CRED-ARGS-PRECEDENCE': CLIENT,
  'UNSPEC-CRED-ARGS-EMPTY': CLIENT,
  'UNSPEC-CRED-ARGS-CREDENTIALS-SHAPE': CLIENT,
  'UNSPEC-CRED-ENV-KEY-AND-TOKEN': CLIENT,
  'UNSPEC-CRED-AUTH-TOKEN-HEADER': CLIENT,
  'UNSPEC-CRED-IDENTITY-TOKEN-BOTH': CLIENT,
  'UNSPEC-CRED-ENV-FILL-MAPPING': CLIENT,
  'UNSPEC-CRED-BASE-URL': CLIENT,
  'UNSPEC-CRED-INCOMPLETE-PROFILE': CLIENT,
  'UNSPEC-CRED-MALFORMED-PROFILE': CLIENT,
  'UNSPEC-CRED-ACTIVE-PROFILE-MISSING': CLIENT,
  'UNSPEC-CRED-NONE': CLIENT,
  'UNSPEC-CRED-IDENTITY-TOKEN-CONTENT': CLIENT,
  'UNSPEC-CRED-CONFIG-DIR-EMPTY': CLIENT,
  'UNSPEC-CRED-CONFIG-DIR-UNAVAILABLE': CLIENT,
  'UNSPEC-CRED-CONFIG-DIR-OTHER-PLATFORM': CLIENT,
  'UNSPEC-CRED-ACTIVE-CONFIG-FORMAT': CLIENT,
  'UNSPEC-ERROR-EXCHANGE-ERROR-SHAPE': CLIENT,

  // Events
  'UNSPEC-FED-EVENTS': EVENTS,
  'UNSPEC-WS-EVENTS': EVENTS,
  'UNSPEC-RL-EVENTS': EVENTS,
  'UNSPEC-DREAM-EVENTS': EVENTS,

  // Endpoints not shown
  'UNSPEC-FED-ISSUER-ENDPOINTS': UNSHOWN_ENDPOINT,
  'UNSPEC-RULE-ENDPOINTS': UNSHOWN_ENDPOINT,
  'UNSPEC-SVAC-ENDPOINTS': UNSHOWN_ENDPOINT,
  'UNSPEC-ISSUER-URL-VALIDATION-ENDPOINT': UNSHOWN_ENDPOINT,
  'UNSPEC-WS-RETRIEVE-UPDATE': UNSHOWN_ENDPOINT,
  'UNSPEC-MEMBER-LIST': UNSHOWN_ENDPOINT,
  'UNSPEC-BATCH-CANCEL': UNSHOWN_ENDPOINT,
  'UNSPEC-BATCH-DELETE': UNSHOWN_ENDPOINT,
  'UNSPEC-AUTH-TUNNELS-API': UNSHOWN_ENDPOINT,
  'UNSPEC-DREAM-OUTPUT-STORE-ENDPOINTS': UNSHOWN_ENDPOINT,

  // Registration of issuers, rules and service accounts
  'UNSPEC-ISSUER-MAX-LIFETIME-FIELD': REGISTRATION,
  'UNSPEC-ISSUER-RECORD-FIELDS': REGISTRATION,
  'UNSPEC-ISSUER-JWKS-OMITTED': REGISTRATION,
  'UNSPEC-ISSUER-JWK-MEMBERS': REGISTRATION,
  'UNSPEC-FED-KEY-STRENGTH':
    'Decided when an issuer is registered (fixtures register them) or its key set published; at the exchange a weak key is one not in the set, whose answer is the documented invalid_grant.',
  'UNSPEC-ISSUER-MAX-LIFETIME-RANGE': REGISTRATION,
  'UNSPEC-RULE-FIELDS': REGISTRATION,
  'UNSPEC-RULE-MULTI-WORKSPACE-FIELD': REGISTRATION,
  'UNSPEC-RULE-VALIDATION-ERROR': REGISTRATION,
  'UNSPEC-RULE-TRANSITIONS': REGISTRATION,
  'UNSPEC-RULE-EMPTY-MATCHER': REGISTRATION,
  'UNSPEC-SVAC-FIELDS': REGISTRATION,
  'UNSPEC-FED-URL-PUBLIC-DEFINITION': REGISTRATION,
  'UNSPEC-FED-URL-RESOLUTION-FAILURE': REGISTRATION,
  'UNSPEC-FED-URL-OTHER-PARTS': REGISTRATION,
  'UNSPEC-FED-URL-USERINFO':
    'Decided when an issuer is registered (fixtures register them); at the exchange only a discovery document could carry it, in `jwks_uri`, and no case publishes one that does.',
  'UNSPEC-RULE-CONDITION-VALIDITY':
    'Validity is decided when a rule is registered (fixtures); at exchange a condition that errors or is not true cannot satisfy MATCH-CONDITION-TRUE, so every server answers invalid_grant.',

  // The management console
  'UNSPEC-WS-LIMIT-NO-ORG-LIMIT': CONSOLE,
  'UNSPEC-WS-SPEND-LIMIT-FIELDS': CONSOLE,
  'UNSPEC-RL-WS-UNKNOWN-GROUP': CONSOLE,
  'UNSPEC-MEMBER-ORG-ROLE-WIRE': CONSOLE,
  'UNSPEC-MEMBER-ORG-ROLE-LATERAL': CONSOLE,

  // Resource bounds of the server
  'UNSPEC-REQUEST-JSON-DEPTH': BOUND,
  'UNSPEC-REQUEST-BODY-SIZE': BOUND,
  'UNSPEC-REQUEST-TIME-LIMITS': BOUND,

  // Not on the wire at all
  'UNSPEC-BATCH-ID-PARAM-NAME':
    'A name inside the spec: the wire path is the same whatever the parameter is called.',
  'UNSPEC-EXCH-ASSERTION-SIZE-UNIT':
    'A JWT in compact form is ASCII, where bytes and characters agree; a non-ASCII assertion fails decoding whichever way it is measured.',
  'UNSPEC-BATCH-EXPIRY-IN-FLIGHT':
    'No documented request can put a request in flight at the deadline; which requests a server has sent is its internal progress.',
  'UNSPEC-DREAM-FAILURE-BEFORE-START':
    'No documented request makes a pipeline fail (test control does here), so whether one can fail before it starts is not observable through the documented API.',

  // Every alternative breaks a documented requirement
  'UNSPEC-FED-UNLISTED-ALGORITHMS':
    'Accepting an algorithm outside the nine listed would break JWT-ALG-ACCEPTED ("only" those nine are accepted).',
  'UNSPEC-FED-NBF':
    'Not checking `nbf` would break JWT-NBF-SKEW; requiring it would refuse JWTs that pass every check of the verification table, which is what the exchange verifies (FED-EXCHANGE-VERIFIES).',
  'UNSPEC-RULE-AUDIENCE-ABSENT':
    'Checking `aud` against a value of the server’s own would refuse JWTs that pass every check of the verification table and every populated matcher, which is what the exchange verifies (FED-EXCHANGE-VERIFIES, MATCH-AND).',
  'UNSPEC-FED-JWKS-URI-VALIDATION':
    'Fetching `jwks_uri` without the URL rules would break URL-HTTPS and URL-PUBLIC-ADDRESSES (they hold for every URL the service fetches); refusing it is a failed key-set fetch, invalid_grant, either way.',
  'UNSPEC-BETA-UNNEEDED':
    'Refusing an allowed identifier an endpoint does not need would break BETA-IDENTIFIERS-ALLOWED.',
  'UNSPEC-BATCH-BETA':
    'Requiring the identifier would make the beta header required where the Versioning section names no required beta (BETA-HEADER-OPTIONAL); left out as not clearly legal.',
  'UNSPEC-TOKENS-BETA':
    'Requiring the identifier would make the beta header required where the Versioning section names no required beta (BETA-HEADER-OPTIONAL); left out as not clearly legal.',
  'UNSPEC-SRES-MEMSTORE-ADDRESSING':
    'The documents address the resource by its `memory_store_id` (SRES-MEMSTORE-NO-ID) and retrieve and delete take a resource of any kind (SRES-RETRIEVE-ANY-KIND); the confirmation names what was deleted, which leaves no other answer.',
  'UNSPEC-RL-DUPLICATE-LIMITERS':
    'A limiter twice in one entry would have two values with nothing to tell them apart, and a model group twice would break RL-MODEL-IN-EXACTLY-ONE-GROUP.',
};

const VARIANT_NAMES: ReadonlySet<string> = new Set(VARIANTS.map((v) => v.name));

/** Whether a string (from a command line, a request) names a variant of the catalog. */
export function isVariantName(name: string): name is VariantName {
  return VARIANT_NAMES.has(name);
}
