/** Message creation and token counting, answered by the deterministic stand-in model. */
import type { MessageCountTokensParams, MessageCreateParams, MessageTokensCount } from '@vendor-api/spec';
import { organizationRateLimits } from '../admin/rate-limit-config.js';
import { recordMessageUsage } from '../admin/usage.js';
import { apiError } from '../errors.js';
import { generateMessage, inputTokensOf, type ReplyOptions } from '../model.js';
import { ownerOf, type ServerState, type SomeHandlers } from '../state.js';
import { messageEvents } from '../streaming.js';
import {
  messageParamsProblem,
  modelRefused,
  otherRateLimitConfiguration,
  replyStreamed,
  replyStyle,
  tokenCountReading,
} from '../variants/seams.js';

/**
 * The active models: the documents' two and every identifier and alias of the rate-limit model
 * groups (the full list is not shown: UNSPEC-MSG-UNKNOWN-MODEL).
 */
export function activeModels(state: ServerState): string[] {
  const entries = organizationRateLimits(state.vendor, { other: otherRateLimitConfiguration(state) });
  return [...state.vendor.models.all, ...entries.flatMap((e) => e.models ?? [])];
}

/**
 * Refuses parameters the server does not serve: a model that is not active, and rules the
 * documents do not state (UNSPEC-MSG-UNKNOWN-MODEL, UNSPEC-MSG-CONVERSATION-RULES and the
 * others `messageParamsProblem` names). The reference server serves every valid body.
 */
function refuseParams(state: ServerState, params: { readonly model: unknown }): void {
  if (modelRefused(state, params.model, () => activeModels(state))) {
    throw apiError('model_not_active', { model: String(params.model) });
  }
  const problem = messageParamsProblem(state, params);
  if (problem !== null) throw apiError('bad_request', { problem });
}

/** Reply options by variant set: they depend on the variants alone, chosen when the server starts. */
const replyOptionsByVariants = new WeakMap<ServerState['variants'], ReplyOptions>();

/** What a reply holds, and how its input is counted (UNSPEC-MSG-STOP-REASONS, UNSPEC-TOKENS-TOKENIZATION). */
export function replyOptions(state: ServerState): ReplyOptions {
  let options = replyOptionsByVariants.get(state.variants);
  if (options === undefined) {
    options = { ...replyStyle(state), counting: tokenCountReading(state) };
    replyOptionsByVariants.set(state.variants, options);
  }
  return options;
}

export const handlers = {
  'messages.create': (ctx) => {
    const { state } = ctx;
    const params = ctx.body as MessageCreateParams;
    refuseParams(state, params);
    const message = generateMessage(params, state.ids.next('message'), replyOptions(state));
    // Usage of the caller's workspace (the Default Workspace as null): the usage report reads it.
    recordMessageUsage(state, ownerOf(ctx), state.clock.now(), message);
    // How streaming is asked for, and what it answers, is not shown (UNSPEC-MSG-STREAMING): the
    // events clients of the API family read, the same message taken apart (streaming.ts).
    if (replyStreamed(state, params)) {
      return { status: 200, body: messageEvents(message), contentType: 'text/event-stream' };
    }
    return { status: 200, body: message };
  },
  'messages.count_tokens': ({ state, body }) => {
    refuseParams(state, body as MessageCountTokensParams);
    const reading = tokenCountReading(state);
    // The count is an estimate that may include tokens of system optimisations (TOKENS-ESTIMATE,
    // TOKENS-SYSTEM-OPTIMIZATION-UNBILLED); how many is not shown (UNSPEC-TOKENS-TOKENIZATION).
    // TOKENS-THINKING-EARLIER-IGNORED, TOKENS-THINKING-CURRENT-COUNTS
    const tokens = inputTokensOf(body as MessageCountTokensParams, reading) + reading.optimisationTokens;
    const count: MessageTokensCount = { input_tokens: tokens };
    return { status: 200, body: count };
  },
} satisfies SomeHandlers;
