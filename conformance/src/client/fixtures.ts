/**
 * The fixtures of a client case, created on a reference server through its control API, in a fresh
 * organization of the case's own (the tenancy the server isolates: one server serves many cases at
 * once, and no case can see or reach another's records): workspaces and keys, an issuer with
 * federation rules, identity tokens, access tokens, and (when the case needs them) an ended batch
 * and a pending dream. Independent records are made at once. Returns the placeholder values.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  createSpec,
  spec as publishedSpec,
  vendor as publishedVendor,
  TokenExchangeParams,
  type Vendor,
  WORKSPACE_DEVELOPER_SCOPE,
} from '@vendor-api/spec';
import type { Target, Workspace } from '../adapter.js';
import { type ControlCalls, controlCallsOf } from '../adapters/control.js';
import { keyPair } from '../cases/federation/support/keys.js';
import { ISSUER_URL, SUBJECT, sign, validClaims } from '../cases/federation/support/tokens.js';
import type { Embedded } from '../embedded.js';
import { Http } from '../http.js';
import { Recorder } from '../trace.js';
import { BATCH_FIXTURE, type FixtureName } from './cases.js';
import type { ClientCase } from './protocol.js';

export type FixtureValues = Readonly<Record<FixtureName, string>>;

/** The fixtures' values, and what the judging server needs to move them. */
export interface Fixtures {
  readonly values: FixtureValues;
  /** Cancels the `dream_id` fixture through the API, as its workspace. */
  readonly cancelDream: (id: string) => Promise<void>;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the embedded reference server's control API lacks ${what}`);
  return value;
}

/** A fresh organization and two workspaces of it (with their keys), as a target of the API. */
async function freshOrganization(
  control: ControlCalls,
  baseUrl: string,
): Promise<{ target: Target; second: Workspace }> {
  const org = await control.ok<{ organization_id: string; admin_key: string }>(
    'organizations.create',
    {},
    { name: 'client case' },
  );
  const workspace = (name: string) =>
    control
      .ok<{ id: string; workspace_key: string }>(
        'workspaces.create',
        { organization_id: org.organization_id },
        { name },
      )
      .then((w): Workspace => ({ id: w.id, apiKey: w.workspace_key }));
  const [first, second] = await Promise.all([workspace('client-first'), workspace('client-second')]);
  return {
    target: { baseUrl, adminKey: org.admin_key, workspace: first, organizationId: org.organization_id },
    second,
  };
}

export async function createFixtures(
  server: Embedded,
  c: ClientCase,
  dirs: { readonly home: string; readonly work: string; readonly baseUrl: string },
  v: Vendor,
): Promise<Fixtures> {
  const { adapter } = server;
  const control = need(controlCallsOf(adapter), 'control calls');
  const [{ target, second: ws2 }, key, forger, nowMs] = await Promise.all([
    freshOrganization(control, server.target.baseUrl),
    keyPair('ES256', 'client-key', 'client'),
    keyPair('ES256', 'client-key', 'client-forger'),
    adapter.now ? adapter.now() : Date.now(),
  ]);
  // Requests in the vendor's names (headers, models), as the embedded server for it takes them.
  const http = new Http(target, new Recorder(), {
    spec: v.name === publishedVendor.name ? publishedSpec : createSpec(v),
  });
  const organizationId = target.organizationId;
  const ws1 = target.workspace;
  // The reference server's test control takes the organization of a federation record in its
  // body (`organization_id`; the protocol's records are the seeded organization's).
  const inOrganization = { organization_id: organizationId };
  const [keyEnv, issuer] = await Promise.all([
    control.ok<{ key: string }>('keys.create', inOrganization, {
      kind: 'workspace_key',
      workspace_id: ws1.id,
    }),
    control.ok<{ id: string }>(
      'issuers.create',
      {},
      {
        ...inOrganization,
        name: 'client-issuer',
        issuer_url: ISSUER_URL,
        jwks: { type: 'inline', keys: [key.jwk as Record<string, unknown>] },
      },
    ),
  ]);
  const rule = async (name: string, workspaceIds: readonly string[]) => {
    const sa = await control.ok<{ id: string }>(
      'service-accounts.create',
      {},
      { ...inOrganization, name: `${name}-sa`, workspace_ids: workspaceIds },
    );
    const r = await control.ok<{ id: string }>(
      'rules.create',
      {},
      {
        ...inOrganization,
        name,
        issuer_id: issuer.id,
        match: { subject_prefix: `${SUBJECT}*` },
        oauth_scope: WORKSPACE_DEVELOPER_SCOPE,
        workspace_ids: workspaceIds,
      },
    );
    return { rule: r.id, sa: sa.id };
  };

  const now = nowMs / 1000;
  const jwt = (k: typeof key, n: string) =>
    sign(k, validClaims(now, { sub: `${SUBJECT}:${n}`, jti: randomUUID() }));
  const exchange = async (
    single: { rule: string; sa: string },
    assertion: Promise<string>,
  ): Promise<string> => {
    const res = await http.call(
      'oauth.token',
      {
        auth: 'none',
        body: {
          grant_type: TokenExchangeParams.properties.grant_type.const,
          assertion: await assertion,
          federation_rule_id: single.rule,
          organization_id: organizationId,
          service_account_id: single.sa,
        },
      },
      false,
    );
    const token = (res.body as { access_token?: unknown } | null)?.access_token;
    if (res.status >= 300 || typeof token !== 'string')
      throw new Error(`the runner's own token exchange failed: ${res.status} ${res.text}`);
    return token;
  };
  const tokens = async () => {
    const single = await rule('client-single', [ws1.id]);
    const [accessToken, cachedToken] = await Promise.all([
      exchange(single, jwt(key, 'c')),
      exchange(single, jwt(key, 'd')),
    ]);
    return { single, accessToken, cachedToken };
  };

  const batch = async (): Promise<string> => {
    if (!c.fixtures?.includes('batch')) return '';
    const res = await http.call('messages.batches.create', {
      body: {
        requests: BATCH_FIXTURE.order.map((custom_id) => ({
          custom_id,
          params: {
            model: v.models.sonnet,
            max_tokens: 16,
            messages: [{ role: 'user' as const, content: custom_id }],
          },
        })),
      },
    });
    const id = (res.body as { id?: string }).id;
    if (res.status >= 300 || !id)
      throw new Error(`creating the batch fixture failed: ${res.status} ${res.text}`);
    await need(adapter.driveBatch, 'driveBatch')(id, {
      action: 'process',
      internalErrors: [...BATCH_FIXTURE.byType.errored],
    });
    return id;
  };
  const dream = async (): Promise<string> => {
    if (!c.fixtures?.includes('dream')) return '';
    const [store, session] = await Promise.all([
      need(adapter.createMemoryStore, 'createMemoryStore')(ws1),
      need(adapter.createSession, 'createSession')(ws1),
    ]);
    const res = await http.call('dreams.create', {
      body: {
        inputs: [
          { type: 'memory_store', memory_store_id: store.id },
          { type: 'sessions', session_ids: [session.id] },
        ],
        model: v.models.sonnet as never,
      },
    });
    const id = (res.body as { id?: string }).id;
    if (res.status >= 300 || !id)
      throw new Error(`creating the dream fixture failed: ${res.status} ${res.text}`);
    return id;
  };

  const [
    { single, accessToken, cachedToken },
    multi,
    withDefault,
    jwtA,
    jwtB,
    jwtUntrusted,
    batchId,
    dreamId,
  ] = await Promise.all([
    tokens(),
    rule('client-multi', [ws1.id, ws2.id]),
    rule('client-default', [ws1.id, 'default']),
    jwt(key, 'a'),
    jwt(key, 'b'),
    jwt(forger, 'x'),
    batch(),
    dream(),
  ]);

  const values: Record<FixtureName, string> = {
    base_url: dirs.baseUrl,
    home: dirs.home,
    work: dirs.work,
    config_dir: join(dirs.home, v.configDir.posixRelativeToHome),
    alt_config_dir: join(dirs.work, 'config'),
    key_arg: ws1.apiKey,
    key_env: keyEnv.key,
    admin_key: target.adminKey,
    access_token: accessToken,
    cached_token: cachedToken,
    organization_id: organizationId,
    other_organization_id: randomUUID(),
    workspace_id: ws1.id,
    workspace_id_2: ws2.id,
    rule_id: single.rule,
    service_account_id: single.sa,
    rule_id_multi: multi.rule,
    service_account_id_multi: multi.sa,
    rule_id_default: withDefault.rule,
    service_account_id_default: withDefault.sa,
    jwt_a: jwtA,
    jwt_b: jwtB,
    jwt_untrusted: jwtUntrusted,
    batch_id: batchId,
    dream_id: dreamId,
  };
  const cancelDream = async (id: string) => {
    const res = await http.call('dreams.cancel', { path: { dream_id: id } }, false);
    if (res.status >= 300) throw new Error(`canceling the dream fixture failed: ${res.status} ${res.text}`);
  };
  return { values, cancelDream };
}

/** Replaces `{{name}}` placeholders in every string of a JSON value. */
export function materialise<T>(value: T, values: FixtureValues): T {
  if (typeof value === 'string')
    return value.replace(/\{\{([a-z0-9_]+)\}\}/g, (whole, name: string) =>
      name in values ? values[name as FixtureName] : whole,
    ) as T;
  if (Array.isArray(value)) return value.map((x) => materialise(x, values)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, materialise(x, values)])) as T;
  return value;
}
