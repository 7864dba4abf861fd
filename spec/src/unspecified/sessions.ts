/**
 * What document 001 leaves open about session creation and session resources, and how the
 * project treats each gap. Never asserted by the conformance suite.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';
import { HTTP_ERRORS_NOT_SHOWN } from './messages.js';

const S_FIELDS = 'Resources and their fields > Session resources';
const S_ENDPOINTS = 'Endpoints > Session resources';

const un = (id: string, section: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'messages',
  section,
  what,
  treatment,
});

const SUITE_4XX =
  'The reference server answers 400 `invalid_request_error` with the standard error body; the conformance suite asserts only a 4xx status with the error body.';

export function unspecified(v: Vendor): Unspecified[] {
  return [
    // Session creation
    un(
      'UNSPEC-SESS-CREATE-BETA',
      'Versioning',
      'Whether session creation (POST /v1/sessions) requires a beta identifier is not stated.',
      `Clients send \`managed-agents-2026-04-01\` in \`${v.headers.beta}\` (managed-agent sessions are the product that beta selects, and their resources require it); the reference server requires it; the suite never sends a session creation without it.`,
    ),
    un(
      'UNSPEC-SESS-CREATE-FIELDS',
      S_ENDPOINTS,
      'Session-creation fields other than `agent`, `environment_id` and `resources`: not shown.',
      'The body schema stays open (additional properties allowed); the reference server ignores unknown fields.',
    ),
    un(
      'UNSPEC-SESS-CREATE-REQUIRED',
      S_ENDPOINTS,
      'Which of `agent`, `environment_id` and `resources` are required is not stated.',
      '`agent` and `environment_id` are required, following the document convention of marking optional fields explicitly; the reference server takes a creation without `resources` as attaching none (clients of the API family leave it out), and requiring it (400) is the other legal choice. The schema marks all three required; the suite always sends all three.',
    ),
    un(
      'UNSPEC-SESS-CREATE-RESOURCE-KINDS',
      S_ENDPOINTS,
      'Items of the session-creation `resources` other than `{type: memory_store, memory_store_id}` ("items such as"), and further fields of the memory-store item (`access`, `instructions`): not shown.',
      'Items are open objects told apart by `type`; a `memory_store` item must carry a `memstore_` identifier, items of other types are accepted unchecked; the reference server attaches memory stores and ignores unknown fields.',
    ),
    un(
      'UNSPEC-SESS-CREATE-RESPONSE',
      S_ENDPOINTS,
      'The response body of session creation: not shown.',
      'No response schema; the reference server returns `{id, type: session}` plus the attached resources; the suite asserts only a 2xx status.',
    ),
    un(
      'UNSPEC-SESS-CREATE-STATUS',
      S_ENDPOINTS,
      'The success status of session creation is not stated.',
      'The reference server answers 200; the suite asserts only a 2xx status.',
    ),
    un(
      'UNSPEC-SESS-CREATE-ERRORS',
      S_ENDPOINTS,
      "HTTP errors of session creation (missing fields, unknown agent or environment, a memory store outside the caller's organization or workspace): not shown.",
      SUITE_4XX,
    ),
    un(
      'UNSPEC-SESS-ID-SHAPES',
      S_FIELDS,
      'Shapes of session, agent, environment and file identifiers: not shown beyond being strings.',
      'Plain strings with no pattern in every schema and path parameter.',
    ),
    un(
      'UNSPEC-SESS-RECORD-FIELDS',
      S_FIELDS,
      'Fields of the memory store, session, agent and environment records themselves: not shown beyond identifiers.',
      'No schema for these records; fixtures create them through the conformance adapter.',
    ),

    // Session resources
    un(
      'UNSPEC-SRES-SUCCESS-STATUS',
      S_ENDPOINTS,
      'The success status codes of the session-resource operations are not stated.',
      'The reference server answers 200 for every operation, deletion included; the suite asserts only a 2xx status.',
    ),
    {
      ...un(
        'UNSPEC-SRES-ERRORS',
        'Errors > Batch request errors',
        'HTTP errors of the session-resource operations ("not shown"): malformed bodies, unknown session or resource, rotation of a resource kind that does not support it, a foreign memory store, `limit` above 1000.',
        `${SUITE_4XX} An unknown session or resource is answered 404 \`not_found_error\`, likewise never asserted.`,
      ),
      advisory: HTTP_ERRORS_NOT_SHOWN,
    },
    un(
      'UNSPEC-SRES-DELETE-REPEATED',
      S_ENDPOINTS,
      'The answer to deleting a resource that was already deleted: not shown (the documents show the deletion confirmation of a deletion, not whether a second DELETE is refused or confirmed again).',
      'The reference server answers 404 `not_found_error`; the suite asserts only that the answer is a 4xx with the error body or the documented deletion confirmation of that resource, and that the resource stays gone.',
    ),
    un(
      'UNSPEC-SRES-CREATE-OTHER-KINDS',
      S_ENDPOINTS,
      'The add-resource body for the `git_host_repository` and `memory_store` kinds: not shown.',
      'The body schema is the `file` body only; the reference server rejects other kinds with 400 `invalid_request_error`; the suite never sends them.',
    ),
    un(
      'UNSPEC-SRES-LIMIT-MIN',
      S_ENDPOINTS,
      'The smallest `limit` of the session-resource list is not stated.',
      'The schema requires at least 1; the suite never sends `limit` below 1.',
    ),
    un(
      'UNSPEC-SRES-LIST-ORDER-DIRECTION',
      S_ENDPOINTS,
      'The direction of the `created_at` order of the session-resource list is not stated.',
      'The reference server lists oldest first; the suite asserts only that `created_at` is monotonic across the list.',
    ),
    un(
      'UNSPEC-SRES-MEMSTORE-ADDRESSING',
      S_FIELDS,
      'How a memory-store resource (which has no `id`) is addressed in the `{resource_id}` path segment, and the `id` of its deletion confirmation: not stated beyond "addressed by its `memory_store_id`".',
      'The `resource_id` path parameter is any string; the reference server accepts the `memory_store_id` there for memory-store resources and echoes it as the confirmation `id`; the suite does not assert it.',
    ),
    un(
      'UNSPEC-SRES-MEMSTORE-TIMESTAMPS',
      S_FIELDS,
      'Whether the memory-store kind carries the common `created_at` and `updated_at` (its row does not list them).',
      'The memory-store schema allows both as optional timestamps; the reference server includes them.',
    ),
    un(
      'UNSPEC-SRES-MEMSTORE-ACCESS-DEFAULT',
      S_FIELDS,
      'The `access` of a memory-store attachment when none is given is not stated.',
      'No default in the schema; the reference server leaves `access` out when none was given; never asserted.',
    ),
    un(
      'UNSPEC-SRES-MEMSTORE-MOUNT-PATH-DERIVATION',
      S_FIELDS,
      "How the memory-store `mount_path` is derived from the store's name: not shown.",
      'Any string; the field is optional, and the reference server leaves it out; never asserted.',
    ),
    un(
      'UNSPEC-SRES-REPO-SHA-FORMAT',
      S_FIELDS,
      'The exact form of the "full commit hash" of a commit checkout is not stated.',
      'The schema accepts 40 hexadecimal digits (SHA-1 repositories) or 64 (SHA-256 repositories), either case; abbreviated hashes are rejected.',
    ),
    un(
      'UNSPEC-SRES-REPO-URL-FORMAT',
      S_FIELDS,
      'The format of the repository `url` is not stated.',
      'Plain string with no format check.',
    ),
    un(
      'UNSPEC-SRES-MOUNT-PATH-RULES',
      S_ENDPOINTS,
      'Constraints on a caller-chosen `mount_path` (absolute path, allowed prefixes, uniqueness within a session): not shown.',
      'Any string is accepted by the schema; the reference server keeps it as given.',
    ),
    un(
      'UNSPEC-SRES-UPDATE-TOKEN-ECHO',
      S_ENDPOINTS,
      'Whether the rotated `authorization_token` (or anything about it) appears in the updated resource.',
      'The resource schemas have no token field, so it is never returned.',
    ),
  ];
}
