import { idPrefix, MessageId } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { conversation } from './conversation.js';

export const createResponseShape = defineCase({
  id: 'messages.create-response-shape',
  family: 'messages',
  title:
    'messages.create answers a message: msg_ id, type message, role assistant, text content blocks, the model, a stop_reason and integer usage',
  requirements: [
    'MSG-CREATE-MODEL',
    'MSG-CREATE-MAX-TOKENS',
    'MSG-CREATE-MESSAGES',
    'MSG-CREATE-RESPONSE',
    'MSG-MODELS-NAMED',
    'MSG-TURN-ROLE',
    'MSG-TURN-CONTENT',
    'MSG-BLOCK-TEXT',
    'MSG-BLOCK-IMAGE',
    'MSG-BLOCK-IMAGE-SOURCE-BASE64',
    'MSG-BLOCK-IMAGE-MEDIA-TYPE',
    'MSG-BLOCK-IMAGE-DATA-BASE64',
    'MSG-BLOCK-THINKING',
    'MSG-OBJECT-ID-PREFIX',
    'MSG-OBJECT-TYPE',
    'MSG-OBJECT-ROLE',
    'MSG-OBJECT-CONTENT-ARRAY',
    'MSG-OBJECT-TEXT-BLOCK',
    'MSG-OBJECT-MODEL',
    'MSG-OBJECT-STOP-REASON',
    'MSG-OBJECT-USAGE',
  ],
  async run(ctx: CaseContext) {
    const models = ctx.vendor.models.all;
    await ctx.property(
      fc.tuple(fc.constantFrom(...models), fc.integer({ min: 1, max: 256 }), conversation),
      async ([model, max_tokens, messages]) => {
        const res = await ctx.call('messages.create', { body: { model, max_tokens, messages } });
        // The success status is not shown (UNSPEC-MSG-SUCCESS-STATUS): any 2xx.
        ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
        const m = ctx.bodyOf(res);
        const prefix = idPrefix(MessageId);
        if (typeof m.id !== 'string' || !m.id.startsWith(prefix))
          ctx.fail(`id ${JSON.stringify(m.id)} lacks ${prefix}`);
        ctx.field(res, '/type', 'message');
        ctx.field(res, '/role', 'assistant');
        if (!Array.isArray(m.content)) ctx.fail('content is not an array');
        for (const [i, block] of m.content.entries()) {
          if (block.type === 'text' && typeof block.text !== 'string')
            ctx.fail(`content[${i}].text is not a string`);
        }
        if (typeof m.model !== 'string' || m.model === '') ctx.fail('model is not a model name');
        if (typeof m.stop_reason !== 'string') ctx.fail('stop_reason is not a string');
        for (const k of ['input_tokens', 'output_tokens'] as const) {
          const n = m.usage?.[k];
          if (!Number.isSafeInteger(n) || n < 0) ctx.fail(`usage.${k} ${JSON.stringify(n)} is not a count`);
        }
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
