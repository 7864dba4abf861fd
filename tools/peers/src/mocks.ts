/**
 * Our sandbox against the mock servers a team could generate from the same document, Prism and
 * Steady: the same scenario of calls against each (a message, a batch and its results, a session,
 * a dream), every answer judged by the contract validators, whether state carries over (the batch
 * and the dream retrieved are the ones created, the results are the batch's), and requests per
 * second at a fixed concurrency, in interleaved rounds so that the machine's noise hits all alike.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { createServer, TEST_CONTROL_PREFIX } from '@vendor-api/reference-server';
import {
  access,
  CONTROL_TOKEN_HEADER,
  controlEndpoint,
  controlPath,
  type OperationId,
  operation,
  spec,
} from '@vendor-api/spec';
import { validateResponse } from '@vendor-api/validators';
import { Agent, request } from 'undici';

const ROOT = new URL('..', import.meta.url).pathname;

/** A server the scenario runs against. */
export interface MockTarget {
  readonly name: string;
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Test control (the sandbox only): a memory store to use, a batch ended now. */
  readonly control?: {
    createMemoryStore(): Promise<string>;
    completeBatch(batchId: string): Promise<void>;
  };
  close(): Promise<void>;
}

/** A mock that did not start or could not serve the document: its own words. */
export class MockUnavailable extends Error {}

/** Our sandbox as `pnpm start` runs it (wall clock, test control on), in-process on 127.0.0.1. */
export async function startSandbox(): Promise<MockTarget> {
  const app = createServer({ testControl: true });
  const baseUrl = await app.reference.listenLocal(0);
  const token = app.reference.testControlToken ?? '';
  const call = async (id: 'memory-stores.create' | 'batches.complete', params: Record<string, string>) => {
    const response = await request(`${baseUrl}${TEST_CONTROL_PREFIX}${controlPath(id, params)}`, {
      method: controlEndpoint(id).method,
      headers: { [CONTROL_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: '{}',
    });
    const text = await response.body.text();
    if (response.statusCode >= 300)
      throw new Error(`test control ${id} answered ${response.statusCode}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  return {
    name: 'sandbox',
    baseUrl,
    apiKey: app.reference.state.demo.workspaceKey,
    control: {
      createMemoryStore: async () => String((await call('memory-stores.create', {})).id),
      completeBatch: async (batchId) => void (await call('batches.complete', { batch_id: batchId })),
    },
    close: () => app.close(),
  };
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

/**
 * A mock's command started on 127.0.0.1, ready once it answers HTTP at all (bounded: 60 s); when it
 * ends or does not answer, `MockUnavailable` with what it printed.
 */
async function startChild(name: string, bin: string, args: (port: number) => string[]): Promise<MockTarget> {
  const port = await freePort();
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', bin), args(port), {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  // Never left running: stopped when this process ends, however it ends (the command line turns
  // SIGTERM and SIGINT into an exit).
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  child.on('exit', (code) => {
    exited = code;
    process.off('exit', stop);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (exited !== undefined) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    if (exited === undefined) child.kill('SIGKILL');
  };
  for (let i = 0; i < 240; i++) {
    if (exited !== undefined)
      throw new MockUnavailable(`${name} exited (${exited}) before it listened:\n${output.trim()}`);
    try {
      const r = await request(`${baseUrl}${pathOf('messages.batches.list')}`, { method: 'GET' });
      await r.body.dump();
      return { name, baseUrl, apiKey: 'sk-mock-key', close };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await close();
  throw new MockUnavailable(`${name} did not answer on ${baseUrl} within 60 s:\n${output.trim()}`);
}

export const startPrism = (document: string) =>
  startChild('prism', 'prism', (port) => ['mock', '--host', '127.0.0.1', '--port', String(port), document]);

export const startSteady = (document: string) =>
  startChild('steady', 'steady', (port) => [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--quiet',
    document,
  ]);

/** One call of the scenario and its verdict. */
export interface ScenarioStep {
  readonly operation: string;
  readonly ok: boolean;
  readonly problem: string;
}

export interface ScenarioResult {
  readonly steps: readonly ScenarioStep[];
  /** The batch and dream retrieved are those created, and the results are the batch's requests. */
  readonly state: { readonly ok: boolean; readonly problem: string };
}

interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** An operation's path from the spec, its parameters filled in order (encoded). */
function pathOf(id: OperationId, ...params: string[]): string {
  const op = operation(spec, id);
  if (op?.path == null) throw new Error(`the spec has no operation ${id} at a fixed path`);
  let i = 0;
  return op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++] ?? ''));
}

/**
 * An id of a kind (`MessageBatchId`) that no server made: its pattern's literal prefix and a tag,
 * sent where a mock created nothing to refer to (so that every call is still made).
 */
function placeholderId(schema: 'MessageBatchId' | 'DreamId' | 'MemoryStoreId', tag: string): string {
  const pattern = String((spec.schemas[schema] as { pattern?: string }).pattern ?? '');
  return `${/^\^([A-Za-z_]+)/.exec(pattern)?.[1] ?? ''}${tag}`;
}

/** The scenario against one server: every call made whatever the earlier ones answered. */
export async function runScenario(target: MockTarget): Promise<ScenarioResult> {
  const { headers } = spec.vendor;
  const base = { [access.API_KEY_HEADER]: target.apiKey, [headers.version]: spec.vendor.apiVersion };
  const betas = (id: 'sessions.create' | 'dreams.create' | 'dreams.retrieve') => ({
    [headers.beta]: operation(spec, id).betas.join(','),
  });
  const send = async (method: 'GET' | 'POST', url: string, extra: Record<string, string>, body?: unknown) => {
    const r = await request(url.startsWith('http') ? url : `${target.baseUrl}${url}`, {
      method,
      headers: { ...base, ...extra, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.body.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: r.statusCode, body: parsed, text } satisfies Reply;
  };
  const steps: ScenarioStep[] = [];
  const judge = (id: string, reply: Reply | Error): Record<string, unknown> | undefined => {
    const record = (ok: boolean, problem: string) => steps.push({ operation: id, ok, problem });
    if (reply instanceof Error) return void record(false, `no answer: ${reply.message}`);
    if (reply.status < 200 || reply.status > 299)
      return void record(false, `${reply.status}: ${short(reply.text)}`);
    const verdict = validateResponse(id, reply.status, reply.body, { mode: 'contract' });
    if (!verdict.ok)
      return void record(
        false,
        `outside the contract: ${verdict.issues.map((i) => `${i.where} ${i.message}`).join('; ')}`,
      );
    record(true, '');
    return typeof reply.body === 'object' && reply.body !== null
      ? (reply.body as Record<string, unknown>)
      : {};
  };
  const attempt = (p: Promise<Reply>) =>
    p.catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  const problems: string[] = [];

  const model = spec.vendor.models.sonnet;
  const message = { model, max_tokens: 16, messages: [{ role: 'user', content: 'Hello' }] };
  const customIds = ['peers-first', 'peers-second'];
  const memoryStoreId = target.control
    ? await target.control.createMemoryStore()
    : placeholderId('MemoryStoreId', `peers${Date.now().toString(36)}`);

  judge('messages.create', await attempt(send('POST', pathOf('messages.create'), {}, message)));
  // Two batches of different sizes: each retrieved must be itself (its id, its number of requests).
  const createBatch = async (ids: readonly string[]) => {
    const created = judge(
      'messages.batches.create',
      await attempt(
        send(
          'POST',
          pathOf('messages.batches.create'),
          {},
          { requests: ids.map((custom_id) => ({ custom_id, params: message })) },
        ),
      ),
    );
    return typeof created?.id === 'string' ? created.id : undefined;
  };
  const batchId = await createBatch(customIds);
  const otherId = await createBatch(['peers-only']);
  if (batchId === undefined || otherId === undefined) problems.push('a batch was not created');
  else if (batchId === otherId) problems.push(`two batches created with one id, ${batchId}`);
  if (target.control && batchId) await target.control.completeBatch(batchId);
  const retrieveBatch = async (id: string | undefined, requests: number) => {
    const got = judge(
      'messages.batches.retrieve',
      await attempt(
        send('GET', pathOf('messages.batches.retrieve', id ?? placeholderId('MessageBatchId', 'peers')), {}),
      ),
    );
    const counts = Object.values((got?.request_counts ?? {}) as Record<string, unknown>).reduce<number>(
      (sum, n) => sum + (typeof n === 'number' ? n : 0),
      0,
    );
    if (got && id !== undefined && (got.id !== id || counts !== requests))
      problems.push(`batch ${id} of ${requests} requests created, ${String(got.id)} of ${counts} retrieved`);
    return got;
  };
  const retrieved = await retrieveBatch(batchId, customIds.length);
  await retrieveBatch(otherId, 1);
  const resultsUrl = typeof retrieved?.results_url === 'string' ? retrieved.results_url : undefined;
  if (resultsUrl === undefined) {
    steps.push({ operation: 'messages.batches.results', ok: false, problem: 'no results_url to read' });
    problems.push('no results_url');
  } else {
    if (!resultsUrl.startsWith(target.baseUrl))
      problems.push(`results_url ${resultsUrl} is not on this server`);
    const reply = await attempt(send('GET', resultsUrl, {}));
    if (reply instanceof Error || reply.status > 299) judge('messages.batches.results', reply);
    else {
      const lines = reply.text.split('\n').filter((l) => l.trim() !== '');
      const ids: string[] = [];
      let bad = '';
      for (const line of lines) {
        let body: unknown;
        try {
          body = JSON.parse(line);
        } catch {
          bad ||= `not a JSON line: ${short(line)}`;
          continue;
        }
        const v = validateResponse('messages.batches.results', reply.status, body, { mode: 'contract' });
        if (!v.ok)
          bad ||= `a line outside the contract: ${v.issues.map((i) => `${i.where} ${i.message}`).join('; ')}`;
        ids.push(String((body as { custom_id?: unknown }).custom_id));
      }
      steps.push({
        operation: 'messages.batches.results',
        ok: bad === '' && lines.length > 0,
        problem: bad || (lines.length ? '' : 'no lines'),
      });
      if (JSON.stringify(ids.sort()) !== JSON.stringify([...customIds].sort()))
        problems.push(`results for ${JSON.stringify(ids)}, requests were ${JSON.stringify(customIds)}`);
    }
  }
  const session = judge(
    'sessions.create',
    await attempt(
      send('POST', pathOf('sessions.create'), betas('sessions.create'), {
        agent: 'agent_peers',
        environment_id: 'env_peers',
        resources: [{ type: 'memory_store', memory_store_id: memoryStoreId }],
      }),
    ),
  );
  const sessionId = typeof session?.id === 'string' ? session.id : 'session_peers';
  const dream = judge(
    'dreams.create',
    await attempt(
      send('POST', pathOf('dreams.create'), betas('dreams.create'), {
        model,
        inputs: [
          { type: 'memory_store', memory_store_id: memoryStoreId },
          { type: 'sessions', session_ids: [sessionId] },
        ],
      }),
    ),
  );
  const dreamId = typeof dream?.id === 'string' ? dream.id : placeholderId('DreamId', 'peers');
  const gotDream = judge(
    'dreams.retrieve',
    await attempt(send('GET', pathOf('dreams.retrieve', dreamId), betas('dreams.retrieve'))),
  );
  if (gotDream && (gotDream.id !== dreamId || !JSON.stringify(gotDream).includes(memoryStoreId)))
    problems.push(
      `dream ${dreamId} created over ${memoryStoreId}, ${String(gotDream.id)} retrieved without it`,
    );
  if (!dream || !gotDream) problems.push('the dream was not both created and retrieved');
  return { steps, state: { ok: problems.length === 0, problem: problems.join('; ') } };
}

/**
 * Requests per second of message creation against one server: `count` requests, `concurrency` at a
 * time over as many connections; answers other than 2xx are counted too (a mock's 4xx is fast).
 */
export async function throughput(
  target: MockTarget,
  options: { count: number; concurrency: number },
): Promise<{ perSecond: number; non2xx: number }> {
  const agent = new Agent({ connections: options.concurrency });
  const body = JSON.stringify({
    model: spec.vendor.models.sonnet,
    max_tokens: 16,
    messages: [{ role: 'user', content: 'Hello' }],
  });
  const headers = {
    [access.API_KEY_HEADER]: target.apiKey,
    [spec.vendor.headers.version]: spec.vendor.apiVersion,
    'content-type': 'application/json',
  };
  let next = 0;
  let non2xx = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.count) {
      next++;
      const r = await request(`${target.baseUrl}${pathOf('messages.create')}`, {
        method: 'POST',
        headers,
        body,
        dispatcher: agent,
      });
      await r.body.dump();
      if (r.statusCode < 200 || r.statusCode > 299) non2xx++;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    await agent.close();
  }
  return { perSecond: options.count / ((performance.now() - started) / 1000), non2xx };
}
