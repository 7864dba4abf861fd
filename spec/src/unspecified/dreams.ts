/**
 * What document 001 leaves open about dreams, and how the project treats each gap. Never asserted
 * by the conformance suite.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const S_FIELDS = 'Resources and their fields > Dream';
const S_STATES = 'States and transitions > Dream';
const S_ENDPOINTS = 'Endpoints > Dreams';

const un = (id: string, section: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'messages',
  section,
  what,
  treatment,
});

export function unspecified(_v: Vendor): Unspecified[] {
  return [
    un(
      'UNSPEC-DREAM-SUCCESS-STATUS',
      S_ENDPOINTS,
      'The success status codes of the dream operations are not stated.',
      'The reference server answers 200 for every dream operation, creation included; the suite asserts only a 2xx status.',
    ),
    un(
      'UNSPEC-DREAM-LIST-ENVELOPE',
      S_ENDPOINTS,
      'The response envelope of the dream list: not shown.',
      'No response schema; the reference server returns `{data, next_page}` like the other page-cursor lists; the suite reads dreams only through retrieve and asserts nothing about the envelope.',
    ),
    un(
      'UNSPEC-DREAM-CANCEL-RESPONSE',
      S_ENDPOINTS,
      'The response body of cancel ("see state table"): not shown.',
      'No response schema; the reference server returns the dream object; the suite asserts the status code, then re-reads the dream by id.',
    ),
    un(
      'UNSPEC-DREAM-ARCHIVE-RESPONSE',
      S_ENDPOINTS,
      'The response body of archive ("see state table"): not shown.',
      'No response schema; the reference server returns the dream object; the suite asserts the status code, then re-reads the dream by id.',
    ),
    un(
      'UNSPEC-DREAM-400-ERROR-TYPE',
      'Errors > HTTP 400 cases',
      'The `error.type` of the HTTP 400 answers to cancel, archive, and archive or delete of an active output store is not named.',
      'Error cases carry a null type; the reference server uses `invalid_request_error`; the suite asserts only status 400 and the error body.',
    ),
    un(
      'UNSPEC-DREAM-VALIDATION-ERRORS',
      S_ENDPOINTS,
      'The HTTP status of an invalid dream creation or list request (missing or duplicated input kinds, 0 or more than 100 session ids, unknown model, instructions over 4,096 characters, `limit` over 100): not stated.',
      'The reference server answers 400 `invalid_request_error`; the suite asserts only a 4xx status with the error body.',
    ),
    un(
      'UNSPEC-DREAM-INPUT-OWNERSHIP',
      S_ENDPOINTS,
      "What dream creation does with an input memory store or session that does not exist or is outside the caller's workspace: not shown.",
      'The reference server refuses the creation with 404 `not_found_error`, the answer an unknown id gets, so the caller learns nothing of other workspaces; a server may instead use another 4xx, or accept the dream and fail it when its pipeline starts (`input_memory_store_unavailable`, `input_session_unavailable`) before it reads anything. The suite asserts only what AUTH-KEY-ONE-WORKSPACE requires: the dream never runs on such an input (creation refused with a 4xx, or the dream failed before running).',
    ),
    un(
      'UNSPEC-DREAM-NOT-FOUND',
      S_ENDPOINTS,
      'The answer to retrieve, cancel or archive of an unknown dream id: not shown.',
      'The reference server answers 404 `not_found_error`; the suite asserts only a 4xx status.',
    ),
    un(
      'UNSPEC-DREAM-PREVIEW-ACCESS',
      'Versioning',
      'The answer to a dream request without research-preview access, or without one of the two beta identifiers: not shown.',
      'The reference server answers 400 `invalid_request_error` when a beta identifier is missing; the suite never omits them.',
    ),
    un(
      'UNSPEC-DREAM-LIST-LIMIT-MIN',
      S_ENDPOINTS,
      'The smallest `limit` of the dream list is not stated.',
      'The schema requires at least 1; the suite never sends `limit` below 1.',
    ),
    {
      ...un(
        'UNSPEC-DREAM-INSTRUCTIONS-OMITTED',
        S_FIELDS,
        'The `instructions` of a dream created without instructions (the field is a string, "as sent").',
        'The reference server returns the empty string; a server may leave the field out or return null (variant `dream-instructions-omitted`). The contract accepts any of these; instructions sent are checked as sent.',
      ),
      fields: ['Dream.instructions'],
    },
    un(
      'UNSPEC-DREAM-ERROR-FIELDS',
      S_FIELDS,
      'Fields of a dream `error` beyond `type`: not shown.',
      'The `error` object stays open; only `type` is required.',
    ),
    un(
      'UNSPEC-DREAM-SESSION-IDS-SHAPE',
      S_ENDPOINTS,
      'The shape of session identifiers in `session_ids`, and whether duplicates are allowed: not stated.',
      'Plain strings; duplicates are not rejected by the schema; the suite never sends duplicates.',
    ),
    un(
      'UNSPEC-DREAM-MODEL-ID-ECHO',
      S_FIELDS,
      'Whether `model.id` of a dream is exactly the model string sent at creation.',
      'The dream schema accepts any string; the reference server echoes the string sent; never asserted.',
    ),
    un(
      'UNSPEC-DREAM-INPUT-LOSS-PENDING',
      S_STATES,
      'What happens when an input store or input session is archived or deleted while the dream is still `pending` (the state table says "mid-run"; the Errors table says "after creation").',
      'Following the Errors table, the machine moves the dream to `failed` with `input_memory_store_unavailable` or `input_session_unavailable`, `ended_at` set; the row outcome is unspecified, so the suite never asserts it.',
    ),
    un(
      'UNSPEC-DREAM-FAILURE-BEFORE-START',
      S_STATES,
      'Whether a dream can fail (timeout, internal error, memory-store cap, input too large) before its pipeline starts: the state table gives failure only from `running`.',
      'The machine fails only running dreams on pipeline failures; a pipeline failure while `pending` is impossible in the model.',
    ),
    un(
      'UNSPEC-DREAM-OUTPUT-STORE-ENDPOINTS',
      S_STATES,
      'The memory-store endpoints that archive or delete an output store are not part of this interface (paths, bodies, success status).',
      'The dream machine models their effect as the happenings `output_store.archive` and `output_store.delete`, driven by the conformance adapter: 400 while the dream is active, allowed (no change to the dream) afterwards.',
    ),
    un(
      'UNSPEC-DREAM-OUTPUT-STORE-CREATION',
      S_FIELDS,
      'When the output store is created and how it is named (it appears in `outputs` once the dream is running).',
      'The reference server creates it when the pipeline starts; an active dream without an output store yet has nothing to protect.',
    ),
    un(
      'UNSPEC-DREAM-EVENTS',
      'Events',
      'The event kinds of a pipeline session and the streaming endpoint: not shown.',
      'Not modelled.',
    ),
    un(
      'UNSPEC-DREAM-RATE-LIMITS',
      'Limits',
      'Numeric default rate limits for dream creation: not shown.',
      'None enforced by the reference server; never asserted.',
    ),
    un(
      'UNSPEC-DREAM-LIST-ORDER-TIES',
      S_ENDPOINTS,
      'The order of dreams created at the same instant, and whether `include_archived=true` interleaves archived dreams by creation time.',
      'The reference server orders by `created_at` descending, then by `id` descending, archived dreams interleaved; the suite asserts only non-increasing `created_at`.',
    ),
  ];
}
