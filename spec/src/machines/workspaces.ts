/**
 * The workspace lifecycle (document 000: States and transitions > Workspace).
 *
 * Two states, `active` and `archived`; one event, the archive operation. `archived` is final: no
 * operation moves a workspace back. The documents show no success status for the archive
 * operation (UNSPEC-WS-ADMIN-SUCCESS-STATUS), so even the successful rows carry an `unspecified`
 * outcome with the known next state and effects: the suite asserts the state change and its
 * effects, never the status.
 *
 * Member operations are not events of this machine: they change no workspace state, and whether
 * they are allowed depends on the organization role of the member, not on the workspace state
 * (`rules/workspaces.ts` `checkMemberChange`). Their behaviour on an archived workspace is not shown
 * (UNSPEC-MEMBER-ARCHIVED-WORKSPACE), so rows for them would all be unspecified.
 */
import type { Machine, Row } from '../types.js';

export const WORKSPACE_STATES = ['active', 'archived'] as const;
export type WorkspaceState = (typeof WORKSPACE_STATES)[number];

export type WorkspaceEvent = 'organizations.workspaces.archive';
export type WorkspaceGuard = 'isDefault' | 'adminCredential' | 'isCodingAssistant';
export type WorkspaceEffect =
  | 'revokeApiKeys'
  | 'preserveHistory'
  | 'leaveWorkspaceCap'
  | 'disableCodingAssistantSignIn';

type WorkspaceRow = Row<WorkspaceState, WorkspaceEvent, WorkspaceGuard, WorkspaceEffect>;

const ARCHIVE = 'organizations.workspaces.archive';
const ARCHIVE_EFFECTS = ['revokeApiKeys', 'preserveHistory', 'leaveWorkspaceCap'] as const;
const ARCHIVE_REQUIREMENTS = [
  'WSARCH-ACTIVE-TO-ARCHIVED',
  'WSARCH-ADMIN-CREDENTIAL',
  'WSARCH-KEYS-REVOKED',
  'WSARCH-HISTORY-PRESERVED',
  'WSARCH-CAP-EXCLUDED',
] as const;

const rows: readonly WorkspaceRow[] = [
  {
    from: ['active'],
    event: ARCHIVE,
    when: { adminCredential: false },
    to: 'unchanged',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-CREDENTIAL-REJECTED' },
    effects: [],
    requirements: ['WSARCH-ADMIN-CREDENTIAL', 'WS-ADMIN-CREDENTIAL'],
    note: 'Only an admin credential archives; the rejection is not shown (an access token gets 403: see the endpoint errors).',
  },
  {
    from: ['active'],
    event: ARCHIVE,
    when: { adminCredential: true, isDefault: true },
    to: 'unchanged',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-WS-ARCHIVE-DEFAULT' },
    effects: [],
    requirements: ['WS-DEFAULT-NO-ARCHIVE', 'WS-DEFAULT-NO-ID', 'WS-DEFAULT-EXISTS'],
    note: 'The Default Workspace cannot be archived; having no identifier, no path names it.',
  },
  {
    from: ['active'],
    event: ARCHIVE,
    when: { adminCredential: true, isDefault: false, isCodingAssistant: false },
    to: 'archived',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' },
    effects: [...ARCHIVE_EFFECTS],
    requirements: [...ARCHIVE_REQUIREMENTS],
    note: 'Archived: keys revoked immediately, history kept, out of the 100-workspace cap. Success status not shown.',
  },
  {
    from: ['active'],
    event: ARCHIVE,
    when: { adminCredential: true, isDefault: false, isCodingAssistant: true },
    to: 'archived',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-WS-ADMIN-SUCCESS-STATUS' },
    effects: [...ARCHIVE_EFFECTS, 'disableCodingAssistantSignIn'],
    requirements: [...ARCHIVE_REQUIREMENTS, 'WSARCH-CODING-ASSISTANT-SIGNIN'],
    note: "Archiving the coding-assistant workspace also disables that tool's sign-in through console billing for the whole organization.",
  },
  {
    from: ['archived'],
    event: ARCHIVE,
    to: 'unchanged',
    outcome: { kind: 'unspecified', unspecified: 'UNSPEC-WS-ARCHIVE-ARCHIVED' },
    effects: [],
    requirements: ['WSARCH-IRREVERSIBLE'],
    note: 'Archiving an archived workspace: the answer is not shown; it stays archived (no operation moves it back).',
  },
];

export const machine: Machine<WorkspaceState, WorkspaceEvent, WorkspaceGuard, WorkspaceEffect> = {
  id: 'workspaces',
  resource: 'Workspace',
  doc: 'federation',
  description:
    'Lifecycle of a workspace: active until archived by an admin credential; archived is final. The Default Workspace is never archived.',
  states: WORKSPACE_STATES,
  initial: 'active',
  terminal: ['archived'],
  events: {
    'organizations.workspaces.archive': {
      kind: 'operation',
      operation: 'organizations.workspaces.archive',
      description: 'POST /v1/organizations/workspaces/{workspace_id}/archive.',
    },
  },
  guards: {
    isDefault: 'The workspace is the Default Workspace of the organization.',
    adminCredential: 'The request carries an admin API key (an organization admin credential).',
    isCodingAssistant:
      'The workspace is the coding-assistant workspace created at the first sign-in to that tool.',
  },
  effects: {
    revokeApiKeys: 'All API keys of the workspace are revoked immediately.',
    preserveHistory: 'Historical data of the workspace (its usage among it) is preserved.',
    leaveWorkspaceCap: 'The workspace no longer counts toward the cap of 100 workspaces per organization.',
    disableCodingAssistantSignIn:
      "The coding assistant's sign-in through console billing is disabled for the whole organization.",
  },
  rows,
};

/**
 * The state of a workspace record. The wire field that tells an archived workspace apart is not
 * shown (UNSPEC-WS-RECORD-FIELDS), so this reads the reference server's own record: `archived`
 * true means archived.
 */
export function stateOf(record: { readonly archived: boolean }): WorkspaceState {
  return record.archived ? 'archived' : 'active';
}
