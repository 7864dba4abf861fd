/** Choice points of message creation and token counting: the models served, the parameters read, the replies and the counts. */
import { point } from '../choices/point.js';
import type { ReplyOptions } from './model.js';

export const messages = {
  /** Whether only active models are served (else any model string is). */
  onlyActiveModelsServed: point<boolean>(['UNSPEC-MSG-UNKNOWN-MODEL'], false),
  /** What the server finds wrong with valid message parameters by rules the documents do not state: nothing. */
  messageParamsProblem: point<(params: unknown) => string | null>(
    [
      'UNSPEC-MSG-CONVERSATION-RULES',
      'UNSPEC-MSG-MAX-TOKENS-RANGE',
      'UNSPEC-MSG-THINKING-BUDGET-RANGE',
      'UNSPEC-MSG-TOOL-NAME',
      'UNSPEC-MSG-TOOL-INPUT-SCHEMA-KEYWORDS',
      'UNSPEC-MSG-IMAGE-MEDIA-TYPES',
    ],
    () => null,
  ),
  /** What a reply uses of the message format, and how its input is counted. */
  replyOptions: point<Required<ReplyOptions>>(
    [
      'UNSPEC-MSG-STOP-REASONS',
      'UNSPEC-MSG-RESPONSE-BLOCK-KINDS',
      'UNSPEC-MSG-STRING-CONTENT',
      'UNSPEC-TOKENS-CURRENT-TURN',
    ],
    {
      stopSequences: false,
      thinkingBlocks: false,
      counting: { blockFraming: 0, trailingAssistantTurnsMerged: false },
    },
  ),
  /** Tokens token counting adds for system optimisations (creation does not report them). */
  optimisationTokens: point<number>(['UNSPEC-TOKENS-TOKENIZATION'], 0),
  /** Whether a message asking for `stream: true` is answered as server-sent events. */
  repliesStreamed: point<boolean>(['UNSPEC-MSG-STREAMING'], true),
};
