/** Variants of the rate-limit lists: another configuration, archived workspaces, `page`. */
import { named, type VariantPatches } from '../choices/table.js';

export const variants = named({
  'rate-limits-other': {
    otherRateLimitConfiguration: () => true,
    modelWithOtherGroupRefused: () => true,
  },
  'archived-workspaces-other': { archivedWorkspaceRateLimitsListed: () => false },
  'lenient-cursors': { unissuedPageCursorRefused: () => false },
} satisfies VariantPatches);
