/**
 * The dream list over a known set of dreams: newest first, archived dreams left out unless
 * `include_archived=true`, `limit` defaulting to the spec's default and at most its maximum (one
 * more rejected), no duplicates.
 * Paging (DREAM-LIST-PAGE-CURSOR) is not checked: where the cursor is found is not shown.
 */

import { DREAM_LIST_LIMIT_DEFAULT, DREAM_LIST_LIMIT_MAX } from '@vendor-api/spec';
import { defineCase } from '../../case.js';
import { orRealTime } from '../../needs.js';
import {
  applyEvent,
  authOf,
  createDream,
  type DreamHandle,
  firstPage,
  listProblems,
} from './support/index.js';

/** More dreams than a default page holds. */
const CREATED = DREAM_LIST_LIMIT_DEFAULT + 5;
const ARCHIVED = [2, 5, 11];

export const listInvariants = defineCase({
  id: 'dreams.list-invariants',
  family: 'dreams',
  title: `the dream list is newest first, leaves out archived dreams unless asked, pages by ${DREAM_LIST_LIMIT_DEFAULT} by default and up to ${DREAM_LIST_LIMIT_MAX}, with no duplicates or gaps`,
  requirements: [
    'DREAM-LIST-DEFAULT-NON-ARCHIVED',
    'DREAM-LIST-INCLUDE-ARCHIVED',
    'DREAM-LIST-NEWEST-FIRST',
    'DREAM-LIST-LIMIT-DEFAULT',
    'DREAM-LIST-LIMIT-MAX',
    'DREAM-ARCHIVE-EXCLUDED-FROM-LIST',
    'DREAM-RETRIEVE-ARCHIVED',
  ],
  // With the clock, dreams are created a millisecond apart (it moves the clock every case reads).
  needs: ['memory-stores', 'sessions', orRealTime('clock')],
  async run(ctx) {
    const ws = await ctx.workspace();
    const clock = ctx.has('clock');
    const dreams: DreamHandle[] = [];
    for (let i = 0; i < CREATED; i++) {
      // Distinct creation instants make "newest first" a single order (ties are unspecified:
      // UNSPEC-DREAM-LIST-ORDER-TIES). A millisecond does not reach any pipeline start.
      if (clock && i > 0) await ctx.fixture('clock', 'advanceClock', 1);
      dreams.push(await createDream(ctx, ws));
    }
    for (const i of ARCHIVED) {
      await applyEvent(ctx, dreams[i]!, 'dreams.cancel');
      await applyEvent(ctx, dreams[i]!, 'dreams.archive');
    }
    // Without a workspace of its own (no `workspaces` capability) the case shares the target's with
    // the dreams of other cases: made before its own (it runs alone when it moves the clock), so
    // older, they may fill a page past its own dreams but never come before them.
    const shared = ws.id === ctx.target.workspace.id;
    const ours = new Set(dreams.map((d) => d.id));
    const archived = new Set(ARCHIVED.map((i) => dreams[i]!.id));
    const newestFirst = [...dreams].reverse().map((d) => d.id);

    // Only first pages are reachable (the envelope, hence the cursor, is not shown:
    // UNSPEC-DREAM-LIST-ENVELOPE). With `limit` a page holds the newest `limit` of the listed
    // dreams; with the maximum it holds all of this workspace's dreams.
    const check = async (query: { limit?: number; include_archived?: boolean }, what: string) => {
      const items = await firstPage(ctx, ws, query);
      const problems = listProblems(items);
      const listed = newestFirst.filter((id) => query.include_archived === true || !archived.has(id));
      const limit = query.limit ?? DREAM_LIST_LIMIT_DEFAULT;
      const size = Math.min(limit, listed.length);
      const mine = items
        .slice(0, shared && clock ? size : items.length)
        .filter((d) => ours.has(d.id))
        .map((d) => d.id);
      if (shared ? items.length < size || items.length > limit : items.length !== size)
        problems.push(
          `the page holds ${items.length} dreams; expected ${shared && size < limit ? `${size} to ${limit}` : size}`,
        );
      // Without distinct instants (no clock) the newest `size` are not one set: only membership.
      const expected = clock ? listed.slice(0, size) : listed;
      const missing = clock ? expected.filter((id) => !mine.includes(id)) : [];
      const extra = mine.filter((id) => !listed.includes(id));
      if (missing.length) problems.push(`missing: ${missing.join(', ')}`);
      if (extra.length) problems.push(`listed but archived: ${extra.join(', ')}`);
      if (clock && !missing.length && !extra.length && JSON.stringify(mine) !== JSON.stringify(expected))
        problems.push(`order ${mine.join(', ')}; expected newest first ${expected.join(', ')}`);
      if (problems.length) ctx.fail(`${what}: ${problems.join('; ')}`);
    };

    await check({}, 'default list');
    await check({ include_archived: false }, 'include_archived=false');
    await check({ include_archived: true }, 'include_archived=true');
    await check({ limit: 7 }, 'limit=7');
    await check({ limit: 1, include_archived: true }, 'limit=1 with archived');
    await check({ limit: DREAM_LIST_LIMIT_MAX }, `limit=${DREAM_LIST_LIMIT_MAX}`);
    await check(
      { limit: DREAM_LIST_LIMIT_MAX, include_archived: true },
      `limit=${DREAM_LIST_LIMIT_MAX} with archived`,
    );

    const tooLarge = await ctx.call(
      'dreams.list',
      { query: { limit: DREAM_LIST_LIMIT_MAX + 1 }, auth: authOf(ctx, ws) },
      false,
    );
    ctx.clientError(tooLarge);
  },
});
