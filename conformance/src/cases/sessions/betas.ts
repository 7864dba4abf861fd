/**
 * The session-resource operations require `managed-agents-2026-04-01`: without the beta header,
 * or with only another beta identifier, each is refused with a 4xx and the error body (the exact
 * answer is not shown: UNSPEC-SRES-ERRORS), and nothing changes.
 */
import { defineCase } from '../../case.js';
import { addFile, freshSession, keyOf, listAll } from './support.js';

export const betaRequired = defineCase({
  id: 'sessions.beta-header-required',
  family: 'sessions',
  title:
    'every session-resource operation needs the managed-agents beta; without it a 4xx and nothing changes',
  requirements: ['SRES-BETA-HEADER', 'BETA-SESSION-RESOURCES-MANAGED-AGENTS'],
  needs: ['sessions', 'files'],
  async run(ctx) {
    const session = await freshSession(ctx);
    const { resource, fileId } = await addFile(ctx, session);
    const path = { session_id: session, resource_id: resource.id };
    // Another documented beta: one the dream operations require and these do not.
    const required = ctx.http.endpoint('sessions.resources.create').betas;
    const other = ctx.http.endpoint('dreams.create').betas.filter((b) => !required.includes(b));
    for (const [what, betas] of [
      ['no beta header', null],
      ['another beta only', other],
    ] as const) {
      const calls = [
        () =>
          ctx.call(
            'sessions.resources.create',
            { path: { session_id: session }, body: { type: 'file', file_id: fileId }, betas },
            false,
          ),
        () => ctx.call('sessions.resources.list', { path: { session_id: session }, betas }, false),
        () => ctx.call('sessions.resources.retrieve', { path, betas }, false),
        () =>
          ctx.call('sessions.resources.update', { path, body: { authorization_token: 't' }, betas }, false),
        () => ctx.call('sessions.resources.delete', { path, betas }, false),
      ];
      for (const call of calls) {
        const res = await call();
        if (res.status < 300)
          ctx.fail(
            `${res.step.request.method} ${res.step.request.target} with ${what}: expected a 4xx, got ${res.status}`,
          );
        ctx.clientError(res);
      }
    }
    const { items } = await listAll(ctx, session);
    if (JSON.stringify(items.map(keyOf)) !== JSON.stringify([resource.id]))
      ctx.fail(`refused requests changed the session's resources: ${JSON.stringify(items)}`);
  },
});
