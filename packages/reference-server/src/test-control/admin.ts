/**
 * Test control of the admin endpoints (mounted under `/_test/` with the rest of test control):
 * what the documents give no endpoint for. Organizations with an admin key, workspaces with
 * workspace keys (the documented create mints none), more keys, users with organization roles and
 * their role changes, the effective members of a workspace, workspace rate-limit overrides, usage
 * records, and a key's revocation state.
 *
 *   POST /_test/organizations                            {name?}
 *   POST /_test/organizations/:organization_id/workspaces {name?, coding_assistant?}
 *   POST /_test/organizations/:organization_id/keys       {kind?, workspace_id?, owner_user_id?}
 *   POST /_test/organizations/:organization_id/users      {role, user_id?}
 *   POST /_test/users/:user_id/role                       {role}
 *   GET  /_test/workspaces/:workspace_id/members
 *   POST /_test/workspaces/:workspace_id/rate_limits      {overrides: [{group_type, model?, limits}]}
 *   POST /_test/usage                                     {organization_id?, workspace_id?, at?, model?, input_tokens?, ...}
 *   GET  /_test/keys/:key
 *
 * `:organization_id` may be `demo` (the seeded organization). A workspace `default` (or null) is
 * the Default Workspace.
 */
import {
  RATE_LIMIT_GROUP_TYPES,
  RATE_LIMITER_TYPES,
  type RateLimiterType,
  type RateLimitGroupType,
  rateLimits,
  TIMESTAMP_RANGE_MS,
  workspaceRules,
} from '@vendor-api/spec';
import type { FastifyInstance } from 'fastify';
import { iso } from '../clock.js';
import { notFound } from '../errors.js';
import { organizationEntryFor } from '../rate-limits/config.js';
import { orgEntries, workspaceEntries } from '../rate-limits/handlers.js';
import type { ServerState } from '../state.js';
import type { RateLimitOverrideRecord } from '../store.js';
import { recordUsage } from '../usage/report.js';
import {
  createOrganization,
  createUser,
  createWorkspaceRecord,
  findUser,
  findWorkspace,
  mintAdminKey,
  mintWorkspaceKey,
  renderWorkspace,
} from '../workspaces/organizations.js';
import { BodyFields, controlRoute, invalid, TEST_CONTROL_PREFIX } from './common.js';

function orgRoleOf(body: BodyFields): workspaceRules.OrgRole {
  const role = body.values.role;
  if (typeof role !== 'string' || !(workspaceRules.ORG_ROLES as readonly string[]).includes(role)) {
    throw body.refuse('role', `must be one of ${workspaceRules.ORG_ROLES.join(', ')}`);
  }
  return role as workspaceRules.OrgRole;
}

function organizationId(state: ServerState, id: string): string {
  const resolved = id === 'demo' ? state.demo.organizationId : id;
  if (!state.store.organizations.get(resolved)) throw notFound('organization', id);
  return resolved;
}

/** A workspace of any organization named by its id; `default`/null is not accepted here. */
function anyWorkspace(state: ServerState, id: string) {
  const record = state.store.workspaces.get(id);
  if (!record || record.isDefault) throw notFound('workspace', id);
  return record;
}

/** `workspace_id` of a body: null for the Default Workspace (`default`, null or absent). */
function workspaceIdOf(state: ServerState, orgId: string, body: BodyFields): string | null {
  const value = body.values.workspace_id;
  if (value === undefined || value === null || value === 'default') return null;
  if (typeof value !== 'string') throw body.refuse('workspace_id', 'must be a string, `default` or null');
  return findWorkspace(state, orgId, value).id;
}

/** Validates and stores the overrides of a workspace (replacing the previous ones). */
function setOverrides(state: ServerState, workspaceId: string, value: unknown): void {
  if (!Array.isArray(value)) throw invalid('body.overrides: must be an array');
  const org = orgEntries(state);
  const records: RateLimitOverrideRecord[] = [];
  const seen = new Set<string>();
  value.forEach((raw, i) => {
    const where = `body.overrides[${i}]`;
    const o = BodyFields.of(raw, `${where}.`);
    const groupType = o.values.group_type;
    if (typeof groupType !== 'string' || !(RATE_LIMIT_GROUP_TYPES as readonly string[]).includes(groupType)) {
      throw o.refuse('group_type', `must be one of ${RATE_LIMIT_GROUP_TYPES.join(', ')}`);
    }
    let models: readonly string[] | null = null;
    if (groupType === 'model_group') {
      const model = o.string('model');
      const entry = org.find((e) => e.models?.includes(model ?? '') === true);
      if (model === undefined || !entry) throw o.refuse('model', 'must name a model of a model group');
      models = entry.models;
    }
    const orgEntry = organizationEntryFor(org, groupType as RateLimitGroupType, models);
    const key = `${groupType}:${JSON.stringify(models)}`;
    if (seen.has(key))
      throw invalid(`${where}: the group is overridden twice (UNSPEC-RL-DUPLICATE-LIMITERS)`);
    seen.add(key);
    const rawLimits = o.values.limits;
    if (!Array.isArray(rawLimits) || rawLimits.length === 0)
      throw o.refuse('limits', 'must be a non-empty array');
    const types = new Set<string>();
    const limits = rawLimits.map((rawLimit, j) => {
      const l = BodyFields.of(rawLimit, `${where}.limits[${j}].`);
      const type = l.values.type;
      if (typeof type !== 'string' || !(RATE_LIMITER_TYPES as readonly string[]).includes(type)) {
        throw l.refuse('type', `must be one of ${RATE_LIMITER_TYPES.join(', ')}`);
      }
      if (types.has(type)) throw invalid(`${where}.limits[${j}]: limiter ${type} twice`);
      types.add(type);
      const v = l.count('value');
      if (v === undefined) throw l.refuse('value', 'is required');
      // WS-LIMIT-NOT-HIGHER: an override is never higher than the organization's value.
      const check = workspaceRules.checkWorkspaceLimit(
        orgEntry?.limits.find((x) => x.type === type)?.value ?? null,
        v,
      );
      if (!check.ok) throw invalid(`${where}.limits[${j}]: ${check.message}`);
      return { type: type as RateLimiterType, value: v };
    });
    // RL-ENQUEUED-BATCH-REQUESTS-BATCH
    const placement = rateLimits.checkLimiterPlacement([
      { type: 'workspace_rate_limit', group_type: groupType, models, limits } as never,
    ]);
    if (!placement.ok) throw invalid(`${where}: ${placement.problems.map((p) => p.message).join('; ')}`);
    records.push({
      id: `${workspaceId}:${key}`,
      workspaceId,
      seq: state.store.nextSeq(),
      groupType: groupType as RateLimitGroupType,
      models,
      limits,
    });
  });
  for (const old of state.store.rateLimitOverrides.values()) {
    if (old.workspaceId === workspaceId) state.store.rateLimitOverrides.delete(old.id);
  }
  for (const r of records) state.store.rateLimitOverrides.put(r);
}

export function registerAdminTestControl(app: FastifyInstance, state: ServerState): void {
  const p = TEST_CONTROL_PREFIX;

  app.post(controlRoute('organizations.create'), async (request) => {
    const body = BodyFields.of(request.body);
    const created = createOrganization(state, body.string('name') ?? 'Organization');
    return {
      organization_id: created.organizationId,
      admin_user_id: created.adminUserId,
      admin_key: created.adminKey,
    };
  });

  app.post<{ Params: { organization_id: string } }>(controlRoute('workspaces.create'), async (request) => {
    const orgId = organizationId(state, request.params.organization_id);
    const body = BodyFields.of(request.body);
    const codingAssistant = body.values.coding_assistant;
    if (codingAssistant !== undefined && typeof codingAssistant !== 'boolean') {
      throw body.refuse('coding_assistant', 'must be a boolean');
    }
    const record = createWorkspaceRecord(state, orgId, body.string('name') ?? 'Workspace', {
      codingAssistant: codingAssistant === true,
    });
    const key = mintWorkspaceKey(state, orgId, record.id);
    return { ...renderWorkspace(record), organization_id: orgId, workspace_key: key.id };
  });

  app.post<{ Params: { organization_id: string } }>(controlRoute('keys.create'), async (request) => {
    const orgId = organizationId(state, request.params.organization_id);
    const body = BodyFields.of(request.body);
    const kind = body.string('kind') ?? 'workspace_key';
    if (kind === 'admin_key') {
      // Only organization members with the admin role can provision an admin key.
      const ownerId = body.string('owner_user_id');
      if (ownerId !== undefined && findUser(state, orgId, ownerId).orgRole !== 'admin') {
        throw body.refuse('owner_user_id', 'only organization admins can provision an admin key');
      }
      const key = mintAdminKey(state, orgId, ownerId);
      return { key: key.id, kind, organization_id: orgId, workspace_id: null };
    }
    if (kind !== 'workspace_key') throw body.refuse('kind', 'must be workspace_key or admin_key');
    const workspaceId = workspaceIdOf(state, orgId, body);
    if (workspaceId !== null && state.store.workspaces.get(workspaceId)?.archivedAt !== null) {
      throw body.refuse('workspace_id', 'the workspace is archived');
    }
    const key = mintWorkspaceKey(state, orgId, workspaceId);
    return { key: key.id, kind, organization_id: orgId, workspace_id: workspaceId };
  });

  app.post<{ Params: { organization_id: string } }>(controlRoute('users.create'), async (request) => {
    const orgId = organizationId(state, request.params.organization_id);
    const body = BodyFields.of(request.body);
    const user = createUser(state, orgId, orgRoleOf(body), body.string('user_id'));
    return { user_id: user.id, organization_id: orgId, organization_role: user.orgRole };
  });

  // A change of organization role: explicit workspace roles are kept; access follows
  // `orgRoleChange` (MEMBER-DEMOTION-EXPLICIT-ONLY, MEMBER-PROMOTION-ALL).
  app.post<{ Params: { user_id: string } }>(controlRoute('users.role'), async (request) => {
    const user = state.store.users.get(request.params.user_id);
    if (!user) throw notFound('user', request.params.user_id);
    const to = orgRoleOf(BodyFields.of(request.body));
    const change = workspaceRules.orgRoleChange(user.orgRole, to);
    if ('invalid' in change) throw invalid(change.invalid);
    user.orgRole = to;
    return { user_id: user.id, organization_role: to, change: change.kind, access: change.access };
  });

  // The members of a workspace as the role rules make them: inherited and explicit roles.
  app.get<{ Params: { workspace_id: string } }>(controlRoute('workspaces.members'), async (request) => {
    const workspace = anyWorkspace(state, request.params.workspace_id);
    const data = [];
    for (const user of state.store.users.values()) {
      if (user.organizationId !== workspace.organizationId) continue;
      const explicit = state.store.workspaceMembers.get(`${workspace.id}:${user.id}`)?.role ?? null;
      const effective = workspaceRules.effectiveWorkspaceRole(user.orgRole, explicit);
      if (!effective.ok || effective.role === null) continue;
      data.push({
        user_id: user.id,
        organization_role: user.orgRole,
        role: effective.role,
        workspace_role: workspaceRules.WORKSPACE_ROLES[effective.role].wire,
        source: effective.source,
      });
    }
    return { workspace_id: workspace.id, data };
  });

  app.post<{ Params: { workspace_id: string } }>(controlRoute('workspaces.rate-limits'), async (request) => {
    if (request.params.workspace_id === 'default') {
      throw invalid('the Default Workspace cannot carry rate-limit overrides (WS-DEFAULT-NO-LIMITS)');
    }
    const workspace = anyWorkspace(state, request.params.workspace_id);
    setOverrides(state, workspace.id, BodyFields.of(request.body).values.overrides);
    return { workspace_id: workspace.id, data: workspaceEntries(state, workspace.id) };
  });

  app.post(controlRoute('usage.record'), async (request) => {
    const body = BodyFields.of(request.body);
    const orgId = organizationId(state, body.string('organization_id') ?? 'demo');
    const workspaceId = workspaceIdOf(state, orgId, body);
    const atText = body.string('at');
    const at = atText === undefined ? state.clock.now() : Date.parse(atText);
    if (!Number.isFinite(at) || at < TIMESTAMP_RANGE_MS.earliest || at > TIMESTAMP_RANGE_MS.latest)
      throw body.refuse('at', 'must be an RFC 3339 timestamp');
    const record = recordUsage(state, {
      organizationId: orgId,
      workspaceId,
      at,
      model: body.string('model') ?? state.vendor.models.sonnet,
      inputTokens: body.count('input_tokens') ?? 0,
      outputTokens: body.count('output_tokens') ?? 0,
      cacheCreationInputTokens: body.count('cache_creation_input_tokens') ?? 0,
      cacheReadInputTokens: body.count('cache_read_input_tokens') ?? 0,
    });
    return { id: record.id, organization_id: orgId, workspace_id: workspaceId, at: iso(record.at) };
  });

  app.get<{ Params: { key: string } }>(`${p}/keys/:key`, async (request) => {
    const key = state.store.apiKeys.get(request.params.key);
    if (!key) throw notFound('key', request.params.key);
    return {
      kind: key.kind,
      organization_id: key.organizationId,
      workspace_id: key.workspaceId,
      revoked_at: key.revokedAt === null ? null : iso(key.revokedAt),
    };
  });
}
