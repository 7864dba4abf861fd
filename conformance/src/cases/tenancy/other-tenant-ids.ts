/**
 * Every operation that names a resource (the spec's `access.namedResources`: path parameters and
 * body references), sent with another tenant's credential naming the target's resource: refused
 * with a 4xx and the error body, and the target's own request still succeeds afterwards (the
 * resource is unchanged and still the target's).
 */
import { access } from '@vendor-api/spec';
import { type CaseContext, defineCase } from '../../case.js';
import { anotherTenant, orRealTime } from '../../needs.js';
import { control, probes, vary } from '../access/common.js';
import { PROBE_NEEDS } from '../access/probes.js';
import { createBody, freshInputs } from '../dreams/support/index.js';
import { neverRuns, otherTenant, tenantAuth } from './support.js';

const has = (ctx: CaseContext, ...caps: Parameters<CaseContext['adapter']['capabilities']['has']>[0][]) =>
  caps.every((c) => ctx.adapter.capabilities.has(c));

/** Body references: the target's memory store, file and dream inputs named with the other tenant's key. */
async function bodyReferences(
  ctx: CaseContext,
  auth: ReturnType<typeof tenantAuth>,
  tenantWorkspace: { id: string; apiKey: string },
) {
  const ws = ctx.target.workspace;
  if (has(ctx, 'memory-stores')) {
    // sessions.create: resources[].memory_store_id (MEMSTORE-OWNER-ORGANIZATION)
    const store = await ctx.fixture('memory-stores', 'createMemoryStore', ws);
    const body = {
      agent: 'agent_probe',
      environment_id: 'env_probe',
      resources: [{ type: 'memory_store', memory_store_id: store.id }],
    };
    ctx.clientError(await ctx.call('sessions.create', { body, auth }, false));
  }
  if (has(ctx, 'sessions', 'files')) {
    // sessions.resources.create: file_id, on a session of the other tenant (AUTH-WORKSPACE-SCOPED-RESOURCES)
    const session = await ctx.fixture('sessions', 'createSession', tenantWorkspace);
    const file = await ctx.fixture('files', 'createFile', ws);
    const res = await ctx.call(
      'sessions.resources.create',
      { path: { session_id: session.id }, body: { type: 'file', file_id: file.id }, auth },
      false,
    );
    ctx.clientError(res);
  }
  if (has(ctx, 'memory-stores', 'sessions')) {
    // dreams.create: inputs[].memory_store_id and inputs[].session_ids[]
    const { storeId, sessionIds } = await freshInputs(ctx, ws, 1);
    const res = await ctx.call(
      'dreams.create',
      { body: createBody(storeId, sessionIds, {}, ctx), auth },
      false,
    );
    await neverRuns(ctx, res, auth, "the target's dream inputs named by another tenant");
  }
}

export const otherTenantIds = defineCase({
  id: 'tenancy.other-tenant-ids-refused',
  family: 'tenancy',
  title:
    "every operation that names a resource refuses another tenant's credential naming the target's resource with a 4xx, and leaves the resource as it was",
  requirements: [
    'AUTH-KEY-ONE-WORKSPACE',
    'AUTH-WORKSPACE-SCOPED-RESOURCES',
    'AUTH-ADMIN-KEY-ORGANIZATION-ENDPOINTS',
    'BATCH-WORKSPACE-SCOPED',
    'MEMSTORE-OWNER-ORGANIZATION',
  ],
  // A dream over another tenant's inputs may be created and fail as its pipeline starts: driven where
  // the target can, else awaited on the wall clock.
  needs: [...PROBE_NEEDS, anotherTenant, orRealTime('drive-dreams')],
  async run(ctx) {
    const tenant = await otherTenant(ctx);
    for await (const [endpoint, p] of probes(ctx)) {
      // Operations naming a resource by path (the results URL is the batch's); body references below.
      const byPath =
        endpoint.path === null || access.namedResources(endpoint).some((n) => n.startsWith('path.'));
      if (!p.valid || endpoint.auth.length === 0 || !byPath) continue;
      const auth = tenantAuth(tenant, endpoint.auth.includes('admin_key'));
      ctx.clientError(await vary(ctx, endpoint, p, { auth }));
      await control(ctx, endpoint, p);
    }
    await bodyReferences(ctx, tenantAuth(tenant, false), tenant.workspace);
  },
});
