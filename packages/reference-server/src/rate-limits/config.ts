/**
 * The rate-limit configuration of every organization: one entry per group, and the model groups of
 * the documents' model family. Every model identifier and alias (dated and undated) appears in
 * exactly one `model_group` entry (RL-MODEL-IN-EXACTLY-ONE-GROUP), `enqueued_batch_requests` only
 * in the `batch` group (RL-ENQUEUED-BATCH-REQUESTS-BATCH): both checked with the spec's
 * `rateLimits.checkModelGroups` / `checkLimiterPlacement` (`rateLimitConfigProblems`).
 *
 * The documents name two models (`v.models`) and say that groups hold "identifiers and aliases
 * (dated and undated)" without listing any alias: the aliases and snapshot dates below are the
 * project's choice (UNSPEC-RL-MODEL-ALIASES), as are the limit values
 * (UNSPEC-RL-VALUE-TYPE: non-negative integers) and the entry order (UNSPEC-RL-ENTRY-ORDER).
 */
import {
  type OrganizationRateLimit,
  type OrganizationRateLimitValue,
  type RateLimiterType,
  type RateLimitGroupType,
  rateLimits,
  type Vendor,
} from '@vendor-api/spec';

type ModelKey = 'opus' | 'sonnet';

interface ModelGroupRow {
  /** Which of `v.models` the group is built around (its undated identifier). */
  readonly model: ModelKey;
  /** The dated identifier: `<undated id>-<snapshot>` (project's choice). */
  readonly snapshot: string;
  /** Aliases, after `<vendor>-` (project's choice). */
  readonly aliases: readonly string[];
  readonly limits: Readonly<Partial<Record<RateLimiterType, number>>>;
}

/** THE data table of model groups: every id and alias of the model family is derived from it. */
export const MODEL_GROUPS: readonly ModelGroupRow[] = [
  {
    model: 'opus',
    snapshot: '20260301',
    aliases: ['opus-4', 'opus-latest'],
    limits: {
      requests_per_minute: 4000,
      input_tokens_per_minute: 2_000_000,
      output_tokens_per_minute: 400_000,
    },
  },
  {
    model: 'sonnet',
    snapshot: '20260115',
    aliases: ['sonnet-4', 'sonnet-latest'],
    limits: {
      requests_per_minute: 4000,
      input_tokens_per_minute: 2_000_000,
      output_tokens_per_minute: 400_000,
    },
  },
];

/** The groups other than model groups, with their organization limits (`models` null). */
export const OTHER_GROUPS: readonly {
  readonly groupType: Exclude<RateLimitGroupType, 'model_group'>;
  readonly limits: Readonly<Partial<Record<RateLimiterType, number>>>;
}[] = [
  { groupType: 'batch', limits: { requests_per_minute: 4000, enqueued_batch_requests: 500_000 } },
  { groupType: 'token_count', limits: { requests_per_minute: 2000 } },
  { groupType: 'files', limits: { requests_per_minute: 1000 } },
  { groupType: 'skills', limits: { requests_per_minute: 1000 } },
  { groupType: 'web_search', limits: { requests_per_minute: 1000 } },
];

/** Every identifier and alias of one model group, the undated identifier first. */
export function modelsOfGroup(v: Vendor, row: ModelGroupRow): string[] {
  const id = v.models[row.model];
  return [id, `${id}-${row.snapshot}`, ...row.aliases.map((a) => `${v.name}-${a}`)];
}

/** Every model identifier and alias of the family (each must be in exactly one model group). */
export const knownModels = (v: Vendor): string[] => MODEL_GROUPS.flatMap((row) => modelsOfGroup(v, row));

const limitsOf = (limits: Readonly<Partial<Record<RateLimiterType, number>>>): OrganizationRateLimitValue[] =>
  Object.entries(limits).map(([type, value]) => ({ type: type as RateLimiterType, value: value as number }));

/**
 * Another configuration, as legal as the first: other aliases, other values (one of them not an
 * integer) and other batch defaults (UNSPEC-RL-MODEL-ALIASES, UNSPEC-RL-VALUE-TYPE,
 * UNSPEC-BATCH-RATE-LIMIT-DEFAULTS). Only a variant serves it.
 */
const OTHER_CONFIGURATION: {
  readonly modelGroups: readonly ModelGroupRow[];
  readonly otherGroups: typeof OTHER_GROUPS;
} = {
  modelGroups: MODEL_GROUPS.map((row) => ({ ...row, aliases: [`${row.model}-latest`] })),
  otherGroups: OTHER_GROUPS.map((g) =>
    g.groupType === 'batch'
      ? { ...g, limits: { requests_per_minute: 1000, enqueued_batch_requests: 100_000 } }
      : g.groupType === 'web_search'
        ? { ...g, limits: { requests_per_minute: 0.5 } }
        : g,
  ),
};

export interface ConfigOptions {
  /** The other configuration (a variant's). */
  readonly other?: boolean;
}

/** The organization rate-limit entries, in configuration order. */
export function organizationRateLimits(v: Vendor, options: ConfigOptions = {}): OrganizationRateLimit[] {
  const modelGroups = options.other ? OTHER_CONFIGURATION.modelGroups : MODEL_GROUPS;
  const otherGroups = options.other ? OTHER_CONFIGURATION.otherGroups : OTHER_GROUPS;
  const groups = modelGroups.map((row) => modelsOfGroup(v, row));
  const entries: OrganizationRateLimit[] = modelGroups.map((row, i) => ({
    type: 'rate_limit',
    group_type: 'model_group',
    models: groups[i] ?? [],
    limits: limitsOf(row.limits),
  }));
  for (const g of otherGroups) {
    entries.push({ type: 'rate_limit', group_type: g.groupType, models: null, limits: limitsOf(g.limits) });
  }
  return entries;
}

/** What the spec's rules find wrong with a configuration (none for the shipped one). */
export function rateLimitConfigProblems(v: Vendor, entries = organizationRateLimits(v)): string[] {
  return [
    ...rateLimits.checkModelGroups(entries, knownModels(v)).problems,
    ...rateLimits.checkLimiterPlacement(entries).problems,
  ].map((p) => p.message);
}

/** The organization entry a workspace override belongs to (same group key), if any. */
export function organizationEntryFor(
  entries: readonly OrganizationRateLimit[],
  groupType: RateLimitGroupType,
  models: readonly string[] | null,
): OrganizationRateLimit | undefined {
  const key = rateLimits.groupKey({
    type: 'rate_limit',
    group_type: groupType,
    models,
    limits: [],
  } as never);
  return entries.find((e) => rateLimits.groupKey(e) === key);
}

/** The dated identifier of one of the documents' undated model identifiers (the project's snapshots). */
export function datedModelOf(v: Vendor, model: string): string | undefined {
  const row = MODEL_GROUPS.find((r) => v.models[r.model] === model);
  return row === undefined ? undefined : `${model}-${row.snapshot}`;
}
