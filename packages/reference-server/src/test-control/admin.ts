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
  workspaceRules,
} from '@vendor-api/spec';
import type { FastifyInstance } from 'fastify';
import {
  createOrganization,
  createUser,
  createWorkspaceRecord,
  findUser,
  findWorkspace,
  mintAdminKey,
  mintWorkspaceKey,
  renderWorkspace,
} from './admin/organizations.js';
import { organizationEntryFor } from './admin/rate-limit-config.js';
import { recordUsage } from './admin/usage.js';
import { iso } from './clock.js';
import { ApiError, notFound } from './errors.js';
import { orgEntries, workspaceEntries } from './routes/rate-limits.js';
import type { ServerState } from './state.js';
import type { RateLimitOverrideRecord } from './store.js';

type Body = Record<string, unknown>;

const bad = (message: string) => new ApiError(400, 'invalid_request_error', message);

function bodyOf(value: unknown): Body {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('body: must be a JSON object');
  return value as Body;
}

function optString(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw bad(`body.${key}: must be a string`);
  return value;
}

function optCount(body: Body, key: string): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw bad(`body.${key}: must be a non-negative integer`);
  }
  return value;
}

function orgRoleOf(body: Body): workspaceRules.OrgRole {
  const role = body.role;
  if (typeof role !== 'string' || !(workspaceRules.ORG_ROLES as readonly string[]).includes(role)) {
    throw bad(`body.role: must be one of ${workspaceRules.ORG_ROLES.join(', ')}`);
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
function workspaceIdOf(state: ServerState, orgId: string, body: Body): string | null {
  const value = body.workspace_id;
  if (value === undefined || value === null || value === 'default') return null;
  if (typeof value !== 'string') throw bad('body.workspace_id: must be a string, `default` or null');
  return findWorkspace(state, orgId, value).id;
}

/** Validates and stores the overrides of a workspace (replacing the previous ones). */
function setOverrides(state: ServerState, workspaceId: string, value: unknown): void {
  if (!Array.isArray(value)) throw bad('body.overrides: must be an array');
  const org = orgEntries(state);
  const records: RateLimitOverrideRecord[] = [];
  const seen = new Set<string>();
  value.forEach((raw, i) => {
    const where = `body.overrides[${i}]`;
    const o = bodyOf(raw);
    const groupType = o.group_type;
    if (typeof groupType !== 'string' || !(RATE_LIMIT_GROUP_TYPES as readonly string[]).includes(groupType)) {
      throw bad(`${where}.group_type: must be one of ${RATE_LIMIT_GROUP_TYPES.join(', ')}`);
    }
    let models: readonly string[] | null = null;
    if (groupType === 'model_group') {
      const model = optString(o, 'model');
      const entry = org.find((e) => e.models?.includes(model ?? '') === true);
      if (model === undefined || !entry) throw bad(`${where}.model: must name a model of a model group`);
      models = entry.models;
    }
    const orgEntry = organizationEntryFor(org, groupType as RateLimitGroupType, models);
    const key = `${groupType}:${JSON.stringify(models)}`;
    if (seen.has(key)) throw bad(`${where}: the group is overridden twice (UNSPEC-RL-DUPLICATE-LIMITERS)`);
    seen.add(key);
    if (!Array.isArray(o.limits) || o.limits.length === 0)
      throw bad(`${where}.limits: must be a non-empty array`);
    const types = new Set<string>();
    const limits = o.limits.map((rawLimit, j) => {
      const l = bodyOf(rawLimit);
      const type = l.type;
      if (typeof type !== 'string' || !(RATE_LIMITER_TYPES as readonly string[]).includes(type)) {
        throw bad(`${where}.limits[${j}].type: must be one of ${RATE_LIMITER_TYPES.join(', ')}`);
      }
      if (types.has(type)) throw bad(`${where}.limits[${j}]: limiter ${type} twice`);
      types.add(type);
      const v = optCount(l, 'value');
      if (v === undefined) throw bad(`${where}.limits[${j}].value: is required`);
      // WS-LIMIT-NOT-HIGHER: an override is never higher than the organization's value.
      const check = workspaceRules.checkWorkspaceLimit(
        orgEntry?.limits.find((x) => x.type === type)?.value ?? null,
        v,
      );
      if (!check.ok) throw bad(`${where}.limits[${j}]: ${check.message}`);
      return { type: type as RateLimiterType, value: v };
    });
    // RL-ENQUEUED-BATCH-REQUESTS-BATCH
    const placement = workspaceRules.checkLimiterPlacement([
      { type: 'workspace_rate_limit', group_type: groupType, models, limits } as never,
    ]);
    if (!placement.ok) throw bad(`${where}: ${placement.problems.map((p) => p.message).join('; ')}`);
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
  const p = '/_test';

  app.post(`${p}/organizations`, async (request) => {
    const body = bodyOf(request.body);
    const created = createOrganization(state, optString(body, 'name') ?? 'Organization');
    return {
      organization_id: created.organizationId,
      admin_user_id: created.adminUserId,
      admin_key: created.adminKey,
    };
  });

  app.post<{ Params: { organization_id: string } }>(
    `${p}/organizations/:organization_id/workspaces`,
    async (request) => {
      const orgId = organizationId(state, request.params.organization_id);
      const body = bodyOf(request.body);
      const codingAssistant = body.coding_assistant;
      if (codingAssistant !== undefined && typeof codingAssistant !== 'boolean') {
        throw bad('body.coding_assistant: must be a boolean');
      }
      const record = createWorkspaceRecord(state, orgId, optString(body, 'name') ?? 'Workspace', {
        codingAssistant: codingAssistant === true,
      });
      const key = mintWorkspaceKey(state, orgId, record.id);
      return { ...renderWorkspace(record), organization_id: orgId, workspace_key: key.id };
    },
  );

  app.post<{ Params: { organization_id: string } }>(
    `${p}/organizations/:organization_id/keys`,
    async (request) => {
      const orgId = organizationId(state, request.params.organization_id);
      const body = bodyOf(request.body);
      const kind = optString(body, 'kind') ?? 'workspace_key';
      if (kind === 'admin_key') {
        // Only organization members with the admin role can provision an admin key.
        const ownerId = optString(body, 'owner_user_id');
        if (ownerId !== undefined && findUser(state, orgId, ownerId).orgRole !== 'admin') {
          throw bad('body.owner_user_id: only organization admins can provision an admin key');
        }
        const key = mintAdminKey(state, orgId, ownerId);
        return { key: key.id, kind, organization_id: orgId, workspace_id: null };
      }
      if (kind !== 'workspace_key') throw bad('body.kind: must be workspace_key or admin_key');
      const workspaceId = workspaceIdOf(state, orgId, body);
      if (workspaceId !== null && state.store.workspaces.get(workspaceId)?.archivedAt !== null) {
        throw bad('body.workspace_id: the workspace is archived');
      }
      const key = mintWorkspaceKey(state, orgId, workspaceId);
      return { key: key.id, kind, organization_id: orgId, workspace_id: workspaceId };
    },
  );

  app.post<{ Params: { organization_id: string } }>(
    `${p}/organizations/:organization_id/users`,
    async (request) => {
      const orgId = organizationId(state, request.params.organization_id);
      const body = bodyOf(request.body);
      const user = createUser(state, orgId, orgRoleOf(body), optString(body, 'user_id'));
      return { user_id: user.id, organization_id: orgId, organization_role: user.orgRole };
    },
  );

  // A change of organization role: explicit workspace roles are kept; access follows
  // `orgRoleChange` (MEMBER-DEMOTION-EXPLICIT-ONLY, MEMBER-PROMOTION-ALL).
  app.post<{ Params: { user_id: string } }>(`${p}/users/:user_id/role`, async (request) => {
    const user = state.store.users.get(request.params.user_id);
    if (!user) throw notFound('user', request.params.user_id);
    const to = orgRoleOf(bodyOf(request.body));
    const change = workspaceRules.orgRoleChange(user.orgRole, to);
    if ('invalid' in change) throw bad(change.invalid);
    user.orgRole = to;
    return { user_id: user.id, organization_role: to, change: change.kind, access: change.access };
  });

  // The members of a workspace as the role rules make them: inherited and explicit roles.
  app.get<{ Params: { workspace_id: string } }>(`${p}/workspaces/:workspace_id/members`, async (request) => {
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

  app.post<{ Params: { workspace_id: string } }>(
    `${p}/workspaces/:workspace_id/rate_limits`,
    async (request) => {
      if (request.params.workspace_id === 'default') {
        throw bad('the Default Workspace cannot carry rate-limit overrides (WS-DEFAULT-NO-LIMITS)');
      }
      const workspace = anyWorkspace(state, request.params.workspace_id);
      setOverrides(state, workspace.id, bodyOf(request.body).overrides);
      return { workspace_id: workspace.id, data: workspaceEntries(state, workspace.id) };
    },
  );

  app.post(`${p}/usage`, async (request) => {
    const body = bodyOf(request.body);
    const orgId = organizationId(state, optString(body, 'organization_id') ?? 'demo');
    const workspaceId = workspaceIdOf(state, orgId, body);
    const atText = optString(body, 'at');
    const at = atText === undefined ? state.clock.now() : Date.parse(atText);
    if (!Number.isFinite(at)) throw bad('body.at: must be an RFC 3339 timestamp');
    const record = recordUsage(state, {
      organizationId: orgId,
      workspaceId,
      at,
      model: optString(body, 'model') ?? state.vendor.models.sonnet,
      inputTokens: optCount(body, 'input_tokens') ?? 0,
      outputTokens: optCount(body, 'output_tokens') ?? 0,
      cacheCreationInputTokens: optCount(body, 'cache_creation_input_tokens') ?? 0,
      cacheReadInputTokens: optCount(body, 'cache_read_input_tokens') ?? 0,
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
