/**
 * Generators of request content in the shapes the documents show (MSG-SHAPES-SHARED): turns that
 * start with a user turn and alternate (the suite asserts nothing about other sequences,
 * UNSPEC-MSG-CONVERSATION-RULES), text, image and thinking blocks, system prompts, custom tools and
 * the thinking config.
 */
import type {
  ImageBlock,
  MessageParam,
  TextBlock,
  ThinkingBlock,
  ThinkingConfig,
  ToolDefinition,
} from '@vendor-api/spec';
import fc from 'fast-check';

/** Text with at least one word, so a tokenizer cannot count it as nothing. */
export const words = fc
  .array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 6 })
  .map((w) => w.join(' '));

export const text = fc.string({ minLength: 1, maxLength: 40 });

export const textBlock = text.map((t): TextBlock => ({ type: 'text', text: t }));

/** The signature every PNG file starts with. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A small valid base64 payload (standard alphabet, padded) that starts like the PNG its media type
 * names: whether the data must be an image of that type is not shown (UNSPEC-MSG-IMAGE-MEDIA-TYPES).
 */
export const imageBlock = fc.uint8Array({ minLength: 1, maxLength: 24 }).map(
  (bytes): ImageBlock => ({
    type: 'image',
    source: {
      type: 'base64',
      media_type: 'image/png',
      data: Buffer.from([...PNG_SIGNATURE, ...bytes]).toString('base64'),
    },
  }),
);

export const thinkingBlock = fc
  .tuple(words, fc.stringMatching(/^[A-Za-z0-9]{8,16}$/))
  .map(([thinking, signature]): ThinkingBlock => ({ type: 'thinking', thinking, signature }));

const userContent = fc.oneof(text, fc.array(fc.oneof(textBlock, imageBlock), { minLength: 1, maxLength: 2 }));
const assistantContent = fc.oneof(
  text,
  fc.array(fc.oneof(textBlock, thinkingBlock), { minLength: 1, maxLength: 2 }),
);

/** A conversation ending with a user turn. */
export const conversation = fc
  .array(fc.tuple(userContent, assistantContent), { minLength: 0, maxLength: 2 })
  .chain((pairs) =>
    userContent.map((last): MessageParam[] => [
      ...pairs.flatMap(([u, a]): MessageParam[] => [
        { role: 'user', content: u },
        { role: 'assistant', content: a },
      ]),
      { role: 'user', content: last },
    ]),
  );

export const system = fc.option(words, { nil: undefined });

export const tool = fc
  .tuple(
    fc.stringMatching(/^[a-z_]{1,12}$/),
    words,
    fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 3 }),
  )
  .map(
    ([name, description, props]): ToolDefinition => ({
      name,
      description,
      input_schema: {
        type: 'object',
        properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])),
        required: props.slice(0, 1),
      },
    }),
  );

export const thinkingConfig = fc.integer({ min: 1024, max: 4096 }).map(
  (budget_tokens): ThinkingConfig => ({
    type: 'enabled',
    budget_tokens,
  }),
);

/** Optional count_tokens fields: `system`, `tools`, `thinking`, each present or not. */
export const countOptions = fc.record(
  {
    system: words,
    tools: fc.array(tool, { minLength: 1, maxLength: 2 }),
    thinking: thinkingConfig,
  },
  { requiredKeys: [] },
);
