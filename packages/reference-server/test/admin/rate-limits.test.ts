import {
  defineVendor,
  type OrganizationRateLimit,
  RATE_LIMIT_GROUP_TYPES,
  rateLimits,
  type WorkspaceRateLimit,
} from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import { ChoiceSet } from '../../src/choices/index.js';
import {
  knownModels,
  MODEL_GROUPS,
  organizationRateLimits,
  rateLimitConfigProblems,
} from '../../src/rate-limits/config.js';
import { expectErrorBody, expectValid } from '../helpers.js';
import { type A, admin, createWorkspace, dataOf } from './admin-helpers.js';

const ORG = '/v1/organizations/rate_limits';
const wsUrl = (id: string) => `/v1/organizations/workspaces/${id}/rate_limits`;

const orgList = async (a: A, query = '') => {
  const res = await a.get(`${ORG}${query}`);
  return { res, data: (res.json?.data ?? []) as OrganizationRateLimit[] };
};

/** Follows `next_page` until null, like a client (RL-CLIENT-LOOP-NEXT-PAGE). */
async function loop(a: A, url: string) {
  const all: unknown[] = [];
  let page: string | null = null;
  for (let i = 0; i < 10; i++) {
    const res = await a.get(page === null ? url : `${url}${url.includes('?') ? '&' : '?'}page=${page}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveProperty('next_page');
    all.push(...dataOf(res));
    page = res.json?.next_page as string | null;
    if (page === null) return all;
  }
  throw new Error('next_page never became null');
}

describe('the rate-limit configuration', () => {
  it('puts every model id and alias in exactly one model group, for any vendor name (RL-MODEL-IN-EXACTLY-ONE-GROUP)', () => {
    for (const name of ['vendor', 'acme']) {
      const v = defineVendor(name);
      expect(rateLimitConfigProblems(v)).toEqual([]);
      const models = knownModels(v);
      expect(models).toEqual(expect.arrayContaining([...v.models.all]));
      expect(new Set(models).size).toBe(models.length);
      expect(models.length).toBe(MODEL_GROUPS.length * 4);
    }
  });

  it('the rules catch a model listed in two groups', () => {
    const v = defineVendor('vendor');
    expect(
      rateLimitConfigProblems(
        v,
        new ChoiceSet([], ['RL_MODEL_IN_TWO_GROUPS']).current.organizationRateLimits(
          organizationRateLimits(v),
        ),
      ),
    ).not.toEqual([]);
  });

  it('has one entry per group type, `enqueued_batch_requests` only in batch (RL-ENQUEUED-BATCH-REQUESTS-BATCH)', () => {
    const entries = organizationRateLimits(defineVendor('vendor'));
    for (const g of RATE_LIMIT_GROUP_TYPES) expect(entries.some((e) => e.group_type === g)).toBe(true);
    expect(rateLimits.checkLimiterPlacement(entries).ok).toBe(true);
  });
});

describe('GET /v1/organizations/rate_limits', () => {
  it('answers every organization entry in one page, next_page null (RL-LIST-ENVELOPE, RL-SINGLE-PAGE)', async () => {
    const a = admin();
    const { res, data } = await orgList(a);
    expect(res.status).toBe(200);
    expectValid('organizations.rate_limits.list', 200, res.json);
    expect(res.json?.next_page).toBeNull();
    expect(data).toEqual(organizationRateLimits(a.app.reference.state.vendor));
    expect(await loop(a, ORG)).toEqual(data);
  });

  it('model returns only the entry containing it, for every id and alias (RL-ORG-MODEL-FILTER)', async () => {
    const a = admin();
    for (const model of knownModels(a.app.reference.state.vendor)) {
      const { res, data } = await orgList(a, `?model=${model}`);
      expect(res.status).toBe(200);
      expectValid('organizations.rate_limits.list', 200, res.json);
      expect(data).toHaveLength(1);
      expect(data[0]?.models).toContain(model);
      expect(res.json?.next_page).toBeNull();
    }
  });

  it('answers 404 with the error body when model matches no group (RL-ORG-MODEL-404)', async () => {
    const a = admin();
    for (const model of ['no-such-model', `${a.app.reference.state.vendor.models.opus}-x`]) {
      expectErrorBody(await a.get(`${ORG}?model=${model}`), 404);
    }
  });

  it('group_type keeps only entries of that type (RL-GROUP-TYPE-FILTER)', async () => {
    const a = admin();
    for (const g of RATE_LIMIT_GROUP_TYPES) {
      const { res, data } = await orgList(a, `?group_type=${g}`);
      expect(res.status).toBe(200);
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((e) => e.group_type === g)).toBe(true);
    }
    expectErrorBody(await a.get(`${ORG}?group_type=chat`), 400);
  });

  it('model with another group_type leaves data empty (UNSPEC-RL-MODEL-WITH-GROUP-TYPE)', async () => {
    const a = admin();
    const { res, data } = await orgList(
      a,
      `?model=${a.app.reference.state.vendor.models.opus}&group_type=batch`,
    );
    expect(res.status).toBe(200);
    expect(data).toEqual([]);
  });

  it('answers 400 to a page cursor it never issued (UNSPEC-RL-PAGE-CURSOR), 403 to a workspace key', async () => {
    const a = admin();
    expectErrorBody(await a.get(`${ORG}?page=abc`), 400);
    expectErrorBody(await a.as(a.demo.workspaceKey).get(ORG), 403);
  });
});

describe('GET /v1/organizations/workspaces/{workspace_id}/rate_limits', () => {
  const setOverrides = (a: A, ws: string, overrides: unknown) =>
    a.control('POST', `/workspaces/${ws}/rate_limits`, { overrides });

  it('answers no entries for a workspace without overrides (RL-WS-ABSENT-GROUP-INHERITS)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const res = await a.get(wsUrl(ws));
    expect(res.status).toBe(200);
    expectValid('organizations.workspaces.rate_limits.list', 200, res.json);
    expect(res.json).toEqual({ data: [], next_page: null });
  });

  it('answers only overrides, each with org_limit from the organization or null (RL-WS-ONLY-OVERRIDES, RL-WS-ORG-LIMIT*)', async () => {
    const a = admin();
    const v = a.app.reference.state.vendor;
    const ws = await createWorkspace(a);
    await setOverrides(a, ws, [
      {
        group_type: 'model_group',
        model: v.models.sonnet,
        limits: [{ type: 'requests_per_minute', value: 100 }],
      },
      { group_type: 'token_count', limits: [{ type: 'input_tokens_per_minute', value: 5000 }] },
    ]);
    const res = await a.get(wsUrl(ws));
    expect(res.status).toBe(200);
    expectValid('organizations.workspaces.rate_limits.list', 200, res.json);
    const data = res.json?.data as WorkspaceRateLimit[];
    const org = organizationRateLimits(v);
    const sonnet = org.find((e) => e.models?.includes(v.models.sonnet));
    expect(data).toEqual([
      {
        type: 'workspace_rate_limit',
        group_type: 'model_group',
        models: sonnet?.models,
        limits: [
          {
            type: 'requests_per_minute',
            value: 100,
            org_limit: sonnet?.limits.find((l) => l.type === 'requests_per_minute')?.value,
          },
        ],
      },
      {
        type: 'workspace_rate_limit',
        group_type: 'token_count',
        models: null,
        limits: [{ type: 'input_tokens_per_minute', value: 5000, org_limit: null }],
      },
    ]);
    expect(rateLimits.mergeRateLimits(org, data).ok).toBe(true);
    expect(await loop(a, wsUrl(ws))).toEqual(data);
    const filtered = await a.get(`${wsUrl(ws)}?group_type=token_count`);
    expect(dataOf<WorkspaceRateLimit>(filtered).map((e) => e.group_type)).toEqual(['token_count']);
  });

  it('refuses overrides above the organization value and on the Default Workspace (WS-LIMIT-NOT-HIGHER, WS-DEFAULT-NO-LIMITS)', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const above = await a.call('POST', `/_test/workspaces/${ws}/rate_limits`, {
      key: null,
      body: {
        overrides: [{ group_type: 'files', limits: [{ type: 'requests_per_minute', value: 10 ** 9 }] }],
      },
    });
    expectErrorBody(above, 400);
    const misplaced = await a.call('POST', `/_test/workspaces/${ws}/rate_limits`, {
      key: null,
      body: { overrides: [{ group_type: 'files', limits: [{ type: 'enqueued_batch_requests', value: 1 }] }] },
    });
    expectErrorBody(misplaced, 400);
    expectErrorBody(
      await a.call('POST', '/_test/workspaces/default/rate_limits', { key: null, body: { overrides: [] } }),
      400,
    );
  });

  it('ignores the model parameter (RL-WS-MODEL-NOT-ACCEPTED, UNSPEC-RL-WS-MODEL-PARAM; refused under strict-unknown-fields) and answers 404 to an unknown workspace', async () => {
    const a = admin();
    const ws = await createWorkspace(a);
    const model = `model=${a.app.reference.state.vendor.models.opus}`;
    const withModel = await a.get(`${wsUrl(ws)}?${model}`);
    expect(withModel.status).toBe(200);
    expect(withModel.json).toEqual((await a.get(wsUrl(ws))).json);
    const strict = admin({ variants: ['strict-unknown-fields'] });
    expectErrorBody(await strict.get(`${wsUrl(await createWorkspace(strict))}?${model}`), 400);
    expectErrorBody(await a.get(wsUrl('wrkspc_unknown')), 404);
  });
});
