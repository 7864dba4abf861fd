/**
 * Requirements of the read-only rate-limit interface (document 000: Rate-limit entries;
 * GET /v1/organizations/rate_limits; GET /v1/organizations/workspaces/{workspace_id}/rate_limits;
 * the rate-limit rows of Errors and Limits).
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S = {
  overview: 'What the service does',
  entries: 'Resources and their fields > Rate-limit entries',
  org: 'Endpoints > GET /v1/organizations/rate_limits',
  ws: 'Endpoints > GET /v1/organizations/workspaces/{workspace_id}/rate_limits',
  auth: 'Authentication > OAuth scopes (`oauth_scope` of a rule)',
  errors: 'Errors',
  limits: 'Limits',
} as const;

const r = requirementsOf('federation');

export function requirements(_v: Vendor): Requirement[] {
  return [
    r(
      'RL-READ-ONLY',
      S.overview,
      'The rate-limits interface is read-only: it returns the organization limits and the overrides of a workspace; limits cannot be changed through it (workspace limits are set in the management console).',
      'http',
    ),

    // Entries
    r('RL-ORG-ENTRY-TYPE', S.entries, 'An organization rate-limit entry has `type` `rate_limit`.', 'http'),
    r(
      'RL-ORG-ENTRY-FIELDS',
      S.entries,
      'An organization entry has exactly `type`, `group_type` (string), `models` and `limits` (array).',
      'http',
    ),
    r(
      'RL-MODELS-MODEL-GROUP',
      S.entries,
      'An entry with `group_type` `model_group` has `models`: an array of model identifiers and aliases.',
      'http',
    ),
    r(
      'RL-MODELS-NULL-OTHER-GROUPS',
      S.entries,
      'An entry whose `group_type` is not `model_group` has `models` null.',
      'http',
    ),
    r(
      'RL-ORG-LIMIT-ITEM',
      S.entries,
      'Each `limits` item of an organization entry is `{type, value}`.',
      'http',
    ),
    r(
      'RL-WS-ENTRY-TYPE',
      S.entries,
      'A workspace rate-limit entry has `type` `workspace_rate_limit`.',
      'http',
    ),
    r(
      'RL-WS-LIMIT-ITEM',
      S.entries,
      'Each `limits` item of a workspace entry is `{type, value, org_limit}`; the other entry fields are those of an organization entry.',
      'http',
    ),
    r(
      'RL-WS-VALUE-IS-OVERRIDE',
      S.entries,
      'In a workspace limit, `value` is the workspace override.',
      'http',
    ),
    r(
      'RL-WS-ORG-LIMIT',
      S.entries,
      'In a workspace limit, `org_limit` is the organization value for the same limiter (as the organization endpoint reports it).',
      'http',
    ),
    r(
      'RL-WS-ORG-LIMIT-NULL',
      S.entries,
      'In a workspace limit, `org_limit` is null when the organization has no limit for that limiter.',
      'http',
    ),
    r(
      'RL-GROUP-TYPE-VALUES',
      S.entries,
      '`group_type` is one of `model_group`, `batch`, `token_count`, `files`, `skills`, `web_search`.',
      'http',
    ),
    r(
      'RL-LIMITER-TYPE-VALUES',
      S.entries,
      'A limiter `type` is one of `requests_per_minute`, `input_tokens_per_minute`, `output_tokens_per_minute`, `enqueued_batch_requests`.',
      'http',
    ),
    r(
      'RL-ENQUEUED-BATCH-REQUESTS-BATCH',
      S.entries,
      'The limiter `enqueued_batch_requests` belongs to the `batch` group: it appears in no other group.',
      'http',
    ),
    r(
      'RL-MODEL-GROUP-BUNDLES',
      S.entries,
      'A model group bundles several model versions into one set of limits.',
      'untestable',
      'informative',
    ),
    r(
      'RL-MODEL-IN-EXACTLY-ONE-GROUP',
      S.entries,
      'Every model identifier and alias, dated and undated, appears in exactly one `model_group` entry.',
      'http',
    ),
    r(
      'RL-MANAGED-AGENTS-EXCLUDED',
      S.entries,
      'Limits of the managed-agents product are not included in the rate-limit entries.',
      'untestable',
      'informative',
    ),

    // Organization endpoint
    r(
      'RL-ORG-ADMIN-CREDENTIAL',
      S.org,
      'GET /v1/organizations/rate_limits takes an admin API key in `x-api-key`.',
      'http',
    ),
    r(
      'RL-ORG-QUERY-OPTIONAL',
      S.org,
      'All query parameters of the organization rate-limit list (`model`, `group_type`, `page`) are optional; without them every organization entry is returned.',
      'http',
    ),
    r(
      'RL-ORG-MODEL-FILTER',
      S.org,
      'The `model` query parameter takes any model identifier or alias and returns only the entry containing it.',
      'http',
    ),
    r(
      'RL-ORG-MODEL-404',
      S.org,
      'When `model` matches no group the organization rate-limit list answers HTTP 404.',
      'http',
    ),
    r(
      'RL-GROUP-TYPE-FILTER',
      S.org,
      'The `group_type` query parameter takes one of the six group types and returns only entries of that group type.',
      'http',
    ),
    r(
      'RL-PAGE-PARAM',
      S.org,
      'The `page` query parameter is a string cursor taken from `next_page`.',
      'http',
    ),
    r(
      'RL-LIST-ENVELOPE',
      S.org,
      'The organization rate-limit list answers `data` (array of organization entries) and `next_page` (string or null), both always present.',
      'http',
    ),
    r(
      'RL-SINGLE-PAGE',
      S.org,
      'Rate-limit responses are currently always a single page, so `next_page` is null.',
      'http',
      'informative',
    ),
    r(
      'RL-CLIENT-LOOP-NEXT-PAGE',
      S.org,
      'Clients loop on `next_page` until it is null even though responses are currently a single page.',
      'client',
      'should',
    ),

    // Workspace endpoint
    r(
      'RL-WS-ADMIN-CREDENTIAL',
      S.ws,
      'GET /v1/organizations/workspaces/{workspace_id}/rate_limits takes an admin API key in `x-api-key`.',
      'http',
    ),
    r(
      'RL-WS-QUERY',
      S.ws,
      'The workspace rate-limit list takes the optional query parameters `group_type` and `page`.',
      'http',
    ),
    r(
      'RL-WS-MODEL-NOT-ACCEPTED',
      S.ws,
      'The workspace rate-limit list does not accept the `model` parameter.',
      'http',
    ),
    r(
      'RL-WS-LIST-ENVELOPE',
      S.ws,
      'The workspace rate-limit list answers `data` (array of workspace entries) and `next_page` (string or null), both always present.',
      'http',
    ),
    r('RL-WS-ONLY-OVERRIDES', S.ws, 'The workspace rate-limit list returns only overrides.', 'fixture'),
    r(
      'RL-WS-ABSENT-GROUP-INHERITS',
      S.ws,
      'A group absent from the workspace list has no workspace override: the workspace inherits the organization limits for it (it is not unlimited).',
      'fixture',
    ),
    r(
      'RL-WS-ABSENT-LIMITER-INHERITS',
      S.ws,
      "A limiter type absent from a workspace group's `limits` has no override: the organization value applies.",
      'fixture',
    ),
    r(
      'RL-WS-DEFAULT-NO-ENTRY',
      S.ws,
      'The Default Workspace has no overrides and no entry in the workspace rate-limit list; its limits are read from the organization endpoint.',
      'fixture',
    ),
    r(
      'RL-WS-VALUE-WITHIN-ORG-LIMIT',
      S.limits,
      'In a workspace rate-limit entry, an override `value` is never higher than its `org_limit` when `org_limit` is a number.',
      'http',
    ),
    r(
      'RL-ACCESS-TOKEN-403',
      S.auth,
      'An access token presented to a rate-limit endpoint is outside its scope (no scope grants administrative endpoints) and gets HTTP 403.',
      'fixture',
    ),
  ];
}
