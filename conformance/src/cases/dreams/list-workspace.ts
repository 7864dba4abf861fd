/**
 * The dream list of a workspace key holds only that workspace's dreams: two workspaces of the
 * organization (the target's and a fresh one), dreams in each, and each key's list, with and
 * without archived dreams, holds none of the other's.
 *
 * The fresh workspace holds no dreams but the case's, so its list is exactly its own dreams. The
 * target's workspace may hold dreams of earlier cases and runs, so its list is only checked for the
 * other's dreams (and for its own, when the first page is the whole list: only first pages are
 * reachable, UNSPEC-DREAM-LIST-ENVELOPE). The other workspace's dreams are created last, so a list
 * that leaks them, newest first, shows them on its first page.
 */

import { DREAM_LIST_LIMIT_MAX } from '@vendor-api/spec';
import type { Workspace } from '../../adapter.js';
import { defineCase } from '../../case.js';
import { orRealTime } from '../../needs.js';
import { applyEvent, createDream, type DreamHandle, firstPage } from './support/index.js';

/** Dreams created in each workspace; the first of each is canceled and archived. */
const PER_WORKSPACE = 3;

export const listWorkspaceScoped = defineCase({
  id: 'dreams.list-workspace-scoped',
  family: 'dreams',
  title: "each workspace key's dream list holds its workspace's dreams and none of another workspace's",
  requirements: ['DREAM-LIST-WORKSPACE', 'AUTH-KEY-ONE-WORKSPACE'],
  needs: ['memory-stores', 'sessions', 'workspaces', orRealTime('clock')],
  async run(ctx) {
    const target = ctx.target.workspace;
    const fresh = await ctx.workspace();
    const clock = ctx.adapter.capabilities.has('clock');
    const make = async (ws: Workspace) => {
      const made: DreamHandle[] = [];
      for (let i = 0; i < PER_WORKSPACE; i++) {
        // Distinct creation instants (ties are unspecified: UNSPEC-DREAM-LIST-ORDER-TIES).
        if (clock) await ctx.fixture('clock', 'advanceClock', 1);
        made.push(await createDream(ctx, ws));
      }
      await applyEvent(ctx, made[0]!, 'dreams.cancel');
      await applyEvent(ctx, made[0]!, 'dreams.archive');
      return made;
    };
    const targets = await make(target);
    const freshes = await make(fresh);

    const check = async (
      ws: Workspace,
      own: readonly DreamHandle[],
      other: readonly DreamHandle[],
      exact: boolean,
    ) => {
      for (const includeArchived of [false, true]) {
        const query = { limit: DREAM_LIST_LIMIT_MAX, include_archived: includeArchived };
        const items = await firstPage(ctx, ws, query);
        const listed = new Set(items.map((d) => d.id));
        const foreign = new Set(other.map((d) => d.id));
        const expected = own.filter((d) => includeArchived || d.last.archived_at === null).map((d) => d.id);
        const problems: string[] = [];
        const leaked = items.filter((d) => foreign.has(d.id)).map((d) => d.id);
        if (leaked.length) problems.push(`it holds the other workspace's dreams ${leaked.join(', ')}`);
        if (exact) {
          const strangers = items
            .filter((d) => !foreign.has(d.id) && !expected.includes(d.id))
            .map((d) => d.id);
          if (strangers.length)
            problems.push(`it holds dreams this workspace never created: ${strangers.join(', ')}`);
        }
        if (exact || items.length < DREAM_LIST_LIMIT_MAX) {
          const missing = expected.filter((id) => !listed.has(id));
          if (missing.length) problems.push(`its own dreams ${missing.join(', ')} are missing`);
        }
        if (problems.length)
          ctx.fail(
            `the dream list of workspace ${ws.id} (include_archived=${includeArchived}): ${problems.join('; ')}`,
          );
      }
    };
    await check(fresh, freshes, targets, true);
    await check(target, targets, freshes, false);
  },
});
