/** Message creation and token counting, answered by the deterministic stand-in model. */
import type { MessageCountTokensParams, MessageCreateParams, MessageTokensCount } from '@vendor-api/spec';
import { generateMessage, inputTokensOf } from '../model.js';
import type { HandlerMap } from '../state.js';

export const handlers: HandlerMap = {
  'messages.create': ({ state, body }) => {
    const params = body as MessageCreateParams;
    return { status: 200, body: generateMessage(params, state.ids.next('message')) };
  },

  'messages.count_tokens': ({ body }) => {
    const count: MessageTokensCount = { input_tokens: inputTokensOf(body as MessageCountTokensParams) };
    return { status: 200, body: count };
  },
};
