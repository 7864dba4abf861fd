/**
 * Every case of the suite, by family. Each family folder exports `cases`.
 */
import type { CaseDefinition } from '../case.js';
import { cases as access } from './access/index.js';
import { cases as dreams } from './dreams/index.js';
import { cases as federation } from './federation/index.js';
import { cases as messageBatches } from './message-batches/index.js';
import { cases as messages } from './messages/index.js';
import { cases as negative } from './negative/index.js';
import { cases as rateLimits } from './rate-limits/index.js';
import { cases as sessions } from './sessions/index.js';
import { cases as tenancy } from './tenancy/index.js';
import { cases as usage } from './usage/index.js';
import { cases as workspaces } from './workspaces/index.js';

export const allCases: readonly CaseDefinition[] = [
  ...messages,
  ...messageBatches,
  ...access,
  ...negative,
  ...dreams,
  ...sessions,
  ...workspaces,
  ...rateLimits,
  ...usage,
  ...federation,
  ...tenancy,
];
