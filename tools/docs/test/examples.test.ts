/**
 * The examples of the OpenAPI document: every one is valid under its schema, and every request
 * example, sent over real HTTP to the reference server on 127.0.0.1, is accepted. Identifiers
 * name resources of a live server, so the test creates them first (through the documented
 * operations' own examples where there is one, else through test control) and puts their ids
 * into the path and body positions that hold identifiers; everything else is sent as written.
 */
import { document } from '@vendor-api/openapi';
import { spec } from '@vendor-api/spec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Obj, type Sandbox, startSandbox } from './sandbox.js';

const doc = document as unknown as Obj;
const METHODS = ['get', 'post', 'delete'] as const;

interface Operation {
  readonly id: string;
  readonly method: (typeof METHODS)[number];
  readonly path: string;
  readonly op: Obj;
}

const operations: Operation[] = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({
    id: item[method].operationId,
    method,
    path,
    op: item[method],
  })),
);
const operation = (id: string) => {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id} in the document`);
  return found;
};

const resolveParam = (p: Obj): Obj =>
  typeof p.$ref === 'string' ? doc.components.parameters[p.$ref.split('/').at(-1)!] : p;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
function validate(schema: unknown, value: unknown): string[] {
  const check = ajv.compile({ ...(schema as Obj), components: doc.components });
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** Every example of the document: where it is, the schema it belongs to, its value. */
function examples(): { at: string; schema: unknown; value: unknown }[] {
  const out: { at: string; schema: unknown; value: unknown }[] = [];
  for (const [name, p] of Object.entries(doc.components.parameters as Obj))
    if ('example' in p) out.push({ at: `parameter ${name}`, schema: p.schema, value: p.example });
  for (const { id, op } of operations) {
    for (const p of op.parameters as Obj[])
      if ('example' in p) out.push({ at: `${id} parameter ${p.name}`, schema: p.schema, value: p.example });
    for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Obj))
      out.push({ at: `${id} request ${type}`, schema: media.schema, value: media.example });
    for (const [status, response] of Object.entries(op.responses as Obj))
      for (const [type, media] of Object.entries((response.content ?? {}) as Obj))
        if ('example' in media)
          out.push({ at: `${id} ${status} ${type}`, schema: media.schema, value: media.example });
  }
  return out;
}

describe('examples of the OpenAPI document', () => {
  it('cover every required parameter, every request body and every response body the documents show', () => {
    const missing: string[] = [];
    for (const { id, op } of operations) {
      for (const raw of op.parameters as Obj[]) {
        const p = resolveParam(raw);
        if (p.required && !('example' in p)) missing.push(`${id} parameter ${p.name}`);
      }
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Obj))
        if (!('example' in media)) missing.push(`${id} request ${type}`);
      for (const [status, response] of Object.entries(op.responses as Obj)) {
        if (response['x-unspecified']) continue; // a body the documents do not show has none
        for (const [type, media] of Object.entries((response.content ?? {}) as Obj))
          if (!('example' in media)) missing.push(`${id} ${status} ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('are each valid under their schema', () => {
    const all = examples();
    expect(all.length).toBeGreaterThan(operations.length * 2);
    const invalid = all.flatMap(({ at, schema, value }) => validate(schema, value).map((e) => `${at}: ${e}`));
    expect(invalid).toEqual([]);
  });
});

describe('request examples sent to the reference server', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await startSandbox('examples');
  });
  afterAll(async () => {
    await s?.close();
  });

  /**
   * Sends an operation's request example: its path, required parameters (from their examples,
   * with live ids at `ids`), credentials of a kind it accepts, and its body example with live ids
   * put at the given JSON pointers.
   */
  async function sendExample(
    id: string,
    ids: { path?: Record<string, string>; body?: Record<string, string>; url?: string } = {},
  ) {
    const { method, path, op } = operation(id);
    const headers: Record<string, string> = {
      'x-api-key': (op['x-credentials'] as string[]).includes('admin_key')
        ? s.demo.adminKey
        : s.demo.workspaceKey,
    };
    let url = ids.url ?? path;
    const query = new URLSearchParams();
    for (const raw of op.parameters as Obj[]) {
      const p = resolveParam(raw);
      if (!('example' in p)) continue;
      const value = String(p.in === 'path' ? (ids.path?.[p.name] ?? p.example) : p.example);
      if (p.in === 'header') headers[p.name] = value;
      else if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
      else if (p.in === 'query') query.append(p.name, value);
    }
    if ([...query].length) url += `?${query}`;
    const media = op.requestBody?.content?.['application/json'];
    let body: unknown;
    if (media) {
      body = structuredClone(media.example);
      for (const [pointer, value] of Object.entries(ids.body ?? {})) setAt(body, pointer, value);
    }
    return s.http(method, url, headers, body);
  }

  const sent = new Set<string>();
  async function accepted(id: string, ids: Parameters<typeof sendExample>[1] = {}) {
    const res = await sendExample(id, ids);
    sent.add(id);
    expect(res.status, `${id}: ${res.text}`).toBeLessThan(300);
    return res.json ?? {};
  }

  it('every operation accepts its request example', async () => {
    // Workspaces and members (admin key).
    const workspace = await accepted('organizations.workspaces.create');
    const workspaceId = String(workspace.id);
    await accepted('organizations.workspaces.list');
    await accepted('organizations.rate_limits.list');
    await accepted('organizations.workspaces.rate_limits.list', { path: { workspace_id: workspaceId } });
    await accepted('organizations.usage_report.messages');
    const user = await s.control(
      'users.create',
      { organization_id: s.demo.organizationId },
      { role: 'user' },
    );
    const userId = String(user.user_id);
    await accepted('organizations.workspaces.members.create', {
      path: { workspace_id: workspaceId },
      body: { '/user_id': userId },
    });
    const members = { workspace_id: workspaceId, user_id: userId };
    await accepted('organizations.workspaces.members.update', { path: members });
    await accepted('organizations.workspaces.members.delete', { path: members });

    // Messages and batches.
    await accepted('messages.create');
    await accepted('messages.count_tokens');
    const batch = await accepted('messages.batches.create');
    const batchId = String(batch.id);
    await accepted('messages.batches.list');
    await s.control('batches.complete', { batch_id: batchId });
    const ended = await accepted('messages.batches.retrieve', { path: { message_batch_id: batchId } });
    expect(ended.results_url).toEqual(expect.any(String));
    await accepted('messages.batches.results', { url: String(ended.results_url) });

    // Sessions and their resources.
    const store = await s.control('memory-stores.create', {}, { name: 'examples' });
    const session = await accepted('sessions.create', { body: { '/resources/0/memory_store_id': store.id } });
    const sessionId = String(session.id);
    const file = await s.control('files.create', {}, { filename: 'example.txt' });
    const resource = await accepted('sessions.resources.create', {
      path: { session_id: sessionId },
      body: { '/file_id': file.id },
    });
    const resourcePath = { session_id: sessionId, resource_id: String(resource.id) };
    await accepted('sessions.resources.list', { path: { session_id: sessionId } });
    await accepted('sessions.resources.retrieve', { path: resourcePath });
    // Only repository resources rotate their token; the documents show no body to add one.
    const repository = await s.control(
      'sessions.repositories',
      { session_id: sessionId },
      { url: 'https://github.com/example/example', authorization_token: 'example-token' },
    );
    await accepted('sessions.resources.update', {
      path: { session_id: sessionId, resource_id: String(repository.id) },
    });
    await accepted('sessions.resources.delete', { path: resourcePath });

    // Dreams.
    const dreamStore = await s.control('memory-stores.create', {}, { name: 'dream input' });
    const dream = await accepted('dreams.create', {
      body: { '/inputs/0/memory_store_id': dreamStore.id, '/inputs/1/session_ids/0': sessionId },
    });
    const dreamId = String(dream.id);
    await accepted('dreams.list');
    await accepted('dreams.retrieve', { path: { dream_id: dreamId } });
    await accepted('dreams.cancel', { path: { dream_id: dreamId } });
    await accepted('dreams.archive', { path: { dream_id: dreamId } });

    await accepted('organizations.workspaces.archive', { path: { workspace_id: workspaceId } });

    // The token exchange: an assertion is signed by the caller's identity provider at call time,
    // so no fixed example carries a valid one. Its example is well-formed: the server gets past
    // the body's shape to the assertion and answers the merged `invalid_grant`.
    const exchange = await sendExample('oauth.token');
    sent.add('oauth.token');
    expect(exchange.status, exchange.text).toBe(400);
    expect(exchange.json?.error).toMatchObject({ type: 'invalid_grant' });

    expect([...sent].sort()).toEqual(spec.endpoints.map((e) => e.id).sort());
  });
});

/** Sets the value at a JSON pointer of an existing path. */
function setAt(target: unknown, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop();
  let at = target as Obj;
  for (const k of keys) at = at[k];
  if (last === undefined || at === undefined || !(last in at)) throw new Error(`no value at ${pointer}`);
  at[last] = value;
}
