import { dreamInputsOfOthers } from './dream-inputs.js';
import { otherTenantIds } from './other-tenant-ids.js';

export const cases = [dreamInputsOfOthers, otherTenantIds] as const;
