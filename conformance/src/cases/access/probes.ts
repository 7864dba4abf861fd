/**
 * A request for every operation of the endpoint table that the access cases vary one header at a
 * time. Where the suite can set up what the operation needs (a batch, a session resource, a dream,
 * through the documented API and the adapter), the probe is a request that must succeed with the
 * right headers (`valid`), so a refusal of a varied request can only come from the varied header.
 * Otherwise it is a well-formed request naming placeholder resources (`valid: false`): its varied
 * requests must still be refused, and its own outcome is not asserted.
 */
import {
  type Dream,
  type DreamCreateParams,
  DreamId,
  FederationRuleId,
  idPrefix,
  type MessageBatch,
  MessageBatchId,
  type Operation,
  type OperationId,
  ServiceAccountId,
  SessionResourceId,
  TokenExchangeParams,
  WorkspaceId,
  workspaceRules,
} from '@vendor-api/spec';
import type { Capability } from '../../capabilities.js';
import { archiveWorkspace, type CaseContext, type Release } from '../../case.js';
import type { CallOptions } from '../../http.js';
import { type Need, observedWith } from '../../needs.js';
import { createBody } from '../dreams/support/index.js';
import { wireOf, workspaceRecords } from '../workspaces/support.js';

/**
 * What the probes use when the target offers it, to probe an operation with real resources; without
 * it a probe uses a well-formed id of a resource that does not exist. A case that probes names these
 * in its needs.
 */
export const PROBE_NEEDS: readonly Need[] = (
  ['sessions', 'files', 'memory-stores', 'users', 'workspaces', 'drive-batches'] as const
).map((c) => observedWith(c));

/** A well-formed id of a resource that does not exist: the schema's prefix and `probe`. */
const probeId = (schema: Parameters<typeof idPrefix>[0]): string => `${idPrefix(schema)}probe`;

export interface Probe {
  readonly options: CallOptions;
  readonly valid: boolean;
}

const has = (ctx: CaseContext, ...caps: Capability[]) => caps.every((c) => ctx.adapter.capabilities.has(c));

async function createdId<K extends OperationId>(
  ctx: CaseContext,
  operationId: K,
  options: CallOptions<K>,
): Promise<string | null> {
  const res = await ctx.call(operationId, options);
  if (res.status >= 300) return null;
  return (res.body as { id?: string }).id ?? null;
}

async function batch(ctx: CaseContext): Promise<string | null> {
  return createdId(ctx, 'messages.batches.create', {
    body: {
      requests: [
        {
          custom_id: 'probe',
          params: {
            model: ctx.vendor.models.sonnet,
            max_tokens: 8,
            messages: [{ role: 'user', content: 'hi' }],
          },
        },
      ],
    },
  });
}

async function fileResource(ctx: CaseContext): Promise<{ session: string; resource: string } | null> {
  if (!has(ctx, 'sessions', 'files')) return null;
  const ws = ctx.target.workspace;
  const session = await ctx.fixture('sessions', 'createSession', ws);
  const file = await ctx.fixture('files', 'createFile', ws);
  const resource = await createdId(ctx, 'sessions.resources.create', {
    path: { session_id: session.id },
    body: { type: 'file', file_id: file.id },
  });
  return resource === null ? null : { session: session.id, resource };
}

async function dreamBody(ctx: CaseContext): Promise<DreamCreateParams | null> {
  if (!has(ctx, 'sessions', 'memory-stores')) return null;
  const ws = ctx.target.workspace;
  const store = await ctx.fixture('memory-stores', 'createMemoryStore', ws);
  const session = await ctx.fixture('sessions', 'createSession', ws);
  return createBody(store.id, [session.id], {}, ctx);
}

async function dream(ctx: CaseContext): Promise<string | null> {
  const body = await dreamBody(ctx);
  return body === null ? null : createdId(ctx, 'dreams.create', { body });
}

/** A developer of the organization added to the workspace as `workspace_developer`. */
async function member(ctx: CaseContext, workspaceId: string): Promise<string | null> {
  if (!has(ctx, 'users')) return null;
  const user = await ctx.fixture('users', 'createUser', 'developer');
  const res = await ctx.call(
    'organizations.workspaces.members.create',
    {
      path: { workspace_id: workspaceId },
      body: { user_id: user.user_id, workspace_role: wireOf('developer') },
    },
    false,
  );
  return res.status < 300 ? user.user_id : null;
}

const placeholder = (options: CallOptions): Probe => ({ options, valid: false });

/**
 * The name of the workspaces the probe of `organizations.workspaces.create` creates: one per case,
 * so that cases running at once on one organization never ask for the same name (a server may
 * refuse a name an active workspace has: UNSPEC-WS-NAME-CONSTRAINTS), within 40 characters.
 */
const probeWorkspace = (ctx: CaseContext) => `probe-${ctx.definition.id.split('.').at(-1)}`.slice(0, 40);

/** Archives the active workspaces of the target's organization that have this name. */
const archiveWorkspacesNamed =
  (name: string): Release =>
  async (http) => {
    // Every active workspace: an organization holds at most WORKSPACE_CAP, and the list's default
    // page may hold fewer (UNSPEC-WS-LIST-LIMIT); a server refusing that limit is asked without one.
    let list = await http.call(
      'organizations.workspaces.list',
      { query: { limit: workspaceRules.WORKSPACE_CAP }, auth: 'admin' },
      false,
    );
    if (list.status >= 300) list = await http.call('organizations.workspaces.list', { auth: 'admin' }, false);
    for (const record of workspaceRecords(list.body))
      if (record.name === name && typeof record.id === 'string') await archiveWorkspace(record.id)(http);
  };

/** The probe of one operation; null when there is nothing to call (no URL can be had). */
export async function probe(ctx: CaseContext, endpoint: Operation): Promise<Probe | null> {
  const ws = ctx.target.workspace.id;
  const model = ctx.vendor.models.sonnet;
  const turn = [{ role: 'user', content: 'hello' }];
  switch (endpoint.id) {
    case 'oauth.token':
      return placeholder({
        body: {
          grant_type: TokenExchangeParams.properties.grant_type.const,
          assertion: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
          federation_rule_id: probeId(FederationRuleId),
          organization_id: ctx.target.organizationId,
          service_account_id: probeId(ServiceAccountId),
        },
      });
    case 'organizations.rate_limits.list':
    case 'organizations.workspaces.list':
      return { options: {}, valid: true };
    case 'organizations.usage_report.messages':
      // Which parameters are required is not shown (UNSPEC-USAGE-PARAMS-REQUIRED): a full range.
      return {
        options: { query: { starting_at: '2026-01-01T00:00:00Z', ending_at: '2026-01-02T00:00:00Z' } },
        valid: true,
      };
    case 'organizations.workspaces.rate_limits.list':
      return { options: { path: { workspace_id: ws } }, valid: true };
    case 'organizations.workspaces.create':
      // Its answer is not shown: what it made is found by name when the case ends, and archived.
      ctx.afterCase(archiveWorkspacesNamed(probeWorkspace(ctx)));
      return { options: { body: { name: probeWorkspace(ctx) } }, valid: true };
    case 'organizations.workspaces.archive': {
      if (!has(ctx, 'workspaces')) return placeholder({ path: { workspace_id: probeId(WorkspaceId) } });
      const w = await ctx.fixture('workspaces', 'createWorkspace', 'access-probe-archive');
      return { options: { path: { workspace_id: w.id } }, valid: true };
    }
    case 'organizations.workspaces.members.create': {
      if (!has(ctx, 'users'))
        return placeholder({
          path: { workspace_id: ws },
          body: { user_id: 'user_probe', workspace_role: wireOf('developer') },
        });
      const user = await ctx.fixture('users', 'createUser', 'developer');
      return {
        options: {
          path: { workspace_id: ws },
          body: { user_id: user.user_id, workspace_role: wireOf('developer') },
        },
        valid: true,
      };
    }
    case 'organizations.workspaces.members.update':
    case 'organizations.workspaces.members.delete': {
      const user = await member(ctx, ws);
      const path = { workspace_id: ws, user_id: user ?? 'user_probe' };
      const options =
        endpoint.id === 'organizations.workspaces.members.update'
          ? { path, body: { workspace_role: wireOf('admin') } }
          : { path };
      return { options, valid: user !== null };
    }
    case 'messages.create':
      return { options: { body: { model, max_tokens: 16, messages: turn } }, valid: true };
    case 'messages.count_tokens':
      return { options: { body: { model, messages: turn } }, valid: true };
    case 'messages.batches.create':
      return {
        options: {
          body: { requests: [{ custom_id: 'a', params: { model, max_tokens: 8, messages: turn } }] },
        },
        valid: true,
      };
    case 'messages.batches.list':
      return { options: {}, valid: true };
    case 'messages.batches.retrieve': {
      const id = await batch(ctx);
      return id === null
        ? placeholder({ path: { message_batch_id: probeId(MessageBatchId) } })
        : { options: { path: { message_batch_id: id } }, valid: true };
    }
    case 'messages.batches.results': {
      const id = has(ctx, 'drive-batches') ? await batch(ctx) : null;
      if (id === null) return null;
      await ctx.fixture('drive-batches', 'driveBatch', id, { action: 'process' });
      const res = await ctx.call('messages.batches.retrieve', { path: { message_batch_id: id } });
      const url = (res.body as MessageBatch).results_url;
      return url ? { options: { url }, valid: true } : null;
    }
    case 'sessions.create':
      return {
        options: { body: { agent: 'agent_probe', environment_id: 'env_probe', resources: [] } },
        valid: true,
      };
    case 'sessions.resources.create': {
      if (!has(ctx, 'sessions', 'files'))
        return placeholder({
          path: { session_id: 'sesn_probe' },
          body: { type: 'file', file_id: 'file_probe' },
        });
      const session = await ctx.fixture('sessions', 'createSession', ctx.target.workspace);
      const file = await ctx.fixture('files', 'createFile', ctx.target.workspace);
      return {
        options: { path: { session_id: session.id }, body: { type: 'file', file_id: file.id } },
        valid: true,
      };
    }
    case 'sessions.resources.list': {
      if (!has(ctx, 'sessions')) return placeholder({ path: { session_id: 'sesn_probe' } });
      const session = await ctx.fixture('sessions', 'createSession', ctx.target.workspace);
      return { options: { path: { session_id: session.id } }, valid: true };
    }
    case 'sessions.resources.retrieve':
    case 'sessions.resources.delete':
    case 'sessions.resources.update': {
      const r = await fileResource(ctx);
      const path = r
        ? { session_id: r.session, resource_id: r.resource }
        : { session_id: 'sesn_probe', resource_id: probeId(SessionResourceId) };
      // Rotation is for repository resources only (a file resource cannot be rotated): no valid probe.
      if (endpoint.id === 'sessions.resources.update')
        return placeholder({ path, body: { authorization_token: 'probe-token' } });
      return r ? { options: { path }, valid: true } : placeholder({ path });
    }
    case 'dreams.create': {
      const body = await dreamBody(ctx);
      return body === null
        ? placeholder({ body: { inputs: [], model } })
        : { options: { body }, valid: true };
    }
    case 'dreams.list':
      return { options: {}, valid: true };
    case 'dreams.retrieve':
    case 'dreams.cancel':
    case 'dreams.archive': {
      const id = await dream(ctx);
      if (id === null) return placeholder({ path: { dream_id: probeId(DreamId) } });
      if (endpoint.id === 'dreams.archive') {
        // Only an ended dream can be archived: cancel it first.
        const res = await ctx.call('dreams.cancel', { path: { dream_id: id } });
        if ((res.body as Dream).status !== 'canceled') return placeholder({ path: { dream_id: id } });
      }
      return { options: { path: { dream_id: id } }, valid: true };
    }
    default:
      return placeholder({});
  }
}
