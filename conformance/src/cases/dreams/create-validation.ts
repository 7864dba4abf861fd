/**
 * Dream creation at every documented boundary: the least and the most session ids are accepted,
 * one fewer and one more rejected; the most characters of instructions accepted, one more
 * rejected; instructions optional;
 * exactly one memory-store input and one sessions input (either order); the two dream models
 * accepted, any other rejected. Rejections have no stated status (UNSPEC-DREAM-VALIDATION-ERRORS):
 * a 4xx with the error body. Then a property: any body the spec's schema rejects is a 4xx.
 */
import {
  DREAM_INSTRUCTIONS_MAX,
  DREAM_SESSION_IDS_MAX,
  DREAM_SESSION_IDS_MIN,
  type DreamCreateParams,
} from '@vendor-api/spec';
import { mutate } from '@vendor-api/validators/arbitrary';
import type { CaseContext } from '../../case.js';
import { defineCase } from '../../case.js';
import { rejected as rejectedByContract } from '../negative/inputs.js';
import { checkFresh, createBody, freshInputs, success } from './support/index.js';

async function accepted(ctx: CaseContext, body: DreamCreateParams, what: string) {
  const res = await ctx.call('dreams.create', { body });
  if (res.status >= 300)
    ctx.fail(`${what}: expected the dream to be created, got ${res.status}: ${res.text}`);
  success(ctx, res);
  checkFresh(ctx, ctx.bodyOf(res), body);
}

/** A body that breaks a documented constraint: not of the operation's type, on purpose. */
async function rejected(ctx: CaseContext, body: unknown, what: string) {
  const res = await ctx.callUnchecked('dreams.create', { body });
  if (res.status < 300) ctx.fail(`${what}: expected a 4xx, the dream was created: ${res.text}`);
  ctx.clientError(res);
}

export const createBoundaries = defineCase({
  id: 'dreams.create-boundaries',
  family: 'dreams',
  title: `dream creation accepts ${DREAM_SESSION_IDS_MIN}..${DREAM_SESSION_IDS_MAX} session ids, ${DREAM_INSTRUCTIONS_MAX}-character instructions and the two models; rejects the rest`,
  requirements: [
    'DREAM-CREATE-INPUTS-REQUIRED',
    'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
    'DREAM-CREATE-ONE-SESSIONS-INPUT',
    'DREAM-CREATE-SESSION-IDS-MIN',
    'DREAM-CREATE-SESSION-IDS-MAX',
    'DREAM-CREATE-MODEL-ALLOWED',
    'DREAM-CREATE-INSTRUCTIONS-OPTIONAL',
    'DREAM-CREATE-INSTRUCTIONS-MAX',
    'DREAM-CREATE-RETURNS-PENDING',
    'DREAM-INPUTS-AS-SENT',
    'DREAM-INSTRUCTIONS-AS-SENT',
  ],
  needs: ['memory-stores', 'sessions'],
  async run(ctx) {
    const ws = ctx.target.workspace;
    const { storeId, sessionIds } = await freshInputs(ctx, ws, DREAM_SESSION_IDS_MAX + 1);
    const one = sessionIds.slice(0, 1);
    const { storeId: otherStore } = await freshInputs(ctx, ws, 0);
    const v = ctx.vendor;

    // Session ids: both ends of the range accepted, one past each end rejected (the spec's bounds).
    const [min, max] = [DREAM_SESSION_IDS_MIN, DREAM_SESSION_IDS_MAX];
    await accepted(ctx, createBody(storeId, sessionIds.slice(0, min), {}, ctx), `${min} session id(s)`);
    await accepted(ctx, createBody(storeId, sessionIds.slice(0, max), {}, ctx), `${max} session ids`);
    await rejected(ctx, createBody(storeId, sessionIds.slice(0, min - 1), {}, ctx), `${min - 1} session ids`);
    await rejected(ctx, createBody(storeId, sessionIds.slice(0, max + 1), {}, ctx), `${max + 1} session ids`);

    // Instructions: optional, at most DREAM_INSTRUCTIONS_MAX characters.
    const longest = DREAM_INSTRUCTIONS_MAX;
    await accepted(
      ctx,
      createBody(storeId, one, { instructions: 'x'.repeat(longest) }, ctx),
      `${longest} characters`,
    );
    await accepted(ctx, createBody(storeId, one, { instructions: '' }, ctx), 'empty instructions');
    await rejected(
      ctx,
      createBody(storeId, one, { instructions: 'x'.repeat(longest + 1) }, ctx),
      `${longest + 1} characters`,
    );

    // Models: both dream models; anything else rejected.
    for (const model of v.models.all) await accepted(ctx, createBody(storeId, one, { model }, ctx), model);
    for (const model of [`${v.models.sonnet}-x`, v.models.opus.toUpperCase(), '', `${v.name}-haiku-4-5`])
      await rejected(ctx, createBody(storeId, one, { model }, ctx), `model ${JSON.stringify(model)}`);
    await rejected(
      ctx,
      { ...createBody(storeId, one, {}, ctx), model: { id: v.models.opus } },
      'model object',
    );

    // Inputs: exactly one memory-store input and one sessions input, in either order.
    await accepted(ctx, createBody(storeId, one, { sessionsFirst: true }, ctx), 'sessions input first');
    const memory = { type: 'memory_store', memory_store_id: storeId };
    const sessions = { type: 'sessions', session_ids: one };
    const model = v.models.opus;
    await rejected(ctx, { model }, 'no inputs');
    await rejected(ctx, { inputs: [], model }, 'empty inputs');
    await rejected(ctx, { inputs: [memory], model }, 'no sessions input');
    await rejected(ctx, { inputs: [sessions], model }, 'no memory-store input');
    await rejected(
      ctx,
      { inputs: [memory, { type: 'memory_store', memory_store_id: otherStore }, sessions], model },
      'two memory-store inputs',
    );
    await rejected(ctx, { inputs: [memory, sessions, sessions], model }, 'two sessions inputs');
    await rejected(ctx, { inputs: [memory, sessions] }, 'no model');
  },
});

export const createRejectsInvalid = defineCase({
  id: 'dreams.create-rejects-invalid-bodies',
  family: 'dreams',
  title:
    'any dream creation body that breaks a documented constraint is answered with a 4xx and an error body',
  requirements: [
    'DREAM-CREATE-INPUTS-REQUIRED',
    'DREAM-CREATE-ONE-MEMORY-STORE-INPUT',
    'DREAM-CREATE-ONE-SESSIONS-INPUT',
    'DREAM-CREATE-MODEL-ALLOWED',
    'DREAM-CREATE-INSTRUCTIONS-MAX',
  ],
  needs: ['memory-stores', 'sessions'],
  async run(ctx) {
    const { storeId, sessionIds } = await freshInputs(ctx, ctx.target.workspace, 2);
    const valid = createBody(storeId, sessionIds, { instructions: 'tidy up' }, ctx);
    // Only bodies that break a documented constraint (an unknown field alone does not).
    const endpoint = ctx.http.endpoint('dreams.create');
    const bodies = mutate(valid).filter((body) =>
      rejectedByContract(endpoint, { what: '', path: {}, query: {}, body }, 'contract', ctx.vendor),
    );
    await ctx.property(bodies, async (body) => rejected(ctx, body, 'a body the documents reject'), {
      numRuns: ctx.settings.numRuns,
    });
  },
});
