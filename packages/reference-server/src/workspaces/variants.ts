/**
 * Variants of workspace administration: answers to the cases the spec's workspace rules and
 * machine leave unspecified, archived workspaces, the Default Workspace, workspace names, member
 * wire forms, and the list's limits and paging.
 */
import { idPrefix, WorkspaceId, type workspaceRules } from '@vendor-api/spec';
import { named, type VariantPatches } from '../choices/table.js';
import { apiError } from '../errors.js';
import { alsoAdmit, setAside } from '../pipeline/choices.js';

type RoleKey = workspaceRules.WorkspaceRoleKey;

const NAME_MAX = 40;

/** Wire values read beyond the schema's (stand-ins for validation). */
const OTHER_ROLE_WIRES: Readonly<Record<string, RoleKey>> = {
  workspace_limited_developer: 'limited_developer',
  workspace_billing: 'billing',
};

/** A role the schema knows, standing in for another wire value while the body is validated. */
const STAND_IN_ROLE = 'workspace_developer';

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Admin paths where `default` may name the Default Workspace (member paths never do). */
const DEFAULT_NAMED_IN = new Set([
  'organizations.workspaces.archive',
  'organizations.workspaces.rate_limits.list',
]);

/** A workspace id standing in for `default` while the path is validated. */
const STAND_IN_WORKSPACE_ID = `${idPrefix(WorkspaceId)}default`;

const DEFAULT = 'default';

/** Colours the management console offers (a palette of the variant's own). */
const COLOURS = ['#6C5BB9', '#D97757', '#3A7D44', '#2F6DB5', '#B5482F'];

/** `default` in an admin path is validated as a stand-in id, then handed on as sent. */
const admitDefaultPath = alsoAdmit((endpoint, parts) => {
  const id = parts.path.workspace_id;
  if (!DEFAULT_NAMED_IN.has(endpoint.id) || id !== DEFAULT) return null;
  return {
    parts: { ...parts, path: { ...parts.path, workspace_id: STAND_IN_WORKSPACE_ID } },
    after: { path: { workspace_id: id } },
  };
});

export const variants = named({
  'archived-workspaces-other': {
    unspecifiedAnswer: (documented) => (id, change) => {
      if (id === 'UNSPEC-WS-ARCHIVE-ARCHIVED') return { refused: 'workspace_archive_archived' };
      return id === 'UNSPEC-MEMBER-ARCHIVED-WORKSPACE' ? 'success' : documented(id, change);
    },
  },
  'default-workspace-counted-and-named': {
    workspacesCountedBesidesNamed: (documented) => documented + 1,
    defaultWorkspaceNamed: () => true,
    admit: admitDefaultPath,
  },
  'workspace-name-rules': {
    workspaceNameProblem: () => (name, activeNames) => {
      if (name.length < 1 || name.length > NAME_MAX) return `body.name: must be 1 to ${NAME_MAX} characters`;
      if (activeNames.includes(name))
        return 'body.name: an active workspace of the organization has this name';
      return null;
    },
  },
  'member-wire-forms': {
    // Member bodies with a role the schema does not know are validated with a stand-in, then handed on as sent.
    admit: alsoAdmit((endpoint, parts) => {
      const body = parts.body as Record<string, unknown> | null;
      const role = body?.workspace_role;
      if (!endpoint.id.startsWith('organizations.workspaces.members.') || typeof role !== 'string')
        return null;
      if (!Object.hasOwn(OTHER_ROLE_WIRES, role)) return null;
      return {
        parts: { ...parts, body: { ...body, workspace_role: STAND_IN_ROLE } },
        after: { body },
      };
    }),
    memberRoleFromWire: (documented) => (wire) => {
      if (wire === 'workspace_billing') return { refused: apiError('member_role_billing_assigned') };
      const other = Object.hasOwn(OTHER_ROLE_WIRES, wire) ? OTHER_ROLE_WIRES[wire] : undefined;
      if (other !== undefined) return { role: other };
      return wire === 'workspace_user' ? { refused: apiError('member_role_unknown') } : documented(wire);
    },
    userIdProblem: () => (userId) =>
      USER_ID.test(userId) ? null : 'user_id: must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -',
  },
  'member-changes-idempotent': {
    unspecifiedAnswer: (documented) => (id, change) => {
      switch (id) {
        case 'UNSPEC-MEMBER-ADD-EXISTING':
          return 'success';
        case 'UNSPEC-MEMBER-ADD-INHERITED':
          // Only the role they hold (admins), or the one upgrade there is (billing to admin).
          return change?.role === 'admin' && (change.orgRole === 'admin' || change.orgRole === 'billing')
            ? 'success'
            : documented(id, change);
        case 'UNSPEC-MEMBER-NOT-A-MEMBER':
          return change?.kind === 'remove' ? 'success' : documented(id, change);
        default:
          return documented(id, change);
      }
    },
  },
  'member-updates-strict': {
    unspecifiedAnswer: (documented) => (id, change) =>
      id === 'UNSPEC-MEMBER-UPDATE-SAME-ROLE'
        ? { refused: 'member_update_same_role' }
        : documented(id, change),
  },
  'additional-fields': {
    workspaceRecordExtras: () => (id) => {
      let h = 0;
      for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
      return { display_color: COLOURS[h % COLOURS.length] ?? '#6C5BB9' };
    },
  },
  // 20 by default, a `limit` below 1 taken as 1, archived ones listed unless told otherwise.
  'other-list-limits': {
    workspaceListReading: () => (limit, includeArchived) => ({
      limit: limit === undefined ? 20 : Math.min(Math.max(limit, 1), 1000),
      refuseLimit: false,
      includeArchived: includeArchived !== false,
    }),
  },
  'more-paging': {
    admit: setAside('organizations.workspaces.list', ['after_id']),
    workspaceListPaged: () => true,
  },
} satisfies VariantPatches);
