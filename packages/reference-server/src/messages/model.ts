/**
 * The deterministic stand-in model: no network, no weights. Token counts and reply text are pure
 * functions of the request, and what counts as input comes from the spec's `countableContent`
 * (thinking blocks of earlier assistant turns ignored, the current turn's counted).
 */
import { type Message, messageRules } from '@vendor-api/spec';

type CountableContent = messageRules.CountableContent;

/** The characters of a word: letters, digits and `_` (a character-class body). */
const WORD_CHARS = '\\p{L}\\p{N}_';
/** A token of the stand-in model: a run of word characters, or one other non-space character. */
const TOKEN_PATTERN = new RegExp(`[${WORD_CHARS}]+|[^\\s${WORD_CHARS}]`, 'gu');

/** The pattern's classes over ASCII: 0 white space (`\s`), 1 word character, 2 anything else. */
const ASCII_CLASS = (() => {
  const word = new RegExp(`^[${WORD_CHARS}]$`, 'u');
  const classes = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    classes[c] = /^\s$/u.test(ch) ? 0 : word.test(ch) ? 1 : 2;
  }
  return classes;
})();

interface TokenScan {
  /** Tokens counted (at most `max`). */
  readonly tokens: number;
  /** Where the last counted token ends. */
  readonly end: number;
  /** Whether a token beyond `max` exists. */
  readonly truncated: boolean;
}

/**
 * Counts the tokens of a text up to `max` with TOKEN_PATTERN. ASCII text, the common case, is
 * scanned by character class without the regular expression (the same tokens: tested against it).
 */
function scanTokens(text: string, max: number): TokenScan {
  return scanAscii(text, max) ?? scanPattern(text, max);
}

function scanPattern(text: string, max: number): TokenScan {
  let tokens = 0;
  let end = 0;
  for (const m of text.matchAll(TOKEN_PATTERN)) {
    if (tokens === max) return { tokens, end, truncated: true };
    tokens++;
    end = (m.index ?? 0) + m[0].length;
  }
  return { tokens, end, truncated: false };
}

/** `scanPattern` for ASCII text; null when the text holds another character. */
function scanAscii(text: string, max: number): TokenScan | null {
  let tokens = 0;
  let end = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= 128) return null;
    const kind = ASCII_CLASS[c];
    if (kind === 0) {
      i++;
      continue;
    }
    if (tokens === max) return { tokens, end, truncated: true };
    tokens++;
    i++;
    if (kind === 1) {
      for (; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d >= 128) return null;
        if (ASCII_CLASS[d] !== 1) break;
      }
    }
    end = i;
  }
  return { tokens, end, truncated: false };
}

/** Tokens of a text: words and single punctuation marks. */
export function textTokens(text: string): number {
  return scanTokens(text, Number.POSITIVE_INFINITY).tokens;
}

/** The first `max` tokens of a text (whole tokens, original spacing kept). */
export function truncateTokens(
  text: string,
  max: number,
): { text: string; tokens: number; truncated: boolean } {
  const scan = scanTokens(text, max);
  return {
    text: scan.truncated ? text.slice(0, scan.end) : text,
    tokens: scan.tokens,
    truncated: scan.truncated,
  };
}

/** The tokenizers, for the test that holds the ASCII scan to the pattern. */
export const tokenizers = { scanAscii, scanPattern } as const;

/** Overhead per turn, and for the system prompt and each tool (the stand-in's own constants). */
const TURN_OVERHEAD = 3;
const SYSTEM_OVERHEAD = 3;
const TOOL_OVERHEAD = 5;
/** Cost of an image: a base and one token per 1,000 characters of base64 data. */
const IMAGE_BASE = 85;

function blockTokens(block: CountableContent['messages'][number]['content'][number]): number {
  switch (block.type) {
    case 'text':
      return textTokens(block.text);
    case 'thinking':
      return textTokens(block.thinking);
    case 'image':
      return IMAGE_BASE + Math.ceil(block.source.data.length / 1000);
    default:
      return 0;
  }
}

/** Input tokens of countable content. */
export function countInputTokens(content: CountableContent): number {
  let n = 0;
  if (content.system !== null) n += SYSTEM_OVERHEAD + textTokens(content.system);
  for (const tool of content.tools) n += TOOL_OVERHEAD + textTokens(JSON.stringify(tool));
  for (const turn of content.messages) {
    n += TURN_OVERHEAD;
    for (const block of turn.content) n += blockTokens(block);
  }
  return n;
}

/**
 * Input tokens of content blocks and tools of kinds the documents do not show, accepted but not
 * read by the stand-in model (UNSPEC-MSG-CONTENT-BLOCK-KINDS, UNSPEC-MSG-TOOL-KINDS): each counted
 * as its JSON text, so a request counts more with them than without.
 */
export function unshownKindTokens(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  let n = 0;
  for (const item of items) n += textTokens(JSON.stringify(item) ?? '');
  return n;
}

/** A generated message whose input also counts the blocks and tools of unshown kinds dropped from its request. */
export function withUnshownKinds(message: Message, dropped: unknown): Message {
  const unshown = unshownKindTokens(dropped);
  if (unshown === 0) return message;
  return { ...message, usage: { ...message.usage, input_tokens: message.usage.input_tokens + unshown } };
}

/** How a server counts beyond the stand-in's tokenizer (a seam's choice; the reference server's below). */
export interface Counting {
  /** Tokens each counted block of a content array costs beyond its text. */
  readonly blockFraming: number;
  /** Consecutive assistant turns at the end are all the current assistant turn. */
  readonly trailingAssistantTurnsMerged: boolean;
}

const REFERENCE_COUNTING: Counting = { blockFraming: 0, trailingAssistantTurnsMerged: false };

type Turn = { readonly role?: unknown; readonly content?: unknown };

/** The params with consecutive assistant turns at the end merged into one. */
function withTrailingAssistantTurnsMerged(params: unknown): unknown {
  const messages = (params as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return params;
  let first = messages.length;
  while (first > 0 && (messages[first - 1] as Turn | null)?.role === 'assistant') first--;
  if (messages.length - first < 2) return params;
  const blocks = messages.slice(first).flatMap((t: Turn) => {
    const content = messageRules.normalizeContent(t.content);
    return content.ok ? content.value : [];
  });
  return {
    ...(params as object),
    messages: [...messages.slice(0, first), { role: 'assistant', content: blocks }],
  };
}

/** Blocks of content arrays that count (the thinking of earlier assistant turns does not). */
function countedArrayBlocks(params: unknown): number {
  const messages = (params as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return 0;
  const current = messageRules.currentAssistantTurnIndex(
    messages.map((m) => ({ role: String((m as Turn | null)?.role) })),
  );
  let n = 0;
  for (const [i, turn] of messages.entries()) {
    const content = (turn as Turn | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as { type?: unknown }[]) {
      if (block?.type !== 'thinking' || i === current) n++;
    }
  }
  return n;
}

/**
 * Input tokens of a message-creation or token-counting body. The body has passed validation, so
 * `countableContent` cannot fail; if it does, the request is counted as empty.
 */
export function inputTokensOf(
  params: unknown,
  counting: Counting = REFERENCE_COUNTING,
  /** `countableContent(params)`, when the caller has it already. */
  countable?: ReturnType<typeof messageRules.countableContent>,
): number {
  const merged = counting.trailingAssistantTurnsMerged;
  const read = merged ? withTrailingAssistantTurnsMerged(params) : params;
  const content = !merged && countable !== undefined ? countable : messageRules.countableContent(read);
  if (!content.ok) return 0;
  return countInputTokens(content.value) + counting.blockFraming * countedArrayBlocks(read);
}

/**
 * Tokens of the thinking blocks of a request's earlier assistant turns, or of its current
 * assistant turn (the last turn, when it is an assistant's). Used only by the seeded faults of
 * token counting (TOKENS-THINKING-EARLIER-IGNORED, TOKENS-THINKING-CURRENT-COUNTS).
 */
export function thinkingTokens(params: unknown, which: 'earlier' | 'current'): number {
  const messages = (params as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return 0;
  const current = messageRules.currentAssistantTurnIndex(
    messages.map((m) => ({ role: String((m as { role?: unknown } | null)?.role) })),
  );
  let n = 0;
  for (const [i, turn] of messages.entries()) {
    const t = turn as { role?: unknown; content?: unknown } | null;
    if (t?.role !== 'assistant' || !Array.isArray(t.content)) continue;
    if ((which === 'current') !== (i === current)) continue;
    for (const block of t.content as { type?: unknown; thinking?: unknown }[]) {
      if (block?.type === 'thinking' && typeof block.thinking === 'string') n += textTokens(block.thinking);
    }
  }
  return n;
}

function lastUserText(content: CountableContent): string {
  for (let i = content.messages.length - 1; i >= 0; i--) {
    const turn = content.messages[i];
    if (turn?.role !== 'user') continue;
    return turn.content
      .map((b) => (b.type === 'text' ? b.text : ''))
      .join(' ')
      .trim();
  }
  return '';
}

/** What a reply uses of the message format beyond a text block and `end_turn` (a seam's choice). */
export interface ReplyOptions {
  readonly stopSequences?: boolean;
  readonly thinkingBlocks?: boolean;
  readonly counting?: Counting;
}

/** What the stand-in model thinks before it answers (a `thinking` block, when asked for one). */
const THINKING = 'Answering with the last user turn.';

/** The first of `sequences` in `text`: where it starts, and which. */
function firstStop(text: string, sequences: unknown): { at: number; sequence: string } | null {
  if (!Array.isArray(sequences)) return null;
  let best: { at: number; sequence: string } | null = null;
  for (const s of sequences) {
    if (typeof s !== 'string' || s === '') continue;
    const at = text.indexOf(s);
    if (at >= 0 && (best === null || at < best.at)) best = { at, sequence: s };
  }
  return best;
}

/** The message the stand-in model answers with; `id` is minted by the caller. */
export function generateMessage(
  params: { readonly model: string; readonly max_tokens: number } & Record<string, unknown>,
  id: string,
  options: ReplyOptions = {},
): Message {
  const content = messageRules.countableContent(params);
  const countable = content.ok ? content.value : { system: null, tools: [], messages: [] };
  const input = options.counting
    ? inputTokensOf(params, options.counting, content)
    : countInputTokens(countable);
  const prompt = lastUserText(countable);
  const full = `Reference reply: ${prompt === '' ? '(no text)' : prompt}`;
  const stop = options.stopSequences ? firstStop(full, params.stop_sequences) : null;
  const out = truncateTokens(stop === null ? full : full.slice(0, stop.at), params.max_tokens);
  const thinking =
    options.thinkingBlocks && (params.thinking as { type?: unknown } | undefined)?.type === 'enabled';
  const blocks: Message['content'] = [{ type: 'text', text: out.text }];
  if (thinking) {
    blocks.unshift({ type: 'thinking', thinking: THINKING, signature: `sig_${id}` } as never);
  }
  return {
    id,
    type: 'message',
    role: 'assistant',
    content: blocks,
    model: params.model,
    stop_reason: out.truncated ? 'max_tokens' : stop !== null ? 'stop_sequence' : 'end_turn',
    ...(stop !== null && !out.truncated ? { stop_sequence: stop.sequence } : {}),
    usage: { input_tokens: input, output_tokens: out.tokens + (thinking ? textTokens(THINKING) : 0) },
  };
}
