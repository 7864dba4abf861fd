/**
 * The thread of the embedded reference servers (see `embedded.ts`): it starts and closes servers
 * when the suite's thread asks, and keeps spares of the last options asked for started ahead, so a
 * case that wants a fresh server finds one listening.
 */
import { parentPort } from 'node:worker_threads';
import { createServer, ManualClock } from '@vendor-api/reference-server';
import type { EmbeddedOptions, HostReply, HostRequest, ServerStarted } from './embedded.js';

type App = ReturnType<typeof createServer>;

interface Ready {
  readonly app: App;
  readonly started: Omit<ServerStarted, 'server'>;
}

/** A reference server as the suite runs it: test control on, a manual clock, nothing moving alone. */
async function serve(options: EmbeddedOptions): Promise<Ready> {
  const app = createServer({
    testControl: true,
    seed: options.seed ?? 0,
    clock: new ManualClock(Date.parse('2026-01-01T00:00:00Z')),
    faults: options.faults ?? [],
    variants: options.variants ?? [],
    // Batches end only when the adapter drives them or the 24-hour expiry hits: every row of the
    // batch machine stays reachable. Dreams move only when driven too.
    timings: { batchProcessingMs: null, dreamStartMs: null, dreamRunMs: null },
    // The suite is the only client, on the same machine: a 256 MB batch body sent from a busy
    // machine may take longer than the limit that guards a public server against slow clients.
    timeLimits: { requestMs: 15 * 60_000 },
    ...(options.vendor ? { vendor: options.vendor } : {}),
  });
  const baseUrl = await app.reference.listenLocal(0);
  const { demo } = app.reference.state;
  return {
    app,
    started: {
      baseUrl,
      testControlToken: app.reference.testControlToken ?? '',
      adminKey: demo.adminKey,
      workspaceId: demo.workspaceId,
      workspaceKey: demo.workspaceKey,
      organizationId: demo.organizationId,
    },
  };
}

const port = parentPort;
if (!port) throw new Error('embedded-worker runs as a worker thread of EmbeddedHost');

const live = new Map<number, App>();
let nextServer = 1;
/** Spares of one options key (the last asked for), started ahead, oldest first. */
let spares: { key: string; ready: Promise<Ready>[] } = { key: '', ready: [] };
/** The spares being topped up (one server started at a time). */
const filling = new WeakSet<typeof spares>();

const closeQuietly = (ready: Promise<Ready>) =>
  ready.then(
    (r) => r.app.close(),
    () => undefined,
  );

/** A server for `options`: a spare when one was started ahead, then the spares topped up. */
async function take(options: EmbeddedOptions, spareCount: number): Promise<Ready> {
  const key = JSON.stringify([options.seed ?? 0, options.faults, options.variants, options.vendor]);
  if (spares.key !== key) {
    for (const r of spares.ready) void closeQuietly(r);
    spares = { key, ready: [] };
  }
  const mine = spares.ready.shift() ?? serve(options);
  fill(spares, options, spareCount);
  return mine;
}

/**
 * Tops the spares up to `count`, one server after the other, each on a later turn of the event
 * loop: the answers to the running cases' requests go first.
 */
function fill(pool: typeof spares, options: EmbeddedOptions, count: number): void {
  if (pool !== spares || pool.ready.length >= count || filling.has(pool)) return;
  filling.add(pool);
  const next = new Promise<void>((resolve) => setImmediate(resolve)).then(() => serve(options));
  pool.ready.push(next);
  next
    .catch(() => undefined)
    .finally(() => {
      filling.delete(pool);
      fill(pool, options, count);
    });
}

/** What the thread answers `request` (`workerMs` is set by the caller). */
async function answer(request: HostRequest): Promise<Omit<HostReply & { ok: true }, 'workerMs'>> {
  switch (request.kind) {
    case 'start': {
      const ready = await take(request.options, request.spares);
      const server = nextServer++;
      live.set(server, ready.app);
      return { id: request.id, ok: true, started: { ...ready.started, server } };
    }
    case 'close': {
      const app = live.get(request.server);
      live.delete(request.server);
      await app?.close();
      return { id: request.id, ok: true };
    }
    case 'shutdown': {
      const apps = [...live.values()];
      live.clear();
      const left = spares.ready;
      spares = { key: '', ready: [] };
      await Promise.all([...apps.map((a) => a.close()), ...left.map(closeQuietly)]);
      return { id: request.id, ok: true };
    }
  }
}

port.on('message', (request: HostRequest) => {
  const began = performance.now();
  answer(request).then(
    (reply) => port.postMessage({ ...reply, workerMs: performance.now() - began } satisfies HostReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies HostReply),
  );
});
