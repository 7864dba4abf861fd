import { adminKeyOnly } from './admin-credential.js';
import { defaultWorkspaceNoEntry } from './default-workspace.js';
import { batchRequestsPerMinuteEnforced, enqueuedBatchRequestsEnforced } from './enforcement.js';
import { groupTypeFilter } from './group-type-filter.js';
import { modelFilter } from './model-filter.js';
import { organizationEntries } from './organization-entries.js';
import { readOnlySinglePage, workspaceLimitBounds } from './read-only.js';
import { workspaceOverrides } from './workspace-overrides.js';

export const cases = [
  organizationEntries,
  modelFilter,
  groupTypeFilter,
  workspaceOverrides,
  defaultWorkspaceNoEntry,
  adminKeyOnly,
  readOnlySinglePage,
  workspaceLimitBounds,
  enqueuedBatchRequestsEnforced,
  batchRequestsPerMinuteEnforced,
] as const;
