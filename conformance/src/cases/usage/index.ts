import { usageAdminKeyOnly } from './admin-credential.js';
import { usageReport } from './report.js';

export const cases = [usageReport, usageAdminKeyOnly] as const;
