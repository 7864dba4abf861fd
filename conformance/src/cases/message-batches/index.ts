import { customIdPattern, customIdUnique } from './custom-id.js';
import { expiredUnsent } from './expired-unsent.js';
import { lifecycleModel } from './lifecycle-model.js';
import { listPagination } from './list-pagination.js';
import { internalErrorsErrored, maxTokensZeroErrored, streamingItemNotStreamed } from './processed.js';
import { expiryAt24Hours, resultsRetention } from './scenarios.js';
import { sizeLimits } from './size-limits.js';
import { defaultWorkspacesScoped, workspaceScoped } from './workspace-scoped.js';

export const cases = [
  lifecycleModel,
  listPagination,
  customIdPattern,
  customIdUnique,
  maxTokensZeroErrored,
  internalErrorsErrored,
  streamingItemNotStreamed,
  workspaceScoped,
  defaultWorkspacesScoped,
  resultsRetention,
  expiryAt24Hours,
  expiredUnsent,
  sizeLimits,
] as const;
