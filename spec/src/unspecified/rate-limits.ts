/**
 * What the documents leave open about the rate-limit interface.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const S = {
  entries: 'Resources and their fields > Rate-limit entries',
  org: 'Endpoints > GET /v1/organizations/rate_limits',
  ws: 'Endpoints > GET /v1/organizations/workspaces/{workspace_id}/rate_limits',
  events: 'Events',
  errors: 'Errors',
} as const;

const u = (id: string, section: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'federation',
  section,
  what,
  treatment,
});

export function unspecified(_v: Vendor): Unspecified[] {
  return [
    u(
      'UNSPEC-RL-VALUE-TYPE',
      S.entries,
      'Numeric type (integer or not), unit and bounds of a limit `value` and `org_limit`.',
      'The schemas accept any JSON number; the reference server uses non-negative integers.',
    ),
    u(
      'UNSPEC-RL-ENTRY-ORDER',
      S.entries,
      'The order of the entries in `data` and of the items in `limits`.',
      'Never asserted; the reference server keeps the order of its configuration.',
    ),
    u(
      'UNSPEC-RL-SUCCESS-STATUS',
      S.org,
      'The success status of the two rate-limit lists.',
      'Endpoints record 200 and the reference server answers 200; the conformance suite asserts a 2xx status and the body schema.',
    ),
    u(
      'UNSPEC-RL-404-BODY',
      S.errors,
      'The error type and body of the 404 answered when `model` matches no group.',
      'The reference server answers the standard error body with type `not_found_error`; the suite asserts the 404 status and only the error-body shape.',
    ),
    u(
      'UNSPEC-RL-ERRORS',
      S.errors,
      'Errors of the rate-limit endpoints other than the 404 for an unmatched `model`: an invalid `group_type`, a malformed `page`, an unknown `workspace_id`.',
      'The reference server answers 400 `invalid_request_error` to an invalid query (asserted only as a 4xx with the error body by the suite) and 404 `not_found_error` to an unknown workspace (asserted only as a 4xx).',
    ),
    u(
      'UNSPEC-RL-ADMIN-CREDENTIAL-REJECTED',
      S.errors,
      'The status and error type when a workspace API key, or no key, is presented to a rate-limit endpoint.',
      'The reference server answers 401 `authentication_error` without a key and 403 `permission_error` with a workspace key; the suite asserts only a 4xx status.',
    ),
    u(
      'UNSPEC-RL-PAGE-CURSOR',
      S.org,
      'The format of the `page` cursor, and what an unknown cursor answers (no cursor is ever issued today).',
      'Any string is accepted by the schema; the reference server answers 400 `invalid_request_error` to a cursor it did not issue; never asserted.',
    ),
    u(
      'UNSPEC-RL-MODEL-WITH-GROUP-TYPE',
      S.org,
      'What `model` combined with a `group_type` other than `model_group` answers.',
      '`filterOrgRateLimits` applies the `model` filter first (404 when it matches no group), then the `group_type` filter, which may leave `data` empty; never asserted.',
    ),
    u(
      'UNSPEC-RL-WS-MODEL-PARAM',
      S.ws,
      'What the workspace rate-limit list answers when `model` is sent anyway.',
      'The query schema does not name it. The reference server ignores it, as it does every query parameter the documents do not show (UNSPEC-REQUEST-UNKNOWN-FIELDS); refusing it (400 `invalid_request_error`) is the other legal choice. The suite takes either: a refusal with the error body, or the list as without it.',
    ),
    u(
      'UNSPEC-RL-WS-ARCHIVED',
      S.ws,
      'What the workspace rate-limit list answers for an archived workspace.',
      'The reference server answers the overrides it had; never asserted.',
    ),
    u(
      'UNSPEC-RL-WS-UNKNOWN-GROUP',
      S.ws,
      'Whether a workspace may override a group or a limiter the organization has no entry for (only `org_limit` null hints that it may).',
      '`mergeRateLimits` keeps such overrides as they are, with no organization value; never asserted.',
    ),
    u(
      'UNSPEC-RL-DUPLICATE-LIMITERS',
      S.entries,
      'Whether a limiter type may appear twice in one entry, or a group twice in one list.',
      'The rules treat a duplicate as invalid input and answer an error result; the reference server never produces one.',
    ),
    u(
      'UNSPEC-RL-MODEL-ALIASES',
      S.entries,
      'Which model identifiers and aliases (dated and undated) exist beyond the two model ids the documents name, and how they are grouped.',
      "The reference server configures a dated snapshot and aliases of each named model in one data table (the project's choice); the suite checks only that every listed id and alias appears in exactly one `model_group` entry.",
    ),
    u('UNSPEC-RL-EVENTS', S.events, 'Events or webhooks for rate limits.', 'None are defined.'),
  ];
}
