/**
 * Variants of the lists: defaults and bounds of `limit`, what an unknown cursor answers, and paging
 * parameters the documents do not show.
 */
import type { Endpoint } from '@vendor-api/spec';
import { named, type VariantPatches } from '../choices/table.js';
import { alsoAdmit, type RequestParts } from '../pipeline/choices.js';

/** Query parameters taken beyond the documented ones, by operation. */
const EXTRA_QUERY: Readonly<Record<string, readonly string[]>> = {
  'messages.batches.list': ['before_id'],
  'organizations.workspaces.list': ['after_id'],
  'organizations.usage_report.messages': ['limit', 'page'],
};

/** Lists whose `limit` below 1 is taken as 1 (instead of refused). */
const LIMIT_AT_LEAST_ONE = new Set(['messages.batches.list', 'sessions.resources.list', 'dreams.list']);

/** Paging parameters the documents do not show, set aside before validation and handed to the handler. */
function setAsideParameters(endpoint: Endpoint, parts: RequestParts) {
  const names = EXTRA_QUERY[endpoint.id]?.filter((p) => parts.query[p] !== undefined) ?? [];
  if (names.length === 0) return null;
  const query = { ...parts.query };
  const unshown: Record<string, unknown> = {};
  for (const p of names) {
    unshown[p] = query[p];
    delete query[p];
  }
  return { parts: { ...parts, query }, after: { unshown } };
}

/** A well-formed integer `limit` below 1 raised to 1 (anything else is left to the validators). */
function limitAtLeastOne(endpoint: Endpoint, parts: RequestParts) {
  const sent = parts.query.limit;
  const integer =
    (typeof sent === 'string' && /^-?\d+$/.test(sent)) ||
    (typeof sent === 'number' && Number.isInteger(sent));
  if (!LIMIT_AT_LEAST_ONE.has(endpoint.id) || !integer || Number(sent) >= 1) return null;
  return { parts: { ...parts, query: { ...parts.query, limit: '1' } }, after: {} };
}

/** A paging parameter set aside (when the request sent one). */
const parameter = (query: Readonly<Record<string, unknown>>, name: string): string | undefined => {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
};

export const variants = named({
  'lenient-cursors': {
    unknownCursorIsEmptyPage: () => true,
    emptyPageKeepsCursor: () => true,
    unissuedPageCursorRefused: () => false,
  },
  // The batch list pages 7 by default and refuses a `limit` above 50; the workspace list answers
  // 20 by default, takes a `limit` below 1 as 1 and lists archived ones unless told otherwise.
  'other-list-limits': {
    admit: alsoAdmit(limitAtLeastOne),
    batchListLimits: () => ({ byDefault: 7, cap: 50, refusedAboveCap: true }),
    workspaceListReading: () => (limit, includeArchived) => ({
      limit: limit === undefined ? 20 : Math.min(Math.max(limit, 1), 1000),
      refuseLimit: false,
      includeArchived: includeArchived !== false,
    }),
  },
  'more-paging': {
    admit: alsoAdmit(setAsideParameters),
    firstIdListed: () => true,
    workspaceListPaged: () => true,
    // A page of `limit` buckets from the `page` cursor, with `has_more` and `next_page`.
    usagePage: () => (buckets, query) => {
      const limit = Number(parameter(query, 'limit') ?? buckets.length);
      const cursor = parameter(query, 'page');
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
    },
  },
} satisfies VariantPatches);
