/**
 * Seams of the admin endpoints: answers to the cases the spec's workspace rules and machine leave
 * unspecified, archived workspaces, the Default Workspace, workspace names, member wire forms,
 * the rate-limit configuration and the usage report.
 */
import { type errors, idPrefix, type OrganizationRole, WorkspaceId, workspaceRules } from '@vendor-api/spec';
import { type ApiError, apiError } from '../errors.js';
import type { Admission, RequestParts } from './admission.js';
import type { HasVariants } from './types.js';

type RoleKey = workspaceRules.WorkspaceRoleKey;

/**
 * An answer to a case whose answer the documents do not show: success, or a refusal by a code of
 * the spec's error table whose message names the case (`{problem} ({unspecified})`).
 */
export type UnspecifiedAnswer = 'success' | { readonly refused: UnspecifiedRefusalCode };

/** The codes of the error table that refuse a case the documents do not show. */
type UnspecifiedRefusalCode =
  | (typeof errors.UNSPECIFIED_REFUSALS)[keyof typeof errors.UNSPECIFIED_REFUSALS]
  | 'workspace_archive_archived'
  | 'member_update_same_role';

/** A member change, for the answers that depend on it. */
export interface MemberChange {
  readonly kind: 'add' | 'update' | 'remove';
  readonly role?: RoleKey;
  readonly orgRole: OrganizationRole;
}

/**
 * The answer to a case the spec leaves unspecified, by its Unspecified id: the variants' answer,
 * else the reference server's (`reference`).
 */
export function unspecifiedAnswer(
  state: HasVariants,
  id: string,
  reference: UnspecifiedAnswer,
  change?: MemberChange,
): UnspecifiedAnswer {
  const v = state.variants;
  switch (id) {
    case 'UNSPEC-WS-ARCHIVE-ARCHIVED':
      return v.has('archived-workspaces-other') ? { refused: 'workspace_archive_archived' } : reference;
    case 'UNSPEC-MEMBER-ARCHIVED-WORKSPACE':
      return v.has('archived-workspaces-other') ? 'success' : reference;
    case 'UNSPEC-MEMBER-ADD-EXISTING':
      return v.has('member-changes-idempotent') ? 'success' : reference;
    case 'UNSPEC-MEMBER-ADD-INHERITED': {
      // Only the role they hold (admins), or the one upgrade there is (billing to admin).
      const holds = change?.role === 'admin' && (change.orgRole === 'admin' || change.orgRole === 'billing');
      return v.has('member-changes-idempotent') && holds ? 'success' : reference;
    }
    case 'UNSPEC-MEMBER-NOT-A-MEMBER':
      return v.has('member-changes-idempotent') && change?.kind === 'remove' ? 'success' : reference;
    case 'UNSPEC-MEMBER-UPDATE-SAME-ROLE':
      return v.has('member-updates-strict') ? { refused: 'member_update_same_role' } : reference;
    default:
      return reference;
  }
}

// ---------------------------------------------------------------------------------------------
// Archived workspaces and the Default Workspace

/** Whether an access token scoped to an archived workspace is refused (UNSPEC-WS-ARCHIVED-ACCESS-TOKEN). */
export function archivedWorkspaceTokensRefused(state: HasVariants): boolean {
  return !state.variants.has('archived-workspaces-other');
}

/** Whether the rate-limit list of an archived workspace answers its overrides (UNSPEC-RL-WS-ARCHIVED). */
export function archivedWorkspaceRateLimitsListed(state: HasVariants): boolean {
  return !state.variants.has('archived-workspaces-other');
}

/** Whether the batches of an archived workspace count toward its organization's enqueued requests (UNSPEC-BATCH-ENQUEUED-COUNT). */
export function archivedWorkspaceBatchesEnqueued(state: HasVariants): boolean {
  return !state.variants.has('archived-workspaces-other');
}

/** Whether a workspace id of an admin endpoint may be the literal `default` (UNSPEC-WS-ARCHIVE-DEFAULT). */
export function workspaceIdNamesDefault(state: HasVariants, id: string): boolean {
  return id === 'default' && state.variants.has('default-workspace-counted-and-named');
}

/** Workspaces the cap counts besides those with an identifier (UNSPEC-WS-CAP-DEFAULT-COUNTED): the Default Workspace, or none. */
export function workspacesCountedBesidesNamed(state: HasVariants): number {
  return state.variants.has('default-workspace-counted-and-named') ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Workspace names

const NAME_MAX = 40;

/** Why a workspace name is refused (UNSPEC-WS-NAME-CONSTRAINTS), or null: the reference server takes any string. */
export function workspaceNameProblem(
  state: HasVariants,
  name: string,
  activeNames: readonly string[],
): string | null {
  if (!state.variants.has('workspace-name-rules')) return null;
  if (name.length < 1 || name.length > NAME_MAX) return `body.name: must be 1 to ${NAME_MAX} characters`;
  if (activeNames.includes(name)) return 'body.name: an active workspace of the organization has this name';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Member wire forms

/** Wire values `member-wire-forms` reads beyond the schema's (stand-ins for validation). */
const OTHER_ROLE_WIRES: Readonly<Record<string, RoleKey>> = {
  workspace_limited_developer: 'limited_developer',
  workspace_billing: 'billing',
};

/** A role the schema knows, standing in for another wire value while the body is validated. */
const STAND_IN_ROLE = 'workspace_developer';

/** Member bodies with a role the schema does not know are validated with a stand-in, then handed on as sent. */
export function admitMemberRole(
  state: HasVariants,
  endpoint: { id: string },
  parts: RequestParts,
): Admission {
  const none = { parts, after: { query: {} } };
  if (
    !endpoint.id.startsWith('organizations.workspaces.members.') ||
    !state.variants.has('member-wire-forms')
  )
    return none;
  const body = parts.body as Record<string, unknown> | null;
  const role = body?.workspace_role;
  if (typeof role !== 'string' || !(role in OTHER_ROLE_WIRES)) return none;
  return {
    parts: { ...parts, body: { ...body, workspace_role: STAND_IN_ROLE } },
    after: { query: {}, body },
  };
}

/**
 * The role a `workspace_role` wire value names (UNSPEC-MEMBER-ROLE-WIRE-USER,
 * UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER, UNSPEC-MEMBER-ROLE-WIRE-BILLING), or a refusal.
 */
export function memberRoleFromWire(
  state: HasVariants,
  wire: string,
): { readonly role: RoleKey } | { readonly refused: ApiError } {
  if (state.variants.has('member-wire-forms')) {
    if (wire === 'workspace_billing') return { refused: apiError('member_role_billing_assigned') };
    const other = Object.hasOwn(OTHER_ROLE_WIRES, wire) ? OTHER_ROLE_WIRES[wire] : undefined;
    if (other !== undefined) return { role: other };
    if (wire === 'workspace_user') return { refused: apiError('member_role_unknown') };
  }
  const role = workspaceRules.workspaceRoleFromWire(wire);
  return role === null ? { refused: apiError('member_role_unknown') } : { role };
}

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Why a `user_id` is malformed (UNSPEC-MEMBER-USER-ID), or null: the reference server takes any string. */
export function userIdProblem(state: HasVariants, userId: string): string | null {
  return state.variants.has('member-wire-forms') && !USER_ID.test(userId)
    ? 'user_id: must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -'
    : null;
}

// ---------------------------------------------------------------------------------------------
// Rate limits

/** Whether the organization's rate limits are the other configuration (`admin/rate-limit-config.ts`). */
export function otherRateLimitConfiguration(state: HasVariants): boolean {
  return state.variants.has('rate-limits-other');
}

/** Whether `model` with a `group_type` other than `model_group` is refused (UNSPEC-RL-MODEL-WITH-GROUP-TYPE). */
export function modelWithOtherGroupRefused(state: HasVariants): boolean {
  return state.variants.has('rate-limits-other');
}

// ---------------------------------------------------------------------------------------------
// The usage report

const HOUR_MS = 3_600_000;

/**
 * How the usage report reads its query (UNSPEC-USAGE-PARAMS-REQUIRED, UNSPEC-USAGE-RANGE,
 * UNSPEC-USAGE-GROUP-BY-VALUES, UNSPEC-USAGE-BUCKET-WIDTH-VALUES): the reference server's reading
 * (`reference`), or `usage-report-other`'s.
 */
export function usageReportReading(
  state: HasVariants,
  reference: { readonly bucketWidths: Readonly<Record<string, number>>; readonly groupBy: readonly string[] },
): {
  readonly startingAtRequired: boolean;
  readonly reversedRangeIsEmpty: boolean;
  readonly bucketWidths: Readonly<Record<string, number>>;
  readonly groupBy: readonly string[];
} {
  if (!state.variants.has('usage-report-other')) {
    return { startingAtRequired: false, reversedRangeIsEmpty: false, ...reference };
  }
  return {
    startingAtRequired: true,
    reversedRangeIsEmpty: true,
    bucketWidths: { ...reference.bucketWidths, '1h': HOUR_MS },
    groupBy: [...reference.groupBy, 'model'],
  };
}

/**
 * The workspaces a report grouped by workspace gives a row in every bucket, usage or not
 * (UNSPEC-USAGE-ZERO-ROWS): none for the reference server (only workspaces with usage are
 * reported); under `usage-zero-rows` every workspace the report covers.
 */
export function usageZeroRows(
  state: HasVariants,
  covered: readonly (string | null)[],
): readonly (string | null)[] {
  return state.variants.has('usage-zero-rows') ? covered : [];
}

/** Admin paths where `default` may name the Default Workspace (member paths never do). */
const DEFAULT_NAMED_IN = new Set([
  'organizations.workspaces.archive',
  'organizations.workspaces.rate_limits.list',
]);

/** A workspace id standing in for `default` while the path is validated. */
const STAND_IN_WORKSPACE_ID = `${idPrefix(WorkspaceId)}default`;

/** `default` in an admin path is validated as a stand-in id, then handed on as sent (UNSPEC-WS-ARCHIVE-DEFAULT). */
export function admitDefaultWorkspacePath(
  state: HasVariants,
  endpoint: { id: string },
  parts: RequestParts,
): Admission {
  const id = parts.path.workspace_id;
  if (!DEFAULT_NAMED_IN.has(endpoint.id) || typeof id !== 'string' || !workspaceIdNamesDefault(state, id))
    return { parts, after: { query: {} } };
  return {
    parts: { ...parts, path: { ...parts.path, workspace_id: STAND_IN_WORKSPACE_ID } },
    after: { query: {}, path: { workspace_id: id } },
  };
}

const WORKSPACE_IDS = 'workspace_ids[]';

/**
 * `workspace_ids[]` naming the Default Workspace by the literal `default` (the schema admits
 * `wrkspc_` identifiers only): validated without it, handed on as sent
 * (UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER).
 */
export function admitDefaultWorkspaceFilter(
  state: HasVariants,
  endpoint: { id: string },
  parts: RequestParts,
): Admission {
  const none = { parts, after: { query: {} } };
  if (endpoint.id !== 'organizations.usage_report.messages') return none;
  const sent = parts.query[WORKSPACE_IDS];
  const ids = Array.isArray(sent) ? sent : sent === undefined ? [] : [sent];
  if (!ids.some((id) => typeof id === 'string' && workspaceIdNamesDefault(state, id))) return none;
  const others = ids.filter((id) => id !== 'default');
  const query = { ...parts.query };
  if (others.length > 0) query[WORKSPACE_IDS] = others;
  else delete query[WORKSPACE_IDS];
  return { parts: { ...parts, query }, after: { query: { [WORKSPACE_IDS]: ids } } };
}

// ---------------------------------------------------------------------------------------------
// Records

/** Colours the management console offers (a palette of the variant's own). */
const COLOURS = ['#6C5BB9', '#D97757', '#3A7D44', '#2F6DB5', '#B5482F'];

/**
 * Fields a workspace record carries beyond `id` and `name` that a variant adds: its colour
 * (UNSPEC-WS-COLOR, UNSPEC-WS-RECORD-FIELDS), or none.
 */
export function workspaceRecordExtras(state: HasVariants, id: string): { display_color?: string } {
  if (!state.variants.has('additional-fields')) return {};
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return { display_color: COLOURS[h % COLOURS.length] ?? '#6C5BB9' };
}
