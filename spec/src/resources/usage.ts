/**
 * The messages usage report (document 000: GET /v1/organizations/usage_report/messages).
 * Only the query is shown; the response body is not (UNSPEC-USAGE-RESPONSE).
 */
import { type Static, Type } from '@sinclair/typebox';
import { WorkspaceId } from './common.js';

/** Values of `group_by[]` and `bucket_width` the documents show; others exist but are not shown. */
export const USAGE_GROUP_BY_KNOWN = ['workspace_id'] as const;
export const USAGE_BUCKET_WIDTH_KNOWN = ['1d'] as const;
/** The width of each shown `bucket_width` value, in milliseconds (`1d`: one day). */
export const USAGE_BUCKET_WIDTH_MS = {
  '1d': 24 * 60 * 60 * 1000,
} as const satisfies Record<(typeof USAGE_BUCKET_WIDTH_KNOWN)[number], number>;

const utcTimestamp = (description: string, requirement: string) =>
  Type.String({
    format: 'date-time',
    pattern: '(?:[Zz]|\\+00:00)$',
    description,
    'x-requirements': [requirement],
  });

/** Query of `GET /v1/organizations/usage_report/messages`. */
export const UsageReportParams = Type.Object(
  {
    starting_at: Type.Optional(
      utcTimestamp(
        'Start of the report: an ISO 8601 timestamp in UTC. Whether it is required: not stated (UNSPEC-USAGE-PARAMS-REQUIRED).',
        'USAGE-STARTING-AT',
      ),
    ),
    ending_at: Type.Optional(
      utcTimestamp(
        'End of the report: a timestamp, read like `starting_at` (ISO 8601, UTC). Whether it is required: not stated (UNSPEC-USAGE-PARAMS-REQUIRED).',
        'USAGE-ENDING-AT',
      ),
    ),
    'workspace_ids[]': Type.Optional(
      Type.Array(Type.Ref(WorkspaceId), {
        description:
          'Workspaces to report on. How the Default Workspace (which has no identifier) is selected: not shown (UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER).',
        'x-requirements': ['USAGE-WORKSPACE-IDS'],
        'x-unspecified': ['UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER'],
        // How the Default Workspace is selected is not shown: an item need not be a `wrkspc_` id.
        'x-contract': { type: 'array', items: { type: 'string' } },
      }),
    ),
    'group_by[]': Type.Optional(
      Type.Array(
        Type.String({
          description:
            'A grouping dimension; `workspace_id` is one value, the others are not shown (UNSPEC-USAGE-GROUP-BY-VALUES).',
          examples: [...USAGE_GROUP_BY_KNOWN],
        }),
        { 'x-requirements': ['USAGE-GROUP-BY'], 'x-unspecified': ['UNSPEC-USAGE-GROUP-BY-VALUES'] },
      ),
    ),
    bucket_width: Type.Optional(
      Type.String({
        description:
          'Width of a time bucket; `1d` is one value, the others are not shown (UNSPEC-USAGE-BUCKET-WIDTH-VALUES).',
        examples: [...USAGE_BUCKET_WIDTH_KNOWN],
        'x-requirements': ['USAGE-BUCKET-WIDTH'],
        'x-unspecified': ['UNSPEC-USAGE-BUCKET-WIDTH-VALUES'],
      }),
    ),
  },
  {
    $id: 'UsageReportParams',
    additionalProperties: false,
    description:
      'Query of the messages usage report. Which parameters are required and how the range is validated: not stated (UNSPEC-USAGE-PARAMS-REQUIRED, UNSPEC-USAGE-RANGE).',
    'x-requirements': [
      'USAGE-STARTING-AT',
      'USAGE-ENDING-AT',
      'USAGE-WORKSPACE-IDS',
      'USAGE-GROUP-BY',
      'USAGE-BUCKET-WIDTH',
    ],
    'x-unspecified': ['UNSPEC-USAGE-PARAMS-REQUIRED', 'UNSPEC-USAGE-RANGE'],
  },
);
export type UsageReportParams = Static<typeof UsageReportParams>;
