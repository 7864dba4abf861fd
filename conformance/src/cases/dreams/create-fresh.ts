/**
 * A fresh dream, for any valid creation body: the full dream object with `type` `dream`, a `drm_`
 * id, `status` `pending`, inputs and instructions as sent, `outputs` empty, `session_id`,
 * `ended_at`, `archived_at` and `error` null, `usage` all zero; reading it back by id gives the
 * same object.
 */

import { spec } from '@vendor-api/spec';
import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { documentedPart, sameData } from '../../data.js';
import { checkFresh, createBody, freshInputs, success } from './support/index.js';

export const createFresh = defineCase({
  id: 'dreams.create-fresh-dream',
  family: 'dreams',
  title:
    'a new dream is pending with its inputs and instructions as sent, no outputs, null session, zero usage',
  requirements: [
    'DREAM-CREATE-RETURNS-PENDING',
    'DREAM-TYPE',
    'DREAM-ID-PREFIX',
    'DREAM-STATUS-VALUES',
    'DREAM-MODEL-OBJECT',
    'DREAM-CREATED-AT',
    'DREAM-INPUTS-AS-SENT',
    'DREAM-INSTRUCTIONS-AS-SENT',
    'DREAM-OUTPUTS-EMPTY-AT-CREATION',
    'DREAM-SESSION-ID-NULL-AT-CREATION',
    'DREAM-ENDED-AT-NULL-UNTIL-TERMINAL',
    'DREAM-ARCHIVED-AT-NULL-UNTIL-ARCHIVED',
    'DREAM-ERROR-NULL-UNLESS-FAILED',
    'DREAM-USAGE-FIELDS',
    'DREAM-USAGE-ZERO-AT-CREATION',
    'DREAM-CREATE-INSTRUCTIONS-OPTIONAL',
    'DREAM-RETRIEVE',
  ],
  needs: ['memory-stores', 'sessions'],
  async run(ctx) {
    const ws = ctx.target.workspace;
    const params = fc.record({
      sessions: fc.integer({ min: 1, max: 5 }),
      model: fc.constantFrom(...ctx.vendor.models.all),
      instructions: fc.option(fc.string({ maxLength: 200, unit: 'grapheme' }), { nil: undefined }),
      sessionsFirst: fc.boolean(),
    });
    await ctx.property(
      params,
      async (p) => {
        const { storeId, sessionIds } = await freshInputs(ctx, ws, p.sessions);
        const body = createBody(
          storeId,
          sessionIds,
          {
            model: p.model,
            sessionsFirst: p.sessionsFirst,
            ...(p.instructions !== undefined ? { instructions: p.instructions } : {}),
          },
          ctx,
        );
        const created = await ctx.call('dreams.create', { body });
        success(ctx, created);
        const dream = ctx.bodyOf(created);
        checkFresh(ctx, dream, body);
        const read = await ctx.call('dreams.retrieve', { path: { dream_id: dream.id } });
        success(ctx, read);
        const documented = (body: unknown) => documentedPart(spec.schemas, 'Dream', body);
        if (!sameData(documented(read.body), documented(created.body)))
          ctx.fail(`the dream read back differs from the created one: ${read.text} vs ${created.text}`);
      },
      { numRuns: Math.min(ctx.settings.numRuns, 15) },
    );
  },
});
