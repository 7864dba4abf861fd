/**
 * Workspaces, their members and roles (document 000: Workspace; Workspace member and roles;
 * Workspace administration).
 *
 * Only the identifier and name of a workspace record are shown; request bodies of the
 * administration endpoints are listed completely; no response body is shown.
 */
import { type Static, Type } from '@sinclair/typebox';
import { WorkspaceId } from './common.js';

/**
 * A workspace record as returned by the admin endpoints. Only `id` and `name` are shown, so the
 * object stays open (UNSPEC-WS-RECORD-FIELDS). The Default Workspace has no record: it has no
 * identifier and never appears in list endpoints.
 */
export const Workspace = Type.Object(
  {
    id: Type.Ref(WorkspaceId, { 'x-requirements': ['WS-ID-PREFIX'] }),
    name: Type.String({ description: 'Workspace name.', 'x-requirements': ['WS-NAME'] }),
  },
  {
    $id: 'Workspace',
    description:
      'A workspace other than the Default Workspace. Fields beyond `id` and `name` (the colour, archival state and timestamps among them): not shown (UNSPEC-WS-RECORD-FIELDS, UNSPEC-WS-COLOR).',
    'x-requirements': ['WS-ID-PREFIX', 'WS-NAME', 'WS-COLOR-CONSOLE', 'WS-DEFAULT-NO-ID'],
    'x-unspecified': ['UNSPEC-WS-RECORD-FIELDS', 'UNSPEC-WS-COLOR'],
  },
);
export type Workspace = Static<typeof Workspace>;

/** Body of `POST /v1/organizations/workspaces`. */
export const WorkspaceCreateParams = Type.Object(
  {
    name: Type.String({
      description:
        'Name of the new workspace. Length and character rules: not stated (UNSPEC-WS-NAME-CONSTRAINTS).',
      'x-requirements': ['WS-CREATE-NAME'],
      'x-unspecified': ['UNSPEC-WS-NAME-CONSTRAINTS'],
    }),
  },
  {
    $id: 'WorkspaceCreateParams',
    additionalProperties: false,
    description: 'Creates a workspace; only organization admins may.',
    'x-requirements': ['WS-CREATE-NAME', 'WS-CREATE-ORG-ADMIN-ONLY'],
  },
);
export type WorkspaceCreateParams = Static<typeof WorkspaceCreateParams>;

/** Query of `GET /v1/organizations/workspaces`. */
export const WorkspaceListParams = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        description:
          'Maximum number of workspaces to return. Bounds and default: not stated (UNSPEC-WS-LIST-LIMIT).',
        'x-requirements': ['WS-LIST-LIMIT-INTEGER'],
        'x-unspecified': ['UNSPEC-WS-LIST-LIMIT'],
      }),
    ),
    include_archived: Type.Optional(
      Type.Boolean({
        description:
          'Whether archived workspaces are listed. Its default and exact effect: not stated (UNSPEC-WS-LIST-INCLUDE-ARCHIVED).',
        'x-requirements': ['WS-LIST-INCLUDE-ARCHIVED-BOOLEAN'],
        'x-unspecified': ['UNSPEC-WS-LIST-INCLUDE-ARCHIVED'],
      }),
    ),
  },
  {
    $id: 'WorkspaceListParams',
    additionalProperties: false,
    description:
      'Lists workspaces; the Default Workspace is never listed. No cursor parameter is documented (UNSPEC-WS-LIST-PAGINATION).',
    'x-requirements': ['WS-LIST-LIMIT-INTEGER', 'WS-LIST-INCLUDE-ARCHIVED-BOOLEAN', 'WS-DEFAULT-NOT-LISTED'],
  },
);
export type WorkspaceListParams = Static<typeof WorkspaceListParams>;

/**
 * A workspace role as sent in `workspace_role`. `workspace_developer` and `workspace_admin` appear
 * as wire values; `workspace_user` is only implied by their pattern and is unverified
 * (UNSPEC-MEMBER-ROLE-WIRE-USER). The Workspace Limited Developer and Workspace Billing roles have
 * no stated wire value (UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER, UNSPEC-MEMBER-ROLE-WIRE-BILLING);
 * Workspace Billing cannot be assigned manually anyway.
 */
export const WorkspaceRole = Type.Union(
  [
    Type.Literal('workspace_user', {
      description:
        'Workspace User: uses the Workbench only. Wire value implied by the pattern of the other roles; unverified (UNSPEC-MEMBER-ROLE-WIRE-USER).',
      'x-requirements': ['MEMBER-WIRE-USER-UNVERIFIED', 'MEMBER-ROLE-USER-PERMISSIONS'],
    }),
    Type.Literal('workspace_developer', {
      description: 'Workspace Developer: creates and manages API keys, uses the API.',
      'x-requirements': ['MEMBER-WIRE-DEVELOPER', 'MEMBER-ROLE-DEVELOPER-PERMISSIONS'],
    }),
    Type.Literal('workspace_admin', {
      description: 'Workspace Admin: full control of workspace settings and members.',
      'x-requirements': ['MEMBER-WIRE-ADMIN', 'MEMBER-ROLE-ADMIN-PERMISSIONS'],
    }),
  ],
  {
    $id: 'WorkspaceRole',
    description:
      'Workspace role wire value. "Only `workspace_developer` and `workspace_admin` appear as wire values; the wire values of the other roles are not stated by this interface": `workspace_user` is unverified (UNSPEC-MEMBER-ROLE-WIRE-USER); the Limited Developer and Billing roles have no stated wire value (UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER, UNSPEC-MEMBER-ROLE-WIRE-BILLING); Billing cannot be assigned manually.',
    'x-requirements': ['MEMBER-WIRE-DEVELOPER', 'MEMBER-WIRE-ADMIN', 'MEMBER-WIRE-USER-UNVERIFIED'],
    'x-open': true,
    'x-unspecified': [
      'UNSPEC-MEMBER-ROLE-WIRE-USER',
      'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER',
      'UNSPEC-MEMBER-ROLE-WIRE-BILLING',
    ],
  },
);
export type WorkspaceRole = Static<typeof WorkspaceRole>;

/** A member of a workspace: a user with a workspace role. */
export const WorkspaceMember = Type.Object(
  {
    user_id: Type.String({
      description: 'The user. Shape of user identifiers: not stated (UNSPEC-MEMBER-USER-ID).',
      'x-requirements': ['MEMBER-SHAPE'],
      'x-unspecified': ['UNSPEC-MEMBER-USER-ID'],
    }),
    workspace_role: Type.Ref(WorkspaceRole, { 'x-requirements': ['MEMBER-SHAPE'] }),
  },
  {
    $id: 'WorkspaceMember',
    description:
      'A workspace member: `user_id` with `workspace_role`. No endpoint shown returns it and other fields are not shown (UNSPEC-MEMBER-RECORD-FIELDS).',
    'x-requirements': ['MEMBER-SHAPE'],
    'x-unspecified': ['UNSPEC-MEMBER-RECORD-FIELDS'],
  },
);
export type WorkspaceMember = Static<typeof WorkspaceMember>;

/** Body of `POST /v1/organizations/workspaces/{workspace_id}/members`. */
export const WorkspaceMemberCreateParams = Type.Object(
  {
    user_id: Type.String({
      description: 'The user to add. Shape of user identifiers: not stated (UNSPEC-MEMBER-USER-ID).',
      'x-requirements': ['MEMBER-CREATE-BODY'],
      'x-unspecified': ['UNSPEC-MEMBER-USER-ID'],
    }),
    workspace_role: Type.Ref(WorkspaceRole, { 'x-requirements': ['MEMBER-CREATE-BODY'] }),
  },
  {
    $id: 'WorkspaceMemberCreateParams',
    additionalProperties: false,
    description: 'Adds a member to a workspace.',
    'x-requirements': ['MEMBER-CREATE-BODY'],
  },
);
export type WorkspaceMemberCreateParams = Static<typeof WorkspaceMemberCreateParams>;

/** Body of `POST /v1/organizations/workspaces/{workspace_id}/members/{user_id}`. */
export const WorkspaceMemberUpdateParams = Type.Object(
  {
    workspace_role: Type.Ref(WorkspaceRole, { 'x-requirements': ['MEMBER-UPDATE-BODY'] }),
  },
  {
    $id: 'WorkspaceMemberUpdateParams',
    additionalProperties: false,
    description: "Updates a member's workspace role.",
    'x-requirements': ['MEMBER-UPDATE-BODY'],
  },
);
export type WorkspaceMemberUpdateParams = Static<typeof WorkspaceMemberUpdateParams>;

/**
 * The organization roles the documents name (admin, billing, user, developer). Their wire values
 * are not stated (UNSPEC-MEMBER-ORG-ROLE-WIRE): these are the project's names, used by the role
 * rules and by fixtures, never sent by an endpoint shown.
 */
export const OrganizationRole = Type.Union(
  [
    Type.Literal('admin', { description: 'Organization admin: Workspace Admin in every workspace.' }),
    Type.Literal('billing', {
      description: 'Organization billing member: Workspace Billing in every workspace.',
    }),
    Type.Literal('user', { description: 'Organization user: must be added to workspaces explicitly.' }),
    Type.Literal('developer', {
      description: 'Organization developer: must be added to workspaces explicitly.',
    }),
  ],
  {
    $id: 'OrganizationRole',
    description:
      "Organization role, by the project's names; the wire values are not stated (UNSPEC-MEMBER-ORG-ROLE-WIRE).",
    'x-requirements': [
      'MEMBER-INHERIT-ORG-ADMIN',
      'MEMBER-INHERIT-ORG-BILLING',
      'MEMBER-EXPLICIT-USER-DEVELOPER',
    ],
    'x-unspecified': ['UNSPEC-MEMBER-ORG-ROLE-WIRE'],
  },
);
export type OrganizationRole = Static<typeof OrganizationRole>;
