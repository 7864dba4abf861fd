import type { MessageAssistantParam, MessageCountTokensParams, MessageTokensCount } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import type { Response } from '../../http.js';
import { conversation, textBlock, thinkingBlock, thinkingConfig } from './conversation.js';

const count = (res: Response) => (res.body as MessageTokensCount).input_tokens;

/**
 * The two thinking rules of token counting, asserted only where "the current assistant turn" reads
 * unambiguously (UNSPEC-TOKENS-CURRENT-TURN): an assistant turn followed by a user turn is an
 * earlier turn; a final assistant turn is the current one. The count is an estimate
 * (TOKENS-ESTIMATE), so it is only compared with itself, never with usage at creation.
 */
export const earlierThinkingIgnored = defineCase({
  id: 'messages.count-tokens-earlier-thinking-ignored',
  family: 'messages',
  title:
    'adding a thinking block to an earlier assistant turn (one followed by a user turn) leaves the token count unchanged',
  requirements: [
    'TOKENS-THINKING-EARLIER-IGNORED',
    'MSG-BLOCK-THINKING',
    'MSG-BLOCK-THINKING-ASSISTANT-ONLY',
    'TOKENS-RESPONSE',
  ],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      fc.tuple(
        conversation,
        fc.array(textBlock, { minLength: 1, maxLength: 2 }),
        fc.array(thinkingBlock, { minLength: 1, maxLength: 2 }),
        fc.option(thinkingConfig, { nil: undefined }),
      ),
      async ([before, assistantText, thinking, config]) => {
        const conv = (assistant: MessageAssistantParam['content']): MessageCountTokensParams => ({
          model,
          messages: [
            { role: 'user', content: 'start' },
            { role: 'assistant', content: assistant },
            ...before,
          ],
          ...(config ? { thinking: config } : {}),
        });
        const without = await ctx.call('messages.count_tokens', { body: conv(assistantText) });
        ctx.http.expect(without, [{ kind: 'status-class', equals: '2xx' }]);
        const withThinking = await ctx.call('messages.count_tokens', {
          body: conv([...thinking, ...assistantText]),
        });
        ctx.http.expect(withThinking, [{ kind: 'status-class', equals: '2xx' }]);
        if (count(withThinking) !== count(without))
          ctx.fail(
            `thinking in an earlier assistant turn changed the count from ${count(without)} to ${count(withThinking)}`,
          );
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});

export const currentThinkingCounts = defineCase({
  id: 'messages.count-tokens-current-thinking-counts',
  family: 'messages',
  title: 'adding a thinking block to the current (final) assistant turn raises the token count',
  requirements: ['TOKENS-THINKING-CURRENT-COUNTS', 'MSG-BLOCK-THINKING', 'TOKENS-RESPONSE'],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      fc.tuple(
        conversation,
        fc.array(textBlock, { minLength: 1, maxLength: 2 }),
        thinkingBlock,
        fc.option(thinkingConfig, { nil: undefined }),
      ),
      async ([before, assistantText, thinking, config]) => {
        const conv = (assistant: MessageAssistantParam['content']): MessageCountTokensParams => ({
          model,
          messages: [...before, { role: 'assistant', content: assistant }],
          ...(config ? { thinking: config } : {}),
        });
        const without = await ctx.call('messages.count_tokens', { body: conv(assistantText) });
        ctx.http.expect(without, [{ kind: 'status-class', equals: '2xx' }]);
        const withThinking = await ctx.call('messages.count_tokens', {
          body: conv([thinking, ...assistantText]),
        });
        ctx.http.expect(withThinking, [{ kind: 'status-class', equals: '2xx' }]);
        if (!(count(withThinking) > count(without)))
          ctx.fail(
            `thinking "${thinking.thinking}" in the current assistant turn did not count: ${count(without)} -> ${count(withThinking)}`,
          );
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
