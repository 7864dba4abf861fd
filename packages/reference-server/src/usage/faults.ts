/** Seeded faults of the usage report. */
import { type FaultPatches, named } from '../choices/table.js';

export const faults = named({
  USAGE_DEFAULT_WORKSPACE_NAMED: { usageDefaultWorkspaceId: () => 'default' },
  USAGE_ARCHIVED_DROPPED: { usageOfArchivedWorkspacesReported: () => false },
  USAGE_GROUP_BY_IGNORED: { usageGroupedByWorkspace: () => () => false },
} satisfies FaultPatches);
