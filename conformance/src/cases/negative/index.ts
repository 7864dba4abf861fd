import type { CaseDefinition } from '../../case.js';
import { negativeCases } from './cases.js';

export const cases: readonly CaseDefinition[] = [...negativeCases];
