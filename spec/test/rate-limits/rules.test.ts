import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  OrganizationRateLimit,
  RateLimiterType,
  WorkspaceRateLimit,
} from '../../src/resources/rate-limits.js';
import {
  NON_MODEL_GROUP_TYPES,
  OrganizationRateLimit as OrgSchema,
  RATE_LIMITER_TYPES,
  WorkspaceRateLimit as WsSchema,
} from '../../src/resources/rate-limits.js';
import {
  checkLimiterPlacement,
  checkModelGroups,
  filterOrgRateLimits,
  filterWorkspaceRateLimits,
  groupKey,
  mergeRateLimits,
} from '../../src/rules/rate-limits.js';
import { vendor } from '../../src/vendor.js';
import { Ok } from '../helpers.js';

const opus = vendor.models.opus;
const sonnet = vendor.models.sonnet;

const org = (
  group: OrganizationRateLimit['group_type'],
  limits: [RateLimiterType, number][],
  models: string[] | null = null,
) =>
  ({
    type: 'rate_limit',
    group_type: group,
    models: group === 'model_group' ? (models ?? []) : null,
    limits: limits.map(([type, value]) => ({ type, value })),
  }) as OrganizationRateLimit;

const ws = (
  group: WorkspaceRateLimit['group_type'],
  limits: [RateLimiterType, number, number | null][],
  models: string[] | null = null,
) =>
  ({
    type: 'workspace_rate_limit',
    group_type: group,
    models: group === 'model_group' ? (models ?? []) : null,
    limits: limits.map(([type, value, org_limit]) => ({ type, value, org_limit })),
  }) as WorkspaceRateLimit;

const opusGroup = org(
  'model_group',
  [
    ['requests_per_minute', 4000],
    ['input_tokens_per_minute', 400000],
  ],
  [opus, `${opus}-20260101`],
);
const sonnetGroup = org('model_group', [['requests_per_minute', 4000]], [sonnet]);
const batch = org('batch', [
  ['requests_per_minute', 50],
  ['enqueued_batch_requests', 100000],
]);
const files = org('files', [['requests_per_minute', 100]]);
const orgEntries = [opusGroup, sonnetGroup, batch, files];

describe('checkModelGroups', () => {
  it('accepts groups where every model appears exactly once', () => {
    expect(checkModelGroups(orgEntries, [opus, `${opus}-20260101`, sonnet])).toEqual({
      ok: true,
      problems: [],
    });
  });
  it('rejects a model that appears in two model groups', () => {
    const r = checkModelGroups([opusGroup, org('model_group', [], [opus])]);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.requirement)).toEqual(['RL-MODEL-IN-EXACTLY-ONE-GROUP']);
  });
  it('rejects a known model that appears in no model group', () => {
    expect(checkModelGroups([sonnetGroup], [opus]).problems.map((p) => p.kind)).toEqual([
      'model-in-no-group',
    ]);
  });
  it('accepts a model repeated inside its own group as one appearance', () => {
    expect(checkModelGroups([org('model_group', [], [opus, opus])], [opus]).ok).toBe(true);
  });
  it('rejects models on a non-model group and null models on a model group', () => {
    const bad = [
      { ...batch, models: [opus] },
      { ...opusGroup, models: null },
    ] as unknown as OrganizationRateLimit[];
    expect(checkModelGroups(bad).problems.map((p) => p.requirement)).toEqual([
      'RL-MODELS-NULL-OTHER-GROUPS',
      'RL-MODELS-MODEL-GROUP',
    ]);
  });
  it('answers invalid input with problems, not a throw', () => {
    expect(checkModelGroups(null as never).ok).toBe(false);
    expect(checkModelGroups([null] as never).ok).toBe(false);
  });
  it('finds a duplicate whichever two groups share a model', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 2, maxLength: 12 }),
        fc.nat(),
        (names, pick) => {
          const half = Math.ceil(names.length / 2);
          const a = names.slice(0, half);
          const b = names.slice(half);
          const clean = [org('model_group', [], a), org('model_group', [], b)];
          expect(checkModelGroups(clean, names).ok).toBe(true);
          const shared = a[pick % a.length]!;
          const dup = [org('model_group', [], a), org('model_group', [], [...b, shared])];
          expect(checkModelGroups(dup).problems.some((p) => p.kind === 'model-in-several-groups')).toBe(true);
        },
      ),
    );
  });
});

describe('checkLimiterPlacement', () => {
  it('accepts enqueued_batch_requests in the batch group', () =>
    expect(checkLimiterPlacement(orgEntries).ok).toBe(true));
  it('rejects enqueued_batch_requests in any other group', () => {
    for (const g of NON_MODEL_GROUP_TYPES.filter((t) => t !== 'batch')) {
      expect(checkLimiterPlacement([org(g, [['enqueued_batch_requests', 1]])]).ok, g).toBe(false);
    }
    expect(checkLimiterPlacement([org('model_group', [['enqueued_batch_requests', 1]], [opus])]).ok).toBe(
      false,
    );
  });
});

describe('filterOrgRateLimits', () => {
  it('returns every entry on one page without filters', () => {
    expect(filterOrgRateLimits(orgEntries)).toEqual({
      status: 200,
      body: { data: orgEntries, next_page: null },
    });
  });
  it('returns only the entry containing the model, by identifier or alias', () => {
    expect(filterOrgRateLimits(orgEntries, { model: opus })).toMatchObject({
      status: 200,
      body: { data: [opusGroup] },
    });
    expect(filterOrgRateLimits(orgEntries, { model: `${opus}-20260101` })).toMatchObject({
      body: { data: [opusGroup] },
    });
  });
  it('answers 404 when the model matches no group', () => {
    expect(filterOrgRateLimits(orgEntries, { model: 'unknown-model' })).toMatchObject({ status: 404 });
  });
  it('does not match a prefix of a model identifier', () => {
    expect(filterOrgRateLimits(orgEntries, { model: opus.slice(0, -1) }).status).toBe(404);
  });
  it('returns only entries of the group type', () => {
    expect(filterOrgRateLimits(orgEntries, { group_type: 'model_group' })).toMatchObject({
      body: { data: [opusGroup, sonnetGroup] },
    });
    expect(filterOrgRateLimits(orgEntries, { group_type: 'web_search' })).toMatchObject({
      status: 200,
      body: { data: [] },
    });
  });
  it('applies the model filter before the group type', () => {
    expect(filterOrgRateLimits(orgEntries, { model: opus, group_type: 'batch' })).toMatchObject({
      status: 200,
      body: { data: [] },
    });
    expect(filterOrgRateLimits(orgEntries, { model: 'nope', group_type: 'batch' }).status).toBe(404);
  });
  it('filters workspace overrides by group type', () => {
    const o = [ws('batch', [['requests_per_minute', 10, 50]])];
    expect(filterWorkspaceRateLimits(o, { group_type: 'files' })).toEqual({
      status: 200,
      body: { data: [], next_page: null },
    });
    expect(filterWorkspaceRateLimits(o)).toEqual({ status: 200, body: { data: o, next_page: null } });
  });
});

describe('mergeRateLimits', () => {
  it('gives the organization limits to a workspace without overrides (absent groups inherit)', () => {
    const r = mergeRateLimits(orgEntries, []);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.entries).toHaveLength(4);
    for (const [i, e] of r.entries.entries()) {
      expect(e.limits.map((l) => [l.type, l.value, l.source])).toEqual(
        orgEntries[i]!.limits.map((l) => [l.type, l.value, 'organization']),
      );
    }
  });
  it('applies an override to its limiter and inherits the others', () => {
    const r = mergeRateLimits(orgEntries, [
      ws('model_group', [['requests_per_minute', 1000, 4000]], [`${opus}-20260101`, opus]),
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.entries[0]!.limits).toEqual([
      { type: 'requests_per_minute', value: 1000, source: 'workspace', org_limit: 4000 },
      { type: 'input_tokens_per_minute', value: 400000, source: 'organization', org_limit: 400000 },
    ]);
    expect(r.entries[1]!.limits[0]).toMatchObject({ value: 4000, source: 'organization' });
  });
  it('accepts an override equal to the organization value', () => {
    expect(mergeRateLimits(orgEntries, [ws('files', [['requests_per_minute', 100, 100]])]).ok).toBe(true);
  });
  it('rejects an override higher than the organization value', () => {
    const r = mergeRateLimits(orgEntries, [ws('files', [['requests_per_minute', 101, 100]])]);
    expect(r).toMatchObject({ ok: false, problems: [{ requirement: 'RL-WS-VALUE-WITHIN-ORG-LIMIT' }] });
  });
  it('rejects an org_limit that differs from the organization value', () => {
    const r = mergeRateLimits(orgEntries, [ws('files', [['requests_per_minute', 10, 90]])]);
    expect(r).toMatchObject({ ok: false, problems: [{ requirement: 'RL-WS-ORG-LIMIT' }] });
  });
  it('requires org_limit null where the organization has no limit, and keeps that override', () => {
    expect(mergeRateLimits(orgEntries, [ws('files', [['input_tokens_per_minute', 10, 5]])])).toMatchObject({
      ok: false,
      problems: [{ requirement: 'RL-WS-ORG-LIMIT-NULL' }],
    });
    const r = mergeRateLimits(orgEntries, [ws('files', [['input_tokens_per_minute', 10, null]])]);
    expect(r.ok && r.entries[3]!.limits).toEqual([
      { type: 'requests_per_minute', value: 100, source: 'organization', org_limit: 100 },
      { type: 'input_tokens_per_minute', value: 10, source: 'workspace', org_limit: null },
    ]);
  });
  it('gives the Default Workspace the organization limits and refuses overrides for it', () => {
    expect(mergeRateLimits(orgEntries, [], { defaultWorkspace: true }).ok).toBe(true);
    expect(
      mergeRateLimits(orgEntries, [ws('files', [['requests_per_minute', 1, 100]])], {
        defaultWorkspace: true,
      }),
    ).toMatchObject({
      ok: false,
      problems: [{ requirement: 'RL-WS-DEFAULT-NO-ENTRY' }],
    });
  });
  it('refuses duplicate groups and limiters', () => {
    expect(mergeRateLimits([files, files], []).ok).toBe(false);
    expect(
      mergeRateLimits(
        [
          org('files', [
            ['requests_per_minute', 1],
            ['requests_per_minute', 2],
          ]),
        ],
        [],
      ).ok,
    ).toBe(false);
  });
  it('identifies a model group by its set of models', () => {
    expect(groupKey(opusGroup)).toBe(groupKey(ws('model_group', [], [`${opus}-20260101`, opus])));
    expect(groupKey(opusGroup)).not.toBe(groupKey(sonnetGroup));
  });

  /** Organization entries with one entry per group, and consistent overrides of a subset. */
  const scenario = fc
    .record({
      limits: fc.array(
        fc.record({
          group: fc.constantFrom(...NON_MODEL_GROUP_TYPES),
          limiters: fc.uniqueArray(fc.constantFrom(...RATE_LIMITER_TYPES.slice(0, 3)), { minLength: 1 }),
          values: fc.array(fc.nat(100000), { minLength: 3, maxLength: 3 }),
          override: fc.array(fc.option(fc.nat(100000), { nil: undefined }), { minLength: 3, maxLength: 3 }),
        }),
        { maxLength: 5 },
      ),
    })
    .map(({ limits }) => {
      const seen = new Set<string>();
      const orgs: OrganizationRateLimit[] = [];
      const overrides: WorkspaceRateLimit[] = [];
      for (const g of limits) {
        if (seen.has(g.group)) continue;
        seen.add(g.group);
        const l = g.limiters.map((t, i) => [t, g.values[i]!] as [RateLimiterType, number]);
        orgs.push(org(g.group, l));
        const o = l
          .map(([t, v], i) => [t, g.override[i], v] as const)
          .filter(([, x]) => x !== undefined)
          .map(([t, x, v]) => [t, Math.min(x as number, v), v] as [RateLimiterType, number, number]);
        if (o.length > 0) overrides.push(ws(g.group, o));
      }
      return { orgs, overrides };
    });

  it('generated scenarios are valid entries', () => {
    fc.assert(
      fc.property(scenario, ({ orgs, overrides }) => {
        for (const e of orgs) Ok(OrgSchema, e);
        for (const e of overrides) Ok(WsSchema, e);
      }),
      { numRuns: 20 },
    );
  });

  it('every organization limiter has an effective value, never higher than the organization value', () => {
    fc.assert(
      fc.property(scenario, ({ orgs, overrides }) => {
        const r = mergeRateLimits(orgs, overrides);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.entries).toHaveLength(orgs.length);
        orgs.forEach((o, i) => {
          for (const l of o.limits) {
            const eff = r.entries[i]!.limits.find((x) => x.type === l.type);
            expect(eff).toBeDefined();
            expect(eff!.value).toBeLessThanOrEqual(l.value);
            expect(eff!.org_limit).toBe(l.value);
          }
        });
      }),
    );
  });

  it('an absent override always yields the organization value', () => {
    fc.assert(
      fc.property(scenario, ({ orgs, overrides }) => {
        const r = mergeRateLimits(orgs, overrides);
        if (!r.ok) return;
        for (const e of r.entries) {
          const o = overrides.find((x) => x.group_type === e.group_type);
          for (const l of e.limits) {
            const has = o?.limits.some((x) => x.type === l.type) ?? false;
            expect(l.source).toBe(has ? 'workspace' : 'organization');
            if (!has) expect(l.value).toBe(l.org_limit);
          }
        }
      }),
    );
  });

  it('raising any override above the organization value is refused', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 1000 }), ({ orgs, overrides }, bump) => {
        fc.pre(overrides.length > 0);
        const [first, ...rest] = overrides;
        const raised = {
          ...first!,
          limits: first!.limits.map((l, i) =>
            i === 0 ? { ...l, value: (l.org_limit as number) + bump } : l,
          ),
        } as WorkspaceRateLimit;
        expect(mergeRateLimits(orgs, [raised, ...rest]).ok).toBe(false);
      }),
    );
  });
});

describe('malformed input', () => {
  it('answers error results, never a throw', () => {
    expect(mergeRateLimits([{ ...files, limits: null }] as never, []).ok).toBe(false);
    expect(mergeRateLimits([files], [{ ...ws('files', []), limits: [null] }] as never).ok).toBe(false);
    expect(mergeRateLimits(null as never, []).ok).toBe(false);
    expect(checkLimiterPlacement(null as never).ok).toBe(false);
    expect(filterOrgRateLimits(null as never)).toMatchObject({ status: null });
    expect(filterWorkspaceRateLimits(undefined as never)).toMatchObject({ status: null });
    expect(groupKey({ group_type: 'nope' } as never)).toBeNull();
  });
});
