/**
 * Response examples recorded from the reference server: each operation's request example is sent
 * to a fresh in-process server (fixed seed, a manual clock at the example instant, no socket) in an
 * order that walks the state machines, and the server's answer becomes the success response's
 * example. A new batch is `in_progress`, the batch retrieved has ended; a new dream is `pending`,
 * the dream retrieved has completed; a list holds what the steps before it created, the dreams
 * list a page of one of two with the `next_page` that follows. Values the
 * request example cannot hold (the id of a resource made by an earlier step, a file or memory store
 * the documented API gives no endpoint for) are put in before sending, at their path or body
 * pointer, and into the document's request body example too, so the pair agrees.
 *
 * Operations without a recorded answer keep their sampled example: the token exchange (its
 * assertion is signed by the caller's identity provider at call time) and error bodies.
 */
import { access, type ControlEndpointId, controlPath, type VendorSpec } from '@vendor-api/spec';
import { EXAMPLE_INSTANT, ExampleError } from './examples.js';
import { isObject, type Json, type JsonObject } from './json.js';

/** Seed of every id the server mints for the examples. */
export const EXAMPLE_SEED = 0;
/** Time the clock moves between two steps: an ended batch or dream did not end the moment it began. */
const STEP_MS = 60_000;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Found {
  readonly method: string;
  readonly path: string;
  readonly op: JsonObject;
}

interface Live {
  readonly path?: Record<string, string>;
  /** Optional query parameters the example shows, with their values (written into the document). */
  readonly query?: Record<string, Json>;
  readonly body?: Record<string, string>;
}

interface Answer {
  readonly status: number;
  readonly json: Json | undefined;
  readonly text: string;
}

/** Replaces the success response examples of `document` with answers of the reference server (in place). */
export async function recordExamples(spec: VendorSpec, document: JsonObject): Promise<void> {
  const { createServer, ManualClock, TEST_CONTROL_PREFIX, TEST_CONTROL_TOKEN_HEADER } = await import(
    '@vendor-api/reference-server'
  );
  const servers = document.servers as Json[] | undefined;
  const server = isObject(servers?.[0]) ? servers[0] : {};
  const baseUrl =
    isObject(server.variables) && isObject(server.variables.base_url)
      ? String(server.variables.base_url.default)
      : undefined;
  const clock = new ManualClock(EXAMPLE_INSTANT);
  const controlToken = 'examples';
  const app = createServer({
    vendor: spec.vendor.name,
    seed: EXAMPLE_SEED,
    clock,
    testControl: true,
    testControlToken: controlToken,
    // Nothing moves on its own: every state change is a step below.
    timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
    ...(baseUrl === undefined ? {} : { publicUrl: baseUrl }),
  });
  await app.ready();
  const { demo } = app.reference.state;
  const components = document.components as JsonObject;
  const parameters = components.parameters as JsonObject;

  const find = (id: string): Found => {
    for (const [path, item] of Object.entries(document.paths as JsonObject)) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (isObject(op) && op.operationId === id) return { method, path, op };
      }
    }
    throw new ExampleError(`no operation ${id} in the document`);
  };

  async function inject(method: string, url: string, headers: Record<string, string>, body?: Json) {
    const res = await app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    let json: Json | undefined;
    try {
      json = JSON.parse(res.body) as Json;
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json, text: res.body } satisfies Answer;
  }

  /** Sends an operation's request example, with live ids at `live`; the answer. */
  async function send(id: string, live: Live = {}): Promise<Answer> {
    const { method, path, op } = find(id);
    const credentials = Array.isArray(op['x-credentials']) ? op['x-credentials'] : [];
    const headers: Record<string, string> = {
      [access.API_KEY_HEADER]: credentials.includes('admin_key') ? demo.adminKey : demo.workspaceKey,
    };
    let url = path;
    const query = new URLSearchParams();
    for (const raw of (op.parameters as Json[] | undefined) ?? []) {
      if (!isObject(raw)) continue;
      const ref = typeof raw.$ref === 'string' ? raw.$ref.split('/').at(-1) : undefined;
      const p = ref === undefined ? raw : parameters[ref];
      if (!isObject(p)) continue;
      const name = String(p.name);
      if (p.in === 'query' && live.query !== undefined && name in live.query) {
        if (ref !== undefined) throw new ExampleError(`${id}: ${name} is a shared parameter`);
        p.example = live.query[name] as Json;
      }
      if (!('example' in p)) continue;
      const value = String(p.in === 'path' ? (live.path?.[name] ?? p.example) : p.example);
      if (p.in === 'header') headers[name] = value;
      else if (p.in === 'path') url = url.replace(`{${name}}`, encodeURIComponent(value));
      else if (p.in === 'query') query.append(name, value);
    }
    if ([...query].length) url += `?${query}`;
    const body = (op.requestBody as JsonObject | undefined)?.content;
    const media = isObject(body) ? body['application/json'] : undefined;
    let payload: Json | undefined;
    if (isObject(media) && 'example' in media) {
      for (const [pointer, value] of Object.entries(live.body ?? {}))
        setAt(media.example as Json, pointer, value);
      payload = media.example as Json;
    }
    return inject(method, url, headers, payload);
  }

  /** Sends an operation's request example and records the answer as its success example. */
  async function record(id: string, live: Live = {}): Promise<JsonObject> {
    const answer = await send(id, live);
    if (answer.status < 200 || answer.status >= 300 || !isObject(answer.json))
      throw new ExampleError(`${id}: the reference server answered ${answer.status}: ${answer.text}`);
    const { op } = find(id);
    const media = successMedia(op, answer.status);
    if (media === undefined)
      throw new ExampleError(`${id}: no ${answer.status} JSON response in the document`);
    media.example = answer.json;
    clock.advance(STEP_MS);
    return answer.json;
  }

  async function control(id: ControlEndpointId, params: Record<string, string> = {}, body: Json = {}) {
    const answer = await inject(
      'post',
      `${TEST_CONTROL_PREFIX}${controlPath(id, params)}`,
      { [TEST_CONTROL_TOKEN_HEADER]: controlToken },
      body,
    );
    if (answer.status !== 200 || !isObject(answer.json))
      throw new ExampleError(`test control ${id}: ${answer.status}: ${answer.text}`);
    clock.advance(STEP_MS);
    return answer.json;
  }

  try {
    // Workspaces and members (admin key).
    const workspace = await record('organizations.workspaces.create');
    const workspaceId = String(workspace.id);
    await record('organizations.workspaces.list');
    await record('organizations.rate_limits.list');
    await record('organizations.workspaces.rate_limits.list', { path: { workspace_id: workspaceId } });
    await control(
      'usage.record',
      {},
      {
        workspace_id: demo.workspaceId,
        at: new Date(clock.now()).toISOString(),
        model: spec.vendor.models.sonnet,
        input_tokens: 1200,
        output_tokens: 300,
      },
    );
    await record('organizations.usage_report.messages');
    const user = await control('users.create', { organization_id: demo.organizationId }, { role: 'user' });
    const userId = String(user.user_id);
    await record('organizations.workspaces.members.create', {
      path: { workspace_id: workspaceId },
      body: { '/user_id': userId },
    });
    const member = { workspace_id: workspaceId, user_id: userId };
    await record('organizations.workspaces.members.update', { path: member });
    await record('organizations.workspaces.members.delete', { path: member });

    // Messages and batches: a new batch is in progress; the one retrieved has ended.
    await record('messages.create');
    await record('messages.count_tokens');
    const batch = await record('messages.batches.create');
    const batchId = String(batch.id);
    await record('messages.batches.list');
    await control('batches.complete', { batch_id: batchId });
    await record('messages.batches.retrieve', { path: { message_batch_id: batchId } });

    // Sessions and their resources.
    const store = await control('memory-stores.create', {}, { name: 'notes' });
    const session = await record('sessions.create', {
      body: { '/resources/0/memory_store_id': String(store.id) },
    });
    const sessionId = String(session.id);
    const file = await control('files.create', {}, { filename: 'notes.txt' });
    const resource = await record('sessions.resources.create', {
      path: { session_id: sessionId },
      body: { '/file_id': String(file.id) },
    });
    const resourcePath = { session_id: sessionId, resource_id: String(resource.id) };
    await record('sessions.resources.list', { path: { session_id: sessionId } });
    await record('sessions.resources.retrieve', { path: resourcePath });
    // Only repository resources rotate their token.
    const repository = await control(
      'sessions.repositories',
      { session_id: sessionId },
      { url: 'https://github.com/example/example', authorization_token: 'example-token' },
    );
    await record('sessions.resources.update', {
      path: { session_id: sessionId, resource_id: String(repository.id) },
    });
    await record('sessions.resources.delete', { path: resourcePath });

    // Dreams: a new dream is pending, the one retrieved has completed; a second is canceled, then archived.
    const dreamStore = await control('memory-stores.create', {}, { name: 'dream input' });
    const dreamInputs = {
      '/inputs/0/memory_store_id': String(dreamStore.id),
      '/inputs/1/session_ids/0': sessionId,
    };
    const dream = await record('dreams.create', { body: dreamInputs });
    const dreamId = String(dream.id);
    const second = await send('dreams.create', { body: dreamInputs });
    if (!isObject(second.json)) throw new ExampleError(`dreams.create: ${second.status}: ${second.text}`);
    const secondId = String(second.json.id);
    // A page of one of the two dreams: the list shows where the next page starts.
    await record('dreams.list', { query: { limit: 1 } });
    await control('dreams.start', { dream_id: dreamId });
    await control('dreams.complete', { dream_id: dreamId });
    await record('dreams.retrieve', { path: { dream_id: dreamId } });
    await record('dreams.cancel', { path: { dream_id: secondId } });
    await record('dreams.archive', { path: { dream_id: secondId } });

    await record('organizations.workspaces.archive', { path: { workspace_id: workspaceId } });
  } finally {
    await app.close();
  }
}

/** The JSON media of the documented success response an answer's status falls under. */
function successMedia(op: JsonObject, status: number): JsonObject | undefined {
  const responses = isObject(op.responses) ? op.responses : {};
  const key =
    String(status) in responses ? String(status) : Object.keys(responses).find((k) => k.startsWith('2'));
  const response = key === undefined ? undefined : responses[key];
  const content = isObject(response) ? response.content : undefined;
  const media = isObject(content) ? content['application/json'] : undefined;
  return isObject(media) ? media : undefined;
}

/** Sets the value at a JSON pointer of an existing path. */
function setAt(target: Json, pointer: string, value: string): void {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop();
  let at: Json | undefined = target;
  for (const k of keys) at = isObject(at) ? at[k] : Array.isArray(at) ? at[Number(k)] : undefined;
  if (last === undefined || !(isObject(at) || Array.isArray(at)) || !(last in at))
    throw new ExampleError(`no value at ${pointer}`);
  if (Array.isArray(at)) at[Number(last)] = value;
  else at[last] = value;
}
