/**
 * Seeded faults of the admin endpoints: workspaces, members, rate limits, usage report. Each breaks
 * exactly one requirement; `test/admin/faults.test.ts` shows each one changes an answer.
 */
import type { FaultDefinition } from './types.js';

export const faults: readonly FaultDefinition[] = [
  {
    name: 'WS_LIST_INCLUDES_DEFAULT',
    requirement: 'WS-DEFAULT-NOT-LISTED',
    description: 'The workspace list includes the Default Workspace.',
  },
  {
    name: 'WS_LIST_LIMIT_REJECTED',
    requirement: 'WS-LIST-LIMIT-INTEGER',
    description: 'The workspace list answers 400 to any `limit` query parameter.',
  },
  {
    name: 'WS_CAP_COUNTS_ARCHIVED',
    requirement: 'WSARCH-CAP-EXCLUDED',
    description: 'Archived workspaces count toward the 100-workspace cap.',
  },
  {
    name: 'WS_CAP_ALLOWS_101',
    requirement: 'WS-CAP-100',
    description: 'A 101st non-archived workspace can be created.',
  },
  {
    name: 'WS_CREATE_ANY_ADMIN_KEY',
    requirement: 'WS-CREATE-ORG-ADMIN-ONLY',
    description:
      'A workspace is created through an admin key whose owner is no longer an organization admin.',
  },
  {
    name: 'MEMBER_ORG_ADMIN_REMOVABLE',
    requirement: 'MEMBER-NO-REMOVE-ORG-ADMIN',
    description: 'An organization admin can be removed from a workspace.',
  },
  {
    name: 'MEMBER_ORG_BILLING_REMOVABLE',
    requirement: 'MEMBER-NO-REMOVE-ORG-BILLING',
    description: 'An organization billing member can be removed from a workspace.',
  },
  {
    name: 'MEMBER_ORG_ADMIN_ROLE_CHANGEABLE',
    requirement: 'MEMBER-NO-ROLE-CHANGE-ORG-ADMIN',
    description: "An organization admin's workspace role can be changed to a lower role.",
  },
  {
    name: 'MEMBER_BILLING_ROLE_CHANGEABLE',
    requirement: 'MEMBER-NO-ROLE-CHANGE-ORG-BILLING',
    description: "An organization billing member's workspace role can be changed to a role other than admin.",
  },
  {
    name: 'MEMBER_BILLING_UPGRADE_REFUSED',
    requirement: 'MEMBER-BILLING-UPGRADE-ADMIN',
    description: "Upgrading an organization billing member's workspace role to `workspace_admin` is refused.",
  },
  {
    name: 'RL_MODEL_IN_TWO_GROUPS',
    requirement: 'RL-MODEL-IN-EXACTLY-ONE-GROUP',
    description: 'A dated model identifier appears in two model groups.',
  },
  {
    name: 'RL_UNMATCHED_MODEL_200',
    requirement: 'RL-ORG-MODEL-404',
    description: 'A `model` matching no group answers 200 with empty `data` instead of 404.',
  },
  {
    name: 'RL_GROUP_TYPE_IGNORED',
    requirement: 'RL-GROUP-TYPE-FILTER',
    description: 'The organization list ignores `group_type` and returns every entry.',
  },
  {
    name: 'RL_NEXT_PAGE_MISSING',
    requirement: 'RL-LIST-ENVELOPE',
    description: 'The organization rate-limit list omits `next_page`.',
  },
  {
    name: 'RL_WS_INHERITED_LISTED',
    requirement: 'RL-WS-ONLY-OVERRIDES',
    description: 'The workspace rate-limit list also lists the groups it inherits without override.',
  },
  {
    name: 'RL_ORG_LIMIT_WRONG',
    requirement: 'RL-WS-ORG-LIMIT',
    description: "A workspace limit's `org_limit` repeats the override value instead of the organization's.",
  },
  {
    name: 'RL_ORG_LIMIT_ZERO_NOT_NULL',
    requirement: 'RL-WS-ORG-LIMIT-NULL',
    description: '`org_limit` is 0 instead of null when the organization has no limit for the limiter.',
  },
  {
    name: 'USAGE_DEFAULT_WORKSPACE_NAMED',
    requirement: 'USAGE-DEFAULT-WORKSPACE-NULL',
    description: 'Usage of the Default Workspace reports `workspace_id` "default" instead of null.',
  },
  {
    name: 'USAGE_ARCHIVED_DROPPED',
    requirement: 'WSARCH-HISTORY-PRESERVED',
    description: 'The usage report leaves out usage of archived workspaces.',
  },
  {
    name: 'USAGE_GROUP_BY_IGNORED',
    requirement: 'USAGE-GROUP-BY',
    description: '`group_by[]=workspace_id` is ignored: each bucket holds one total.',
  },
];
