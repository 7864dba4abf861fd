/**
 * Seams of the lists: defaults and bounds of `limit`, what an unknown cursor answers, and paging
 * parameters the documents do not show.
 */
import type { Endpoint, VariantName } from '@vendor-api/spec';
import type { Admission, RequestParts } from './admission.js';
import type { HasVariants } from './types.js';

// ---------------------------------------------------------------------------------------------
// Admission

/** Query parameters a variant takes beyond the documented ones, by operation. */
const EXTRA_QUERY: Readonly<Record<string, { variant: VariantName; params: readonly string[] }>> = {
  'messages.batches.list': { variant: 'more-paging', params: ['before_id'] },
  'organizations.workspaces.list': { variant: 'more-paging', params: ['after_id'] },
  'organizations.usage_report.messages': { variant: 'more-paging', params: ['limit', 'page'] },
};

/** Lists whose `limit` below 1 `other-list-limits` takes as 1 (instead of refusing it). */
const LIMIT_AT_LEAST_ONE = new Set(['messages.batches.list', 'sessions.resources.list', 'dreams.list']);

/**
 * Paging parameters the documents do not show are set aside before validation and handed to the
 * handler afterwards; a `limit` below 1 is raised to 1 where a variant takes it so.
 */
export function admitListParameters(state: HasVariants, endpoint: Endpoint, parts: RequestParts): Admission {
  const query = { ...parts.query };
  const after: Record<string, unknown> = {};
  const extra = EXTRA_QUERY[endpoint.id];
  if (extra && state.variants.has(extra.variant)) {
    for (const p of extra.params) {
      if (query[p] === undefined) continue;
      after[p] = query[p];
      delete query[p];
    }
  }
  if (LIMIT_AT_LEAST_ONE.has(endpoint.id) && state.variants.has('other-list-limits')) {
    // Only a well-formed integer below 1: anything else is left to the validators.
    const sent = query.limit;
    if (
      (typeof sent === 'string' && /^-?\d+$/.test(sent)) ||
      (typeof sent === 'number' && Number.isInteger(sent))
    ) {
      if (Number(sent) < 1) query.limit = '1';
    }
  }
  return { parts: { ...parts, query }, after: { query: after } };
}

/** A paging parameter a variant admitted (see `admitListParameters`), when the request sent it. */
export function pagingParameter(query: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Cursors

/** Whether a cursor naming no item answers an empty page instead of a 400 (UNSPEC-BATCH-LIST-AFTER-ID-UNKNOWN). */
export function unknownCursorIsEmptyPage(state: HasVariants): boolean {
  return state.variants.has('lenient-cursors');
}

/** `last_id` of an empty batch page (UNSPEC-BATCH-LIST-LAST-ID): null, or the `after_id` it was asked for. */
export function emptyPageLastId(state: HasVariants, afterId: unknown): string | null {
  return state.variants.has('lenient-cursors') && typeof afterId === 'string' ? afterId : null;
}

/** Whether a rate-limit `page` cursor (none is ever issued) is refused (UNSPEC-RL-PAGE-CURSOR). */
export function unissuedPageCursorRefused(state: HasVariants): boolean {
  return !state.variants.has('lenient-cursors');
}

// ---------------------------------------------------------------------------------------------
// Limits

/** The batch list's page bounds (UNSPEC-BATCH-LIST-LIMIT). */
export interface BatchListLimits {
  readonly byDefault: number;
  readonly cap: number;
  /** Whether a `limit` above the cap is refused (else the page is capped). */
  readonly refusedAboveCap: boolean;
}

/**
 * Default and largest page of the batch list (UNSPEC-BATCH-LIST-LIMIT): the reference server caps
 * a larger `limit`; `other-list-limits` pages 7 by default and refuses a `limit` above 50.
 */
export function batchListLimits(
  state: HasVariants,
  reference: { readonly byDefault: number; readonly cap: number },
): BatchListLimits {
  return state.variants.has('other-list-limits')
    ? { byDefault: 7, cap: 50, refusedAboveCap: true }
    : { ...reference, refusedAboveCap: false };
}

/**
 * How the workspace list reads `limit` and `include_archived` (UNSPEC-WS-LIST-LIMIT,
 * UNSPEC-WS-LIST-INCLUDE-ARCHIVED): the reference server lists every workspace when `limit` is
 * omitted, refuses one below 1, and lists archived ones only when asked.
 */
export function workspaceListReading(
  state: HasVariants,
  limit: number | undefined,
  includeArchived: boolean | undefined,
): { readonly limit: number | undefined; readonly refuseLimit: boolean; readonly includeArchived: boolean } {
  if (!state.variants.has('other-list-limits')) {
    return {
      limit,
      refuseLimit: limit !== undefined && limit < 1,
      includeArchived: includeArchived === true,
    };
  }
  return {
    limit: limit === undefined ? 20 : Math.min(Math.max(limit, 1), 1000),
    refuseLimit: false,
    includeArchived: includeArchived !== false,
  };
}

/** Whether the batch list answers `first_id` beside `last_id` (UNSPEC-BATCH-LIST-BACKWARD). */
export function firstIdListed(state: HasVariants): boolean {
  return state.variants.has('more-paging');
}

/** Whether the workspace list answers `has_more` and `last_id` (UNSPEC-WS-LIST-PAGINATION). */
export function workspaceListPaged(state: HasVariants): boolean {
  return state.variants.has('more-paging');
}

/**
 * The usage report's body (UNSPEC-USAGE-RESPONSE): `{data}` with every bucket, or under
 * `more-paging` a page of `limit` buckets from the `page` cursor, with `has_more` and `next_page`
 * (UNSPEC-USAGE-PAGINATION).
 */
export function usagePage<T>(
  state: HasVariants,
  buckets: readonly T[],
  query: Readonly<Record<string, unknown>>,
): { data: readonly T[]; has_more?: boolean; next_page?: string | null } {
  if (!state.variants.has('more-paging')) return { data: buckets };
  const limit = Number(pagingParameter(query, 'limit') ?? buckets.length);
  const cursor = pagingParameter(query, 'page');
  const from = cursor === undefined ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  const start = Number.isInteger(from) && from >= 0 ? from : 0;
  const size = Number.isInteger(limit) && limit > 0 ? limit : buckets.length;
  const end = start + size;
  const more = end < buckets.length;
  return {
    data: buckets.slice(start, end),
    has_more: more,
    next_page: more ? Buffer.from(String(end), 'utf8').toString('base64url') : null,
  };
}
