import type { CaseDefinition } from '../../case.js';
import { countTokensMatchesUsage } from './count-tokens-matches-usage.js';

export const cases: readonly CaseDefinition[] = [countTokensMatchesUsage];
