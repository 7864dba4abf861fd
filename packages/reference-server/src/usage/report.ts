/**
 * Messages usage: the records the usage report reads (every message the server produces, through
 * `messages.create` or as a succeeded batch request, is recorded; test control records more), and
 * the report itself as a pure function of the records and the query. Token counting is not usage.
 *
 * The report body is not shown (UNSPEC-USAGE-RESPONSE). The reference server answers
 * `{data: [{starting_at, ending_at, results: [...]}]}`: one bucket per `bucket_width` from
 * `starting_at`, each result the token sums of the bucket, with `workspace_id` when grouped by it
 * (null for the Default Workspace: USAGE-DEFAULT-WORKSPACE-NULL).
 */
import { iso } from '../clock.js';
import type { ResourceOwner, ServerState } from '../state.js';
import type { UsageRecord } from '../store.js';

export const DAY_MS = 86_400_000;

/** `bucket_width` values the reference server accepts (UNSPEC-USAGE-BUCKET-WIDTH-VALUES). */
export const BUCKET_WIDTHS: Readonly<Record<string, number>> = { '1d': DAY_MS };
/** `group_by[]` values the reference server accepts (UNSPEC-USAGE-GROUP-BY-VALUES). */
export const GROUP_BY_VALUES = ['workspace_id'] as const;
/** Longest report, in buckets: the project's bound (UNSPEC-USAGE-RANGE). */
export const MAX_BUCKETS = 366;
/** Range when `starting_at` is absent: the last 7 days (UNSPEC-USAGE-PARAMS-REQUIRED). */
export const DEFAULT_RANGE_MS = 7 * DAY_MS;

export interface UsageInput {
  readonly organizationId: string;
  /** Null: the Default Workspace. */
  readonly workspaceId: string | null;
  readonly at: number;
  readonly model: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly cacheCreationInputTokens?: number;
  readonly cacheReadInputTokens?: number;
}

/** Records usage attributed to a workspace (null: the Default Workspace). */
export function recordUsage(
  state: ServerState,
  input: UsageInput,
  source: UsageRecord['source'] = 'fixture',
): UsageRecord {
  return state.store.usage.add({
    id: `usage_${state.store.nextSeq()}`,
    source,
    organizationId: input.organizationId,
    workspaceId: input.workspaceId,
    at: input.at,
    model: input.model,
    inputTokens: input.inputTokens ?? 0,
    outputTokens: input.outputTokens ?? 0,
    cacheCreationInputTokens: input.cacheCreationInputTokens ?? 0,
    cacheReadInputTokens: input.cacheReadInputTokens ?? 0,
  });
}

/**
 * Records the usage of a message the server produced for a workspace (null: the Default
 * Workspace) at an instant: a `messages.create` answer, or a batch request's succeeded result.
 * Messages of the same workspace, model and millisecond answered one after the other are summed
 * into one record: the report, which only sums, reads the same, and a server under load keeps a
 * record per millisecond rather than one per message.
 */
export function recordMessageUsage(
  state: ServerState,
  owner: ResourceOwner,
  at: number,
  message: { readonly model: string; readonly usage: { input_tokens: number; output_tokens: number } },
): UsageRecord {
  const last = state.store.usage.last(owner.organizationId);
  if (
    last !== undefined &&
    last.source === 'messages' &&
    last.at === at &&
    last.workspaceId === owner.workspaceId &&
    last.model === message.model
  ) {
    last.inputTokens += message.usage.input_tokens;
    last.outputTokens += message.usage.output_tokens;
    return last;
  }
  return recordUsage(
    state,
    {
      organizationId: owner.organizationId,
      workspaceId: owner.workspaceId,
      at,
      model: message.model,
      inputTokens: message.usage.input_tokens,
      outputTokens: message.usage.output_tokens,
    },
    'messages',
  );
}

export interface ReportQuery {
  readonly start: number;
  readonly end: number;
  readonly widthMs: number;
  /** Only these workspaces (the Default Workspace cannot be named: UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER). */
  readonly workspaceIds: readonly string[] | null;
  readonly groupByWorkspace: boolean;
  /** Results per model too (a grouping the documents do not show; a variant's). */
  readonly groupByModel?: boolean;
  /** `workspaceIds` selects the Default Workspace too (a variant's). */
  readonly includeDefaultWorkspace?: boolean;
  /** How the Default Workspace is reported (null: USAGE-DEFAULT-WORKSPACE-NULL). */
  readonly defaultWorkspaceId: string | null;
  /**
   * Workspaces (null: the Default Workspace) given a row in every bucket, zero counts when they
   * have no usage there (a variant's: UNSPEC-USAGE-ZERO-ROWS); only when grouped by workspace alone.
   */
  readonly everyBucket?: readonly (string | null)[];
}

export interface UsageResult {
  workspace_id?: string | null;
  model?: string;
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface UsageBucket {
  readonly starting_at: string;
  readonly ending_at: string;
  readonly results: UsageResult[];
}

/** The report buckets of the records of one organization. */
export function buildReport(records: readonly UsageRecord[], q: ReportQuery): UsageBucket[] {
  const buckets: UsageBucket[] = [];
  for (let from = q.start; from < q.end; from += q.widthMs) {
    const to = Math.min(from + q.widthMs, q.end);
    const groups = new Map<string, UsageResult>();
    if (q.groupByWorkspace && !q.groupByModel) {
      for (const id of q.everyBucket ?? []) {
        groups.set(id ?? '', {
          workspace_id: id ?? q.defaultWorkspaceId,
          input_tokens: 0,
          output_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        });
      }
    }
    for (const r of records) {
      if (r.at < from || r.at >= to) continue;
      if (q.workspaceIds !== null) {
        const selected =
          r.workspaceId === null
            ? q.includeDefaultWorkspace === true
            : q.workspaceIds.includes(r.workspaceId);
        if (!selected) continue;
      }
      const key = `${q.groupByWorkspace ? (r.workspaceId ?? '') : '*'}${q.groupByModel ? `\u0000${r.model}` : ''}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          ...(q.groupByWorkspace ? { workspace_id: r.workspaceId ?? q.defaultWorkspaceId } : {}),
          ...(q.groupByModel ? { model: r.model } : {}),
          input_tokens: 0,
          output_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        };
        groups.set(key, g);
      }
      g.input_tokens += r.inputTokens;
      g.output_tokens += r.outputTokens;
      g.cache_creation_input_tokens += r.cacheCreationInputTokens;
      g.cache_read_input_tokens += r.cacheReadInputTokens;
    }
    // The Default Workspace first, then by workspace id (UNSPEC-USAGE-RESPONSE).
    const results = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g);
    buckets.push({ starting_at: iso(from), ending_at: iso(to), results });
  }
  return buckets;
}
