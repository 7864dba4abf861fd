/**
 * Tenant isolation of cost: one tenant's request throughput on a reference server where another
 * tenant stores 50,000 objects (25,000 message batches and 25,000 dreams over five workspaces,
 * within the per-workspace cap) as a ratio to the same on a server that stores nothing else
 * (target >= 0.9). Both servers listen on 127.0.0.1 in this process, each with test control and a
 * manual clock (nothing becomes due while measuring); the measured tenant sends a fixed mix of
 * requests over keep-alive HTTP connections (messages.create, batch list, batch retrieve, dream
 * list). Measured in paired rounds (`pairedRounds`): the empty server runs first and last of each
 * round, the full one between, read against their mean (`bracketed`); the median over the rounds
 * counts, and the empty server's two runs against each other (A/A) are the noise: a ratio inside
 * their middle half counts as equal to the empty server (`judge`, by throughput only: the client
 * shares this process with the servers, so its CPU time is not theirs alone).
 *
 * `pnpm bench tenants` (BENCH_TENANTS_COUNT requests per run, default 4,000).
 */
import { Agent, request } from 'node:http';
import { access, operation, spec, vendor } from '@vendor-api/spec';
import { createServer, ManualClock, TEST_CONTROL_TOKEN_HEADER } from '../src/index.js';
import { OTHER_GROUPS } from '../src/rate-limits/config.js';
import { againstBaseline, judge, type Phase, pairedRounds } from './harness.js';

const TARGET = 0.9;
const STORED = 50_000;
const WORKSPACES = 5;
const COUNT = Number(process.env.BENCH_TENANTS_COUNT ?? 4_000);
const CONCURRENCY = 16;
/** Rounds of the comparison: the ratio is read within each, its median counts. */
const ROUNDS = 5;
/** The betas the dream operations need (the spec's), sent on every request: the others ignore them. */
const DREAM_BETAS = operation(spec, 'dreams.create').betas.join(',');
/** The paths of the operations the bench calls, from the spec's endpoints. */
const path = (id: Parameters<typeof operation>[1]): string => operation(spec, id).path ?? '';
const MESSAGES = path('messages.create');
const BATCHES = path('messages.batches.list');
const DREAMS = path('dreams.list');
const batchPath = (id: string): string =>
  path('messages.batches.retrieve').replace('{message_batch_id}', encodeURIComponent(id));
const turn = [{ role: 'user', content: 'Count the words of this short benchmark prompt, please.' }];

type App = ReturnType<typeof createServer>;

/** The headers of every request (a beta header the dream operations need; the others ignore it). */
const headersOf = (key: string | null): Record<string, string> => ({
  'content-type': 'application/json',
  [vendor.headers.version]: vendor.apiVersion,
  [vendor.headers.beta]: DREAM_BETAS,
  ...(key === null ? {} : { [access.API_KEY_HEADER]: key }),
});

/** The headers of a test-control call: the token the server was started with. */
const controlHeaders = (app: App): Record<string, string> => ({
  'content-type': 'application/json',
  [TEST_CONTROL_TOKEN_HEADER]: app.reference.testControlToken ?? '',
});

/** Sends through `inject` (no socket): filling the store is not what is measured. */
async function inject(app: App, method: 'GET' | 'POST', url: string, key: string | null, body?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: url.startsWith('/_test/') ? controlHeaders(app) : headersOf(key),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  if (res.statusCode !== 200)
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as Record<string, unknown>;
}

/**
 * The server's clock a minute on: the batch endpoints' requests of the last minute are limited
 * (BATCH-RATE-LIMIT-HTTP), and the manual clock stands still while the bench sends thousands.
 */
const nextMinute = (app: App) => inject(app, 'POST', '/_test/clock/advance', null, { ms: 61_000 });
/** Batch requests sent between two moves of the clock: a quarter of the organization's limit. */
const BATCH_REQUESTS_PER_MOVE = Math.floor(
  (OTHER_GROUPS.find((g) => g.groupType === 'batch')?.limits.requests_per_minute ?? 4) / 4,
);

/** Stores `STORED` batches and dreams of another organization, spread over its workspaces. */
async function fill(app: App): Promise<void> {
  let sent = 0;
  const org = await inject(app, 'POST', '/_test/organizations', null, { name: 'other tenant' });
  const perKind = STORED / 2 / WORKSPACES;
  for (let w = 0; w < WORKSPACES; w++) {
    const ws = await inject(app, 'POST', `/_test/organizations/${org.organization_id}/workspaces`, null, {});
    const key = String(ws.workspace_key);
    const store = await inject(app, 'POST', '/_test/memory_stores', null, { workspace_id: ws.id });
    const session = await inject(app, 'POST', '/_test/sessions', null, { workspace_id: ws.id });
    const dream = {
      model: vendor.models.opus,
      inputs: [
        { type: 'memory_store', memory_store_id: store.id },
        { type: 'sessions', session_ids: [session.id] },
      ],
    };
    const batch = (i: number) => ({
      requests: [
        { custom_id: `r${i}`, params: { model: vendor.models.sonnet, max_tokens: 8, messages: turn } },
      ],
    });
    for (let i = 0; i < perKind; i++) {
      if (++sent % BATCH_REQUESTS_PER_MOVE === 0) await nextMinute(app);
      await inject(app, 'POST', BATCHES, key, batch(i));
      await inject(app, 'POST', DREAMS, key, dream);
    }
  }
}

/** A server with test control on a manual clock; its base URL and the measured tenant's batch. */
async function start(): Promise<{ app: App; base: string; batchId: string }> {
  const app = createServer({ seed: 'bench', testControl: true, clock: new ManualClock() });
  const { workspaceKey } = app.reference.state.demo;
  const batch = await inject(app, 'POST', BATCHES, workspaceKey, {
    requests: [{ custom_id: 'a', params: { model: vendor.models.sonnet, max_tokens: 8, messages: turn } }],
  });
  return { app, base: await app.reference.listenLocal(0), batchId: String(batch.id) };
}

/** The measured tenant's mix, over real HTTP with keep-alive, from this process. */
async function measure(
  app: App,
  name: string,
  base: string,
  key: string,
  batchId: string,
  count: number,
): Promise<Phase> {
  // Half the mix goes to the batch endpoints: a phase starts a minute on, and moves on a minute
  // every 2 × BATCH_REQUESTS_PER_MOVE requests, whatever BENCH_TENANTS_COUNT is.
  await nextMinute(app);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const message = JSON.stringify({ model: vendor.models.sonnet, max_tokens: 16, messages: turn });
  const mix: [string, string, string | undefined][] = [
    ['POST', MESSAGES, message],
    ['GET', `${BATCHES}?limit=20`, undefined],
    ['GET', batchPath(batchId), undefined],
    ['GET', DREAMS, undefined],
  ];
  const send = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const [method, path, body] = mix[i % mix.length] as (typeof mix)[number];
      const req = request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: headersOf(key),
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`${method} ${path}: ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  let next = 0;
  const before = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        if (i > 0 && i % (2 * BATCH_REQUESTS_PER_MOVE) === 0) await nextMinute(app);
        await send(i);
      }
    }),
  );
  const rps = (count / (performance.now() - started)) * 1000;
  const cpu = process.cpuUsage(before);
  agent.destroy();
  console.log(`  ${name.padEnd(36)} ${Math.round(rps).toLocaleString('en-US').padStart(8)} req/s`);
  // Client and servers share this process: its CPU is theirs together.
  return { name, rps, cpuUsPerOp: (cpu.user + cpu.system) / count, loaderCpuUsPerOp: null };
}

export async function run(): Promise<boolean> {
  console.log(
    `one tenant's requests with ${STORED.toLocaleString('en-US')} objects of another tenant stored vs none`,
  );
  const empty = await start();
  const full = await start();
  try {
    const filling = performance.now();
    await fill(full.app);
    console.log(`  filled in ${Math.round(performance.now() - filling)} ms`);
    const key = empty.app.reference.state.demo.workspaceKey;
    const fullKey = full.app.reference.state.demo.workspaceKey;
    await measure(empty.app, 'empty warm-up', empty.base, key, empty.batchId, COUNT);
    await measure(full.app, 'full warm-up', full.base, fullKey, full.batchId, COUNT);
    const rounds = await pairedRounds(ROUNDS, {
      empty: (round) => measure(empty.app, `empty (${round + 1})`, empty.base, key, empty.batchId, COUNT),
      full: (round) =>
        measure(
          full.app,
          `with the other tenant's data (${round + 1})`,
          full.base,
          fullKey,
          full.batchId,
          COUNT,
        ),
      control: (round) =>
        measure(empty.app, `empty again (${round + 1})`, empty.base, key, empty.batchId, COUNT),
    });
    return judge(
      "with the other tenant's data / empty",
      TARGET,
      againstBaseline(rounds, 'full', 'empty', 'control').throughput,
    );
  } finally {
    await empty.app.close();
    await full.app.close();
  }
}
