/**
 * What the documents leave open about workspaces, their archival, members and roles.
 */
import type { Unspecified } from '../types.js';
import type { Vendor } from '../vendor.js';

const S = {
  workspace: 'Resources and their fields > Workspace',
  members: 'Resources and their fields > Workspace member and roles',
  states: 'States and transitions > Workspace',
  admin: 'Endpoints > Workspace administration (admin credential)',
  events: 'Events',
  errors: 'Errors',
  limits: 'Limits',
} as const;

const VALIDATION =
  'The reference server answers 400 `invalid_request_error` with the standard error body; the conformance suite asserts only a 4xx status with the error body.';

const u = (id: string, section: string, what: string, treatment: string): Unspecified => ({
  id,
  doc: 'federation',
  section,
  what,
  treatment,
});

export function unspecified(_v: Vendor): Unspecified[] {
  return [
    // Workspace record
    u(
      'UNSPEC-WS-RECORD-FIELDS',
      S.workspace,
      'Fields of a workspace record beyond `id` and `name` (archival state, timestamps, colour and others).',
      'The `Workspace` schema is open; the reference server may add fields; the conformance suite checks only `id` and `name`. The machine reads the state from the reference server record, not from a wire field.',
    ),
    u(
      'UNSPEC-WS-COLOR',
      S.workspace,
      'The wire form of the workspace colour (it is set in the management console).',
      'No field is defined; the open `Workspace` schema admits one.',
    ),
    u(
      'UNSPEC-WS-NAME-CONSTRAINTS',
      S.admin,
      'Length, character set and uniqueness rules of a workspace `name`.',
      'The schema accepts any string; the reference server accepts any string; the suite never sends a name it expects to be rejected.',
    ),
    u(
      'UNSPEC-WS-RETRIEVE-UPDATE',
      S.admin,
      'Retrieve and update of a single workspace: paths and payloads.',
      'No endpoint is defined; rename is not modelled.',
    ),
    u(
      'UNSPEC-MEMBER-LIST',
      S.admin,
      'Listing the members of a workspace: path and payload.',
      'No endpoint is defined; membership is observed through fixtures.',
    ),

    // Responses and statuses
    u(
      'UNSPEC-WS-ADMIN-SUCCESS-STATUS',
      S.admin,
      'The success status of the workspace administration endpoints (create, list, archive, add, update and remove member).',
      'Endpoints record 200, the reference server answers 200; the conformance suite asserts only a 2xx status. The archive transition rows carry an unspecified outcome with the known next state.',
    ),
    u(
      'UNSPEC-WS-CREATE-RESPONSE',
      S.admin,
      'Response body of POST /v1/organizations/workspaces.',
      'No schema; the reference server answers the created record (`id`, `name`); the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-WS-LIST-RESPONSE',
      S.admin,
      'Response body of GET /v1/organizations/workspaces (its envelope included).',
      'No schema; the reference server answers `{data: [Workspace...]}`; the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-WS-ARCHIVE-RESPONSE',
      S.admin,
      'Response body of POST /v1/organizations/workspaces/{workspace_id}/archive.',
      'No schema; the reference server answers the archived record; the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-MEMBER-CREATE-RESPONSE',
      S.admin,
      'Response body of POST /v1/organizations/workspaces/{workspace_id}/members.',
      'No schema; the reference server answers the member (`user_id`, `workspace_role`); the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-MEMBER-UPDATE-RESPONSE',
      S.admin,
      'Response body of POST /v1/organizations/workspaces/{workspace_id}/members/{user_id}.',
      'No schema; the reference server answers the member; the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-MEMBER-DELETE-RESPONSE',
      S.admin,
      'Response body of DELETE /v1/organizations/workspaces/{workspace_id}/members/{user_id}.',
      'No schema; the reference server answers an empty JSON object; the suite asserts nothing of the body.',
    ),
    u(
      'UNSPEC-WS-ADMIN-ERRORS',
      S.errors,
      'Errors of the workspace administration endpoints: status and error type of a malformed body or query, of an unknown `workspace_id` or `user_id`.',
      `${VALIDATION} An unknown workspace or member: the reference server answers 404 \`not_found_error\`; the suite asserts only a 4xx status.`,
    ),
    u(
      'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED',
      S.errors,
      'The status and error type when a workspace API key, or no key, is presented to an admin endpoint.',
      'The reference server answers 401 `authentication_error` without a key and 403 `permission_error` with a workspace key; the suite asserts only a 4xx status.',
    ),

    // Listing
    u(
      'UNSPEC-WS-LIST-LIMIT',
      S.admin,
      'Bounds and default of the workspace list `limit`.',
      'The parameter is read as its name says: at most `limit` workspaces come back (the suite asserts that). The schema accepts any integer; the reference server treats a missing `limit` as no limit and answers 400 to a value below 1 (asserted only as a 4xx by the suite).',
    ),
    u(
      'UNSPEC-WS-LIST-INCLUDE-ARCHIVED',
      S.admin,
      'The default of `include_archived` on the workspace list, and whether archived workspaces are listed without it.',
      'The parameter is read as its name says: `true` adds archived workspaces to the list (the suite asserts that, and that active ones and never the Default Workspace are listed). Without it the reference server lists only active workspaces; the suite does not assert that archived ones are left out.',
    ),
    u(
      'UNSPEC-WS-LIST-PAGINATION',
      S.admin,
      'Paging of the workspace list: it takes `limit` but no cursor parameter and no envelope field is shown.',
      "The endpoint's pagination is recorded as `none`; the reference server returns the first `limit` workspaces; clients do not loop.",
    ),

    // Archive
    u(
      'UNSPEC-WS-ARCHIVE-DEFAULT',
      S.states,
      'What an attempt to archive the Default Workspace answers (it has no identifier, so no path names it).',
      'Machine row with an unspecified outcome, state unchanged; the reference server answers 400 `invalid_request_error`; the suite never generates it over HTTP.',
    ),
    u(
      'UNSPEC-WS-ARCHIVE-ARCHIVED',
      S.states,
      'What archiving an already archived workspace answers.',
      'Machine row with an unspecified outcome, state unchanged (archived is final); the reference server answers 200 with the record; the suite asserts only that the workspace stays archived.',
    ),
    u(
      'UNSPEC-WS-REVOKED-KEY-ERROR',
      S.workspace,
      'The status and error type a revoked API key gets (after archival, or a coding-assistant key after its owner left).',
      'The reference server answers 401 `authentication_error`; the suite asserts only a 4xx status.',
    ),
    u(
      'UNSPEC-WS-ARCHIVED-ACCESS-TOKEN',
      S.workspace,
      'Whether an access token scoped to a workspace keeps working after the workspace is archived (the documents say only that API keys are revoked).',
      'The reference server refuses such a token with 401 `authentication_error`, as it does a revoked key; never asserted.',
    ),
    u('UNSPEC-WS-EVENTS', S.events, 'Events or webhooks for workspaces.', 'None are defined.'),

    // Cap and limits
    u(
      'UNSPEC-WS-CAP-EXCEEDED',
      S.limits,
      'The status and error type when creating a workspace would exceed the 100-workspace cap.',
      `${VALIDATION}`,
    ),
    u(
      'UNSPEC-WS-STORED-OBJECTS-CAP',
      S.limits,
      'How many message batches, dreams and sessions a workspace may hold (the documents state no bound, and give batches no delete operation).',
      'The reference server stores at most `STORED_OBJECTS_PER_WORKSPACE` (10,000) of each kind per workspace, the Default Workspace included, configurable when it starts; creating one more is 400 `invalid_request_error` naming the cap (`canStoreObject`). Never asserted: no conformance run stores that many.',
    ),
    u(
      'UNSPEC-WS-CAP-DEFAULT-COUNTED',
      S.limits,
      'Whether the Default Workspace counts toward the 100-workspace cap.',
      '`canCreateWorkspace` takes the count of active workspaces as the caller counts them; the reference server counts only workspaces with an identifier; the suite never probes the 100th versus 101st slot with the Default Workspace in question.',
    ),
    u(
      'UNSPEC-WS-CREATE-NON-ADMIN',
      S.admin,
      'The status and error type when a member other than an organization admin tries to create a workspace.',
      'The reference server answers 403 `permission_error`; the suite asserts only a 4xx status.',
    ),
    u(
      'UNSPEC-WS-LIMIT-NO-ORG-LIMIT',
      S.limits,
      'Which workspace limit is allowed for a limiter the organization has no limit for (`org_limit` null).',
      '`checkWorkspaceLimit` accepts any value then (nothing to compare with); never asserted.',
    ),
    u(
      'UNSPEC-WS-SPEND-LIMIT-FIELDS',
      S.limits,
      'The fields, units and interface of workspace spend limits (set in the management console).',
      'No schema; spend limits are modelled only by `checkWorkspaceLimit`.',
    ),

    // Members and roles
    u(
      'UNSPEC-MEMBER-ROLE-WIRE-USER',
      S.members,
      'Whether the Workspace User role is really sent as `workspace_user` (implied by the pattern only).',
      '`WorkspaceRole` accepts `workspace_user`; the suite never relies on it being accepted or rejected.',
    ),
    u(
      'UNSPEC-MEMBER-ROLE-WIRE-LIMITED-DEVELOPER',
      S.members,
      'The wire value of the Workspace Limited Developer role.',
      '`WorkspaceRole` has no value for it; the role exists in the rules (`limited_developer`) only. `WorkspaceRole` carries `x-open`: its contract form accepts any string, so the suite never sends another role as an invalid input.',
    ),
    u(
      'UNSPEC-MEMBER-ROLE-WIRE-BILLING',
      S.members,
      'The wire value of the Workspace Billing role (which cannot be assigned manually).',
      '`WorkspaceRole` has no value for it; the rules reject assigning it.',
    ),
    u(
      'UNSPEC-MEMBER-ORG-ROLE-WIRE',
      S.members,
      'The wire values of the organization roles (admin, billing, user, developer).',
      "`OrganizationRole` uses the project's names; no endpoint shown sends them; fixtures use them.",
    ),
    u('UNSPEC-MEMBER-USER-ID', S.members, 'The shape of a `user_id`.', 'Any string is accepted.'),
    u(
      'UNSPEC-MEMBER-RECORD-FIELDS',
      S.members,
      'Fields of a member record beyond `user_id` and `workspace_role`, and whether any endpoint returns one.',
      'The `WorkspaceMember` schema is open.',
    ),
    u(
      'UNSPEC-MEMBER-CHANGE-REJECTED',
      S.members,
      'The status and error type when a member change is refused (removing or changing the role of an organization admin or billing member, assigning Workspace Billing).',
      'The reference server answers 400 `invalid_request_error`; the suite asserts only a 4xx status and that membership is unchanged.',
    ),
    u(
      'UNSPEC-MEMBER-ADD-INHERITED',
      S.members,
      'What adding an organization admin or billing member explicitly to a workspace does (they already hold an inherited role there).',
      '`checkMemberChange` answers unspecified; the reference server answers 400 `invalid_request_error`; never asserted.',
    ),
    u(
      'UNSPEC-MEMBER-ADD-EXISTING',
      S.members,
      'What adding a user who is already an explicit member of the workspace does.',
      '`checkMemberChange` answers unspecified; the reference server answers 400 `invalid_request_error`; never asserted.',
    ),
    u(
      'UNSPEC-MEMBER-NOT-A-MEMBER',
      S.members,
      'What updating or removing a user who is not a member of the workspace answers.',
      '`checkMemberChange` answers unspecified; the reference server answers 404 `not_found_error`; the suite asserts only a 4xx status.',
    ),
    u(
      'UNSPEC-MEMBER-UPDATE-SAME-ROLE',
      S.members,
      'What "updating" a member to the workspace role they already hold answers: an organization admin to `workspace_admin` (is it a forbidden change?), a billing member already upgraded to admin, an explicit member to their own role.',
      '`checkMemberChange` answers unspecified; the reference server accepts it as a no-op; the variant `member-updates-strict` refuses it with 400; never asserted.',
    ),
    u(
      'UNSPEC-MEMBER-ARCHIVED-WORKSPACE',
      S.members,
      'Whether member operations are accepted on an archived workspace.',
      'The reference server answers 400 `invalid_request_error`; never asserted.',
    ),
    u(
      'UNSPEC-MEMBER-ORG-ROLE-LATERAL',
      S.members,
      'What a change between organization admin and billing (or between user and developer) does to explicit workspace roles.',
      '`orgRoleChange` reports the access rule that follows from inheritance alone (admin and billing: every workspace; user and developer: explicit only); explicit roles are kept.',
    ),
  ];
}
