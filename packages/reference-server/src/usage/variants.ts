/**
 * Variants of the usage report: how its query is read, the rows of workspaces without usage, the
 * Default Workspace named in its filter, and paging.
 */
import { named, type VariantPatches } from '../choices/table.js';
import { pagingParameter } from '../pagination.js';
import { alsoAdmit, setAside } from '../pipeline/choices.js';

const HOUR_MS = 3_600_000;
const WORKSPACE_IDS = 'workspace_ids[]';
const DEFAULT = 'default';

/**
 * `workspace_ids[]` naming the Default Workspace by the literal (the schema admits `wrkspc_`
 * identifiers only): validated without it, handed on as sent.
 */
const admitDefaultFilter = alsoAdmit((endpoint, parts) => {
  if (endpoint.id !== 'organizations.usage_report.messages') return null;
  const sent = parts.query[WORKSPACE_IDS];
  const ids = Array.isArray(sent) ? sent : sent === undefined ? [] : [sent];
  if (!ids.includes(DEFAULT)) return null;
  const others = ids.filter((id) => id !== DEFAULT);
  const query = { ...parts.query };
  if (others.length > 0) query[WORKSPACE_IDS] = others;
  else delete query[WORKSPACE_IDS];
  return { parts: { ...parts, query }, after: { query: { [WORKSPACE_IDS]: ids } } };
});

export const variants = named({
  'usage-report-other': {
    usageReportReading: (reference) => ({
      startingAtRequired: true,
      reversedRangeIsEmpty: true,
      bucketWidths: { ...reference.bucketWidths, '1h': HOUR_MS },
      groupBy: [...reference.groupBy, 'model'],
    }),
  },
  'usage-zero-rows': { usageZeroRows: () => true },
  'default-workspace-counted-and-named': { admit: admitDefaultFilter },
  'more-paging': {
    admit: setAside('organizations.usage_report.messages', ['limit', 'page']),
    // A page of `limit` buckets from the `page` cursor, with `has_more` and `next_page`.
    usagePage: () => (buckets, query) => {
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
    },
  },
} satisfies VariantPatches);
