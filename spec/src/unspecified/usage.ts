/**
 * What the documents leave open about the messages usage report.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const S = 'Endpoints > GET /v1/organizations/usage_report/messages (admin credential)';

const u = (id: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'federation',
  section: S,
  what,
  treatment,
});

export function unspecified(_v: Vendor): Unspecified[] {
  return [
    u(
      'UNSPEC-USAGE-RESPONSE',
      'Response body of the messages usage report.',
      'No schema; the reference server answers `{data: [...]}` buckets of its own choosing; the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-USAGE-ZERO-ROWS',
      'Whether a report grouped by `workspace_id` holds rows for workspaces without usage in a bucket (zero counts), and which workspaces those would be.',
      'The reference server reports only workspaces with usage in a bucket; the suite asserts only that every workspace with usage is reported (the Default Workspace as null, archived ones kept) and, with `workspace_ids[]`, that no workspace outside the ones asked for is, never that a workspace without usage is absent.',
    ),
    u(
      'UNSPEC-USAGE-SUCCESS-STATUS',
      'The success status of the usage report.',
      'The endpoint records 200 and the reference server answers 200; the suite asserts only a 2xx status.',
    ),
    u(
      'UNSPEC-USAGE-PARAMS-REQUIRED',
      'Which query parameters of the usage report are required, and their defaults.',
      'All are optional in the schema; the reference server reports the last 7 days when `starting_at` is absent; never asserted.',
    ),
    u(
      'UNSPEC-USAGE-RANGE',
      'Validation of the time range (`ending_at` before `starting_at`, the longest range, alignment to `bucket_width`).',
      'The reference server answers 400 `invalid_request_error` when `ending_at` is not after `starting_at`; the suite asserts only a 4xx status with the error body.',
    ),
    u(
      'UNSPEC-USAGE-GROUP-BY-VALUES',
      'Values of `group_by[]` other than `workspace_id`.',
      'Open string in the schema; the reference server accepts `workspace_id` and answers 400 `invalid_request_error` to others; never asserted.',
    ),
    u(
      'UNSPEC-USAGE-BUCKET-WIDTH-VALUES',
      'Values of `bucket_width` other than `1d`, and its default.',
      'Open string in the schema; the reference server accepts `1d` and answers 400 `invalid_request_error` to others; never asserted.',
    ),
    u(
      'UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER',
      'How the Default Workspace (no identifier) is selected in `workspace_ids[]`.',
      'Not possible through the schema (items are `wrkspc_` identifiers); without `workspace_ids[]` the report covers every workspace, the Default Workspace included.',
    ),
    u(
      'UNSPEC-USAGE-ERRORS',
      'Errors of the usage report (malformed timestamps, unknown workspace identifiers, invalid values).',
      'The reference server answers 400 `invalid_request_error`; the suite asserts only a 4xx status with the error body.',
    ),
    u(
      'UNSPEC-USAGE-ADMIN-CREDENTIAL-REJECTED',
      'The status and error type when a workspace API key, or no key, is presented to the usage report.',
      'The reference server answers 401 `authentication_error` without a key and 403 `permission_error` with a workspace key; the suite asserts only a 4xx status.',
    ),
    u(
      'UNSPEC-USAGE-PAGINATION',
      'Paging of the usage report.',
      'Pagination `none`; the reference server answers one page.',
    ),
  ];
}
