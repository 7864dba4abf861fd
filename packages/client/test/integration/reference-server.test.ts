/**
 * The client against the reference server, end to end on 127.0.0.1: every family the client
 * reaches (messages, batches with JSON-lines results, dreams with polling, session resources,
 * rate limits) and the federation exchange, with the server's test control standing in for what
 * the API gives no endpoint for. Client, server and validators all derive from the same spec.
 */
import { createServer, ManualClock } from '@vendor-api/reference-server';
import { type DreamModel, vendor } from '@vendor-api/spec';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  batchResults,
  matchResults,
  ResponseValidationError,
  VendorClient,
  waitForDream,
} from '../../src/index.js';
import { json, startServer } from '../helpers/server.js';

const clock = new ManualClock('2026-03-01T00:00:00.000Z');
const app = createServer({
  seed: 'client-e2e',
  testControl: true,
  clock,
  timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
});
let base = '';
const demo = app.reference.state.demo;

async function control<T = Record<string, unknown>>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${base}/_test${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'test-control-token': app.reference.testControlToken ?? '',
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const client = () =>
  new VendorClient({
    baseURL: base,
    apiKey: demo.workspaceKey,
    adminKey: demo.adminKey,
    maxRetries: 0,
    env: {},
  });

beforeAll(async () => {
  base = await app.reference.listenLocal(0);
});
afterAll(async () => {
  await app.close();
});

describe('client against the reference server', () => {
  it('creates a message and counts tokens', async () => {
    const c = client();
    const params = {
      model: vendor.models.sonnet,
      max_tokens: 16,
      messages: [{ role: 'user' as const, content: 'Hello there' }],
    };
    const message = await c.messages.create(params);
    expect(message.id).toMatch(/^msg_/);
    expect(message.role).toBe('assistant');
    const count = await c.messages.countTokens({ model: params.model, messages: params.messages });
    expect(Number.isInteger(count.input_tokens)).toBe(true);
  });

  it('BATCH-RESULT-MATCH-BY-CUSTOM-ID: runs a batch: create, process, retrieve, stream its results and match them by custom_id', async () => {
    const c = client();
    const requests = ['alpha', 'beta', 'gamma'].map((id, i) => ({
      custom_id: id,
      params: {
        model: vendor.models.opus,
        max_tokens: i === 2 ? 0 : 8,
        messages: [{ role: 'user' as const, content: `hi ${id}` }],
      },
    }));
    const created = await c.messages.batches.create({ requests });
    expect(created.processing_status).toBe('in_progress');
    expect(created.request_counts.processing).toBe(3);
    await control(`/batches/${created.id}/complete`);
    const ended = await c.messages.batches.retrieve(created.id);
    expect(ended.processing_status).toBe('ended');
    expect(ended.results_url).toEqual(expect.any(String));
    const lines = [];
    for await (const line of batchResults(c, ended)) lines.push(line);
    expect(lines).toHaveLength(3);
    const matched = await matchResults(requests, lines);
    expect(matched.missing).toEqual([]);
    expect(matched.unexpected).toEqual([]);
    const byId = Object.fromEntries([...matched.matched].map(([id, m]) => [id, m.result?.result.type]));
    expect(byId).toEqual({ alpha: 'succeeded', beta: 'succeeded', gamma: 'errored' });
  });

  it('pages batches with after_id / has_more / last_id, with no duplicates', async () => {
    const c = client();
    for (let i = 0; i < 5; i++) {
      await c.messages.batches.create({
        requests: [
          {
            custom_id: `p${i}`,
            params: { model: vendor.models.opus, max_tokens: 4, messages: [{ role: 'user', content: 'x' }] },
          },
        ],
      });
    }
    const seen: string[] = [];
    for await (const batch of c.messages.batches.list({ limit: 2 })) seen.push(batch.id);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('DREAM-CREATE-EMPTY-STORE-FOR-TRANSCRIPTS, DREAM-POLL-UNTIL-SETTLED: runs a dream over an empty store and a session to completion and polls it; a second cancel of the completed dream is a BadRequestError with a request id', async () => {
    const c = client();
    const store = await control<{ id: string }>('/memory_stores', { name: 'notes' });
    const session = await control<{ id: string }>('/sessions');
    const dream = await c.dreams.create({
      model: vendor.models.opus as DreamModel,
      inputs: [
        { type: 'memory_store', memory_store_id: store.id },
        { type: 'sessions', session_ids: [session.id] },
      ],
    });
    expect(dream.status).toBe('pending');
    await control(`/dreams/${dream.id}/start`);
    await control(`/dreams/${dream.id}/complete`);
    const done = await waitForDream<{ status: string }>(c, dream.id, { intervalMs: 10, timeoutMs: 5000 });
    expect(done.status).toBe('completed');
    const error = await c.dreams.cancel(dream.id).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).requestID).toMatch(/^req_/);
  });

  it('BATCH-VERIFY-WITH-MESSAGES: a shape messages.create refuses stays out of the batch; the verified one is batched unchanged', async () => {
    const c = client();
    const shape = (max_tokens: number) => ({
      model: vendor.models.sonnet,
      max_tokens,
      messages: [{ role: 'user' as const, content: 'verify me first' }],
    });
    const candidates = [
      { custom_id: 'ok', params: shape(8) },
      { custom_id: 'broken', params: shape(-1) },
    ];
    const verified: typeof candidates = [];
    for (const candidate of candidates) {
      const error = await c.messages.create(candidate.params).then(
        () => null,
        (e: unknown) => e,
      );
      if (error === null) verified.push(candidate);
      else expect(error).toBeInstanceOf(BadRequestError);
    }
    expect(verified.map((r) => r.custom_id)).toEqual(['ok']);
    const created = await c.messages.batches.create({ requests: verified });
    await control(`/batches/${created.id}/complete`);
    const ended = await c.messages.batches.retrieve(created.id);
    const types: string[] = [];
    for await (const line of batchResults(c, ended)) types.push(line.result.type);
    expect(types).toEqual(['succeeded']);
  });

  /** A real dream from the reference server, to serve altered copies of it from a local server. */
  async function realDream() {
    const c = client();
    const store = await control<{ id: string }>('/memory_stores', { name: 'copies' });
    const session = await control<{ id: string }>('/sessions');
    return c.dreams.create({
      model: vendor.models.opus as DreamModel,
      inputs: [
        { type: 'memory_store', memory_store_id: store.id },
        { type: 'sessions', session_ids: [session.id] },
      ],
    });
  }

  it('ID-OPAQUE: an identifier whose opaque part changed length and format is used and returned unchanged', async () => {
    const dream = await realDream();
    const id = `drm_${'Zz9-_.~'.repeat(30)}`;
    const local = await startServer((_, res) => json(res, 200, { ...dream, id, status: 'completed' }));
    try {
      // default (lenient) response validation is on: the schema only fixes the prefix
      const c = new VendorClient({ baseURL: local.url, apiKey: demo.workspaceKey, maxRetries: 0, env: {} });
      const got = await waitForDream<{ id: string; status: string }>(c, id, { intervalMs: 1 });
      expect(got.id).toBe(id);
      expect(local.requests.at(-1)!.path).toBe(`/v1/dreams/${id}`);
    } finally {
      await local.close();
    }
  });

  it('DREAM-ERROR-TYPES-OPEN: a failed dream with an error type the client does not know passes validation', async () => {
    const dream = await realDream();
    const failed = {
      ...dream,
      status: 'failed',
      ended_at: dream.created_at,
      error: { type: 'brand_new_failure' },
    };
    const local = await startServer((_, res) => json(res, 200, failed));
    try {
      const c = new VendorClient({ baseURL: local.url, apiKey: demo.workspaceKey, maxRetries: 0, env: {} });
      const got = await waitForDream<{ status: string; error: unknown }>(c, dream.id, { intervalMs: 1 });
      expect(got).toMatchObject({ status: 'failed', error: { type: 'brand_new_failure' } });
      // validation is really on: an error type that is not a string is refused
      local.handle((_, res) => json(res, 200, { ...failed, error: { type: 42 } }));
      await expect(waitForDream(c, dream.id, { intervalMs: 1 })).rejects.toBeInstanceOf(
        ResponseValidationError,
      );
    } finally {
      await local.close();
    }
  });

  it('pages session resources with page / next_page', async () => {
    const c = client();
    const session = await control<{ id: string }>('/sessions');
    for (let i = 0; i < 4; i++) {
      const file = await control<{ id: string }>('/files', { filename: `f${i}.txt` });
      await c.sessions.resources.create(session.id, { type: 'file', file_id: file.id });
    }
    const ids: string[] = [];
    for await (const r of c.sessions.resources.list(session.id, { limit: 3 }))
      ids.push((r as { id: string }).id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('lists organization rate limits with the admin key, looping on next_page', async () => {
    const c = client();
    const groups: string[] = [];
    for await (const entry of c.organizations.rateLimits.list()) groups.push(entry.group_type);
    expect(groups).toContain('model_group');
  });

  it('exchanges an identity token (JWT-bearer grant) and calls the API with the access token', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-1', alg: 'ES256' };
    const issuer = await control<{ id: string }>('/federation/issuers', {
      name: 'e2e-issuer',
      issuer_url: 'https://idp.e2e.test/',
      jwks: { type: 'inline', keys: [jwk] },
    });
    const account = await control<{ id: string }>('/federation/service_accounts', {
      name: 'deployer',
      workspace_ids: [demo.workspaceId],
    });
    const rule = await control<{ id: string }>('/federation/rules', {
      issuer_id: issuer.id,
      name: 'e2e-rule',
      match: { subject_prefix: 'repo:acme/*' },
      oauth_scope: 'workspace:developer',
      workspace_id: demo.workspaceId,
      token_lifetime_seconds: 600,
    });
    const now = Math.floor(clock.now() / 1000);
    const identityToken = () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'e2e-1' })
        .setIssuer('https://idp.e2e.test/')
        .setSubject('repo:acme/app')
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
    const c = new VendorClient({
      baseURL: base,
      maxRetries: 0,
      env: {},
      credentials: {
        type: 'oidc_federation',
        federation_rule_id: rule.id,
        service_account_id: account.id,
        organization_id: demo.organizationId,
        identity_token: identityToken,
      },
    });
    const count = await c.messages.countTokens({
      model: vendor.models.sonnet,
      messages: [{ role: 'user', content: 'with a token' }],
    });
    expect(Number.isInteger(count.input_tokens)).toBe(true);
  });
});
