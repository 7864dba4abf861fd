/**
 * Rules of workspaces, members and roles, and workspace limits (document 000: Workspace;
 * Workspace member and roles; Limits). The rate-limit entries and their endpoints are
 * `rate-limits.ts`.
 *
 * Pure functions with their data tables. Every result names the requirement ids it rests on; a
 * case the documents leave open answers `unspecified` with the Unspecified id; invalid input
 * answers an `invalid` result, never a throw.
 */
import type { OrganizationRole, WorkspaceRole } from '../resources/workspaces.js';
import { validLimit } from './rate-limits.js';

/** Requirement ids this module implements. */
export const requirementIds: readonly string[] = [
  // roles and members
  'MEMBER-WIRE-DEVELOPER',
  'MEMBER-WIRE-ADMIN',
  'MEMBER-WIRE-USER-UNVERIFIED',
  'MEMBER-ROLE-USER-PERMISSIONS',
  'MEMBER-ROLE-LIMITED-DEVELOPER-PERMISSIONS',
  'MEMBER-ROLE-DEVELOPER-PERMISSIONS',
  'MEMBER-ROLE-ADMIN-PERMISSIONS',
  'MEMBER-ROLE-BILLING-PERMISSIONS',
  'MEMBER-BILLING-NOT-ASSIGNABLE',
  'MEMBER-INHERIT-ORG-ADMIN',
  'MEMBER-INHERIT-ORG-BILLING',
  'MEMBER-EXPLICIT-USER-DEVELOPER',
  'MEMBER-NO-REMOVE-ORG-ADMIN',
  'MEMBER-NO-REMOVE-ORG-BILLING',
  'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
  'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
  'MEMBER-BILLING-UPGRADE-ADMIN',
  'MEMBER-DEMOTION-EXPLICIT-ONLY',
  'MEMBER-PROMOTION-ALL',
  'MEMBER-CREATE-BODY',
  'MEMBER-UPDATE-BODY',
  'MEMBER-DELETE-NO-BODY',
  'WS-DEFAULT-NO-ID',
  // cap and limits
  'WS-CAP-100',
  'WSARCH-CAP-EXCLUDED',
  'WS-DEFAULT-NO-LIMITS',
  'WS-LIMIT-NOT-HIGHER',
  'WS-LIMIT-DEFAULT-EQUALS-ORG',
  'WS-LIMIT-ORG-ALWAYS-APPLIES',
];

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

/** The organization roles, by the project's names (wire values: UNSPEC-MEMBER-ORG-ROLE-WIRE). */
export type OrgRole = OrganizationRole;
export const ORG_ROLES = ['admin', 'billing', 'user', 'developer'] as const satisfies readonly OrgRole[];

/**
 * The five workspace roles by the project's keys. Only three have a wire value (`WorkspaceRole`);
 * `limited_developer` and `billing` have none stated.
 */
export const WORKSPACE_ROLE_KEYS = ['user', 'limited_developer', 'developer', 'admin', 'billing'] as const;
export type WorkspaceRoleKey = (typeof WORKSPACE_ROLE_KEYS)[number];

export interface WorkspaceRoleInfo {
  readonly key: WorkspaceRoleKey;
  /** The role's name in the documents. */
  readonly name: string;
  /** Wire value of `workspace_role`, or null when the documents state none. */
  readonly wire: WorkspaceRole | null;
  /** False for `workspace_user`, whose wire form is only implied by the pattern. */
  readonly wireVerified: boolean;
  /** Whether the role may be assigned by the member endpoints (Billing: never). */
  readonly assignable: boolean;
  readonly permissions: readonly string[];
  /** What the documents say the role may not do. */
  readonly denied: readonly string[];
  readonly requirements: readonly string[];
  readonly unspecified?: string;
}

/** The role table (MEMBER-ROLE-*-PERMISSIONS, MEMBER-WIRE-*, MEMBER-BILLING-NOT-ASSIGNABLE). */
export const WORKSPACE_ROLES: Readonly<Record<WorkspaceRoleKey, WorkspaceRoleInfo>> = {
  user: {
    key: 'user',
    name: 'Workspace User',
    wire: 'workspace_user',
    wireVerified: false,
    assignable: true,
    permissions: ['use the Workbench'],
    denied: [],
    requirements: ['MEMBER-ROLE-USER-PERMISSIONS', 'MEMBER-WIRE-USER-UNVERIFIED'],
    unspecified: 'UNSPEC-MEMBER-ROLE-WIRE-USER',
  },
  limited_developer: {
    key: 'limited_developer',
    name: 'Workspace Limited Developer',
    wire: null,
    wireVerified: false,
    assignable: true,
    permissions: ['create and manage API keys', 'use the API'],
    denied: ['session tracing views', 'file downloads'],
    requirements: ['MEMBER-ROLE-LIMITED-DEVELOPER-PERMISSIONS'],
    unspecified: 'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER',
  },
  developer: {
    key: 'developer',
    name: 'Workspace Developer',
    wire: 'workspace_developer',
    wireVerified: true,
    assignable: true,
    permissions: ['create and manage API keys', 'use the API'],
    denied: [],
    requirements: ['MEMBER-ROLE-DEVELOPER-PERMISSIONS', 'MEMBER-WIRE-DEVELOPER'],
  },
  admin: {
    key: 'admin',
    name: 'Workspace Admin',
    wire: 'workspace_admin',
    wireVerified: true,
    assignable: true,
    permissions: ['full control of workspace settings and members'],
    denied: [],
    requirements: ['MEMBER-ROLE-ADMIN-PERMISSIONS', 'MEMBER-WIRE-ADMIN'],
  },
  billing: {
    key: 'billing',
    name: 'Workspace Billing',
    wire: null,
    wireVerified: false,
    assignable: false,
    permissions: ['view workspace billing information'],
    denied: [],
    requirements: ['MEMBER-ROLE-BILLING-PERMISSIONS', 'MEMBER-BILLING-NOT-ASSIGNABLE'],
    unspecified: 'UNSPEC-MEMBER-ROLE-WIRE-BILLING',
  },
};

/** The workspace role a wire value names, or null for a value the documents do not state. */
export function workspaceRoleFromWire(wire: string): WorkspaceRoleKey | null {
  for (const key of WORKSPACE_ROLE_KEYS) if (WORKSPACE_ROLES[key].wire === wire) return key;
  return null;
}

/** What each organization role inherits in every workspace (MEMBER-INHERIT-*, MEMBER-EXPLICIT-*). */
export const ORG_ROLE_INHERITANCE: Readonly<
  Record<OrgRole, { readonly inherited: WorkspaceRoleKey | null; readonly requirements: readonly string[] }>
> = {
  admin: { inherited: 'admin', requirements: ['MEMBER-INHERIT-ORG-ADMIN'] },
  billing: { inherited: 'billing', requirements: ['MEMBER-INHERIT-ORG-BILLING'] },
  user: { inherited: null, requirements: ['MEMBER-EXPLICIT-USER-DEVELOPER'] },
  developer: { inherited: null, requirements: ['MEMBER-EXPLICIT-USER-DEVELOPER'] },
};

const isOrgRole = (x: unknown): x is OrgRole =>
  typeof x === 'string' && (ORG_ROLES as readonly string[]).includes(x);
const isRoleKey = (x: unknown): x is WorkspaceRoleKey =>
  typeof x === 'string' && (WORKSPACE_ROLE_KEYS as readonly string[]).includes(x);

export type EffectiveRole =
  | {
      readonly ok: true;
      /** The role the member holds in the workspace, or null: no access. */
      readonly role: WorkspaceRoleKey | null;
      readonly source: 'inherited' | 'explicit' | 'none';
      readonly requirements: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

/**
 * The workspace role a member holds, from the organization role and the role explicitly assigned
 * in that workspace (null: none). Organization admins hold Workspace Admin everywhere; billing
 * members hold Workspace Billing everywhere unless upgraded to admin; users and developers hold
 * only what was assigned to them.
 */
export function effectiveWorkspaceRole(
  orgRole: OrgRole,
  explicitRole: WorkspaceRoleKey | null | undefined,
): EffectiveRole {
  if (!isOrgRole(orgRole))
    return { ok: false, error: `unknown organization role ${JSON.stringify(orgRole)}` };
  const explicit = explicitRole ?? null;
  if (explicit !== null && !isRoleKey(explicit)) {
    return { ok: false, error: `unknown workspace role ${JSON.stringify(explicit)}` };
  }
  switch (orgRole) {
    case 'admin':
      return { ok: true, role: 'admin', source: 'inherited', requirements: ['MEMBER-INHERIT-ORG-ADMIN'] };
    case 'billing':
      return explicit === 'admin'
        ? { ok: true, role: 'admin', source: 'explicit', requirements: ['MEMBER-BILLING-UPGRADE-ADMIN'] }
        : {
            ok: true,
            role: 'billing',
            source: 'inherited',
            requirements: ['MEMBER-INHERIT-ORG-BILLING', 'MEMBER-NO-ROLE-CHANGE-ORG-BILLING'],
          };
    default:
      if (explicit === 'billing') {
        return {
          ok: false,
          error: 'Workspace Billing cannot be assigned explicitly (MEMBER-BILLING-NOT-ASSIGNABLE)',
        };
      }
      return explicit === null
        ? { ok: true, role: null, source: 'none', requirements: ['MEMBER-EXPLICIT-USER-DEVELOPER'] }
        : { ok: true, role: explicit, source: 'explicit', requirements: ['MEMBER-EXPLICIT-USER-DEVELOPER'] };
  }
}

/** A member operation of the member endpoints, with the role it would set. */
export type MemberOperation =
  | { readonly kind: 'add'; readonly role: WorkspaceRoleKey }
  | { readonly kind: 'update'; readonly role: WorkspaceRoleKey }
  | { readonly kind: 'remove' };

/** The member an operation targets, in one workspace. */
export interface MemberContext {
  readonly orgRole: OrgRole;
  /** The role explicitly assigned in this workspace; null when none was. */
  readonly explicitRole: WorkspaceRoleKey | null;
  /** The workspace is the Default Workspace. */
  readonly defaultWorkspace?: boolean;
}

export type MemberChangeResult =
  | { readonly kind: 'allowed'; readonly requirements: readonly string[] }
  | {
      readonly kind: 'rejected';
      readonly reason: string;
      readonly requirements: readonly string[];
      /** The rejection's status and error type are not shown. */
      readonly unspecified: 'UNSPEC-MEMBER-CHANGE-REJECTED';
    }
  /** No endpoint reaches the target (the Default Workspace has no identifier). */
  | { readonly kind: 'unreachable'; readonly reason: string; readonly requirements: readonly string[] }
  | { readonly kind: 'unspecified'; readonly unspecified: string; readonly requirements: readonly string[] }
  | { readonly kind: 'invalid'; readonly error: string };

const rejected = (reason: string, ...requirements: string[]): MemberChangeResult => ({
  kind: 'rejected',
  reason,
  requirements,
  unspecified: 'UNSPEC-MEMBER-CHANGE-REJECTED',
});
const unspecifiedResult = (unspecified: string, ...requirements: string[]): MemberChangeResult => ({
  kind: 'unspecified',
  unspecified,
  requirements,
});

/**
 * Whether a member operation is allowed. Organization admins and billing members cannot be
 * removed nor have their workspace role changed, except a billing member's upgrade to the admin
 * role; Workspace Billing is never assigned manually; organization users and developers are added,
 * updated and removed freely. The Default Workspace has no identifier, so no member endpoint
 * reaches it.
 */
export function checkMemberChange(op: MemberOperation, member: MemberContext): MemberChangeResult {
  if (!op || !['add', 'update', 'remove'].includes(op.kind)) {
    return { kind: 'invalid', error: `unknown member operation ${JSON.stringify(op)}` };
  }
  if (op.kind !== 'remove' && !isRoleKey(op.role)) {
    return { kind: 'invalid', error: `unknown workspace role ${JSON.stringify(op.role)}` };
  }
  if (!member || !isOrgRole(member.orgRole)) {
    return { kind: 'invalid', error: `unknown organization role ${JSON.stringify(member?.orgRole)}` };
  }
  if (member.explicitRole !== null && !isRoleKey(member.explicitRole)) {
    return { kind: 'invalid', error: `unknown workspace role ${JSON.stringify(member.explicitRole)}` };
  }
  if (member.defaultWorkspace) {
    return {
      kind: 'unreachable',
      reason: 'the Default Workspace has no identifier, so no member endpoint path names it',
      requirements: ['WS-DEFAULT-NO-ID'],
    };
  }
  if (op.kind !== 'remove' && !WORKSPACE_ROLES[op.role].assignable) {
    return rejected('Workspace Billing cannot be assigned manually', 'MEMBER-BILLING-NOT-ASSIGNABLE');
  }
  const { orgRole, explicitRole } = member;
  switch (orgRole) {
    case 'admin':
      if (op.kind === 'add')
        return unspecifiedResult('UNSPEC-MEMBER-ADD-INHERITED', 'MEMBER-INHERIT-ORG-ADMIN');
      if (op.kind === 'remove') {
        return rejected(
          'an organization admin cannot be removed from a workspace',
          'MEMBER-NO-REMOVE-ORG-ADMIN',
        );
      }
      if (op.role === 'admin') {
        return unspecifiedResult('UNSPEC-MEMBER-UPDATE-SAME-ROLE', 'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN');
      }
      return rejected(
        "an organization admin's workspace role cannot be changed",
        'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
      );
    case 'billing':
      if (op.kind === 'add')
        return unspecifiedResult('UNSPEC-MEMBER-ADD-INHERITED', 'MEMBER-INHERIT-ORG-BILLING');
      if (op.kind === 'remove') {
        return rejected(
          'an organization billing member cannot be removed from a workspace',
          'MEMBER-NO-REMOVE-ORG-BILLING',
        );
      }
      if (op.role === 'admin') {
        return explicitRole === 'admin'
          ? unspecifiedResult('UNSPEC-MEMBER-UPDATE-SAME-ROLE', 'MEMBER-BILLING-UPGRADE-ADMIN')
          : { kind: 'allowed', requirements: ['MEMBER-BILLING-UPGRADE-ADMIN', 'MEMBER-UPDATE-BODY'] };
      }
      return rejected(
        "an organization billing member's workspace role can only be upgraded to admin",
        'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
      );
    default:
      if (op.kind === 'add') {
        return explicitRole === null
          ? { kind: 'allowed', requirements: ['MEMBER-EXPLICIT-USER-DEVELOPER', 'MEMBER-CREATE-BODY'] }
          : unspecifiedResult('UNSPEC-MEMBER-ADD-EXISTING', 'MEMBER-EXPLICIT-USER-DEVELOPER');
      }
      if (explicitRole === null)
        return unspecifiedResult('UNSPEC-MEMBER-NOT-A-MEMBER', 'MEMBER-EXPLICIT-USER-DEVELOPER');
      if (op.kind === 'update' && op.role === explicitRole)
        return unspecifiedResult('UNSPEC-MEMBER-UPDATE-SAME-ROLE', 'MEMBER-EXPLICIT-USER-DEVELOPER');
      return {
        kind: 'allowed',
        requirements: [
          'MEMBER-EXPLICIT-USER-DEVELOPER',
          op.kind === 'update' ? 'MEMBER-UPDATE-BODY' : 'MEMBER-DELETE-NO-BODY',
        ],
      };
  }
}

export interface OrgRoleChange {
  readonly kind: 'promotion' | 'demotion' | 'lateral' | 'none';
  /** Which workspaces the member reaches afterwards: every one, or only those explicitly assigned. */
  readonly access: 'all' | 'explicit-only';
  readonly requirements: readonly string[];
  readonly unspecified?: string;
}

const inheritsEverywhere = (role: OrgRole) => ORG_ROLE_INHERITANCE[role].inherited !== null;

/**
 * What a change of organization role does to workspace access: a demotion from admin or billing
 * to user or developer keeps access only where a role was explicitly assigned; a promotion to
 * admin or billing grants access to every workspace. Explicit assignments are kept either way.
 */
export function orgRoleChange(from: OrgRole, to: OrgRole): OrgRoleChange | { readonly invalid: string } {
  if (!isOrgRole(from) || !isOrgRole(to))
    return { invalid: `unknown organization role ${JSON.stringify([from, to])}` };
  const a = inheritsEverywhere(from);
  const b = inheritsEverywhere(to);
  if (from === to)
    return {
      kind: 'none',
      access: b ? 'all' : 'explicit-only',
      requirements: ORG_ROLE_INHERITANCE[to].requirements,
    };
  if (a && !b)
    return { kind: 'demotion', access: 'explicit-only', requirements: ['MEMBER-DEMOTION-EXPLICIT-ONLY'] };
  if (!a && b) return { kind: 'promotion', access: 'all', requirements: ['MEMBER-PROMOTION-ALL'] };
  return {
    kind: 'lateral',
    access: b ? 'all' : 'explicit-only',
    requirements: ORG_ROLE_INHERITANCE[to].requirements,
    unspecified: 'UNSPEC-MEMBER-ORG-ROLE-LATERAL',
  };
}

/**
 * The workspace role a member holds in each workspace of the organization (null: no access),
 * given the organization role and the explicit assignments (workspace id to role).
 */
export function workspaceAccess(
  orgRole: OrgRole,
  explicitRoles: Readonly<Record<string, WorkspaceRoleKey>>,
  workspaceIds: readonly string[],
): Record<string, WorkspaceRoleKey | null> | { readonly invalid: string } {
  const out: Record<string, WorkspaceRoleKey | null> = {};
  for (const id of workspaceIds) {
    const r = effectiveWorkspaceRole(orgRole, Object.hasOwn(explicitRoles, id) ? explicitRoles[id] : null);
    if (!r.ok) return { invalid: `${id}: ${r.error}` };
    out[id] = r.role;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Workspace cap and workspace limits
// ---------------------------------------------------------------------------------------------

/** Workspaces per organization, archived ones excluded (WS-CAP-100, WSARCH-CAP-EXCLUDED). */
export const WORKSPACE_CAP = 100;

/**
 * How many workspaces count toward the cap: archived ones are excluded. Whether the Default
 * Workspace counts is not stated (UNSPEC-WS-CAP-DEFAULT-COUNTED); like the reference server, this
 * counts only workspaces with an identifier.
 */
export function countTowardCap(
  workspaces: readonly { readonly archived: boolean; readonly isDefault?: boolean }[],
): number {
  return workspaces.filter((w) => !w.archived && !w.isDefault).length;
}

export type CapCheck =
  | { readonly ok: true; readonly requirements: readonly string[] }
  | {
      readonly ok: false;
      readonly reason: 'cap';
      readonly requirements: readonly string[];
      readonly unspecified: 'UNSPEC-WS-CAP-EXCEEDED';
    }
  | { readonly ok: false; readonly reason: 'invalid'; readonly error: string };

/** Whether one more workspace may be created when `activeCount` workspaces count toward the cap. */
export function canCreateWorkspace(activeCount: number): CapCheck {
  if (!Number.isInteger(activeCount) || activeCount < 0) {
    return {
      ok: false,
      reason: 'invalid',
      error: `active count must be a non-negative integer, got ${activeCount}`,
    };
  }
  return activeCount < WORKSPACE_CAP
    ? { ok: true, requirements: ['WS-CAP-100', 'WSARCH-CAP-EXCLUDED'] }
    : {
        ok: false,
        reason: 'cap',
        requirements: ['WS-CAP-100', 'WSARCH-CAP-EXCLUDED'],
        unspecified: 'UNSPEC-WS-CAP-EXCEEDED',
      };
}

/**
 * Stored objects a workspace may hold of each kind the API creates (message batches, dreams,
 * sessions) in a server that keeps them for its whole run. The documents state no such bound
 * (UNSPEC-WS-STORED-OBJECTS-CAP); the reference server holds every workspace to it so that one
 * tenant's data cannot grow without end.
 */
export const STORED_OBJECTS_PER_WORKSPACE = 10_000;

export type StoredObjectsCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly status: 400;
      readonly errorType: 'invalid_request_error';
      readonly message: string;
      readonly unspecified: 'UNSPEC-WS-STORED-OBJECTS-CAP';
    };

/**
 * Whether a workspace holding `stored` objects of a kind (`what`, plural: `message batches`) may
 * store one more under the cap (default `STORED_OBJECTS_PER_WORKSPACE`): a 400 naming the cap when
 * not (UNSPEC-WS-STORED-OBJECTS-CAP).
 */
export function canStoreObject(
  what: string,
  stored: number,
  cap: number = STORED_OBJECTS_PER_WORKSPACE,
): StoredObjectsCheck {
  if (stored < cap) return { ok: true };
  return {
    ok: false,
    status: 400,
    errorType: 'invalid_request_error',
    message: `this workspace already holds ${stored} ${what}, the most this server stores per workspace (${cap})`,
    unspecified: 'UNSPEC-WS-STORED-OBJECTS-CAP',
  };
}

export type LimitCheck =
  | {
      readonly ok: true;
      /** The limit that applies to the workspace (null: none at either level). */
      readonly effective: number | null;
      readonly source: 'workspace' | 'organization';
      readonly requirements: readonly string[];
      readonly unspecified?: string;
    }
  | {
      readonly ok: false;
      readonly reason: 'above-organization' | 'default-workspace' | 'invalid';
      readonly message: string;
      readonly requirements: readonly string[];
    };

/**
 * Checks one workspace spend or rate limit against the organization's: it may be lower or equal,
 * never higher; a limit not set equals the organization's; the Default Workspace carries none.
 * An organization without a limit for it leaves nothing to compare (UNSPEC-WS-LIMIT-NO-ORG-LIMIT).
 */
export function checkWorkspaceLimit(
  org: number | null,
  ws: number | null | undefined,
  options: { readonly defaultWorkspace?: boolean } = {},
): LimitCheck {
  if (org !== null && !validLimit(org)) {
    return {
      ok: false,
      reason: 'invalid',
      message: `organization limit must be a non-negative number, got ${org}`,
      requirements: [],
    };
  }
  if (ws !== null && ws !== undefined && !validLimit(ws)) {
    return {
      ok: false,
      reason: 'invalid',
      message: `workspace limit must be a non-negative number, got ${ws}`,
      requirements: [],
    };
  }
  if (ws === null || ws === undefined) {
    return {
      ok: true,
      effective: org,
      source: 'organization',
      requirements: ['WS-LIMIT-DEFAULT-EQUALS-ORG'],
    };
  }
  if (options.defaultWorkspace) {
    return {
      ok: false,
      reason: 'default-workspace',
      message: 'the Default Workspace cannot carry limits',
      requirements: ['WS-DEFAULT-NO-LIMITS'],
    };
  }
  if (org === null) {
    return {
      ok: true,
      effective: ws,
      source: 'workspace',
      requirements: [],
      unspecified: 'UNSPEC-WS-LIMIT-NO-ORG-LIMIT',
    };
  }
  if (ws > org) {
    return {
      ok: false,
      reason: 'above-organization',
      message: `workspace limit ${ws} is higher than the organization's ${org}`,
      requirements: ['WS-LIMIT-NOT-HIGHER'],
    };
  }
  return {
    ok: true,
    effective: ws,
    source: 'workspace',
    requirements:
      ws === org ? ['WS-LIMIT-NOT-HIGHER', 'WS-LIMIT-DEFAULT-EQUALS-ORG'] : ['WS-LIMIT-NOT-HIGHER'],
  };
}

export interface LimitSetCheck {
  readonly ok: boolean;
  /** Per workspace limit, in order. */
  readonly checks: readonly LimitCheck[];
  /** Sum of the workspace limits that are set. */
  readonly sum: number;
  /** Workspace limits may sum higher than the organization's: that is allowed. */
  readonly sumExceedsOrganization: boolean;
  /** The organization's limit always applies to the organization as a whole. */
  readonly organizationCeiling: number | null;
  readonly requirements: readonly string[];
}

/**
 * Checks the limits of several workspaces for one organization limit: each must pass
 * `checkWorkspaceLimit`; their sum is not constrained, because the organization's limit always
 * applies on top of them.
 */
export function checkWorkspaceLimitSet(
  org: number | null,
  limits: readonly (number | null)[],
): LimitSetCheck {
  const checks = limits.map((l) => checkWorkspaceLimit(org, l));
  const sum = limits.reduce<number>((s, l) => s + (typeof l === 'number' && Number.isFinite(l) ? l : 0), 0);
  return {
    ok: checks.every((c) => c.ok),
    checks,
    sum,
    sumExceedsOrganization: org !== null && sum > org,
    organizationCeiling: org,
    requirements: ['WS-LIMIT-ORG-ALWAYS-APPLIES', 'WS-LIMIT-NOT-HIGHER'],
  };
}
