/**
 * Dream inputs that are not the caller's: a memory store or a session of another workspace of the
 * organization, of another organization, or an id that names nothing. The dream never runs on one.
 */
import { idPrefix, MemoryStoreId } from '@vendor-api/spec';
import type { Workspace } from '../../adapter.js';
import { type CaseContext, defineCase } from '../../case.js';
import { observedWith, orRealTime } from '../../needs.js';
import { createBody, freshInputs } from '../dreams/support/index.js';
import { neverRuns, otherTenant } from './support.js';

/** Inputs of the workspaces other than the caller's that the run can make, and made-up ids. */
async function foreignInputs(ctx: CaseContext) {
  const out = [
    {
      what: 'an unknown id',
      storeId: `${idPrefix(MemoryStoreId)}0unknown0000000000000000`,
      sessionId: 'sesn_0unknown0000000000000000',
    },
  ];
  const add = async (what: string, ws: Workspace) => {
    const { storeId, sessionIds } = await freshInputs(ctx, ws, 1);
    out.push({ what, storeId, sessionId: sessionIds[0] as string });
  };
  if (ctx.adapter.capabilities.has('workspaces'))
    await add('another workspace', await ctx.fixture('workspaces', 'createWorkspace', 'dream-inputs-other'));
  if (ctx.target.otherTenant || ctx.adapter.capabilities.has('tenants'))
    await add('another organization', (await otherTenant(ctx)).workspace);
  return out;
}

export const dreamInputsOfOthers = defineCase({
  id: 'tenancy.dream-inputs-of-others',
  family: 'tenancy',
  title:
    'a dream never runs on a memory store or session of another workspace or organization, or on an unknown id: its creation is refused with a 4xx, or it fails as its pipeline starts',
  requirements: ['AUTH-KEY-ONE-WORKSPACE'],
  needs: [observedWith('tenants'), 'memory-stores', 'sessions', orRealTime('drive-dreams')],
  async run(ctx) {
    const own = await freshInputs(ctx, ctx.target.workspace, 1);
    for (const other of await foreignInputs(ctx)) {
      const attempts = [
        {
          body: createBody(other.storeId, own.sessionIds, {}, ctx),
          what: `${other.what} as the memory store`,
        },
        { body: createBody(own.storeId, [other.sessionId], {}, ctx), what: `${other.what} as a session` },
      ];
      for (const { body, what } of attempts) {
        const res = await ctx.call('dreams.create', { body }, false);
        await neverRuns(ctx, res, 'workspace', what);
      }
    }
  },
});
