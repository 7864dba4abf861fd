/**
 * Rules of rate limits (document 000: Rate-limit entries; the rate-limit endpoints): model groups,
 * where each limiter may stand, a workspace's overrides merged over its organization's entries,
 * and the filters of the list endpoints.
 *
 * Pure functions with their data tables. Every result names the requirement ids it rests on; a
 * case the documents leave open answers `unspecified` with the Unspecified id; invalid input
 * answers an `invalid` result, never a throw.
 */
import type {
  OrganizationRateLimit,
  RateLimiterType,
  RateLimitGroupType,
  WorkspaceRateLimit,
} from '../resources/rate-limits.js';
import { RATE_LIMIT_GROUP_TYPES } from '../resources/rate-limits.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  'RL-WS-ONLY-OVERRIDES',
  'RL-WS-ABSENT-GROUP-INHERITS',
  'RL-WS-ABSENT-LIMITER-INHERITS',
  'RL-WS-DEFAULT-NO-ENTRY',
  'RL-WS-ORG-LIMIT',
  'RL-WS-ORG-LIMIT-NULL',
  'RL-WS-VALUE-WITHIN-ORG-LIMIT',
  'RL-MODELS-MODEL-GROUP',
  'RL-MODELS-NULL-OTHER-GROUPS',
  'RL-MODEL-IN-EXACTLY-ONE-GROUP',
  'RL-ENQUEUED-BATCH-REQUESTS-BATCH',
  'RL-ORG-QUERY-OPTIONAL',
  'RL-ORG-MODEL-FILTER',
  'RL-ORG-MODEL-404',
  'RL-GROUP-TYPE-FILTER',
  'RL-SINGLE-PAGE',
];

/** Whether a limit value is one a limit can take: a non-negative finite number. */
export const validLimit = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

type AnyEntry = OrganizationRateLimit | WorkspaceRateLimit;

export interface RateLimitProblem {
  readonly kind:
    | 'models-not-array'
    | 'models-not-null'
    | 'model-in-several-groups'
    | 'model-in-no-group'
    | 'limiter-outside-batch'
    | 'duplicate-group'
    | 'duplicate-limiter'
    | 'override-above-organization'
    | 'org-limit-mismatch'
    | 'org-limit-not-null'
    | 'default-workspace-override'
    | 'invalid';
  readonly message: string;
  readonly requirement?: string;
  readonly unspecified?: string;
}

/**
 * The key that identifies a group across the organization and workspace lists: the group type,
 * and for a model group its set of models (a workspace entry repeats the organization entry's
 * fields). Null for a malformed entry.
 */
export function groupKey(entry: AnyEntry): string | null {
  if (
    !entry ||
    typeof entry !== 'object' ||
    !(RATE_LIMIT_GROUP_TYPES as readonly string[]).includes(entry.group_type)
  ) {
    return null;
  }
  if (entry.group_type !== 'model_group') return entry.group_type;
  if (!Array.isArray(entry.models)) return null;
  return `model_group:${JSON.stringify([...entry.models].sort())}`;
}

/**
 * Model-group consistency: a `model_group` entry lists its models in an array, every other entry
 * has `models` null, and no model identifier or alias appears in two model groups. With
 * `knownModels`, each of them must appear in exactly one model group (the organization list is
 * complete; a workspace list holds overrides only, so pass none for it).
 */
export function checkModelGroups(
  entries: readonly AnyEntry[],
  knownModels: readonly string[] = [],
): { readonly ok: boolean; readonly problems: readonly RateLimitProblem[] } {
  const problems: RateLimitProblem[] = [];
  if (!Array.isArray(entries)) {
    return { ok: false, problems: [{ kind: 'invalid', message: 'entries must be an array' }] };
  }
  const seen = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (!entry || typeof entry !== 'object') {
      problems.push({ kind: 'invalid', message: `entry ${i} is not an object` });
      return;
    }
    if (entry.group_type === 'model_group') {
      if (!Array.isArray(entry.models)) {
        problems.push({
          kind: 'models-not-array',
          message: `entry ${i}: a model_group entry needs an array of models`,
          requirement: 'RL-MODELS-MODEL-GROUP',
        });
        return;
      }
      for (const model of new Set<string>(entry.models as readonly string[])) {
        const first = seen.get(model);
        if (first !== undefined) {
          problems.push({
            kind: 'model-in-several-groups',
            message: `model ${JSON.stringify(model)} appears in entries ${first} and ${i}`,
            requirement: 'RL-MODEL-IN-EXACTLY-ONE-GROUP',
          });
        } else seen.set(model, i);
      }
    } else if (entry.models !== null) {
      problems.push({
        kind: 'models-not-null',
        message: `entry ${i}: models must be null for group_type ${JSON.stringify(entry.group_type)}`,
        requirement: 'RL-MODELS-NULL-OTHER-GROUPS',
      });
    }
  });
  for (const model of knownModels) {
    if (!seen.has(model)) {
      problems.push({
        kind: 'model-in-no-group',
        message: `model ${JSON.stringify(model)} appears in no model group`,
        requirement: 'RL-MODEL-IN-EXACTLY-ONE-GROUP',
      });
    }
  }
  return { ok: problems.length === 0, problems };
}

/** `enqueued_batch_requests` belongs to the `batch` group only (RL-ENQUEUED-BATCH-REQUESTS-BATCH). */
export function checkLimiterPlacement(entries: readonly AnyEntry[]): {
  readonly ok: boolean;
  readonly problems: readonly RateLimitProblem[];
} {
  if (!Array.isArray(entries)) {
    return { ok: false, problems: [{ kind: 'invalid', message: 'entries must be an array' }] };
  }
  const problems: RateLimitProblem[] = [];
  entries.forEach((entry, i) => {
    for (const limit of Array.isArray(entry?.limits) ? entry.limits : []) {
      if (limit?.type === 'enqueued_batch_requests' && entry.group_type !== 'batch') {
        problems.push({
          kind: 'limiter-outside-batch',
          message: `entry ${i}: enqueued_batch_requests in group ${JSON.stringify(entry.group_type)}`,
          requirement: 'RL-ENQUEUED-BATCH-REQUESTS-BATCH',
        });
      }
    }
  });
  return { ok: problems.length === 0, problems };
}

/** One limiter of a workspace's effective limits. */
export interface EffectiveLimit {
  readonly type: RateLimiterType;
  readonly value: number;
  /** `workspace`: an override applies; `organization`: inherited. */
  readonly source: 'workspace' | 'organization';
  /** The organization value for the limiter, or null when it has none. */
  readonly org_limit: number | null;
}

export interface EffectiveRateLimit {
  readonly group_type: RateLimitGroupType;
  readonly models: readonly string[] | null;
  readonly limits: readonly EffectiveLimit[];
}

export type MergeResult =
  | {
      readonly ok: true;
      readonly entries: readonly EffectiveRateLimit[];
      readonly requirements: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly RateLimitProblem[] };

function duplicates(
  entries: readonly AnyEntry[],
  where: string,
  problems: RateLimitProblem[],
): Map<string, AnyEntry> {
  const byKey = new Map<string, AnyEntry>();
  entries.forEach((entry, i) => {
    const key = groupKey(entry);
    if (key === null) {
      problems.push({ kind: 'invalid', message: `${where} entry ${i} is malformed` });
      return;
    }
    if (byKey.has(key)) {
      problems.push({
        kind: 'duplicate-group',
        message: `${where}: group ${key} appears twice`,
        unspecified: 'UNSPEC-RL-DUPLICATE-LIMITERS',
      });
    }
    byKey.set(key, entry);
    if (!Array.isArray(entry.limits)) {
      problems.push({ kind: 'invalid', message: `${where}: group ${key} has no limits array` });
      return;
    }
    const types = new Set<string>();
    for (const limit of entry.limits) {
      if (!limit || typeof limit !== 'object') {
        problems.push({ kind: 'invalid', message: `${where}: group ${key} has a malformed limit` });
        continue;
      }
      if (types.has(limit.type)) {
        problems.push({
          kind: 'duplicate-limiter',
          message: `${where}: limiter ${limit.type} appears twice in group ${key}`,
          unspecified: 'UNSPEC-RL-DUPLICATE-LIMITERS',
        });
      }
      types.add(limit.type);
      if (!validLimit(limit.value)) {
        problems.push({
          kind: 'invalid',
          message: `${where}: limiter ${limit.type} of group ${key} has no valid value`,
        });
      }
    }
  });
  return byKey;
}

/**
 * The effective rate limits of a workspace: the organization entries with the workspace overrides
 * applied. A group absent from the overrides inherits the organization limits (it is not
 * unlimited); a limiter absent from an override inherits the organization value; the Default
 * Workspace has no overrides (pass `defaultWorkspace`, and no overrides). Each override must agree
 * with the organization (`org_limit` equal to the organization value, or null when it has none)
 * and must not exceed it. Overrides of a group or limiter the organization has no entry for are
 * kept as they are (UNSPEC-RL-WS-UNKNOWN-GROUP).
 */
export function mergeRateLimits(
  orgEntries: readonly OrganizationRateLimit[],
  workspaceOverrides: readonly WorkspaceRateLimit[],
  options: { readonly defaultWorkspace?: boolean } = {},
): MergeResult {
  if (!Array.isArray(orgEntries) || !Array.isArray(workspaceOverrides)) {
    return { ok: false, problems: [{ kind: 'invalid', message: 'entries must be arrays' }] };
  }
  const problems: RateLimitProblem[] = [];
  if (options.defaultWorkspace && workspaceOverrides.length > 0) {
    problems.push({
      kind: 'default-workspace-override',
      message: 'the Default Workspace has no overrides',
      requirement: 'RL-WS-DEFAULT-NO-ENTRY',
    });
  }
  const org = duplicates(orgEntries, 'organization', problems);
  const ws = duplicates(workspaceOverrides, 'workspace', problems);
  if (problems.length > 0) return { ok: false, problems };
  for (const [key, entry] of ws) {
    const orgEntry = org.get(key);
    for (const limit of entry.limits as WorkspaceRateLimit['limits']) {
      const orgLimit = orgEntry?.limits.find((l) => l.type === limit.type);
      if (orgLimit === undefined) {
        if (limit.org_limit !== null) {
          problems.push({
            kind: 'org-limit-not-null',
            message: `${key}/${limit.type}: org_limit ${limit.org_limit} but the organization has no limit`,
            requirement: 'RL-WS-ORG-LIMIT-NULL',
          });
        }
        continue;
      }
      if (limit.org_limit !== orgLimit.value) {
        problems.push({
          kind: 'org-limit-mismatch',
          message: `${key}/${limit.type}: org_limit ${limit.org_limit} differs from the organization value ${orgLimit.value}`,
          requirement: 'RL-WS-ORG-LIMIT',
        });
      }
      if (limit.value > orgLimit.value) {
        problems.push({
          kind: 'override-above-organization',
          message: `${key}/${limit.type}: override ${limit.value} is higher than the organization value ${orgLimit.value}`,
          requirement: 'RL-WS-VALUE-WITHIN-ORG-LIMIT',
        });
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const entries: EffectiveRateLimit[] = [];
  for (const [key, orgEntry] of org) {
    const override = ws.get(key) as WorkspaceRateLimit | undefined;
    const limits: EffectiveLimit[] = orgEntry.limits.map((l) => {
      const o = override?.limits.find((x) => x.type === l.type);
      return o
        ? { type: l.type, value: o.value, source: 'workspace', org_limit: l.value }
        : { type: l.type, value: l.value, source: 'organization', org_limit: l.value };
    });
    for (const o of override?.limits ?? []) {
      if (!orgEntry.limits.some((l) => l.type === o.type)) {
        limits.push({ type: o.type, value: o.value, source: 'workspace', org_limit: null });
      }
    }
    entries.push({ group_type: orgEntry.group_type, models: orgEntry.models, limits });
  }
  for (const [key, override] of ws) {
    if (org.has(key)) continue;
    entries.push({
      group_type: override.group_type,
      models: override.models,
      limits: override.limits.map((o) => ({
        type: o.type,
        value: o.value,
        source: 'workspace',
        org_limit: null,
      })),
    });
  }
  return {
    ok: true,
    entries,
    requirements: [
      'RL-WS-ONLY-OVERRIDES',
      'RL-WS-ABSENT-GROUP-INHERITS',
      'RL-WS-ABSENT-LIMITER-INHERITS',
      'RL-WS-VALUE-WITHIN-ORG-LIMIT',
    ],
  };
}

/** The answer of a rate-limit list: 200 with the envelope, or 404; `invalid` for input that is not a list. */
export type RateLimitListAnswer<T> =
  | { readonly status: 200; readonly body: { readonly data: readonly T[]; readonly next_page: null } }
  | { readonly status: null; readonly invalid: string }
  | {
      readonly status: 404;
      readonly requirements: readonly string[];
      readonly unspecified: 'UNSPEC-RL-404-BODY';
    };

/**
 * `GET /v1/organizations/rate_limits`: `model` keeps only the entry containing it (404 when it
 * matches no group); `group_type` keeps only entries of that type; without filters every entry is
 * returned. Always one page (`next_page` null). `model` with a non-matching `group_type` leaves
 * `data` empty (UNSPEC-RL-MODEL-WITH-GROUP-TYPE).
 */
export function filterOrgRateLimits(
  entries: readonly OrganizationRateLimit[],
  query: { readonly model?: string; readonly group_type?: RateLimitGroupType } = {},
): RateLimitListAnswer<OrganizationRateLimit> {
  if (!Array.isArray(entries)) return { status: null, invalid: 'entries must be an array' };
  let data = entries.filter((e) => e && typeof e === 'object');
  if (query.model !== undefined) {
    data = data.filter((e) => Array.isArray(e.models) && e.models.includes(query.model as string));
    if (data.length === 0)
      return { status: 404, requirements: ['RL-ORG-MODEL-404'], unspecified: 'UNSPEC-RL-404-BODY' };
  }
  if (query.group_type !== undefined) data = data.filter((e) => e.group_type === query.group_type);
  return { status: 200, body: { data, next_page: null } };
}

/** `GET /v1/organizations/workspaces/{workspace_id}/rate_limits`: the overrides, filtered by `group_type`. */
export function filterWorkspaceRateLimits(
  overrides: readonly WorkspaceRateLimit[],
  query: { readonly group_type?: RateLimitGroupType } = {},
): RateLimitListAnswer<WorkspaceRateLimit> {
  if (!Array.isArray(overrides)) return { status: null, invalid: 'overrides must be an array' };
  const data =
    query.group_type === undefined
      ? [...overrides]
      : overrides.filter((e) => e.group_type === query.group_type);
  return { status: 200, body: { data, next_page: null } };
}
