/**
 * What the session cases share: a fresh session (adapter), file resources added through the API,
 * and a walk over every page of the resource list.
 */
import type { FileSessionResource, SessionResource, SessionResourceList } from '@vendor-api/spec';
import type { CaseContext } from '../../case.js';
import type { Response } from '../../http.js';

/** Asserts a 2xx answer (the success statuses are not stated: UNSPEC-SRES-SUCCESS-STATUS). */
export function success(ctx: CaseContext, res: Response): void {
  ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
}

/** A fresh session of the target's workspace. */
export async function freshSession(ctx: CaseContext): Promise<string> {
  return (await ctx.fixture('sessions', 'createSession', ctx.target.workspace)).id;
}

/** Uploads a file (adapter) and adds it to the session; asserts a 2xx and the `file` schema. */
export async function addFile(
  ctx: CaseContext,
  sessionId: string,
  mountPath?: string,
): Promise<{ resource: FileSessionResource; fileId: string; res: Response }> {
  const file = await ctx.fixture('files', 'createFile', ctx.target.workspace);
  const res = await ctx.call('sessions.resources.create', {
    path: { session_id: sessionId },
    body: { type: 'file', file_id: file.id, ...(mountPath !== undefined ? { mount_path: mountPath } : {}) },
  });
  success(ctx, res);
  return { resource: res.body as FileSessionResource, fileId: file.id, res };
}

/** Every page of a session's resource list with the given `limit` (absent: all in one page). */
export async function listAll(
  ctx: CaseContext,
  sessionId: string,
  limit?: number,
  maxPages = 200,
): Promise<{ pages: SessionResourceList[]; items: SessionResource[] }> {
  const pages: SessionResourceList[] = [];
  const cursors = new Set<string>();
  let page: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const query: Record<string, string | number> = {};
    if (limit !== undefined) query.limit = limit;
    if (page !== null) query.page = page;
    const res = await ctx.call('sessions.resources.list', { path: { session_id: sessionId }, query });
    success(ctx, res);
    const body = res.body as SessionResourceList;
    if (limit !== undefined && body.data.length > limit)
      ctx.fail(`a page holds ${body.data.length} resources, more than limit=${limit}`);
    pages.push(body);
    if (body.next_page === null) return { pages, items: pages.flatMap((p) => p.data) };
    if (cursors.has(body.next_page)) ctx.fail(`the list repeats the cursor ${body.next_page}`);
    cursors.add(body.next_page);
    page = body.next_page;
  }
  return ctx.fail(`the resource list did not end within ${maxPages} pages`);
}

/** The identifier a resource is listed under: `id`, or `memory_store_id` for the memory-store kind. */
export const keyOf = (r: SessionResource): string => ('id' in r ? r.id : r.memory_store_id);
