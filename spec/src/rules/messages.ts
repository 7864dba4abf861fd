/**
 * Rules of message content that JSON Schema cannot say, used by the reference server's
 * deterministic stand-in model and by token counting:
 * - `normalizeContent`: a string `content` is read as one text block (the project's reading,
 *   UNSPEC-MSG-STRING-CONTENT);
 * - `countableContent`: the part of a request that counts for input tokens. Thinking blocks of
 *   earlier assistant turns are ignored (TOKENS-THINKING-EARLIER-IGNORED); thinking in the current
 *   assistant turn counts (TOKENS-THINKING-CURRENT-COUNTS). The current assistant turn is the last
 *   turn of `messages` when its role is `assistant` (UNSPEC-TOKENS-CURRENT-TURN).
 *
 * Every function takes unknown input and answers a result; none throws.
 */
import type { ContentBlockParam, MessageRole, ToolDefinition } from '../resources/messages.js';

/**
 * `max_tokens` of a message creation that leaves it out, where the reference server tolerates the
 * omission (UNSPEC-MSG-CREATE-REQUIRED: the documents do not say which parameters are required).
 */
export const MAX_TOKENS_WHEN_OMITTED = 1024;

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'MSG-TURN-ROLE',
  'MSG-TURN-CONTENT',
  'MSG-SHAPES-SHARED',
  'MSG-BLOCK-THINKING-ASSISTANT-ONLY',
  'TOKENS-BODY-SYSTEM',
  'TOKENS-BODY-TOOLS',
  'TOKENS-THINKING-EARLIER-IGNORED',
  'TOKENS-THINKING-CURRENT-COUNTS',
];

/** A rule's answer: a value, or a clear reason the input was not usable. */
export type RuleResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

const ok = <T>(value: T): RuleResult<T> => ({ ok: true, value });
const fail = <T>(error: string): RuleResult<T> => ({ ok: false, error });

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A turn with its content as blocks. */
export interface NormalizedTurn {
  readonly role: MessageRole;
  readonly content: readonly ContentBlockParam[];
}

/** What counts for input tokens: the system prompt, the tool definitions and the turns. */
export interface CountableContent {
  /** The system prompt, or null when none was given. */
  readonly system: string | null;
  /** The tool definitions, empty when none were given. */
  readonly tools: readonly ToolDefinition[];
  /** The turns, as blocks, without the thinking blocks of earlier assistant turns. */
  readonly messages: readonly NormalizedTurn[];
}

/**
 * A turn's content as blocks (MSG-TURN-CONTENT): a string is one text block with that text
 * (the empty string included); an array is returned as is. Anything else is an error.
 */
export function normalizeContent(content: unknown): RuleResult<ContentBlockParam[]> {
  if (typeof content === 'string') return ok([{ type: 'text', text: content }]);
  if (!Array.isArray(content)) return fail('content must be a string or an array of blocks');
  for (const [i, block] of content.entries()) {
    if (!isObject(block) || typeof block.type !== 'string') {
      return fail(`content[${i}] must be a block object with a string \`type\``);
    }
  }
  return ok([...(content as ContentBlockParam[])]);
}

/**
 * Index of the current assistant turn: the last turn when its role is `assistant`, else -1
 * (the last turn is a user turn, so every assistant turn is an earlier one). UNSPEC-TOKENS-CURRENT-TURN.
 */
export function currentAssistantTurnIndex(messages: readonly { readonly role: string }[]): number {
  const last = messages.length - 1;
  return last >= 0 && messages[last]?.role === 'assistant' ? last : -1;
}

/**
 * The request content that counts for input tokens (TOKENS-THINKING-EARLIER-IGNORED,
 * TOKENS-THINKING-CURRENT-COUNTS): `system` (null when absent), `tools` (empty when absent) and
 * every turn normalised to blocks, with the thinking blocks of earlier assistant turns removed
 * and those of the current assistant turn kept. Takes a token-counting or message-creation body;
 * other fields (model, max_tokens, the thinking config) are not content and are left out.
 */
export function countableContent(params: unknown): RuleResult<CountableContent> {
  if (!isObject(params)) return fail('params must be an object');
  const { system, tools, messages } = params;
  if (system !== undefined && typeof system !== 'string') return fail('system must be a string');
  if (tools !== undefined && !Array.isArray(tools)) return fail('tools must be an array of tool definitions');
  if (!Array.isArray(messages)) return fail('messages must be an array of turns');

  const turns: { role: MessageRole; raw: unknown }[] = [];
  for (const [i, turn] of messages.entries()) {
    if (!isObject(turn)) return fail(`messages[${i}] must be an object`);
    const role = turn.role;
    if (role !== 'user' && role !== 'assistant')
      return fail(`messages[${i}].role must be "user" or "assistant"`);
    turns.push({ role, raw: turn.content });
  }
  const current = currentAssistantTurnIndex(turns);
  const normalized: NormalizedTurn[] = [];
  for (const [i, turn] of turns.entries()) {
    const content = normalizeContent(turn.raw);
    if (!content.ok) return fail(`messages[${i}].${content.error}`);
    const keep =
      turn.role === 'assistant' && i !== current
        ? content.value.filter((b) => b.type !== 'thinking')
        : content.value;
    normalized.push({ role: turn.role, content: keep });
  }
  return ok({
    system: system ?? null,
    tools: (tools as ToolDefinition[] | undefined) ?? [],
    messages: normalized,
  });
}

/**
 * Indices of the turns that carry a thinking block although they are not assistant turns
 * (MSG-BLOCK-THINKING-ASSISTANT-ONLY; the schema enforces the same, this serves diagnostics).
 */
export function misplacedThinkingTurns(messages: unknown): RuleResult<number[]> {
  if (!Array.isArray(messages)) return fail('messages must be an array of turns');
  const out: number[] = [];
  for (const [i, turn] of messages.entries()) {
    if (!isObject(turn)) return fail(`messages[${i}] must be an object`);
    if (turn.role === 'assistant' || !Array.isArray(turn.content)) continue;
    if (turn.content.some((b) => isObject(b) && b.type === 'thinking')) out.push(i);
  }
  return ok(out);
}
