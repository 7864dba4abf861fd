/**
 * Requirements of session creation (SESS-), session resources (SRES-) and the memory-store facts
 * this interface states (MEMSTORE-): document 001, "Session resources" sections.
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S_FIELDS = 'Resources and their fields > Session resources';
const S_ENDPOINTS = 'Endpoints > Session resources';
const S_DREAM = 'Resources and their fields > Dream';
const S_TRANSITIONS = 'States and transitions > Dream';
const S_LIMITS = 'Limits';

const req = requirementsOf('messages');

export function requirements(v: Vendor): Requirement[] {
  return [
    // Versioning and authentication
    req(
      'SRES-BETA-HEADER',
      'Versioning',
      `Every session-resource operation requires the beta identifier \`managed-agents-2026-04-01\` in the \`${v.headers.beta}\` header.`,
      'http',
    ),
    req(
      'SRES-AUTH-CREDENTIALS',
      'Authentication',
      'Session-resource operations and session creation accept a workspace API key in `x-api-key` or an access token as a bearer credential.',
      'http',
    ),
    req(
      'SRES-AUTH-SCOPE',
      'Authentication > OAuth scopes',
      'An access token needs the `workspace:developer` scope to reach managed-agent sessions and their resources; it grants the same access as a key of its workspace.',
      'fixture',
      'must',
      'federation',
    ),

    // Resource fields
    req('SRES-ID-PREFIX', S_FIELDS, 'The `id` of a session resource starts with `sesrsc_`.', 'http'),
    req(
      'SRES-TIMESTAMPS',
      S_FIELDS,
      'The `created_at` and `updated_at` timestamps of a session resource are RFC 3339 date-times.',
      'http',
    ),
    req(
      'SRES-KIND-DISCRIMINATOR',
      S_FIELDS,
      'A session resource is one of three kinds told apart by `type`: `file`, `git_host_repository`, `memory_store`.',
      'http',
    ),
    req(
      'SRES-FILE-FIELDS',
      S_FIELDS,
      'A `file` resource carries `id`, `file_id` (string), `mount_path` (string), `type`, `created_at` and `updated_at`.',
      'http',
    ),
    req(
      'SRES-REPO-FIELDS',
      S_FIELDS,
      'A `git_host_repository` resource carries `id`, `mount_path` (string), `type`, `created_at`, `updated_at` and `url` (string).',
      'http',
    ),
    req(
      'SRES-REPO-CHECKOUT-OPTIONAL',
      S_FIELDS,
      'The `checkout` of a repository resource is optional.',
      'http',
    ),
    req(
      'SRES-REPO-CHECKOUT-BRANCH',
      S_FIELDS,
      'A branch checkout is `{type: branch, name: string}`.',
      'http',
    ),
    req(
      'SRES-REPO-CHECKOUT-COMMIT',
      S_FIELDS,
      'A commit checkout is `{type: commit, sha: string}` where `sha` is a full commit hash (not an abbreviation).',
      'http',
    ),
    req(
      'SRES-MEMSTORE-FIELDS',
      S_FIELDS,
      'A `memory_store` resource carries `memory_store_id` and `type`; `access`, `description`, `instructions`, `mount_path` and `name` are optional.',
      'http',
    ),
    req(
      'SRES-MEMSTORE-NO-ID',
      S_FIELDS,
      'A `memory_store` resource has no `id` field; it is addressed by its `memory_store_id`.',
      'http',
    ),
    req('SRES-MEMSTORE-ID-PREFIX', S_FIELDS, 'A `memory_store_id` starts with `memstore_`.', 'http'),
    req(
      'SRES-MEMSTORE-ACCESS-VALUES',
      S_FIELDS,
      'The `access` of a memory-store resource, when present, is `read_write` or `read_only`.',
      'http',
    ),
    req(
      'SRES-MEMSTORE-DESCRIPTION-COPIED',
      S_FIELDS,
      "The `description` of a memory-store resource is copied from the store's description at attach time.",
      'fixture',
    ),
    req(
      'SRES-MEMSTORE-DESCRIPTION-EMPTY',
      S_FIELDS,
      'The `description` of a memory-store resource is the empty string when the store has no description.',
      'fixture',
    ),
    req(
      'SRES-MEMSTORE-DESCRIPTION-PROMPT',
      S_FIELDS,
      "The `description` of a memory-store resource is rendered into the agent's system prompt.",
      'untestable',
      'informative',
    ),
    req(
      'SRES-MEMSTORE-INSTRUCTIONS-MAX',
      `${S_FIELDS}; ${S_LIMITS}`,
      'The `instructions` of a memory-store resource are at most 4,096 characters; 4,097 are too many.',
      'http',
    ),
    req(
      'SRES-MEMSTORE-INSTRUCTIONS-PROMPT',
      S_FIELDS,
      'The `instructions` of a memory-store resource are per-attachment guidance rendered into the memory section of the system prompt.',
      'untestable',
      'informative',
    ),
    req(
      'SRES-MEMSTORE-MOUNT-PATH-OUTPUT-ONLY',
      S_FIELDS,
      "The `mount_path` of a memory-store resource is optional and output-only: a filesystem path the service derives from the store's name.",
      'fixture',
    ),
    req(
      'SRES-MEMSTORE-NAME-COPIED',
      S_FIELDS,
      "The `name` of a memory-store resource is copied from the store's name at attach time.",
      'fixture',
    ),
    req(
      'SRES-MEMSTORE-NAME-NO-PROPAGATE',
      S_FIELDS,
      'Renaming a memory store after it was attached does not change the `name` of the attached resource.',
      'fixture',
    ),
    req(
      'SRES-DELETED-SHAPE',
      S_FIELDS,
      'The deletion confirmation of a session resource is `{id: string, type: session_resource_deleted}`.',
      'http',
    ),

    // Endpoints
    req(
      'SRES-CREATE-FILE-BODY',
      S_ENDPOINTS,
      'Adding a file resource takes `file_id` (string), `type` = `file` and an optional `mount_path` (string).',
      'http',
    ),
    req(
      'SRES-CREATE-FILE-UPLOADED',
      S_ENDPOINTS,
      'The `file_id` of an added file resource names a previously uploaded file.',
      'fixture',
    ),
    req(
      'SRES-CREATE-DEFAULT-MOUNT-PATH',
      S_ENDPOINTS,
      'A file resource added without `mount_path` is mounted at `/mnt/session/uploads/<file_id>`.',
      'fixture',
    ),
    req(
      'SRES-CREATE-CUSTOM-MOUNT-PATH',
      S_ENDPOINTS,
      'A file resource added with a `mount_path` is mounted at that path.',
      'fixture',
    ),
    req(
      'SRES-CREATE-RETURNS-FILE',
      S_ENDPOINTS,
      'Adding a file resource returns the `file` resource.',
      'fixture',
    ),
    req(
      'SRES-LIST-LIMIT-MAX',
      `${S_ENDPOINTS}; ${S_LIMITS}`,
      'The `limit` of the session-resource list is an integer of at most 1000; 1001 is too large.',
      'http',
    ),
    req(
      'SRES-LIST-LIMIT-OMITTED-ALL',
      S_ENDPOINTS,
      'When `limit` is omitted the session-resource list returns all resources of the session.',
      'http',
    ),
    req(
      'SRES-LIST-PAGE-CURSOR',
      S_ENDPOINTS,
      'The `page` query parameter of the session-resource list is the opaque cursor taken from a previous `next_page`.',
      'http',
    ),
    req(
      'SRES-LIST-ENVELOPE',
      S_ENDPOINTS,
      'The session-resource list returns `data` (array of resources of any kind) and `next_page` (string or null).',
      'http',
    ),
    req(
      'SRES-LIST-NEXT-PAGE-NULL',
      S_ENDPOINTS,
      'The `next_page` of the session-resource list is null when there are no more resources.',
      'http',
    ),
    req(
      'SRES-LIST-ORDER-CREATED-AT',
      S_ENDPOINTS,
      'The resources of the session-resource list are ordered by `created_at`.',
      'http',
    ),
    req(
      'SRES-RETRIEVE-ANY-KIND',
      S_ENDPOINTS,
      'Retrieving a session resource returns one resource of any kind.',
      'http',
    ),
    req(
      'SRES-UPDATE-BODY',
      S_ENDPOINTS,
      'Updating a session resource takes `authorization_token` (string).',
      'http',
    ),
    req(
      'SRES-UPDATE-ROTATION-REPO-ONLY',
      S_ENDPOINTS,
      'Only `git_host_repository` resources support rotation of the authorization token; `file` and `memory_store` resources do not.',
      'fixture',
    ),
    req(
      'SRES-UPDATE-RETURNS-UPDATED',
      S_ENDPOINTS,
      'Updating a session resource returns the updated resource.',
      'fixture',
    ),
    req(
      'SRES-DELETE-CONFIRMATION',
      S_ENDPOINTS,
      'Deleting a session resource returns the deletion confirmation.',
      'http',
    ),

    // Session creation
    req(
      'SESS-CREATE-ROUTE',
      S_ENDPOINTS,
      'POST /v1/sessions creates a session; it is the way to attach a memory store (such as a dream output store) to a new session.',
      'fixture',
    ),
    req(
      'SESS-CREATE-AGENT',
      S_ENDPOINTS,
      'Session creation takes `agent`, a string identifier of the agent.',
      'fixture',
    ),
    req(
      'SESS-CREATE-ENVIRONMENT',
      S_ENDPOINTS,
      'Session creation takes `environment_id`, a string identifier of the environment.',
      'fixture',
    ),
    req(
      'SESS-CREATE-RESOURCES',
      S_ENDPOINTS,
      'Session creation takes `resources`, an array of resources to attach told apart by `type`.',
      'fixture',
    ),
    req(
      'SESS-CREATE-MEMSTORE-ITEM',
      S_ENDPOINTS,
      'A memory-store item of the session-creation `resources` is `{type: memory_store, memory_store_id}` with a `memstore_` identifier.',
      'fixture',
    ),

    // Memory-store facts
    req(
      'MEMSTORE-OWNER-ORGANIZATION',
      S_FIELDS,
      "A memory store attached as a session resource must belong to the caller's organization.",
      'fixture',
    ),
    req(
      'MEMSTORE-OWNER-WORKSPACE',
      S_FIELDS,
      "A memory store attached as a session resource must belong to the caller's workspace.",
      'fixture',
    ),
    req(
      'MEMSTORE-INPUT-NEVER-MODIFIED',
      'What the service does',
      'A dream never modifies its input memory store; it writes a new, reorganized store.',
      'fixture',
    ),
    req(
      'MEMSTORE-OUTPUT-ORDINARY',
      S_DREAM,
      'The output store of a dream is an ordinary memory store in the workspace.',
      'fixture',
    ),
    req(
      'MEMSTORE-OUTPUT-ARCHIVE-ACTIVE-400',
      `${S_TRANSITIONS}; Errors > HTTP 400 cases`,
      'Archiving the output store of a `pending` or `running` dream is rejected with HTTP 400.',
      'fixture',
    ),
    req(
      'MEMSTORE-OUTPUT-DELETE-ACTIVE-400',
      `${S_TRANSITIONS}; Errors > HTTP 400 cases`,
      'Deleting the output store of a `pending` or `running` dream is rejected with HTTP 400.',
      'fixture',
    ),
    req(
      'MEMSTORE-OUTPUT-RELEASE-AFTER-END',
      'Endpoints > Dreams',
      'Once its dream is neither `pending` nor `running`, the output store may be deleted or archived through the memory-store endpoints.',
      'fixture',
    ),
    req(
      'MEMSTORE-OUTPUT-ATTACH',
      'Endpoints > Dreams',
      'The output store of a dream can be attached to later sessions as a `memory_store` resource.',
      'fixture',
    ),
  ];
}
