/** Seeded faults of message creation and token counting (document 001, "POST /v1/messages/count_tokens"). */

import { rewriteBody } from '../choices/operations.js';
import { type FaultPatches, named } from '../choices/table.js';
import { thinkingTokens } from './model.js';

/** The count answered, moved by the thinking tokens of some turns of the request. */
const countMoved = (turns: 'earlier' | 'current', sign: 1 | -1) =>
  rewriteBody('messages.count_tokens', (body, ctx) => ({
    ...body,
    input_tokens: Number(body.input_tokens) + sign * thinkingTokens(ctx.body, turns),
  }));

export const faults = named({
  TOKENS_EARLIER_THINKING_COUNTED: countMoved('earlier', 1),
  TOKENS_CURRENT_THINKING_IGNORED: countMoved('current', -1),
} satisfies FaultPatches);
