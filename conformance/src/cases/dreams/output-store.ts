/**
 * The output store of a dream is an ordinary memory store of the dream's workspace: once the dream
 * has completed it attaches to a new session like any store of that workspace (the documented use
 * of a dream's output), a session of another workspace cannot attach it, and it can be archived.
 */
import type { Dream, MemoryStoreSessionResource } from '@vendor-api/spec';
import { Unobservable } from '../../adapter.js';
import { type CaseContext, defineCase } from '../../case.js';
import type { Auth } from '../../http.js';
import { orRealTime } from '../../needs.js';
import { sessionIdOf } from '../sessions/support.js';
import { dreamIn, retrieve } from './support/index.js';

const sessionBody = (storeId: string) => ({
  agent: 'agent_conformance',
  environment_id: 'env_conformance',
  resources: [{ type: 'memory_store', memory_store_id: storeId }],
});

/** Creates a session attaching a store; its answer. */
const attach = (ctx: CaseContext, storeId: string, auth: Auth = 'workspace') =>
  ctx.call('sessions.create', { body: sessionBody(storeId), auth }, false);

export const outputStoreOrdinary = defineCase({
  id: 'dreams.output-store-ordinary',
  family: 'dreams',
  title:
    "a completed dream's output store attaches to a session of its workspace like any store, not to another workspace's, and can be archived",
  requirements: [
    'MEMSTORE-OUTPUT-ORDINARY',
    'MEMSTORE-OUTPUT-ATTACH',
    'MEMSTORE-OUTPUT-RELEASE-AFTER-END',
    'MEMSTORE-OWNER-WORKSPACE',
  ],
  needs: ['memory-stores', 'sessions', orRealTime('drive-dreams'), 'workspaces'],
  async run(ctx) {
    const ws = ctx.target.workspace;
    // A plain store first: a target that refuses the placeholder agent leaves this unobservable.
    const control = await ctx.fixture('memory-stores', 'createMemoryStore', ws, { name: 'control' });
    const plain = await attach(ctx, control.id);
    if (plain.status >= 400 || sessionIdOf(plain.body) === null)
      throw new Unobservable(
        'the session-creation answer was refused or carries no `id` (its body is not shown)',
      );

    const handle = await dreamIn(ctx, ws, 'completed');
    const dream: Dream = await retrieve(ctx, handle);
    const output = dream.outputs[0]?.memory_store_id;
    if (output === undefined) return ctx.fail(`the completed dream ${dream.id} has no output store`);

    const res = await attach(ctx, output);
    ctx.http.expect(res, [{ kind: 'status-class', equals: '2xx' }]);
    const session = sessionIdOf(res.body);
    if (session === null) return ctx.fail(`the session-creation answer names no session: ${res.text}`);
    const list = await ctx.call('sessions.resources.list', { path: { session_id: session } });
    ctx.http.expect(list, [{ kind: 'status-class', equals: '2xx' }]);
    const { data } = ctx.bodyOf(list);
    const attached = data.some(
      (r) => r.type === 'memory_store' && (r as MemoryStoreSessionResource).memory_store_id === output,
    );
    if (!attached) ctx.fail(`the session does not hold the output store ${output}`);

    const other = await ctx.workspace();
    if (other.id !== ws.id)
      ctx.clientError(await attach(ctx, output, { apiKey: other.apiKey, placeholder: 'workspace_key_2' }));

    const archived = await ctx.fixture('memory-stores', 'changeMemoryStore', output, 'archive');
    if (archived.status < 200 || archived.status >= 300)
      ctx.fail(`archiving the output store of a completed dream answered ${archived.status}`);
  },
});
