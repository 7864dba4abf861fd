/**
 * Variants of message creation, token counting and batch request params: which models are active,
 * what a request must respect beyond the documents, what a reply holds, and how
 * tokens are counted.
 */
import { named, type VariantPatches } from '../choices/table.js';

type JsonObject = Record<string, unknown>;

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------------------------------------------------------------------------------------------
// Strict requests

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const THINKING_BUDGET_MIN = 1024;

/** Leading bytes of the image formats taken. */
const IMAGE_SIGNATURES: Readonly<Record<string, readonly number[]>> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/gif': [0x47, 0x49, 0x46, 0x38],
  'image/webp': [0x52, 0x49, 0x46, 0x46],
};

function conversationProblem(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one turn';
  let expected = 'user';
  for (const [i, turn] of messages.entries()) {
    if (!isObject(turn)) continue;
    if (turn.role !== expected) return `messages[${i}].role: turns start with a user turn and alternate`;
    expected = expected === 'user' ? 'assistant' : 'user';
    const content = turn.content;
    if (content === '' || (Array.isArray(content) && content.length === 0))
      return `messages[${i}].content: must not be empty`;
  }
  return null;
}

function imageProblem(block: JsonObject, where: string): string | null {
  const source = block.source;
  if (!isObject(source) || source.type !== 'base64') return null;
  const mediaType = String(source.media_type);
  // Own keys only: `constructor` is no media type.
  const signature = Object.hasOwn(IMAGE_SIGNATURES, mediaType) ? IMAGE_SIGNATURES[mediaType] : undefined;
  if (signature === undefined)
    return `${where}.source.media_type: must be one of ${Object.keys(IMAGE_SIGNATURES).join(', ')}`;
  const bytes = Buffer.from(String(source.data), 'base64');
  return signature.every((b, i) => bytes[i] === b)
    ? null
    : `${where}.source.data: not a ${source.media_type} image`;
}

/** What is wrong with message parameters by rules the documents do not state; null when nothing. */
function strictParamsProblem(params: unknown): string | null {
  if (!isObject(params)) return null;
  const conversation = conversationProblem(params.messages);
  if (conversation !== null) return conversation;
  const maxTokens = params.max_tokens;
  if (typeof maxTokens === 'number' && maxTokens < 1) return 'max_tokens: at least 1';
  const thinking = params.thinking;
  if (isObject(thinking) && typeof thinking.budget_tokens === 'number') {
    if (thinking.budget_tokens < THINKING_BUDGET_MIN)
      return `thinking.budget_tokens: at least ${THINKING_BUDGET_MIN}`;
    if (typeof maxTokens === 'number' && thinking.budget_tokens >= maxTokens)
      return 'thinking.budget_tokens: must be below max_tokens';
  }
  if (Array.isArray(params.tools)) {
    const names = new Set<unknown>();
    for (const [i, tool] of params.tools.entries()) {
      if (!isObject(tool)) continue;
      if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name))
        return `tools[${i}].name: must match ${TOOL_NAME}`;
      if (names.has(tool.name)) return `tools[${i}].name: tool names must be unique`;
      names.add(tool.name);
      const properties = isObject(tool.input_schema) ? tool.input_schema.properties : undefined;
      if (isObject(properties) && !Object.values(properties).every(isObject))
        return `tools[${i}].input_schema.properties: each property must be a schema object`;
    }
  }
  for (const [i, turn] of (params.messages as unknown[]).entries()) {
    if (!isObject(turn) || !Array.isArray(turn.content)) continue;
    for (const [j, block] of turn.content.entries()) {
      if (!isObject(block) || block.type !== 'image') continue;
      const problem = imageProblem(block, `messages[${i}].content[${j}]`);
      if (problem !== null) return problem;
    }
  }
  return null;
}

export const variants = named({
  'unknown-model-not-found': { onlyActiveModelsServed: () => true },
  'strict-message-params': {
    messageParamsProblem: (documented) => (params) => documented(params) ?? strictParamsProblem(params),
  },
  // `stop_sequences` honoured; a `thinking` block before the text when thinking is enabled.
  'richer-replies': {
    replyOptions: (documented) => ({ ...documented, stopSequences: true, thinkingBlocks: true }),
  },
  // Never streams: `stream: true` is answered with the whole message as JSON.
  'unstreamed-replies': { repliesStreamed: () => false },
  // Blocks cost one token more than text; trailing assistant turns are all the current turn.
  'other-token-counts': {
    replyOptions: (documented) => ({
      ...documented,
      counting: { blockFraming: 1, trailingAssistantTurnsMerged: true },
    }),
    optimisationTokens: () => 7,
  },
  'other-error-types': { internalErrorResultType: (documented) => (type) => documented(`${type}_variant`) },
} satisfies VariantPatches);
