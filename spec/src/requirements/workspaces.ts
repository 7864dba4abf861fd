/**
 * Requirements of workspaces, their archival, members and roles, and workspace limits
 * (document 000: Workspace; Workspace member and roles; States and transitions > Workspace;
 * Workspace administration; Limits).
 */
import type { Requirement } from '../types.js';
import type { Vendor } from '../vendor.js';
import { requirementsOf } from './define.js';

const S = {
  overview: 'What the service does',
  ids: 'Resources and their fields > Identifier shapes',
  workspace: 'Resources and their fields > Workspace',
  members: 'Resources and their fields > Workspace member and roles',
  states: 'States and transitions > Workspace',
  admin: 'Endpoints > Workspace administration (admin credential)',
  auth: 'Authentication > OAuth scopes (`oauth_scope` of a rule)',
  limits: 'Limits',
} as const;

const r = requirementsOf('federation');

export function requirements(_v: Vendor): Requirement[] {
  return [
    // What the service does
    r(
      'WS-OWN-SETTINGS',
      S.overview,
      'Workspaces divide API usage inside an organization; each has its own members, API keys, spend limits and rate-limit overrides.',
      'untestable',
      'informative',
    ),

    // Identifier shapes
    r(
      'WS-ID-PREFIX',
      S.ids,
      'A workspace identifier is `wrkspc_` followed by an opaque string that clients treat as opaque.',
      'http',
    ),

    // Workspace: the Default Workspace
    r('WS-DEFAULT-EXISTS', S.workspace, 'Every organization has a Default Workspace.', 'fixture'),
    r(
      'WS-DEFAULT-NO-RENAME',
      S.workspace,
      'The Default Workspace cannot be renamed (no rename operation is shown).',
      'untestable',
    ),
    r('WS-DEFAULT-NO-ARCHIVE', S.workspace, 'The Default Workspace cannot be archived.', 'fixture'),
    r(
      'WS-DEFAULT-NO-DELETE',
      S.workspace,
      'The Default Workspace cannot be deleted (no delete operation is shown).',
      'untestable',
    ),
    r(
      'WS-DEFAULT-NO-ID',
      S.workspace,
      'The Default Workspace has no identifier, so no endpoint with a `{workspace_id}` path reaches it.',
      'fixture',
    ),
    r(
      'WS-DEFAULT-NOT-LISTED',
      S.workspace,
      'The Default Workspace does not appear in list endpoints: the workspace list excludes it.',
      'http',
    ),
    r(
      'WS-DEFAULT-NO-LIMITS',
      S.workspace,
      'The Default Workspace cannot carry spend or rate limits of its own nor rate-limit overrides; the organization limits apply to it.',
      'fixture',
    ),

    // Workspace: other workspaces
    r('WS-NAME', S.workspace, 'A workspace other than the Default Workspace has a `name` (string).', 'http'),
    r(
      'WS-COLOR-CONSOLE',
      S.workspace,
      'A workspace other than the Default Workspace has a colour, set in the management console.',
      'untestable',
      'informative',
    ),

    // Workspace: the coding-assistant workspace
    // Reclassified: signing in to the coding assistant with a console account is outside this interface; no
    // documented request or adapter capability can do it.
    r(
      'WS-CA-AUTO-CREATED',
      S.workspace,
      'A coding-assistant workspace is created automatically in the organization the first time a member signs in to the coding assistant with the console account.',
      'untestable',
    ),
    // Reclassified: needs a coding-assistant sign-in, which no documented request can make.
    r(
      'WS-CA-MEMBERS-ADDED',
      S.workspace,
      'Every later member who signs in to the coding assistant is added to the coding-assistant workspace.',
      'untestable',
    ),
    // Reclassified: the per-user key is minted at a coding-assistant sign-in, which no documented request
    // can make.
    r(
      'WS-CA-KEY-MINTED',
      S.workspace,
      'In the coding-assistant workspace a per-user API key is minted at sign-in.',
      'untestable',
    ),
    r(
      'WS-CA-KEY-NOT-MANUAL',
      S.workspace,
      'The per-user API key of the coding-assistant workspace cannot be created manually.',
      'untestable',
    ),
    // Reclassified: the per-user key only exists after a coding-assistant sign-in, which no documented
    // request can make.
    r(
      'WS-CA-KEY-STOPS-ON-LEAVE',
      S.workspace,
      'A per-user coding-assistant key stops working when its owner leaves the workspace or the organization.',
      'untestable',
    ),
    r(
      'WS-CA-SEPARATE-RATE-LIMIT',
      S.workspace,
      'Usage of the coding-assistant per-user keys is rate-limited separately.',
      'untestable',
    ),
    r(
      'WS-CA-PER-USER-SPEND-LIMIT',
      S.workspace,
      'The coding-assistant workspace is the only workspace supporting per-user monthly spend limits.',
      'untestable',
    ),

    // Workspace: scoping
    r(
      'WS-KEY-SCOPED',
      S.workspace,
      "An API key is scoped to a single workspace and reaches only that workspace's resources.",
      'fixture',
    ),
    r(
      'WS-SCOPE-FILES',
      S.workspace,
      'Files are workspace-scoped: a key of another workspace does not reach them.',
      'fixture',
    ),
    r(
      'WS-SCOPE-BATCHES',
      S.workspace,
      'Message batches are workspace-scoped: a key of another workspace does not reach them.',
      'fixture',
    ),
    // Reclassified: no skills endpoint is documented, so no request can reach a skill with any key.
    r(
      'WS-SCOPE-SKILLS',
      S.workspace,
      'Skills are workspace-scoped: a key of another workspace does not reach them.',
      'untestable',
    ),
    // Reclassified: prompt caching is not part of the documented requests or responses (like
    // AUTH-PROMPT-CACHE-PER-WORKSPACE).
    r(
      'WS-CACHE-ISOLATED',
      S.workspace,
      'Prompt caches are isolated per workspace: a cache written in one workspace is never read in another.',
      'untestable',
    ),

    // States and transitions
    r(
      'WSARCH-ACTIVE-TO-ARCHIVED',
      S.states,
      'The archive operation moves an active workspace other than the Default Workspace to archived.',
      'http',
    ),
    r('WSARCH-ADMIN-CREDENTIAL', S.states, 'Archiving a workspace needs an admin credential.', 'fixture'),
    r(
      'WSARCH-KEYS-REVOKED',
      S.states,
      'Archiving a workspace revokes all API keys of the workspace immediately.',
      'fixture',
    ),
    r(
      'WSARCH-HISTORY-PRESERVED',
      S.states,
      'Archiving a workspace preserves its historical data (for example its usage).',
      'fixture',
    ),
    r(
      'WSARCH-IRREVERSIBLE',
      S.states,
      'Archiving cannot be undone: no operation moves an archived workspace back to active.',
      'http',
    ),
    r(
      'WSARCH-CAP-EXCLUDED',
      S.states,
      'An archived workspace does not count toward the 100-workspace cap.',
      'fixture',
    ),
    // Reclassified: the coding assistant's sign-in through console billing is outside this interface;
    // nothing a client sees changes.
    r(
      'WSARCH-CODING-ASSISTANT-SIGNIN',
      S.states,
      "Archiving the coding-assistant workspace disables the coding assistant's sign-in through console billing for the whole organization.",
      'untestable',
    ),

    // Workspace administration
    r(
      'WS-ADMIN-CREDENTIAL',
      S.admin,
      'The workspace administration endpoints (create, list, archive, add, update and remove member) take an admin API key in `x-api-key`.',
      'http',
    ),
    r(
      'WS-ADMIN-ACCESS-TOKEN-403',
      S.auth,
      'An access token presented to a workspace administration endpoint is outside its scope (no scope grants administrative endpoints) and gets HTTP 403.',
      'fixture',
    ),
    r('WS-CREATE-NAME', S.admin, 'Creating a workspace takes a JSON body with `name` (string).', 'http'),
    r('WS-CREATE-ORG-ADMIN-ONLY', S.admin, 'Only organization admins may create a workspace.', 'fixture'),
    r(
      'WS-LIST-LIMIT-INTEGER',
      S.admin,
      'The workspace list takes an optional integer query parameter `limit`.',
      'http',
    ),
    r(
      'WS-LIST-INCLUDE-ARCHIVED-BOOLEAN',
      S.admin,
      'The workspace list takes an optional boolean query parameter `include_archived`.',
      'http',
    ),
    r('WS-ARCHIVE-NO-BODY', S.admin, 'The archive operation takes no request body.', 'http'),
    r(
      'MEMBER-CREATE-BODY',
      S.admin,
      'Adding a member takes a JSON body with `user_id` (string) and `workspace_role` (string).',
      'http',
    ),
    r(
      'MEMBER-UPDATE-BODY',
      S.admin,
      "Updating a member's role takes a JSON body with `workspace_role` (string); the user is named in the path.",
      'http',
    ),
    r(
      'MEMBER-DELETE-NO-BODY',
      S.admin,
      'Removing a member takes no request body; the workspace and user are named in the path.',
      'http',
    ),

    // Members and roles
    r(
      'MEMBER-SHAPE',
      S.members,
      'A workspace member is a `user_id` (string) with a `workspace_role`.',
      'http',
    ),
    r(
      'MEMBER-WIRE-DEVELOPER',
      S.members,
      'The Workspace Developer role is sent as `workspace_developer`.',
      'http',
    ),
    r('MEMBER-WIRE-ADMIN', S.members, 'The Workspace Admin role is sent as `workspace_admin`.', 'http'),
    r(
      'MEMBER-WIRE-USER-UNVERIFIED',
      S.members,
      'The Workspace User role is sent as `workspace_user`, a form implied by the pattern of the other roles and not verified by the interface.',
      'http',
      'informative',
    ),
    r(
      'MEMBER-ROLE-USER-PERMISSIONS',
      S.members,
      'A Workspace User may use the Workbench only.',
      'untestable',
    ),
    r(
      'MEMBER-ROLE-LIMITED-DEVELOPER-PERMISSIONS',
      S.members,
      'A Workspace Limited Developer may create and manage API keys and use the API, but has no session tracing views and no file downloads.',
      'untestable',
    ),
    r(
      'MEMBER-ROLE-DEVELOPER-PERMISSIONS',
      S.members,
      'A Workspace Developer may create and manage API keys and use the API.',
      'untestable',
    ),
    r(
      'MEMBER-ROLE-ADMIN-PERMISSIONS',
      S.members,
      'A Workspace Admin has full control of workspace settings and members.',
      'untestable',
    ),
    r(
      'MEMBER-ROLE-BILLING-PERMISSIONS',
      S.members,
      'A Workspace Billing member may view workspace billing information.',
      'untestable',
    ),
    r(
      'MEMBER-BILLING-NOT-ASSIGNABLE',
      S.members,
      'The Workspace Billing role cannot be assigned manually (it is only inherited from the organization billing role).',
      'fixture',
    ),
    r(
      'MEMBER-INHERIT-ORG-ADMIN',
      S.members,
      'Organization admins get Workspace Admin in every workspace without being added.',
      'fixture',
    ),
    r(
      'MEMBER-INHERIT-ORG-BILLING',
      S.members,
      'Organization billing members get Workspace Billing in every workspace without being added.',
      'fixture',
    ),
    r(
      'MEMBER-EXPLICIT-USER-DEVELOPER',
      S.members,
      'Organization users and developers have access to a workspace only where they were added explicitly.',
      'fixture',
    ),
    r(
      'MEMBER-NO-REMOVE-ORG-ADMIN',
      S.members,
      'An organization admin cannot be removed from a workspace while holding the organization admin role.',
      'fixture',
    ),
    r(
      'MEMBER-NO-REMOVE-ORG-BILLING',
      S.members,
      'An organization billing member cannot be removed from a workspace while holding the organization billing role.',
      'fixture',
    ),
    r(
      'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
      S.members,
      'The workspace role of an organization admin cannot be changed.',
      'fixture',
    ),
    r(
      'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
      S.members,
      'The workspace role of an organization billing member cannot be changed, except the upgrade to the admin role.',
      'fixture',
    ),
    r(
      'MEMBER-BILLING-UPGRADE-ADMIN',
      S.members,
      "An organization billing member's workspace role may be upgraded to the admin role (`workspace_admin`).",
      'fixture',
    ),
    r(
      'MEMBER-DEMOTION-EXPLICIT-ONLY',
      S.members,
      'When an organization admin or billing member is demoted to user or developer, access remains only to the workspaces where a role was explicitly assigned.',
      'fixture',
    ),
    r(
      'MEMBER-PROMOTION-ALL',
      S.members,
      'Promotion of an organization member to admin or billing grants automatic access to all workspaces.',
      'fixture',
    ),

    // Limits
    r(
      'WS-CAP-100',
      S.limits,
      'An organization has at most 100 workspaces, archived ones excluded: creating one more when 100 count is rejected.',
      'fixture',
    ),
    r(
      'WS-LIMIT-NOT-HIGHER',
      S.limits,
      "A workspace spend or rate limit may be set lower than the organization's, never higher.",
      'fixture',
    ),
    r(
      'WS-LIMIT-DEFAULT-EQUALS-ORG',
      S.limits,
      "A workspace limit that is not set equals the organization's (so a limit equal to the organization's is allowed).",
      'fixture',
    ),
    // Reclassified: the organization's limits cannot be set (only workspace overrides can), and exceeding
    // them means thousands of requests a minute or 500,000 enqueued batch requests; no error of an exceeded
    // limit is documented either.
    r(
      'WS-LIMIT-ORG-ALWAYS-APPLIES',
      S.limits,
      "The organization's limits always apply, even when the workspace limits sum higher.",
      'untestable',
    ),
  ];
}
