/**
 * The catalog of seeded faults: each one named deviation that breaks exactly one documented
 * requirement. A conformance suite's strength is how many of them it catches; the reference
 * server implements each one as a typed patch of its table of choice points, keyed by
 * `FaultName`, so a fault named here without an implementation there, or the other way round,
 * does not compile.
 */

/** Where the behaviour a fault breaks lives (the server's area, the suite's family). */
export type FaultArea =
  | 'pipeline'
  | 'federation'
  | 'admin'
  | 'messages'
  | 'message-batches'
  | 'dreams'
  | 'sessions';

/** A seeded fault: one named deviation that breaks exactly one documented requirement. */
export interface FaultDefinition {
  /** Where the behaviour it breaks lives. */
  readonly area: FaultArea;
  /** `UPPER_SNAKE` name, unique across the catalog (`--faults NAME,...`). */
  readonly name: string;
  /** The requirement id (from the spec's catalog) the fault breaks. */
  readonly requirement: string;
  /** What a server does wrong while the fault is on. */
  readonly description: string;
}

export const FAULTS = [
  // ---------------------------------------------------------------------------------------------
  // The request pipeline: credentials, scopes, the version and beta headers, the token exchange's error answers.

  {
    area: 'pipeline',
    name: 'DEFAULT_WORKSPACES_SHARED',
    requirement: 'AUTH-KEY-ONE-WORKSPACE',
    description:
      'Resources are matched to keys by workspace id only: a Default Workspace key reaches the Default Workspace resources of every organization.',
  },
  {
    area: 'pipeline',
    name: 'SCOPE_NOT_ENFORCED',
    requirement: 'SCOPE-OUTSIDE-403',
    description:
      'An access token is admitted on every standard endpoint whatever its scope (an org:manage_tunnels token is not refused with 403).',
  },
  {
    area: 'pipeline',
    name: 'ACCESS_TOKEN_NEVER_EXPIRES',
    requirement: 'FED-TOKEN-SHORT-LIVED-ONE-WORKSPACE',
    description: 'An access token keeps working after its expires_in has passed.',
  },
  {
    area: 'pipeline',
    name: 'ARCHIVED_WORKSPACE_KEY_ACCEPTED',
    requirement: 'WSARCH-KEYS-REVOKED',
    description:
      'The credential lookup ignores revocation: a key revoked by archiving its workspace still authenticates.',
  },
  {
    area: 'pipeline',
    name: 'BETA_UNNEEDED_REFUSED',
    requirement: 'BETA-IDENTIFIERS-ALLOWED',
    description:
      'A request carrying an allowed beta identifier the endpoint does not require is refused (400) instead of served.',
  },
  {
    area: 'pipeline',
    name: 'BETA_DREAMS_ONE_ENOUGH',
    requirement: 'BETA-DREAMS-BOTH',
    description:
      'An endpoint that requires several betas is served when only the last one is sent (dreams without managed-agents).',
  },
  {
    area: 'pipeline',
    name: 'EXCH_REQUEST_ID_MISSING',
    requirement: 'ERROR-EXCHANGE-TYPED-REQUEST-ID',
    description: 'Token-exchange error responses carry no request-id header.',
  },

  // ---------------------------------------------------------------------------------------------
  // The token exchange: JWT checks, matchers, the exchange's answers, the key-set cache and the issuer URL rules.

  {
    area: 'federation',
    name: 'JWT_EXP_SKEW_IGNORED',
    requirement: 'JWT-SKEW-30S',
    description: 'No leeway on exp: a JWT is refused as soon as exp <= now.',
  },
  {
    area: 'federation',
    name: 'JWT_EXP_SKEW_DOUBLED',
    requirement: 'JWT-EXP-FUTURE',
    description: 'The 30 s leeway is applied twice to exp: a JWT expired 30 to 60 s ago is accepted.',
  },
  {
    area: 'federation',
    name: 'JWT_IAT_FUTURE_ACCEPTED',
    requirement: 'JWT-IAT-NOT-FUTURE',
    description: 'An iat more than 30 s in the future is accepted.',
  },
  {
    area: 'federation',
    name: 'JWT_NBF_IGNORED',
    requirement: 'JWT-NBF-SKEW',
    description: 'nbf is not checked: a JWT not valid before a later instant is accepted.',
  },
  {
    area: 'federation',
    name: 'JWT_LIFETIME_MAX_IGNORED',
    requirement: 'JWT-LIFETIME-MAX',
    description: "exp - iat above the issuer's maximum lifetime is accepted.",
  },
  {
    area: 'federation',
    name: 'JWT_ISS_TRAILING_SLASH_LOOSE',
    requirement: 'JWT-ISS-EXACT',
    description: 'iss is compared with issuer_url ignoring trailing slashes, not byte for byte.',
  },
  {
    area: 'federation',
    name: 'JWT_HS256_ACCEPTED',
    requirement: 'JWT-ALG-HMAC-REJECTED',
    description: 'A JWT signed with HS256 (by an oct key of the key set) is accepted.',
  },
  {
    area: 'federation',
    name: 'JWT_KID_MISSING_ACCEPTED',
    requirement: 'JWT-KID-REQUIRED',
    description: 'A JWT whose header has no kid is accepted when some key of the set verifies it.',
  },
  {
    area: 'federation',
    name: 'MATCH_SUBJECT_STAR_ANYWHERE',
    requirement: 'MATCH-SUBJECT-PREFIX',
    description: 'A * anywhere in subject_prefix ends the prefix (only a trailing * should).',
  },
  {
    area: 'federation',
    name: 'MATCH_AUDIENCE_ARRAY_IGNORED',
    requirement: 'MATCH-AUDIENCE-ARRAY',
    description: 'An array aud never satisfies audience, even when one element equals it.',
  },
  {
    area: 'federation',
    name: 'MATCH_CLAIMS_NON_STRING',
    requirement: 'MATCH-CLAIMS-STRING-ONLY',
    description: 'claims compares numeric and boolean claims by their string form (123 equals "123").',
  },
  {
    area: 'federation',
    name: 'MATCH_CEL_ERROR_IS_MATCH',
    requirement: 'MATCH-CONDITION-TRUE',
    description: 'A condition whose evaluation errors or is not boolean counts as satisfied.',
  },
  {
    area: 'federation',
    name: 'EXCH_MISSING_FIELD_INVALID_GRANT',
    requirement: 'EXCH-ERR-FIELD-MISSING',
    description:
      'An exchange body without a required field is answered 400 invalid_grant instead of invalid_request.',
  },
  {
    area: 'federation',
    name: 'EXCH_INVALID_GRANT_REVEALS_CAUSE',
    requirement: 'EXCH-ERR-GRANT-CAUSE-HIDDEN',
    description: 'The invalid_grant message names the specific cause, so bodies differ by cause.',
  },
  {
    area: 'federation',
    name: 'EXCH_EXPIRES_IN_NOT_FROM_RULE',
    requirement: 'EXCH-RESPONSE-EXPIRES-IN',
    description: "expires_in is always 3600 while the token expires after the rule's token_lifetime_seconds.",
  },
  {
    area: 'federation',
    name: 'EXCH_TOKEN_PREFIX_WRONG',
    requirement: 'ID-ACCESS-TOKEN-PREFIX',
    description: 'Access tokens are minted with the prefix sk-<vendor>-oat02- (they still work).',
  },
  {
    area: 'federation',
    name: 'EXCH_WORKSPACE_ID_NOT_REQUIRED',
    requirement: 'EXCH-WORKSPACE-ID-REQUIRED-MULTI',
    description:
      'A rule enabled for several workspaces exchanges without workspace_id (the first one is chosen).',
  },
  {
    area: 'federation',
    name: 'EXCH_ARCHIVED_RULE_ACCEPTED',
    requirement: 'RULE-ARCHIVED-NONEXISTENT',
    description: 'An archived rule still exchanges tokens as if it were active.',
  },
  {
    area: 'federation',
    name: 'KEYSET_NEVER_REFRESHED',
    requirement: 'KEYCACHE-ROTATION-DELAY',
    description: 'A fetched key set is cached forever: a rotated key is never picked up.',
  },
  {
    area: 'federation',
    name: 'URL_PORT_NOT_CHECKED',
    requirement: 'URL-PORT-443',
    description: 'Issuer registration accepts a fetched URL on a port other than 443.',
  },
  {
    area: 'federation',
    name: 'URL_PRIVATE_ADDRESS_ACCEPTED',
    requirement: 'URL-PUBLIC-ADDRESSES',
    description: 'Issuer registration accepts a fetched host that resolves to a non-public address.',
  },
  {
    area: 'federation',
    name: 'URL_UNFETCHED_ISSUER_URL_CHECKED',
    requirement: 'URL-ISSUER-UNFETCHED-FREE',
    description:
      'issuer_url is held to the URL rules even when it is never fetched (inline, explicit_url, discovery_base).',
  },

  // ---------------------------------------------------------------------------------------------
  // The admin endpoints: workspaces, members, rate limits, usage report.

  {
    area: 'admin',
    name: 'WS_LIST_INCLUDES_DEFAULT',
    requirement: 'WS-DEFAULT-NOT-LISTED',
    description: 'The workspace list includes the Default Workspace.',
  },
  {
    area: 'admin',
    name: 'WS_LIST_LIMIT_REJECTED',
    requirement: 'WS-LIST-LIMIT-INTEGER',
    description: 'The workspace list answers 400 to any `limit` query parameter.',
  },
  {
    area: 'admin',
    name: 'WS_CAP_COUNTS_ARCHIVED',
    requirement: 'WSARCH-CAP-EXCLUDED',
    description: 'Archived workspaces count toward the 100-workspace cap.',
  },
  {
    area: 'admin',
    name: 'WS_CAP_ALLOWS_101',
    requirement: 'WS-CAP-100',
    description: 'A 101st non-archived workspace can be created.',
  },
  {
    area: 'admin',
    name: 'WS_CREATE_ANY_ADMIN_KEY',
    requirement: 'WS-CREATE-ORG-ADMIN-ONLY',
    description:
      'A workspace is created through an admin key whose owner is no longer an organization admin.',
  },
  {
    area: 'admin',
    name: 'MEMBER_ORG_ADMIN_REMOVABLE',
    requirement: 'MEMBER-NO-REMOVE-ORG-ADMIN',
    description: 'An organization admin can be removed from a workspace.',
  },
  {
    area: 'admin',
    name: 'MEMBER_ORG_BILLING_REMOVABLE',
    requirement: 'MEMBER-NO-REMOVE-ORG-BILLING',
    description: 'An organization billing member can be removed from a workspace.',
  },
  {
    area: 'admin',
    name: 'MEMBER_ORG_ADMIN_ROLE_CHANGEABLE',
    requirement: 'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
    description: "An organization admin's workspace role can be changed to a lower role.",
  },
  {
    area: 'admin',
    name: 'MEMBER_BILLING_ROLE_CHANGEABLE',
    requirement: 'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
    description: "An organization billing member's workspace role can be changed to a role other than admin.",
  },
  {
    area: 'admin',
    name: 'MEMBER_BILLING_UPGRADE_REFUSED',
    requirement: 'MEMBER-BILLING-UPGRADE-ADMIN',
    description: "Upgrading an organization billing member's workspace role to `workspace_admin` is refused.",
  },
  {
    area: 'admin',
    name: 'RL_MODEL_IN_TWO_GROUPS',
    requirement: 'RL-MODEL-IN-EXACTLY-ONE-GROUP',
    description: 'A dated model identifier appears in two model groups.',
  },
  {
    area: 'admin',
    name: 'RL_UNMATCHED_MODEL_200',
    requirement: 'RL-ORG-MODEL-404',
    description: 'A `model` matching no group answers 200 with empty `data` instead of 404.',
  },
  {
    area: 'admin',
    name: 'RL_GROUP_TYPE_IGNORED',
    requirement: 'RL-GROUP-TYPE-FILTER',
    description: 'The organization list ignores `group_type` and returns every entry.',
  },
  {
    area: 'admin',
    name: 'RL_NEXT_PAGE_MISSING',
    requirement: 'RL-LIST-ENVELOPE',
    description: 'The organization rate-limit list omits `next_page`.',
  },
  {
    area: 'admin',
    name: 'RL_WS_INHERITED_LISTED',
    requirement: 'RL-WS-ONLY-OVERRIDES',
    description: 'The workspace rate-limit list also lists the groups it inherits without override.',
  },
  {
    area: 'admin',
    name: 'RL_ORG_LIMIT_WRONG',
    requirement: 'RL-WS-ORG-LIMIT',
    description: "A workspace limit's `org_limit` repeats the override value instead of the organization's.",
  },
  {
    area: 'admin',
    name: 'RL_ORG_LIMIT_ZERO_NOT_NULL',
    requirement: 'RL-WS-ORG-LIMIT-NULL',
    description: '`org_limit` is 0 instead of null when the organization has no limit for the limiter.',
  },
  {
    area: 'admin',
    name: 'USAGE_DEFAULT_WORKSPACE_NAMED',
    requirement: 'USAGE-DEFAULT-WORKSPACE-NULL',
    description: 'Usage of the Default Workspace reports `workspace_id` "default" instead of null.',
  },
  {
    area: 'admin',
    name: 'USAGE_ARCHIVED_DROPPED',
    requirement: 'WSARCH-HISTORY-PRESERVED',
    description: 'The usage report leaves out usage of archived workspaces.',
  },
  {
    area: 'admin',
    name: 'USAGE_GROUP_BY_IGNORED',
    requirement: 'USAGE-GROUP-BY',
    description: '`group_by[]=workspace_id` is ignored: each bucket holds one total.',
  },

  // ---------------------------------------------------------------------------------------------
  // Message creation and token counting (document 001, "POST /v1/messages/count_tokens").

  {
    area: 'messages',
    name: 'TOKENS_EARLIER_THINKING_COUNTED',
    requirement: 'TOKENS-THINKING-EARLIER-IGNORED',
    description: 'Token counting counts the thinking blocks of earlier assistant turns.',
  },
  {
    area: 'messages',
    name: 'TOKENS_CURRENT_THINKING_IGNORED',
    requirement: 'TOKENS-THINKING-CURRENT-COUNTS',
    description: 'Token counting leaves out the thinking blocks of the current assistant turn.',
  },

  // ---------------------------------------------------------------------------------------------
  // Message batches: the batch object, its lifecycle, its results, its list and its rate limit (document 001, "Message batch", "Endpoints > Message batches", "Limits").
  // No fault serves results before the end (BATCH-RESULTS-AFTER-END): `results_url` is null until
  // the batch ends, so no client, and no black-box suite, can ask for them earlier. Such a fault
  // could never be killed; BATCH_RESULTS_URL_EARLY covers the observable side.

  {
    area: 'message-batches',
    name: 'BATCH_INTERNAL_ERROR_AS_INVALID_REQUEST',
    requirement: 'BATCH-RESULT-ERRORED-CAUSES',
    description:
      'A request that met an internal error ends errored with invalid_request_error, the type of an invalid request.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_COUNTS_DO_NOT_ADD_UP',
    requirement: 'BATCH-COUNTS-SUM',
    description:
      'Once a batch ends, request_counts.succeeded is one too many, so the counts exceed the requests.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_EXPIRED_RESULTS_MISSING',
    requirement: 'BATCH-EXPIRY-UNSENT-EXPIRED',
    description:
      'At the 24-hour expiry, the unsent requests get no result line (the counts still say expired).',
  },
  {
    area: 'message-batches',
    name: 'BATCH_STREAMING_ITEM_STREAMED',
    requirement: 'BATCH-ITEM-NON-STREAMING',
    description:
      'A batch request asking for streaming (`stream: true`) is served as a stream: its result line carries the message as server-sent events in place of the message.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_STREAMING_ITEM_REFUSED_AT_CREATION',
    requirement: 'BATCH-PARAMS-ASYNC-VALIDATION',
    description:
      'A batch with a request asking for streaming (`stream: true`) is refused at creation (400) instead of the request ending errored when the batch ends.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_EXPIRY_PROCESSES_UNSENT',
    requirement: 'BATCH-EXPIRY-UNSENT-EXPIRED',
    description:
      'At the 24-hour expiry, the requests not yet sent are processed (succeeded or errored) instead of getting expired results.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_EXPIRY_COUNTS_ALL_EXPIRED',
    requirement: 'BATCH-COUNTS-SUM',
    description:
      'A batch ended by the 24-hour expiry counts every request as expired, those processed before the deadline too (their result lines keep their results).',
  },
  {
    area: 'message-batches',
    name: 'BATCH_RESULTS_AFTER_RETENTION',
    requirement: 'BATCH-RESULTS-RETENTION',
    description: 'The results of a batch can still be downloaded 29 days after its creation.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_RESULTS_URL_EARLY',
    requirement: 'BATCH-OBJECT-RESULTS-URL-NULL',
    description: 'results_url is set while the batch is still in progress.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_LIST_HAS_MORE_ON_LAST_PAGE',
    requirement: 'BATCH-LIST-ENVELOPE',
    description: 'The batch list answers has_more=true on a non-empty last page.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_LIST_LAST_ID_WRONG',
    requirement: 'BATCH-LIST-QUERY',
    description:
      'last_id is the first id of the page instead of the last, so paging with after_id=last_id repeats batches.',
  },
  {
    area: 'message-batches',
    name: 'BATCH_ENQUEUED_LIMIT_IGNORES_OVERRIDE',
    requirement: 'BATCH-RATE-LIMIT-ENQUEUED',
    description:
      "Batch creation ignores a workspace's enqueued_batch_requests override: only the organization's limit applies.",
  },
  {
    area: 'message-batches',
    name: 'BATCH_HTTP_REQUESTS_NOT_LIMITED',
    requirement: 'BATCH-RATE-LIMIT-HTTP',
    description:
      "The batch endpoints' HTTP requests are never limited: the `batch` group's requests_per_minute (a workspace's override or the organization's value) is listed, not applied.",
  },
  {
    area: 'message-batches',
    name: 'BATCH_DUPLICATE_CUSTOM_ID_ACCEPTED',
    requirement: 'BATCH-ITEM-CUSTOM-ID-UNIQUE',
    description: 'Batch creation accepts two requests with the same `custom_id`.',
  },

  // ---------------------------------------------------------------------------------------------
  // Dreams: the dream state machine, list and pipeline (document 001, "States and transitions > Dream", "Endpoints > Dreams").

  {
    area: 'dreams',
    name: 'DREAM_INPUTS_OF_OTHER_WORKSPACES_ACCEPTED',
    requirement: 'AUTH-KEY-ONE-WORKSPACE',
    description:
      'Dream creation accepts a memory store or session of another workspace or organization (or an unknown id) as an input, and the dream runs on it.',
  },
  {
    area: 'dreams',
    name: 'DREAM_PIPELINE_SESSION_NOT_ARCHIVED',
    requirement: 'DREAM-PIPELINE-SESSION-ARCHIVED',
    description: 'A dream that ends (completed, failed or canceled) leaves its pipeline session active.',
  },
  {
    area: 'dreams',
    name: 'DREAM_PIPELINE_SESSION_DELETED',
    requirement: 'DREAM-PIPELINE-SESSION-READABLE',
    description:
      'A dream that ends (completed, failed or canceled) archives its pipeline session and deletes it too: the session is no longer readable.',
  },
  {
    area: 'dreams',
    name: 'DREAM_FAILED_OUTPUT_DISCARDED',
    requirement: 'DREAM-FAILED-OUTPUT-KEPT',
    description:
      'A dream that fails (pipeline error, timeout, input lost) empties its output store: what the pipeline wrote is discarded.',
  },
  {
    area: 'dreams',
    name: 'DREAM_CANCEL_DELETES_OUTPUT',
    requirement: 'DREAM-CANCEL-LEAVES-OUTPUT',
    description: 'Cancel of a running dream deletes its output store instead of leaving it as it is.',
  },
  {
    area: 'dreams',
    name: 'DREAM_ARCHIVE_ARCHIVES_OUTPUT',
    requirement: 'DREAM-ARCHIVE-KEEPS-OUTPUT-STORE',
    description: 'Archiving a dream archives its output store too.',
  },
  {
    area: 'dreams',
    name: 'DREAM_INPUT_STORE_WRITTEN',
    requirement: 'MEMSTORE-INPUT-NEVER-MODIFIED',
    description:
      'A dream that completes writes its reorganized memories into its input store as well as into its output store.',
  },
  {
    area: 'dreams',
    name: 'DREAM_CANCEL_COMPLETED_OK',
    requirement: 'DREAM-CANCEL-COMPLETED-400',
    description: 'Cancel of a completed dream answers 200 (the dream stays completed) instead of 400.',
  },
  {
    area: 'dreams',
    name: 'DREAM_CANCEL_FAILED_OK',
    requirement: 'DREAM-CANCEL-FAILED-400',
    description: 'Cancel of a failed dream answers 200 (the dream stays failed) instead of 400.',
  },
  {
    area: 'dreams',
    name: 'DREAM_CANCEL_CANCELED_400',
    requirement: 'DREAM-CANCEL-CANCELED-NOOP',
    description: 'Cancel of a canceled dream answers 400 instead of being an idempotent no-op.',
  },
  {
    area: 'dreams',
    name: 'DREAM_ARCHIVE_RUNNING_OK',
    requirement: 'DREAM-ARCHIVE-RUNNING-400',
    description: 'Archive of a running dream answers 200 (nothing changes) instead of 400.',
  },
  {
    area: 'dreams',
    name: 'DREAM_LIST_INCLUDES_ARCHIVED',
    requirement: 'DREAM-LIST-DEFAULT-NON-ARCHIVED',
    description: 'The dream list returns archived dreams even without include_archived=true.',
  },
  {
    area: 'dreams',
    name: 'DREAM_LIST_LEAKS_OTHER_WORKSPACES',
    requirement: 'DREAM-LIST-WORKSPACE',
    description:
      "The dream list returns the dreams of every workspace of the caller's organization, not only the caller's workspace's.",
  },
  {
    area: 'dreams',
    name: 'DREAM_LIST_OLDEST_FIRST',
    requirement: 'DREAM-LIST-NEWEST-FIRST',
    description: 'The dream list is ordered oldest first.',
  },
  {
    area: 'dreams',
    name: 'DREAM_OUTPUT_STORE_DELETABLE_WHILE_ACTIVE',
    requirement: 'MEMSTORE-OUTPUT-DELETE-ACTIVE-400',
    description: 'Deleting the output store of a pending or running dream succeeds instead of 400.',
  },
  {
    area: 'dreams',
    name: 'DREAM_INPUT_STORE_LOSS_WRONG_ERROR',
    requirement: 'DREAM-ERROR-INPUT-STORE-UNAVAILABLE',
    description:
      'A dream whose input store is archived or deleted mid-run fails with error.type internal_error instead of input_memory_store_unavailable.',
  },
  {
    area: 'dreams',
    name: 'DREAM_INPUT_SESSION_LOSS_IGNORED',
    requirement: 'DREAM-INPUT-SESSION-LOST-FAILS',
    description: 'Archiving or deleting an input session of a running dream does not fail the dream.',
  },
  {
    area: 'dreams',
    name: 'DREAM_USAGE_NOT_UPDATED',
    requirement: 'DREAM-USAGE-UPDATED-WHILE-RUNNING',
    description: 'The usage counts of a dream stay 0 while its pipeline runs.',
  },
  {
    area: 'dreams',
    name: 'DREAM_ENDED_AT_NOT_SET',
    requirement: 'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
    description: 'ended_at stays null when a dream reaches a terminal state.',
  },
  {
    area: 'dreams',
    name: 'DREAM_LIST_LIMIT_OVER_100_ACCEPTED',
    requirement: 'DREAM-LIST-LIMIT-MAX',
    description:
      'The dream list accepts a `limit` above 100 (and returns that many) instead of rejecting it.',
  },

  // ---------------------------------------------------------------------------------------------
  // Session resources (document 001, "Session resources").

  {
    area: 'sessions',
    name: 'SRES_DEFAULT_MOUNT_PATH_WRONG',
    requirement: 'SRES-CREATE-DEFAULT-MOUNT-PATH',
    description: 'A file resource added without mount_path is mounted at /mnt/session/<file_id>.',
  },
  {
    area: 'sessions',
    name: 'SRES_ROTATION_ALLOWED_FOR_FILES',
    requirement: 'SRES-UPDATE-ROTATION-REPO-ONLY',
    description: 'Rotating the authorization token of a file resource succeeds.',
  },
  {
    area: 'sessions',
    name: 'SRES_DELETE_CONFIRMATION_TYPE_WRONG',
    requirement: 'SRES-DELETED-SHAPE',
    description: 'The deletion confirmation has type session_resource instead of session_resource_deleted.',
  },
  {
    area: 'sessions',
    name: 'SRES_LIST_LIMIT_OMITTED_ONE_PAGE',
    requirement: 'SRES-LIST-LIMIT-OMITTED-ALL',
    description: 'Without limit, the session-resource list returns one page of 20 instead of every resource.',
  },
  {
    area: 'sessions',
    name: 'SRES_LIST_NEXT_PAGE_ON_LAST_PAGE',
    requirement: 'SRES-LIST-NEXT-PAGE-NULL',
    description: 'The session-resource list answers a next_page cursor on a non-empty last page.',
  },
  {
    area: 'sessions',
    name: 'SRES_ROTATION_REFUSED_FOR_REPOSITORIES',
    requirement: 'SRES-UPDATE-ROTATION-REPO-ONLY',
    description: 'Rotating the authorization token of a git_host_repository resource is refused (400).',
  },
  {
    area: 'sessions',
    name: 'SRES_REPO_COMMIT_SHA_ABBREVIATED',
    requirement: 'SRES-REPO-CHECKOUT-COMMIT',
    description: 'A commit checkout reads back with its sha abbreviated to 7 characters.',
  },
  {
    area: 'sessions',
    name: 'SRES_MEMSTORE_RENAME_PROPAGATES',
    requirement: 'SRES-MEMSTORE-NAME-NO-PROPAGATE',
    description: 'Renaming a memory store also renames the resources that attached it.',
  },
] as const satisfies readonly FaultDefinition[];

/** The name of a seeded fault of the catalog. */
export type FaultName = (typeof FAULTS)[number]['name'];

/** The names of the faults of one area. */
export type FaultNameIn<A extends FaultArea> = Extract<(typeof FAULTS)[number], { readonly area: A }>['name'];

const FAULT_NAMES: ReadonlySet<string> = new Set(FAULTS.map((f) => f.name));

/** Whether a string (from a command line, a request) names a fault of the catalog. */
export function isFaultName(name: string): name is FaultName {
  return FAULT_NAMES.has(name);
}
