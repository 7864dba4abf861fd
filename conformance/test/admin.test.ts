import type { FaultName } from '@vendor-api/spec';
import { describe, expect, it } from 'vitest';
import type { CaseDefinition, CaseIdOf } from '../src/case.js';
import { cases as rateLimits } from '../src/cases/rate-limits/index.js';
import { cases as usage } from '../src/cases/usage/index.js';
import { cases as workspaces } from '../src/cases/workspaces/index.js';
import { caseById, itPassesAndCatches, type Kills, outcomeOf, pinSettings } from './helpers.js';

const cases = [...workspaces, ...rateLimits, ...usage];
const settings = pinSettings(7);

const byId = (id: CaseIdOf<typeof cases>) => caseById(cases, id);

const outcome = (c: CaseDefinition, faults: readonly FaultName[] = []) => outcomeOf(c, faults, settings);

const KILLS: Kills<typeof cases> = [
  ['WS_LIST_INCLUDES_DEFAULT', 'workspaces.list-include-archived-limit'],
  ['WS_LIST_LIMIT_REJECTED', 'workspaces.list-include-archived-limit'],
  ['WS_CAP_COUNTS_ARCHIVED', 'workspaces.cap-100-archived-excluded'],
  ['WS_CAP_ALLOWS_101', 'workspaces.cap-100-archived-excluded'],
  ['WS_CREATE_ANY_ADMIN_KEY', 'workspaces.create-organization-admins-only'],
  ['ARCHIVED_WORKSPACE_KEY_ACCEPTED', 'workspaces.archive-revokes-keys-irreversibly'],
  ['MEMBER_ORG_ADMIN_REMOVABLE', 'workspaces.member-organization-role-rules'],
  ['MEMBER_ORG_BILLING_REMOVABLE', 'workspaces.member-organization-role-rules'],
  ['MEMBER_ORG_ADMIN_ROLE_CHANGEABLE', 'workspaces.member-organization-role-rules'],
  ['MEMBER_BILLING_ROLE_CHANGEABLE', 'workspaces.member-organization-role-rules'],
  ['MEMBER_BILLING_UPGRADE_REFUSED', 'workspaces.member-organization-role-rules'],
  ['RL_MODEL_IN_TWO_GROUPS', 'rate-limits.organization-entries'],
  ['RL_NEXT_PAGE_MISSING', 'rate-limits.organization-entries'],
  ['RL_UNMATCHED_MODEL_200', 'rate-limits.model-filter'],
  ['RL_GROUP_TYPE_IGNORED', 'rate-limits.group-type-filter'],
  ['RL_WS_INHERITED_LISTED', 'rate-limits.workspace-overrides-only'],
  ['RL_ORG_LIMIT_WRONG', 'rate-limits.workspace-overrides-only'],
  ['RL_ORG_LIMIT_ZERO_NOT_NULL', 'rate-limits.workspace-overrides-only'],
  ['BATCH_ENQUEUED_LIMIT_IGNORES_OVERRIDE', 'rate-limits.enqueued-batch-requests-enforced'],
  ['BATCH_HTTP_REQUESTS_NOT_LIMITED', 'rate-limits.batch-requests-per-minute-enforced'],
  ['USAGE_DEFAULT_WORKSPACE_NAMED', 'usage.report-by-workspace'],
  ['USAGE_ARCHIVED_DROPPED', 'usage.report-by-workspace'],
  ['USAGE_GROUP_BY_IGNORED', 'usage.report-by-workspace'],
];

describe('organization administration cases', () => {
  itPassesAndCatches('workspace, rate-limit and usage', cases, KILLS, settings);

  it('the workspace state-machine model alone catches the faults of the list, archive and member rules', async () => {
    const model = byId('workspaces.state-machine');
    const faults: readonly FaultName[] = [
      'WS_LIST_INCLUDES_DEFAULT',
      'WS_LIST_LIMIT_REJECTED',
      'ARCHIVED_WORKSPACE_KEY_ACCEPTED',
      'MEMBER_ORG_ADMIN_REMOVABLE',
      'MEMBER_ORG_BILLING_REMOVABLE',
      'MEMBER_ORG_ADMIN_ROLE_CHANGEABLE',
      'MEMBER_BILLING_ROLE_CHANGEABLE',
      'MEMBER_BILLING_UPGRADE_REFUSED',
    ];
    const missed: string[] = [];
    for (const fault of faults) if ((await outcome(model, [fault])).outcome !== 'failed') missed.push(fault);
    expect(missed).toEqual([]);
  }, 300_000);

  it('pins a killing case for every seeded fault of the admin area', async () => {
    const { FAULTS } = await import('@vendor-api/reference-server');
    const admin = FAULTS.filter((f) => /^(WS_|MEMBER_|RL_|USAGE_)/.test(f.name)).map((f) => f.name);
    expect(admin.filter((name) => !KILLS.some(([fault]) => fault === name))).toEqual([]);
  });
});
