/**
 * The fixtures of a client case, created on a fresh reference server through its control API:
 * workspaces and keys, an issuer with two federation rules, identity tokens, access tokens, and
 * (when the case needs them) an ended batch and a pending dream. Returns the placeholder values.
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

export async function createFixtures(
  server: Embedded,
  c: ClientCase,
  dirs: { readonly home: string; readonly work: string; readonly baseUrl: string },
  v: Vendor,
): Promise<Fixtures> {
  const { adapter, target } = server;
  // Requests in the vendor's names (headers, models), as the embedded server for it takes them.
  const http = new Http(target, new Recorder(), {
    spec: v.name === publishedVendor.name ? publishedSpec : createSpec(v),
  });
  const organizationId = target.organizationId ?? '';
  const ws1 = target.workspace;
  const keyEnv = await need(adapter.createWorkspaceKey, 'createWorkspaceKey')(organizationId, ws1.id);
  const ws2 = await need(adapter.createWorkspace, 'createWorkspace')('client-second');

  const key = await keyPair('ES256', 'client-key', 'client');
  const forger = await keyPair('ES256', 'client-key', 'client-forger');
  const issuer = await need(
    adapter.createIssuer,
    'createIssuer',
  )({
    name: 'client-issuer',
    issuer_url: ISSUER_URL,
    jwks: { type: 'inline', keys: [key.jwk as Record<string, unknown>] },
  });
  const rule = async (name: string, workspaceIds: readonly string[]) => {
    const sa = await need(adapter.createServiceAccount, 'createServiceAccount')(`${name}-sa`, workspaceIds);
    const r = await need(
      adapter.createFederationRule,
      'createFederationRule',
    )({
      name,
      issuer: issuer.id,
      match: { subject_prefix: `${SUBJECT}*` },
      oauth_scope: WORKSPACE_DEVELOPER_SCOPE,
      service_account_id: sa.id,
      workspace_ids: workspaceIds,
    });
    return { rule: r.id, sa: sa.id };
  };
  const single = await rule('client-single', [ws1.id]);
  const multi = await rule('client-multi', [ws1.id, ws2.id]);
  const withDefault = await rule('client-default', [ws1.id, 'default']);

  const now = adapter.now ? (await adapter.now()) / 1000 : Date.now() / 1000;
  const jwt = (k: typeof key, n: string) =>
    sign(k, validClaims(now, { sub: `${SUBJECT}:${n}`, jti: randomUUID() }));
  const exchange = async (assertion: string): Promise<string> => {
    const res = await http.call(
      'oauth.token',
      {
        auth: 'none',
        body: {
          grant_type: TokenExchangeParams.properties.grant_type.const,
          assertion,
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

  const values: Record<FixtureName, string> = {
    base_url: dirs.baseUrl,
    home: dirs.home,
    work: dirs.work,
    config_dir: join(dirs.home, v.configDir.posixRelativeToHome),
    alt_config_dir: join(dirs.work, 'config'),
    key_arg: ws1.apiKey,
    key_env: keyEnv.apiKey,
    admin_key: target.adminKey,
    access_token: await exchange(await jwt(key, 'c')),
    cached_token: await exchange(await jwt(key, 'd')),
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
    jwt_a: await jwt(key, 'a'),
    jwt_b: await jwt(key, 'b'),
    jwt_untrusted: await jwt(forger, 'x'),
    batch_id: '',
    dream_id: '',
  };

  if (c.fixtures?.includes('batch')) {
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
    values.batch_id = id;
  }
  if (c.fixtures?.includes('dream')) {
    const store = await need(adapter.createMemoryStore, 'createMemoryStore')(ws1);
    const session = await need(adapter.createSession, 'createSession')(ws1);
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
    values.dream_id = id;
  }
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
