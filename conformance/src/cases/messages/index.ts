import { countTokensMatchesUsage } from './count-tokens-matches-usage.js';
import { currentThinkingCounts, earlierThinkingIgnored } from './count-tokens-thinking.js';
import { createResponseShape } from './create-response-shape.js';

export const cases = [
  countTokensMatchesUsage,
  createResponseShape,
  earlierThinkingIgnored,
  currentThinkingCounts,
] as const;
