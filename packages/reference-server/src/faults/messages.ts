/** Seeded faults of message creation and token counting (document 001, "POST /v1/messages/count_tokens"). */
import { thinkingTokens } from '../model.js';
import { rewriteBody } from './answers.js';
import type { AreaImplementations } from './types.js';

/** The count answered, moved by the thinking tokens of some turns of the request. */
const countMoved = (turns: 'earlier' | 'current', sign: 1 | -1) =>
  rewriteBody((body, ctx) => ({
    ...body,
    input_tokens: Number(body.input_tokens) + sign * thinkingTokens(ctx.body, turns),
  }));

export const messages: AreaImplementations<'messages'> = {
  TOKENS_EARLIER_THINKING_COUNTED: { operations: { 'messages.count_tokens': countMoved('earlier', 1) } },
  TOKENS_CURRENT_THINKING_IGNORED: { operations: { 'messages.count_tokens': countMoved('current', -1) } },
};
