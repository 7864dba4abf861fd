/**
 * Reading the dream list: its envelope is not shown (UNSPEC-DREAM-LIST-ENVELOPE), so the dreams
 * are found by their documented shape; only first pages are reachable.
 */
import { DREAM_LIST_LIMIT_DEFAULT, type Dream, dreamRules } from '@vendor-api/spec';
import { validateSchema } from '@vendor-api/validators';
import type { Workspace } from '../../../adapter.js';
import type { CaseContext } from '../../../case.js';
import { authOf, success } from './answers.js';

/**
 * The dreams of a dream-list answer. The envelope is not shown (UNSPEC-DREAM-LIST-ENVELOPE), so
 * neither is where the dreams sit nor where a next-page cursor would be: the dreams are the one
 * array of the body (at any depth, itself included) whose items are dreams; an empty list when
 * every array of the body is empty. Every item must be a dream (DREAM-LIST-WORKSPACE). Pages after the first cannot be
 * reached without the envelope; the cases read first pages only, with `limit` up to the spec's maximum.
 */
export function readDreamPage(ctx: CaseContext, body: unknown): Dream[] {
  const arrays = arraysOutsideDreams(body);
  const ofDreams = arrays.filter(
    (a) => a.length > 0 && a.every((x) => (x as { type?: unknown } | null)?.type === 'dream'),
  );
  let items: unknown[] | undefined;
  if (ofDreams.length === 1) items = ofDreams[0];
  else if (ofDreams.length === 0 && arrays.length > 0 && arrays.every((a) => a.length === 0)) items = [];
  if (!items) return ctx.fail(`the dream list answered no one array of dreams: ${JSON.stringify(body)}`);
  for (const item of items) {
    const r = validateSchema('Dream', item, { mode: 'contract' });
    if (!r.ok) ctx.fail(`the dream list holds an item that is not a dream: ${r.error.error.message}`);
  }
  return items as Dream[];
}

/** The arrays of a body (the body itself, or at any depth up to 4), not looking inside dreams. */
function arraysOutsideDreams(x: unknown, depth = 0): unknown[][] {
  if (depth > 4 || x === null || typeof x !== 'object') return [];
  if (Array.isArray(x)) return [x];
  if ((x as { type?: unknown }).type === 'dream') return [];
  return Object.values(x as Record<string, unknown>).flatMap((v) => arraysOutsideDreams(v, depth + 1));
}

/** The first page of the dream list (the only one reachable: see `readDreamPage`); asserts its size. */
export async function firstPage(
  ctx: CaseContext,
  ws: Workspace,
  query: { limit?: number; include_archived?: boolean },
): Promise<Dream[]> {
  const res = await ctx.call('dreams.list', { query: { ...query }, auth: authOf(ctx, ws) }, false);
  success(ctx, res);
  const items = readDreamPage(ctx, res.body);
  const max = query.limit ?? DREAM_LIST_LIMIT_DEFAULT;
  if (items.length > max)
    ctx.fail(`a dream list page holds ${items.length} dreams, more than the limit ${max}`);
  return items;
}

/** Problems of a page of the list: duplicates, and `created_at` increasing somewhere. */
export function listProblems(items: readonly Dream[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const d of items) {
    if (ids.has(d.id)) problems.push(`dream ${d.id} is listed twice`);
    ids.add(d.id);
  }
  for (let i = 1; i < items.length; i++) {
    if (dreamRules.compareNewestFirst(items[i - 1]!, items[i]!) > 0)
      problems.push(
        `not newest first: ${items[i - 1]!.id} (${items[i - 1]!.created_at}) before ${items[i]!.id} (${items[i]!.created_at})`,
      );
  }
  return problems;
}
