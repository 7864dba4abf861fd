/**
 * Every case of the suite, by family. Each family folder exports `cases`.
 */
import type { CaseDefinition } from '../case.js';
import { cases as messages } from './messages/index.js';

export const allCases: readonly CaseDefinition[] = [...messages];
