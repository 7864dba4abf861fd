/**
 * The resource list of a session holding a known set of resources: without `limit` every
 * resource in one answer (`next_page` null); with any `limit` pages of at most `limit`, the last
 * with `next_page` null, together every resource exactly once (no duplicates, no gaps), ordered by
 * `created_at` (direction not stated: UNSPEC-SRES-LIST-ORDER-DIRECTION, so monotonic either way).
 * `limit` at the spec's maximum is accepted, one more refused (a 4xx).
 */
import { SESSION_RESOURCE_LIST_LIMIT_MAX } from '@vendor-api/spec';
import fc from 'fast-check';
import { defineCase } from '../../case.js';
import { orRealTime } from '../../needs.js';
import { addFile, freshSession, keyOf, listAll } from './support.js';

export const resourceList = defineCase({
  id: 'sessions.resource-list-pagination',
  family: 'sessions',
  title: `the resource list returns everything without limit, pages with no duplicates or gaps, ordered by created_at, limit at most ${SESSION_RESOURCE_LIST_LIMIT_MAX}`,
  requirements: [
    'SRES-LIST-LIMIT-OMITTED-ALL',
    'SRES-LIST-LIMIT-MAX',
    'SRES-LIST-PAGE-CURSOR',
    'SRES-LIST-ENVELOPE',
    'SRES-LIST-NEXT-PAGE-NULL',
    'SRES-LIST-ORDER-CREATED-AT',
    'SRES-KIND-DISCRIMINATOR',
  ],
  // With the clock, resources are added a second apart (it moves the clock every case reads).
  needs: ['sessions', 'files', orRealTime('clock')],
  async run(ctx) {
    const clock = ctx.has('clock');
    const scenario = fc.record({
      count: fc.integer({ min: 0, max: 24 }),
      limits: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 3 }),
    });
    await ctx.property(
      scenario,
      async ({ count, limits }) => {
        const session = await freshSession(ctx);
        const added: string[] = [];
        for (let i = 0; i < count; i++) {
          // Distinct creation instants make the created_at order observable.
          if (clock && i > 0) await ctx.fixture('clock', 'advanceClock', 1000);
          added.push((await addFile(ctx, session)).resource.id);
        }
        const all = await listAll(ctx, session);
        if (all.pages.length !== 1)
          ctx.fail(`without limit the list took ${all.pages.length} pages; expected all resources at once`);
        const check = (items: { created_at?: string }[], ids: string[], what: string) => {
          const problems: string[] = [];
          if (new Set(ids).size !== ids.length) problems.push('a resource is listed twice');
          const missing = added.filter((id) => !ids.includes(id));
          const extra = ids.filter((id) => !added.includes(id));
          if (missing.length) problems.push(`missing ${missing.join(', ')}`);
          if (extra.length) problems.push(`unknown ${extra.join(', ')}`);
          const times = items.map((r) => Date.parse(r.created_at ?? ''));
          const up = times.every((t, i) => i === 0 || t >= times[i - 1]!);
          const down = times.every((t, i) => i === 0 || t <= times[i - 1]!);
          if (!up && !down)
            problems.push(`not ordered by created_at: ${items.map((r) => r.created_at).join(', ')}`);
          if (problems.length) ctx.fail(`${what}: ${problems.join('; ')}`);
        };
        check(all.items, all.items.map(keyOf), 'without limit');
        for (const limit of limits) {
          const paged = await listAll(ctx, session, limit);
          const ids = paged.items.map(keyOf);
          check(paged.items, ids, `limit=${limit}`);
          if (JSON.stringify(ids) !== JSON.stringify(all.items.map(keyOf)))
            ctx.fail(
              `limit=${limit} pages list ${ids.join(', ')}; without limit ${all.items.map(keyOf).join(', ')}`,
            );
          // A `next_page` promises more: null as soon as nothing follows (no empty page after a cursor).
          const empty = paged.pages.findIndex((p, i) => i > 0 && p.data.length === 0);
          if (empty > 0)
            ctx.fail(`limit=${limit}: page ${empty} is empty although the page before it gave a next_page`);
        }
      },
      { numRuns: Math.min(ctx.settings.numRuns, 12) },
    );

    // More resources than any page size a server might default to: all of them without limit.
    const session = await freshSession(ctx);
    const many: string[] = [];
    for (let i = 0; i < 25; i++) many.push((await addFile(ctx, session)).resource.id);
    const whole = await listAll(ctx, session);
    if (whole.pages.length !== 1 || whole.items.length !== many.length)
      ctx.fail(
        `without limit: ${whole.pages.length} page(s), ${whole.items.length} resources; expected all ${many.length} at once`,
      );
    const max = await ctx.call('sessions.resources.list', {
      path: { session_id: session },
      query: { limit: SESSION_RESOURCE_LIST_LIMIT_MAX },
    });
    ctx.http.expect(max, [{ kind: 'status-class', equals: '2xx' }]);
    const tooMany = await ctx.call(
      'sessions.resources.list',
      { path: { session_id: session }, query: { limit: SESSION_RESOURCE_LIST_LIMIT_MAX + 1 } },
      false,
    );
    ctx.clientError(tooMany);
  },
});
