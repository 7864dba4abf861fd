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
    const body = ctx.bodyOf(res);
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

/**
 * The id of the session a session-creation answer names: its shallowest string `id` (the body is
 * not shown, UNSPEC-SESS-CREATE-RESPONSE: the session may be the body itself or sit in an
 * envelope; its resources, deeper, carry their own ids). Null when the answer holds none.
 */
export function sessionIdOf(body: unknown): string | null {
  let level: unknown[] = [body];
  for (let depth = 0; depth < 4 && level.length; depth++) {
    const next: unknown[] = [];
    for (const x of level) {
      if (x === null || typeof x !== 'object' || Array.isArray(x)) continue;
      const o = x as Record<string, unknown>;
      if (typeof o.id === 'string') return o.id;
      next.push(...Object.values(o).filter((v) => v !== null && typeof v === 'object' && !Array.isArray(v)));
    }
    level = next;
  }
  return null;
}
