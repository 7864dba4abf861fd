import { batchRules } from '@vendor-api/spec';
import fc from 'fast-check';
import { type CaseContext, defineCase } from '../../case.js';
import { body, requestItem, success } from './checks.js';

const idChar = fc.constantFrom(...'abcXYZ019_-'.split(''));
const idOf = (length: number) => fc.string({ unit: idChar, minLength: length, maxLength: length });

/** A character `^[a-zA-Z0-9_-]$` does not admit. */
const badChar = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
  .filter((c) => !/^[a-zA-Z0-9_-]$/.test(c));

export const customIdPattern = defineCase({
  id: 'message-batches.custom-id-pattern',
  family: 'message-batches',
  title:
    'a custom_id of 1 to 64 letters, digits, _ and - is accepted; 65 characters, the empty string or any other character is refused with a 4xx and the error body',
  requirements: ['BATCH-ITEM-CUSTOM-ID-PATTERN', 'BATCH-ITEM-CUSTOM-ID-LENGTH', 'BATCH-CREATE-REQUESTS'],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    const create = (custom_id: string) =>
      ctx.call('messages.batches.create', { body: body([requestItem(custom_id, model, 8, 'hi')]) });
    const cases = fc.oneof(
      fc.tuple(fc.constantFrom(1, 64), fc.constant('')).chain(([n]) => idOf(n)),
      idOf(65),
      fc.constant(''),
      fc
        .tuple(
          idOf(0).chain(() => fc.string({ unit: idChar, maxLength: 30 })),
          badChar,
          fc.string({ unit: idChar, maxLength: 30 }),
        )
        .map(([a, c, b]) => a + c + b),
    );
    await ctx.property(cases, async (id) => {
      const res = await create(id);
      // Creation errors are not shown (UNSPEC-BATCH-CREATE-ERRORS): a refusal, any 4xx with the error
      // body, is the suite's own policy, an advisory check.
      if (batchRules.isValidCustomId(id)) success(ctx, res);
      else
        await ctx.advisory(
          'UNSPEC-BATCH-CREATE-ERRORS',
          ['BATCH-ITEM-CUSTOM-ID-PATTERN', 'BATCH-ITEM-CUSTOM-ID-LENGTH'],
          () => ctx.clientError(res),
        );
    });
  },
});

export const customIdUnique = defineCase({
  id: 'message-batches.custom-id-unique',
  family: 'message-batches',
  title: 'a batch in which two requests share a custom_id is refused with a 4xx and the error body',
  requirements: ['BATCH-ITEM-CUSTOM-ID-UNIQUE'],
  async run(ctx: CaseContext) {
    const model = ctx.vendor.models.sonnet;
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-zA-Z0-9_-]{1,16}$/), { minLength: 1, maxLength: 4 });
    await ctx.property(fc.tuple(ids, fc.nat(), fc.nat()), async ([unique, from, to]) => {
      const dup = unique[from % unique.length]!;
      const list = [...unique];
      list.splice(to % (list.length + 1), 0, dup);
      const res = await ctx.call('messages.batches.create', {
        body: body(list.map((id, i) => requestItem(id, model, 8, `request ${i}`))),
      });
      // A refusal is the suite's own policy (UNSPEC-BATCH-CREATE-ERRORS): an advisory check.
      await ctx.advisory('UNSPEC-BATCH-CREATE-ERRORS', ['BATCH-ITEM-CUSTOM-ID-UNIQUE'], () =>
        ctx.clientError(res),
      );
    });
    // The same ids, each once, are accepted.
    const res = await ctx.call('messages.batches.create', {
      body: body(['a', 'A', 'a-', 'a_'].map((id) => requestItem(id, model, 8, 'x'))),
    });
    success(ctx, res);
  },
});
