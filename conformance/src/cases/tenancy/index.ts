import type { CaseDefinition } from '../../case.js';
import { dreamInputsOfOthers } from './dream-inputs.js';
import { otherTenantIds } from './other-tenant-ids.js';

export const cases: readonly CaseDefinition[] = [dreamInputsOfOthers, otherTenantIds];
