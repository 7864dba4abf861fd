/**
 * Every seeded fault of the admin area changes an observable answer: each scenario runs on a
 * server without faults (the correct answer) and on one with the fault (a different answer).
 */
import { type FaultNameIn, rateLimits, spec, workspaceRules } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../src/state.js';
import { handlers } from '../../src/workspaces/handlers.js';
import { faultsIn } from '../fault-tests.js';
import { idsOf } from '../helpers.js';
import { type A, admin, createWorkspace, dataOf, user } from './admin-helpers.js';

const faults = faultsIn('admin');

const WS = '/v1/organizations/workspaces';
const ORG_RL = '/v1/organizations/rate_limits';
const USAGE =
  '/v1/organizations/usage_report/messages?starting_at=2026-01-01T00:00:00Z&ending_at=2026-01-02T00:00:00Z';

const statusOf = async (p: Promise<{ status: number }>) => (await p).status;

async function fillTo(a: A, n: number): Promise<string[]> {
  const ids = idsOf(await a.get(`${WS}?limit=1000`));
  while (ids.length < n) ids.push(await createWorkspace(a, `w${ids.length}`));
  return ids;
}

async function wsWithOverride(a: A, override: unknown) {
  const ws = await createWorkspace(a);
  await a.control('POST', `/workspaces/${ws}/rate_limits`, { overrides: [override] });
  const res = await a.get(`${WS}/${ws}/rate_limits`);
  return res.json?.data as { group_type: string; limits: { value: number; org_limit: number | null }[] }[];
}

async function usageResults(a: A, query: string, archive = false) {
  const ws = await createWorkspace(a);
  await a.control('POST', '/usage', { workspace_id: ws, at: '2026-01-01T01:00:00Z', input_tokens: 3 });
  await a.control('POST', '/usage', { workspace_id: 'default', at: '2026-01-01T02:00:00Z', input_tokens: 4 });
  if (archive) await a.post(`${WS}/${ws}/archive`);
  const res = await a.get(`${USAGE}${query}`);
  return (dataOf<{ results: unknown[] }>(res)[0]?.results ?? []) as {
    workspace_id?: string | null;
    input_tokens: number;
  }[];
}

/** Scenario per fault: an observable value that differs when the fault is on. */
const scenarios: Record<FaultNameIn<'admin'>, (a: A) => Promise<unknown>> = {
  WS_LIST_INCLUDES_DEFAULT: async (a) =>
    dataOf<{ name: string }>(await a.get(WS)).some((w) => w.name === 'Default Workspace'),
  WS_LIST_LIMIT_REJECTED: (a) => statusOf(a.get(`${WS}?limit=5`)),
  WS_CAP_COUNTS_ARCHIVED: async (a) => {
    const ids = await fillTo(a, workspaceRules.WORKSPACE_CAP);
    await a.post(`${WS}/${ids[0]}/archive`);
    return statusOf(a.post(WS, { name: 'freed slot' }));
  },
  WS_CAP_ALLOWS_101: async (a) => {
    await fillTo(a, workspaceRules.WORKSPACE_CAP);
    return statusOf(a.post(WS, { name: '101st' }));
  },
  WS_CREATE_ANY_ADMIN_KEY: async (a) => {
    // The owner of an admin key is demoted; the handler sees which key the caller used.
    const state = a.app.reference.state;
    const owner = await user(a, 'admin');
    const key = await a.control('POST', '/organizations/demo/keys', {
      kind: 'admin_key',
      owner_user_id: owner,
    });
    await a.control('POST', `/users/${owner}/role`, { role: 'developer' });
    const endpoint = spec.endpoints.find((e) => e.id === 'organizations.workspaces.create');
    const ctx = {
      state,
      endpoint,
      caller: {
        kind: 'admin_key',
        organizationId: state.demo.organizationId,
        workspaceId: null,
        presented: { kind: 'admin_key' },
        apiKeyId: key.key,
      },
      path: {},
      query: {},
      body: { name: 'by a demoted admin' },
      origin: 'http://localhost',
    } as unknown as HandlerContext;
    try {
      return (await handlers['organizations.workspaces.create']?.(ctx))?.status;
    } catch (error) {
      return (error as { status: number }).status;
    }
  },
  MEMBER_ORG_ADMIN_REMOVABLE: async (a) =>
    statusOf(a.del(`${WS}/${await createWorkspace(a)}/members/${await user(a, 'admin')}`)),
  MEMBER_ORG_BILLING_REMOVABLE: async (a) =>
    statusOf(a.del(`${WS}/${await createWorkspace(a)}/members/${await user(a, 'billing')}`)),
  MEMBER_ORG_ADMIN_ROLE_CHANGEABLE: async (a) =>
    statusOf(
      a.post(`${WS}/${await createWorkspace(a)}/members/${await user(a, 'admin')}`, {
        workspace_role: 'workspace_developer',
      }),
    ),
  MEMBER_BILLING_ROLE_CHANGEABLE: async (a) =>
    statusOf(
      a.post(`${WS}/${await createWorkspace(a)}/members/${await user(a, 'billing')}`, {
        workspace_role: 'workspace_user',
      }),
    ),
  MEMBER_BILLING_UPGRADE_REFUSED: async (a) =>
    statusOf(
      a.post(`${WS}/${await createWorkspace(a)}/members/${await user(a, 'billing')}`, {
        workspace_role: 'workspace_admin',
      }),
    ),
  RL_MODEL_IN_TWO_GROUPS: async (a) => {
    const data = (await a.get(ORG_RL)).json?.data as Parameters<typeof rateLimits.checkModelGroups>[0];
    return rateLimits.checkModelGroups(data).ok;
  },
  RL_UNMATCHED_MODEL_200: (a) => statusOf(a.get(`${ORG_RL}?model=not-a-model`)),
  RL_GROUP_TYPE_IGNORED: async (a) => dataOf(await a.get(`${ORG_RL}?group_type=files`)).length,
  RL_NEXT_PAGE_MISSING: async (a) => 'next_page' in ((await a.get(ORG_RL)).json ?? {}),
  RL_WS_INHERITED_LISTED: async (a) =>
    (await wsWithOverride(a, { group_type: 'files', limits: [{ type: 'requests_per_minute', value: 1 }] }))
      .length,
  RL_ORG_LIMIT_WRONG: async (a) =>
    (await wsWithOverride(a, { group_type: 'files', limits: [{ type: 'requests_per_minute', value: 1 }] }))[0]
      ?.limits[0]?.org_limit,
  RL_ORG_LIMIT_ZERO_NOT_NULL: async (a) =>
    (
      await wsWithOverride(a, {
        group_type: 'files',
        limits: [{ type: 'input_tokens_per_minute', value: 1 }],
      })
    )[0]?.limits[0]?.org_limit,
  USAGE_DEFAULT_WORKSPACE_NAMED: async (a) =>
    (await usageResults(a, '&group_by[]=workspace_id')).find((r) => r.input_tokens === 4)?.workspace_id,
  USAGE_ARCHIVED_DROPPED: async (a) =>
    (await usageResults(a, '', true)).reduce((s, r) => s + r.input_tokens, 0),
  USAGE_GROUP_BY_IGNORED: async (a) => (await usageResults(a, '&group_by[]=workspace_id')).length,
};

/** The correct answer of each scenario (without the fault). */
const correct: Record<FaultNameIn<'admin'>, unknown> = {
  WS_LIST_INCLUDES_DEFAULT: false,
  WS_LIST_LIMIT_REJECTED: 200,
  WS_CAP_COUNTS_ARCHIVED: 200,
  WS_CAP_ALLOWS_101: 400,
  WS_CREATE_ANY_ADMIN_KEY: 403,
  MEMBER_ORG_ADMIN_REMOVABLE: 400,
  MEMBER_ORG_BILLING_REMOVABLE: 400,
  MEMBER_ORG_ADMIN_ROLE_CHANGEABLE: 400,
  MEMBER_BILLING_ROLE_CHANGEABLE: 400,
  MEMBER_BILLING_UPGRADE_REFUSED: 200,
  RL_MODEL_IN_TWO_GROUPS: true,
  RL_UNMATCHED_MODEL_200: 404,
  RL_GROUP_TYPE_IGNORED: 1,
  RL_NEXT_PAGE_MISSING: true,
  RL_WS_INHERITED_LISTED: 1,
  RL_ORG_LIMIT_WRONG: 1000,
  RL_ORG_LIMIT_ZERO_NOT_NULL: null,
  USAGE_DEFAULT_WORKSPACE_NAMED: null,
  USAGE_ARCHIVED_DROPPED: 7,
  USAGE_GROUP_BY_IGNORED: 2,
};

describe('admin seeded faults', () => {
  it('every fault cites an existing requirement and has a scenario', () => {
    const ids = new Set(spec.requirements.map((r) => r.id));
    for (const f of faults) {
      expect(ids.has(f.requirement), f.name).toBe(true);
      expect(scenarios[f.name], f.name).toBeDefined();
      expect(Object.hasOwn(correct, f.name), f.name).toBe(true);
    }
  });

  for (const f of faults) {
    it(`${f.name} breaks ${f.requirement}`, async () => {
      const scenario = scenarios[f.name];
      if (!scenario) throw new Error(`no scenario for ${f.name}`);
      const clean = await scenario(admin());
      expect(clean).toEqual(correct[f.name]);
      const faulty = await scenario(admin({ faults: [f.name] }));
      expect(faulty).not.toEqual(clean);
    });
  }
});
