/**
 * Choice points of workspace administration: creation (the cap, who may create, names), the list,
 * the records, the member rules and their wire forms, and the answers to the cases the documents
 * do not show.
 */
import { errors, type OrganizationRole, workspaceRules } from '@vendor-api/spec';
import { point } from '../choices/point.js';
import { type ApiError, apiError } from '../errors.js';

type RoleKey = workspaceRules.WorkspaceRoleKey;

/**
 * An answer to a case whose answer the documents do not show: success, or a refusal by a code of
 * the spec's error table whose message names the case (`{problem} ({unspecified})`).
 */
export type UnspecifiedAnswer = 'success' | { readonly refused: UnspecifiedRefusalCode };

/** The codes of the error table that refuse a case the documents do not show. */
export type UnspecifiedRefusalCode =
  | (typeof errors.UNSPECIFIED_REFUSALS)[keyof typeof errors.UNSPECIFIED_REFUSALS]
  | 'workspace_archive_archived'
  | 'member_update_same_role';

/** A member change, for the answers that depend on it. */
export interface MemberChange {
  readonly kind: 'add' | 'update' | 'remove';
  readonly role?: RoleKey;
  readonly orgRole: OrganizationRole;
}

/** Cases the reference server answers with the endpoint's success status. */
const UNSPECIFIED_SUCCESS: ReadonlySet<string> = new Set([
  'UNSPEC-WS-ADMIN-SUCCESS-STATUS',
  'UNSPEC-WS-ARCHIVE-ARCHIVED',
  'UNSPEC-MEMBER-UPDATE-SAME-ROLE',
]);

/**
 * The reference server's answer to a case whose answer the documents do not show: success, or
 * the code the spec's error table gives the case (`errors.UNSPECIFIED_REFUSALS`).
 */
function referenceAnswer(id: string): UnspecifiedAnswer {
  if (UNSPECIFIED_SUCCESS.has(id)) return 'success';
  if (!Object.hasOwn(errors.UNSPECIFIED_REFUSALS, id)) throw new Error(`no reference answer for ${id}`);
  return { refused: errors.UNSPECIFIED_REFUSALS[id as keyof typeof errors.UNSPECIFIED_REFUSALS] };
}

/** How the workspace list reads `limit` and `include_archived`. */
export interface WorkspaceListReading {
  readonly limit: number | undefined;
  readonly refuseLimit: boolean;
  readonly includeArchived: boolean;
}

export const workspaces = {
  /** Whether a caller may create a workspace, by whether it is an organization admin. */
  mayCreateWorkspace: point<(organizationAdmin: boolean) => boolean>(
    ['WS-CREATE-ORG-ADMIN-ONLY'],
    (organizationAdmin) => organizationAdmin,
  ),
  /** How many of the workspaces with an identifier count toward the cap. */
  countTowardWorkspaceCap: point<typeof workspaceRules.countTowardCap>(
    ['WSARCH-CAP-EXCLUDED'],
    workspaceRules.countTowardCap,
  ),
  /** Workspaces the cap counts besides those with an identifier (the Default Workspace, or none). */
  workspacesCountedBesidesNamed: point<number>(['UNSPEC-WS-CAP-DEFAULT-COUNTED'], 0),
  /** Whether one more workspace may be created. */
  canCreateWorkspace: point<typeof workspaceRules.canCreateWorkspace>(
    ['WS-CAP-100'],
    workspaceRules.canCreateWorkspace,
  ),
  /** Why a workspace name is refused, or null: any string is taken. */
  workspaceNameProblem: point<(name: string, activeNames: readonly string[]) => string | null>(
    ['UNSPEC-WS-NAME-CONSTRAINTS'],
    () => null,
  ),
  /** Fields a workspace record carries beyond `id`, `name` and `archived_at`. */
  workspaceRecordExtras: point<(id: string) => { display_color?: string }>(
    ['UNSPEC-WS-RECORD-FIELDS', 'UNSPEC-WS-COLOR'],
    () => ({}),
  ),
  /** Whether the workspace list lists the Default Workspace. */
  defaultWorkspaceListed: point<boolean>(['WS-DEFAULT-NOT-LISTED'], false),
  /**
   * How the workspace list reads `limit` and `include_archived`: every workspace when `limit` is
   * omitted, one below 1 refused, archived ones only when asked for.
   */
  workspaceListReading: point<
    (limit: number | undefined, includeArchived: boolean | undefined) => WorkspaceListReading
  >(['UNSPEC-WS-LIST-LIMIT', 'UNSPEC-WS-LIST-INCLUDE-ARCHIVED'], (limit, includeArchived) => ({
    limit,
    refuseLimit: limit !== undefined && limit < 1,
    includeArchived: includeArchived === true,
  })),
  /** Whether the workspace list answers `has_more` and `last_id`. */
  workspaceListPaged: point<boolean>(['UNSPEC-WS-LIST-PAGINATION'], false),
  /** Whether the literal `default` names the Default Workspace where an admin endpoint takes a workspace id. */
  defaultWorkspaceNamed: point<boolean>(
    ['UNSPEC-WS-ARCHIVE-DEFAULT', 'UNSPEC-USAGE-DEFAULT-WORKSPACE-FILTER'],
    false,
  ),
  /** Whether a member change is allowed. */
  checkMemberChange: point<typeof workspaceRules.checkMemberChange>(
    [
      'MEMBER-NO-REMOVE-ORG-ADMIN',
      'MEMBER-NO-REMOVE-ORG-BILLING',
      'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
      'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
      'MEMBER-BILLING-UPGRADE-ADMIN',
    ],
    workspaceRules.checkMemberChange,
  ),
  /**
   * The answer to a case whose answer the documents do not show, by its Unspecified id (`change`:
   * the member change in question, for the answers that depend on it).
   */
  unspecifiedAnswer: point<(id: string, change?: MemberChange) => UnspecifiedAnswer>(
    [
      'UNSPEC-WS-ARCHIVE-ARCHIVED',
      'UNSPEC-MEMBER-ARCHIVED-WORKSPACE',
      'UNSPEC-MEMBER-ADD-EXISTING',
      'UNSPEC-MEMBER-ADD-INHERITED',
      'UNSPEC-MEMBER-NOT-A-MEMBER',
      'UNSPEC-MEMBER-UPDATE-SAME-ROLE',
    ],
    referenceAnswer,
  ),
  /** The role a `workspace_role` wire value names, or its refusal. */
  memberRoleFromWire: point<(wire: string) => { readonly role: RoleKey } | { readonly refused: ApiError }>(
    [
      'UNSPEC-MEMBER-ROLE-WIRE-USER',
      'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER',
      'UNSPEC-MEMBER-ROLE-WIRE-BILLING',
    ],
    (wire) => {
      const role = workspaceRules.workspaceRoleFromWire(wire);
      return role === null ? { refused: apiError('member_role_unknown') } : { role };
    },
  ),
  /** Why a `user_id` is malformed, or null: any string is taken. */
  userIdProblem: point<(userId: string) => string | null>(['UNSPEC-MEMBER-USER-ID'], () => null),
};
