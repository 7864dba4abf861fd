/** Message creation and token counting, answered by the deterministic stand-in model. */
import type { MessageTokensCount } from '@vendor-api/spec';
import { apiError } from '../errors.js';
import { UNSHOWN_KINDS } from '../pipeline/pruning.js';
import { organizationRateLimits } from '../rate-limits/config.js';
import { ownerOf, type ServerState, type SomeHandlers } from '../state.js';
import { recordMessageUsage } from '../usage/report.js';
import { generateMessage, inputTokensOf, unshownKindTokens, withUnshownKinds } from './model.js';
import { messageEventStream } from './streaming.js';

/**
 * The active models: the documents' two and every identifier and alias of the rate-limit model
 * groups (the full list is not shown: UNSPEC-MSG-UNKNOWN-MODEL).
 */
export function activeModels(state: ServerState): string[] {
  const entries = organizationRateLimits(state.vendor, { other: state.choices.otherRateLimitConfiguration });
  return [...state.vendor.models.all, ...entries.flatMap((e) => e.models ?? [])];
}

/** Whether a model is refused as naming no active model (the server may serve any model string). */
export const modelRefused = (state: ServerState, model: unknown): boolean =>
  state.choices.onlyActiveModelsServed && !(typeof model === 'string' && activeModels(state).includes(model));

/**
 * Refuses parameters the server does not serve: a model that is not active, and rules the
 * documents do not state (UNSPEC-MSG-UNKNOWN-MODEL, UNSPEC-MSG-CONVERSATION-RULES and the
 * others of `messageParamsProblem`). The reference server serves every valid body.
 */
function refuseParams(state: ServerState, params: { readonly model: unknown }): void {
  if (modelRefused(state, params.model)) {
    throw apiError('model_not_active', { model: String(params.model) });
  }
  const problem = state.choices.messageParamsProblem(params);
  if (problem !== null) throw apiError('bad_request', { problem });
}

export const handlers = {
  'messages.create': (ctx) => {
    const { state } = ctx;
    const params = ctx.body;
    refuseParams(state, params);
    // Blocks and tools of kinds the documents do not show count as input (UNSPEC-MSG-CONTENT-BLOCK-KINDS).
    const message = withUnshownKinds(
      generateMessage(params, state.ids.next('message'), state.choices.replyOptions),
      ctx.unshown[UNSHOWN_KINDS],
    );
    // Usage of the caller's workspace (the Default Workspace as null): the usage report reads it.
    recordMessageUsage(state, ownerOf(ctx), state.clock.now(), message);
    // How streaming is asked for, and what it answers, is not shown (UNSPEC-MSG-STREAMING): the
    // events clients of the API family read, the same message taken apart (streaming.ts), each
    // made when the connection has taken the one before.
    if (state.choices.repliesStreamed && (params as { stream?: unknown }).stream === true) {
      return { status: 200, body: messageEventStream(message), contentType: 'text/event-stream' };
    }
    return { status: 200, body: message };
  },
  'messages.count_tokens': ({ state, body, unshown }) => {
    refuseParams(state, body);
    // The count is an estimate that may include tokens of system optimisations (TOKENS-ESTIMATE,
    // TOKENS-SYSTEM-OPTIMIZATION-UNBILLED); how many is not shown (UNSPEC-TOKENS-TOKENIZATION).
    // TOKENS-THINKING-EARLIER-IGNORED, TOKENS-THINKING-CURRENT-COUNTS
    const counted =
      inputTokensOf(body, state.choices.replyOptions.counting) + unshownKindTokens(unshown[UNSHOWN_KINDS]);
    const tokens = counted + state.choices.optimisationTokens;
    const count: MessageTokensCount = { input_tokens: tokens };
    return { status: 200, body: count };
  },
} satisfies SomeHandlers;
