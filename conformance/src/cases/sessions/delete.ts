/**
 * Deleting a resource answers `{id, type: session_resource_deleted}` with the resource's id, and
 * the resource is gone: reading it again is a 4xx (not shown exactly: UNSPEC-SRES-ERRORS) and the
 * list no longer holds it, while the other resources stay.
 *
 * Deleting it a second time is not shown (UNSPEC-SRES-DELETE-REPEATED): a refusal (a 4xx with the
 * error body) and the same confirmation again are
 * both legal; only a 5xx, a success with another answer than the confirmation, or the resource
 * coming back fails.
 */
import { defineCase } from '../../case.js';
import { addFile, freshSession, keyOf, listAll, success } from './support.js';

export const deleteResource = defineCase({
  id: 'sessions.resource-delete',
  family: 'sessions',
  title: 'deleting a resource confirms {id, type: session_resource_deleted} and the resource is gone',
  requirements: ['SRES-DELETE-CONFIRMATION', 'SRES-DELETED-SHAPE'],
  needs: ['sessions', 'files'],
  async run(ctx) {
    const session = await freshSession(ctx);
    const kept = (await addFile(ctx, session)).resource;
    const gone = (await addFile(ctx, session)).resource;
    const path = { session_id: session, resource_id: gone.id };
    const res = await ctx.call('sessions.resources.delete', { path });
    success(ctx, res);
    ctx.field(res, '', { id: gone.id, type: 'session_resource_deleted' });
    ctx.clientError(await ctx.call('sessions.resources.retrieve', { path }, false));
    const again = await ctx.call('sessions.resources.delete', { path }, false);
    if (again.status >= 400) ctx.clientError(again);
    else {
      success(ctx, again);
      ctx.field(again, '', { id: gone.id, type: 'session_resource_deleted' });
    }
    const { items } = await listAll(ctx, session);
    const ids = items.map(keyOf);
    if (ids.includes(gone.id)) ctx.fail(`the deleted resource ${gone.id} is still listed`);
    if (!ids.includes(kept.id)) ctx.fail(`deleting ${gone.id} also removed ${kept.id}`);
  },
});
