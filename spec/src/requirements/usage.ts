/**
 * Requirements of the messages usage report (document 000:
 * GET /v1/organizations/usage_report/messages; Workspace).
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S = {
  workspace: 'Resources and their fields > Workspace',
  report: 'Endpoints > GET /v1/organizations/usage_report/messages (admin credential)',
  auth: 'Authentication > OAuth scopes (`oauth_scope` of a rule)',
} as const;

const r = requirementsOf('federation');

export function requirements(_v: Vendor): Requirement[] {
  return [
    r(
      'USAGE-ADMIN-CREDENTIAL',
      S.report,
      'GET /v1/organizations/usage_report/messages takes an admin API key in `x-api-key`.',
      'http',
    ),
    r(
      'USAGE-ACCESS-TOKEN-403',
      S.auth,
      'An access token presented to the usage report is outside its scope (no scope grants administrative endpoints) and gets HTTP 403.',
      'fixture',
    ),
    r('USAGE-STARTING-AT', S.report, '`starting_at` is a timestamp in ISO 8601, in UTC.', 'http'),
    r('USAGE-ENDING-AT', S.report, '`ending_at` is a timestamp (ISO 8601, UTC like `starting_at`).', 'http'),
    r('USAGE-WORKSPACE-IDS', S.report, '`workspace_ids[]` is an array of workspace identifiers.', 'http'),
    r(
      'USAGE-GROUP-BY',
      S.report,
      '`group_by[]` is an array of grouping dimensions; `workspace_id` is one value.',
      'http',
    ),
    r('USAGE-BUCKET-WIDTH', S.report, '`bucket_width` is a string; `1d` is one value.', 'http'),
    r(
      'USAGE-DEFAULT-WORKSPACE-NULL',
      S.workspace,
      'Usage attributed to the Default Workspace reports `workspace_id` as null.',
      'fixture',
    ),
  ];
}
