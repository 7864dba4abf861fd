/**
 * Seeded faults of workspace administration: the list, creation (the cap, who may create) and the
 * member rules, each a patched copy of the spec's rule or a changed answer.
 */
import type { workspaceRules } from '@vendor-api/spec';
import { wrapOperation } from '../choices/operations.js';
import type { Override } from '../choices/point.js';
import { type FaultPatches, named, type Patch } from '../choices/table.js';
import { apiError } from '../errors.js';

type CheckMemberChange = typeof workspaceRules.checkMemberChange;

/** A refused member change, cited by its requirement id, is allowed. */
const memberChangeAllowed = (requirement: string): Patch => ({
  checkMemberChange: ((documented) => (op, member) => {
    const result = documented(op, member);
    return result.kind === 'rejected' && result.requirements.includes(requirement)
      ? { kind: 'allowed', requirements: result.requirements }
      : result;
  }) satisfies Override<CheckMemberChange>,
});

export const faults = named({
  WS_LIST_INCLUDES_DEFAULT: { defaultWorkspaceListed: () => true },
  WS_LIST_LIMIT_REJECTED: wrapOperation('organizations.workspaces.list', (handler) => (ctx) => {
    if (ctx.query.limit !== undefined) throw apiError('query_limit', { problem: 'not accepted' });
    return handler(ctx);
  }),
  WS_CAP_COUNTS_ARCHIVED: {
    countTowardWorkspaceCap: (documented) => (workspaces) =>
      documented(workspaces.map((w) => ({ ...w, archived: false }))),
  },
  // The cap is 101.
  WS_CAP_ALLOWS_101: { canCreateWorkspace: (documented) => (count) => documented(Math.max(0, count - 1)) },
  WS_CREATE_ANY_ADMIN_KEY: { mayCreateWorkspace: () => () => true },
  MEMBER_ORG_ADMIN_REMOVABLE: memberChangeAllowed('MEMBER-NO-REMOVE-ORG-ADMIN'),
  MEMBER_ORG_BILLING_REMOVABLE: memberChangeAllowed('MEMBER-NO-REMOVE-ORG-BILLING'),
  MEMBER_ORG_ADMIN_ROLE_CHANGEABLE: memberChangeAllowed('MEMBER-NO-ROLE-CHANGE-ORG-ADMIN'),
  MEMBER_BILLING_ROLE_CHANGEABLE: memberChangeAllowed('MEMBER-NO-ROLE-CHANGE-ORG-BILLING'),
  MEMBER_BILLING_UPGRADE_REFUSED: {
    checkMemberChange: (documented) => (op, member) => {
      const result = documented(op, member);
      return result.kind === 'allowed' && result.requirements.includes('MEMBER-BILLING-UPGRADE-ADMIN')
        ? {
            kind: 'rejected',
            reason: 'the workspace role cannot be changed',
            requirements: result.requirements,
            unspecified: 'UNSPEC-MEMBER-CHANGE-REJECTED',
          }
        : result;
    },
  },
} satisfies FaultPatches);
