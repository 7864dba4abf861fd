import fc from 'fast-check';
import { defineCase } from '../../case.js';

const text = fc.string({ minLength: 1, maxLength: 40 });
const turns = fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 3 }).map((pairs) =>
  pairs
    .flatMap(([u, a]) => [
      { role: 'user', content: u },
      { role: 'assistant', content: a },
    ])
    .slice(0, -1),
);

export const countTokensMatchesUsage = defineCase({
  id: 'messages.count-tokens-matches-usage',
  family: 'messages',
  title:
    'count_tokens gives a count for any conversation, and messages.create reports usage for the same request',
  requirements: ['TOKENS-RESPONSE', 'MSG-OBJECT-USAGE'],
  async run(ctx) {
    const model = ctx.vendor.models.sonnet;
    await ctx.property(
      turns,
      async (messages) => {
        const count = await ctx.call('messages.count_tokens', { body: { model, messages } });
        ctx.status(count, 200);
        const created = await ctx.call('messages.create', { body: { model, max_tokens: 32, messages } });
        ctx.status(created, 200);
        const n = (count.body as { input_tokens: number }).input_tokens;
        if (!Number.isInteger(n) || n < 0) ctx.fail(`input_tokens ${n} is not a non-negative integer`);
      },
      { numRuns: 10 },
    );
  },
});
