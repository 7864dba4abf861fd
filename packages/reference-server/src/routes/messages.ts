/** Message creation and token counting, answered by the deterministic stand-in model. */
import type { MessageCountTokensParams, MessageCreateParams, MessageTokensCount } from '@vendor-api/spec';
import { faultOn } from '../faults/index.js';
import { generateMessage, inputTokensOf, thinkingTokens } from '../model.js';
import type { HandlerMap } from '../state.js';

export const handlers: HandlerMap = {
  'messages.create': ({ state, body }) => {
    const params = body as MessageCreateParams;
    return { status: 200, body: generateMessage(params, state.ids.next('message')) };
  },

  'messages.count_tokens': ({ state, body }) => {
    let tokens = inputTokensOf(body as MessageCountTokensParams);
    // TOKENS-THINKING-EARLIER-IGNORED (seeded fault: earlier thinking blocks counted)
    if (faultOn(state, 'TOKENS_EARLIER_THINKING_COUNTED')) tokens += thinkingTokens(body, 'earlier');
    // TOKENS-THINKING-CURRENT-COUNTS (seeded fault: current thinking blocks left out)
    if (faultOn(state, 'TOKENS_CURRENT_THINKING_IGNORED')) tokens -= thinkingTokens(body, 'current');
    const count: MessageTokensCount = { input_tokens: tokens };
    return { status: 200, body: count };
  },
};
