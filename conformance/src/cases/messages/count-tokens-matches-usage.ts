import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { conversation, countOptions } from './conversation.js';

/**
 * count_tokens accepts every documented body field and answers a count; messages.create reports
 * integer usage for the same turns. The two numbers are not compared: the count is an estimate
 * that may differ from the number used at creation (TOKENS-ESTIMATE, UNSPEC-TOKENS-TOKENIZATION).
 */
export const countTokensMatchesUsage = defineCase({
  id: 'messages.count-tokens-matches-usage',
  family: 'messages',
  title:
    'count_tokens gives a count for any conversation, with or without system, tools and thinking, and messages.create reports usage for the same request',
  requirements: [
    'TOKENS-RESPONSE',
    'TOKENS-BODY-MODEL',
    'TOKENS-BODY-MESSAGES',
    'TOKENS-BODY-SYSTEM',
    'TOKENS-BODY-TOOLS',
    'TOKENS-BODY-THINKING',
    'MSG-MODELS-ACTIVE-SUPPORT',
    'MSG-SHAPES-SHARED',
    'MSG-SYSTEM-STRING',
    'MSG-TOOL-NAME',
    'MSG-TOOL-DESCRIPTION',
    'MSG-TOOL-INPUT-SCHEMA-TYPE',
    'MSG-TOOL-INPUT-SCHEMA-PROPERTIES',
    'MSG-TOOL-INPUT-SCHEMA-REQUIRED',
    'MSG-THINKING-CONFIG-TYPE',
    'MSG-THINKING-CONFIG-BUDGET',
    'MSG-OBJECT-USAGE',
  ],
  async run(ctx: CaseContext) {
    await ctx.property(
      fc.tuple(fc.constantFrom(...ctx.vendor.models.all), conversation, countOptions),
      async ([model, messages, options]) => {
        const count = await ctx.call('messages.count_tokens', { body: { model, messages, ...options } });
        ctx.http.expect(count, [{ kind: 'status-class', equals: '2xx' }]);
        const n = ctx.bodyOf(count).input_tokens;
        if (!Number.isSafeInteger(n) || n < 0) ctx.fail(`input_tokens ${n} is not a non-negative integer`);
        const created = await ctx.call('messages.create', { body: { model, max_tokens: 32, messages } });
        ctx.http.expect(created, [{ kind: 'status-class', equals: '2xx' }]);
        const { usage } = ctx.bodyOf(created);
        if (!Number.isSafeInteger(usage.input_tokens) || !Number.isSafeInteger(usage.output_tokens))
          ctx.fail(`usage ${JSON.stringify(usage)} does not hold integers`);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 10) },
    );
  },
});
