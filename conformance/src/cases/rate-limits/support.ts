/**
 * What the rate-limit cases share: reading a list through every page (clients loop on
 * `next_page` until it is null, RL-CLIENT-LOOP-NEXT-PAGE), each page a 2xx whose body the spec's
 * schema checks strictly (`data` and `next_page` always present).
 */

import { type OrganizationRateLimit, spec, type WorkspaceRateLimit } from '@vendor-api/spec';
import type { CaseContext } from '../../case.js';
import { canonicalJson, documentedPart } from '../../data.js';
import type { CallOptions } from '../../http.js';

/** More pages than this means the `next_page` loop does not end. */
export const MAX_PAGES = 20;

/** The two rate-limit lists. */
type RateLimitList = 'organizations.rate_limits.list' | 'organizations.workspaces.rate_limits.list';

/** Every entry of a rate-limit list, following `next_page` until it is null. */
export async function allPages<T = OrganizationRateLimit | WorkspaceRateLimit>(
  ctx: CaseContext,
  operationId: RateLimitList,
  options: Pick<CallOptions<RateLimitList>, 'path' | 'query' | 'auth'> = {},
): Promise<T[]> {
  const data: T[] = [];
  let page: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const query = { ...(options.query ?? {}), ...(page === null ? {} : { page }) };
    const res = await ctx.call(operationId, {
      ...(options.path ? { path: options.path } : {}),
      query,
      ...(options.auth ? { auth: options.auth } : {}),
    });
    ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
    const body = res.body as { data: T[]; next_page: string | null };
    data.push(...body.data);
    if (body.next_page === null) return data;
    page = body.next_page;
  }
  return ctx.fail(`${operationId}: next_page still set after ${MAX_PAGES} pages: the loop does not end`);
}

/** A canonical text of an entry (entry and limit order are not stated: UNSPEC-RL-ENTRY-ORDER). */
export function canonical(entry: OrganizationRateLimit | WorkspaceRateLimit): string {
  const schema = entry.type === 'workspace_rate_limit' ? 'WorkspaceRateLimit' : 'OrganizationRateLimit';
  // Fields beyond the documented ones are not compared.
  const documented = documentedPart(spec.schemas, schema, entry) as typeof entry;
  return canonicalJson({
    ...documented,
    models: documented.models === null ? null : [...documented.models].sort(),
    limits: [...documented.limits].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)),
  });
}

/** The entries as a sorted list of canonical texts (for comparing lists as multisets). */
export const canonicalSet = (entries: readonly (OrganizationRateLimit | WorkspaceRateLimit)[]) =>
  entries.map(canonical).sort();

/** Whether two entry lists hold the same entries, whatever their order. */
export const sameEntries = (
  a: readonly (OrganizationRateLimit | WorkspaceRateLimit)[],
  b: readonly (OrganizationRateLimit | WorkspaceRateLimit)[],
) => JSON.stringify(canonicalSet(a)) === JSON.stringify(canonicalSet(b));
