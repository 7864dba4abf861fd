import type { CaseDefinition } from '../../case.js';
import { usageAdminKeyOnly } from './admin-credential.js';
import { usageReport } from './report.js';

export const cases: readonly CaseDefinition[] = [usageReport, usageAdminKeyOnly];
