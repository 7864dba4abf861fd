/**
 * What the cross-tenant cases share: another tenant's credentials, and the judgement of a dream
 * created over inputs that are not the caller's.
 */
import type { Dream } from '@vendor-api/spec';
import { type Tenant, Unobservable } from '../../adapter.js';
import type { CaseContext } from '../../case.js';
import type { Auth, Response } from '../../http.js';
import { waitUntil } from '../../wait.js';

/**
 * Another tenant (organization): as the run was given it, else made by the adapter (capability
 * `tenants`). Without either the case is skipped as unobservable, never failed.
 */
export async function otherTenant(ctx: CaseContext): Promise<Tenant> {
  const tenant =
    ctx.target.otherTenant ??
    (ctx.adapter.capabilities.has('tenants') ? await ctx.fixture('tenants', 'createTenant') : undefined);
  if (!tenant)
    throw new Unobservable(
      "another tenant's credentials: give --other-admin-key, --other-workspace-id and --other-workspace-key, or an adapter with the tenants capability",
    );
  ctx.recorder.secret(tenant.adminKey, 'other_admin_key');
  ctx.recorder.secret(tenant.workspace.apiKey, 'other_workspace_key');
  return tenant;
}

/** The credential of another tenant that an operation takes: its admin key or its workspace key. */
export const tenantAuth = (tenant: Tenant, adminEndpoint: boolean): Auth =>
  adminEndpoint
    ? { apiKey: tenant.adminKey, placeholder: 'other_admin_key' }
    : { apiKey: tenant.workspace.apiKey, placeholder: 'other_workspace_key' };

/**
 * A dream over an input that is not the caller's never runs (AUTH-KEY-ONE-WORKSPACE): its
 * creation is refused with a 4xx and the error body, or the dream is created and fails as its
 * pipeline starts, before it reads anything. Which one, and the status, are not shown
 * (UNSPEC-DREAM-INPUT-OWNERSHIP).
 */
export async function neverRuns(
  ctx: CaseContext,
  created: Response,
  auth: Auth,
  what: string,
): Promise<void> {
  if (created.status >= 400 && created.status < 500) return ctx.clientError(created);
  if (created.status >= 300 || created.status < 200)
    return ctx.fail(
      `${what}: expected a 4xx or a dream that never runs, got ${created.status}: ${created.text}`,
    );
  const id = (created.body as Partial<Dream> | null)?.id;
  if (typeof id !== 'string')
    return ctx.fail(`${what}: the dream was created without an id: ${created.text}`);
  const read = () => ctx.call('dreams.retrieve', { path: { dream_id: id }, auth });
  const statusOf = (res: Response) => (res.body as Partial<Dream> | null)?.status;
  let status: unknown;
  if (ctx.has('drive-dreams')) {
    await ctx.fixture('drive-dreams', 'driveDream', id, { action: 'start' });
    status = statusOf(await read());
  } else {
    // The pipeline starts on its own: awaited until the dream has left `pending`.
    const { value } = await waitUntil(ctx, {
      what: `dream ${id} to leave pending`,
      poll: read,
      done: (res) => res.status >= 400 || statusOf(res) !== 'pending',
      describe: (res) => `status ${JSON.stringify(statusOf(res))}`,
    });
    status = statusOf(value);
  }
  if (status !== 'failed')
    ctx.fail(
      `${what}: the dream was created and, its pipeline started, is ${String(status)}; it must not run on an input that is not the caller's`,
    );
}
