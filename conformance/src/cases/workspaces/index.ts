import { adminCredentialOnly } from './admin-credential.js';
import { archiveRevokesKeys } from './archive-keys.js';
import { workspaceCap } from './cap.js';
import { createAdminOnly } from './create-admin-only.js';
import { billingNotAssignable, defaultWorkspaceStays } from './default-and-billing.js';
import { listQuery } from './list.js';
import { memberRules } from './member-rules.js';
import { workspaceStateMachine } from './state-machine.js';

export const cases = [
  workspaceStateMachine,
  listQuery,
  workspaceCap,
  archiveRevokesKeys,
  memberRules,
  createAdminOnly,
  adminCredentialOnly,
  defaultWorkspaceStays,
  billingNotAssignable,
] as const;
