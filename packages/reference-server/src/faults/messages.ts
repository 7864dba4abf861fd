/** Seeded faults of message creation and token counting (document 001, "POST /v1/messages/count_tokens"). */
import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [
  {
    name: 'TOKENS_EARLIER_THINKING_COUNTED',
    requirement: 'TOKENS-THINKING-EARLIER-IGNORED',
    description: 'Token counting counts the thinking blocks of earlier assistant turns.',
  },
  {
    name: 'TOKENS_CURRENT_THINKING_IGNORED',
    requirement: 'TOKENS-THINKING-CURRENT-COUNTS',
    description: 'Token counting leaves out the thinking blocks of the current assistant turn.',
  },
];
