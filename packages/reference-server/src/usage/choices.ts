/** Choice points of the usage report: how its query is read, what it reports and how it pages. */

import { point } from '../choices/point.js';
import { BUCKET_WIDTHS, GROUP_BY_VALUES, type UsageBucket } from './report.js';

/** How the usage report reads its query. */
export interface UsageReading {
  readonly startingAtRequired: boolean;
  readonly reversedRangeIsEmpty: boolean;
  readonly bucketWidths: Readonly<Record<string, number>>;
  readonly groupBy: readonly string[];
}

/** The usage report's body. */
export interface UsageReportBody {
  readonly data: readonly UsageBucket[];
  readonly has_more?: boolean;
  readonly next_page?: string | null;
}

export const usage = {
  /** How the query is read: `starting_at` optional, a reversed range refused, the reference widths and groupings. */
  usageReportReading: point<UsageReading>(
    [
      'UNSPEC-USAGE-PARAMS-REQUIRED',
      'UNSPEC-USAGE-RANGE',
      'UNSPEC-USAGE-GROUP-BY-VALUES',
      'UNSPEC-USAGE-BUCKET-WIDTH-VALUES',
    ],
    {
      startingAtRequired: false,
      reversedRangeIsEmpty: false,
      bucketWidths: BUCKET_WIDTHS,
      groupBy: GROUP_BY_VALUES,
    },
  ),
  /** Whether a report grouped by workspace gives every workspace it covers a row in every bucket (else only those with usage). */
  usageZeroRows: point<boolean>(['UNSPEC-USAGE-ZERO-ROWS'], false),
  /** The report's body: `{data}` with every bucket (`query`: what a variant admitted beyond the documents). */
  usagePage: point<
    (buckets: readonly UsageBucket[], query: Readonly<Record<string, unknown>>) => UsageReportBody
  >(['UNSPEC-USAGE-RESPONSE', 'UNSPEC-USAGE-PAGINATION'], (buckets) => ({ data: buckets })),
  /** Whether the report counts the usage of archived workspaces. */
  usageOfArchivedWorkspacesReported: point<boolean>(['WSARCH-HISTORY-PRESERVED'], true),
  /** Whether the report groups by workspace, given whether it was asked to. */
  usageGroupedByWorkspace: point<(asked: boolean) => boolean>(['USAGE-GROUP-BY'], (asked) => asked),
  /** The `workspace_id` of the Default Workspace in the report. */
  usageDefaultWorkspaceId: point<string | null>(['USAGE-DEFAULT-WORKSPACE-NULL'], null),
};
