/**
 * Session creation attaching memory stores: POST /v1/sessions with `agent`, `environment_id` and
 * `resources` of `{type: memory_store, memory_store_id}` items is accepted (a 2xx: the status and
 * the body are not shown), and the session's resource list then holds each store as a
 * `memory_store` resource (no `id`) with the store's name and description copied at attach time,
 * the empty string for a store without one. Rotating a memory-store resource is refused. A store
 * of another workspace cannot be attached.
 *
 * The response body of session creation is not shown (UNSPEC-SESS-CREATE-RESPONSE): the case
 * reads the session id from an `id` field when there is one, and otherwise reports the rest as
 * not observable (skipped) rather than passed.
 */
import type { MemoryStoreSessionResource, SessionCreateParams, SessionResource } from '@vendor-api/spec';
import { Unobservable } from '../../adapter.js';
import { defineCase } from '../../case.js';
import { listAll, sessionIdOf, success } from './support.js';

const sessionBody = (resources: SessionCreateParams['resources']): SessionCreateParams => ({
  agent: 'agent_conformance',
  environment_id: 'env_conformance',
  resources,
});

export const createAttachesMemoryStores = defineCase({
  id: 'sessions.create-attaches-memory-stores',
  family: 'sessions',
  title:
    'session creation attaches memory stores as memory_store resources with name and description copied (empty when none)',
  requirements: [
    'SESS-CREATE-ROUTE',
    'SESS-CREATE-AGENT',
    'SESS-CREATE-ENVIRONMENT',
    'SESS-CREATE-RESOURCES',
    'SESS-CREATE-MEMSTORE-ITEM',
    'SRES-MEMSTORE-FIELDS',
    'SRES-MEMSTORE-NO-ID',
    'SRES-MEMSTORE-ID-PREFIX',
    'SRES-MEMSTORE-NAME-COPIED',
    'SRES-MEMSTORE-DESCRIPTION-COPIED',
    'SRES-MEMSTORE-DESCRIPTION-EMPTY',
    'SRES-UPDATE-ROTATION-REPO-ONLY',
    'SRES-KIND-DISCRIMINATOR',
  ],
  needs: ['memory-stores'],
  async run(ctx) {
    const ws = ctx.target.workspace;
    const described = await ctx.fixture('memory-stores', 'createMemoryStore', ws, {
      name: 'conformance notes',
      description: 'What the conformance suite remembers.',
    });
    const bare = await ctx.fixture('memory-stores', 'createMemoryStore', ws, { name: 'conformance bare' });
    const res = await ctx.call(
      'sessions.create',
      {
        body: sessionBody([
          { type: 'memory_store', memory_store_id: described.id },
          { type: 'memory_store', memory_store_id: bare.id },
        ]),
      },
      false,
    );
    // The agent and environment come from no fixture; a target that refuses them (its errors are
    // not shown: UNSPEC-SESS-CREATE-ERRORS) leaves the attachment unobservable, not failed.
    if (res.status >= 400 && res.status < 500)
      throw new Unobservable(
        `the target refused the session creation (${res.status}): agent and environment ids are not shown`,
      );
    success(ctx, res);
    const id = sessionIdOf(res.body);
    if (id === null)
      throw new Unobservable(
        'the session-creation answer carries no `id` (its body is not shown), so the session cannot be read',
      );

    const { items } = await listAll(ctx, id);
    const stores = items.filter((r): r is MemoryStoreSessionResource => r.type === 'memory_store');
    const expected: [string, string, string][] = [
      [described.id, 'conformance notes', 'What the conformance suite remembers.'],
      [bare.id, 'conformance bare', ''],
    ];
    for (const [storeId, name, description] of expected) {
      const r = stores.find((s) => s.memory_store_id === storeId);
      if (!r)
        return ctx.fail(
          `the session's resources do not hold memory store ${storeId}: ${JSON.stringify(items)}`,
        );
      if ('id' in (r as SessionResource))
        ctx.fail(`the memory_store resource has an id: ${JSON.stringify(r)}`);
      if (r.name !== undefined && r.name !== name)
        ctx.fail(
          `memory_store ${storeId}: name ${JSON.stringify(r.name)}, expected the store's ${JSON.stringify(name)}`,
        );
      if (r.description !== undefined && r.description !== description)
        ctx.fail(
          `memory_store ${storeId}: description ${JSON.stringify(r.description)}, expected ${JSON.stringify(description)}`,
        );
    }
    // Addressing a memory-store resource is not stated beyond its memory_store_id
    // (UNSPEC-SRES-MEMSTORE-ADDRESSING); either way rotation must be refused.
    const rotate = await ctx.call(
      'sessions.resources.update',
      { path: { session_id: id, resource_id: described.id }, body: { authorization_token: 't' } },
      false,
    );
    ctx.clientError(rotate);
  },
});

export const createRefusesForeignStore = defineCase({
  id: 'sessions.create-refuses-foreign-memory-store',
  family: 'sessions',
  title: 'session creation refuses a memory store of another workspace (a 4xx)',
  requirements: ['MEMSTORE-OWNER-WORKSPACE'],
  needs: ['memory-stores', 'workspaces'],
  async run(ctx) {
    const other = await ctx.workspace();
    if (other.id === ctx.target.workspace.id) throw new Unobservable('no second workspace');
    const store = await ctx.fixture('memory-stores', 'createMemoryStore', other, { name: 'elsewhere' });
    const res = await ctx.call(
      'sessions.create',
      { body: sessionBody([{ type: 'memory_store', memory_store_id: store.id }]) },
      false,
    );
    ctx.clientError(res);
  },
});
