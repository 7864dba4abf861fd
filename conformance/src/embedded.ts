/**
 * The embedded target: the reference server with test control on a manual clock, listening on
 * 127.0.0.1, with its adapter. The servers run on a worker thread of their own (an
 * `EmbeddedHost`): the suite's thread sends the requests and checks the answers while the servers
 * answer on another core, so several cases at once (`--concurrency`) use both. What crosses the
 * thread boundary is a server's start and close, one message each way; the cases' requests and
 * control calls go over loopback HTTP, as they would to any server.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Adapter, Target } from './adapter.js';
import { referenceAdapter } from './adapters/reference.js';

export interface EmbeddedOptions {
  readonly seed?: number;
  readonly faults?: readonly string[];
  readonly variants?: readonly string[];
  readonly vendor?: string;
}

export interface Embedded {
  readonly target: Target;
  readonly adapter: Adapter;
  close(): Promise<void>;
}

/** A server the worker started: where it listens and its seeded (demo) organization. */
export interface ServerStarted {
  readonly server: number;
  readonly baseUrl: string;
  readonly testControlToken: string;
  readonly adminKey: string;
  readonly workspaceId: string;
  readonly workspaceKey: string;
  readonly organizationId: string;
}

/** A message to the worker; `spares`: servers of the same options it keeps started ahead. */
export type HostRequest =
  | {
      readonly kind: 'start';
      readonly id: number;
      readonly options: EmbeddedOptions;
      readonly spares: number;
    }
  | { readonly kind: 'close'; readonly id: number; readonly server: number }
  | { readonly kind: 'shutdown'; readonly id: number };

/** The worker's answer; `workerMs`: how long it took there, from the message to the answer. */
export type HostReply =
  | { readonly id: number; readonly ok: true; readonly workerMs: number; readonly started?: ServerStarted }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** What the thread boundary cost: messages answered, their time in the worker and in all. */
export interface HostStats {
  messages: number;
  /** Time the worker spent on them (starting and closing servers). */
  workerMs: number;
  /** From the message sent to its answer received; less `workerMs`, the crossing and queueing. */
  roundTripMs: number;
}

/** How long the worker has to answer one message before the host reports it stuck. */
const ANSWER_TIMEOUT_MS = 120_000;

/** The worker's module, beside this one (its TypeScript source when this one runs from source). */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './embedded-worker.ts' : './embedded-worker.js',
  import.meta.url,
);

/**
 * The Node options of a thread that runs the sources: this thread's resolution conditions and
 * source maps, and the condition that resolves the workspace's packages to their sources. Nothing
 * else: V8 and process-wide options (`--max-old-space-size`, `--cpu-prof`, ...) are refused in a
 * worker's options, and the loader is registered by the thread itself.
 */
export function sourceExecArgv(parent: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const a = parent[i]!;
    if (a === '--conditions' || a === '-C') kept.push(a, parent[++i] ?? '');
    else if (a.startsWith('--conditions=') || a === '--enable-source-maps') kept.push(a);
  }
  if (!kept.some((a) => a.endsWith('@vendor-api/source'))) kept.push('--conditions=@vendor-api/source');
  return kept;
}

/**
 * A new worker thread running the worker's module. From the sources, the thread registers the
 * TypeScript loader first and resolves the workspace's packages to their sources (a test runner
 * may transform this thread's modules with neither in its Node options).
 */
function newWorker(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/package.json')
      .replace(/package\.json$/, 'dist/esm/api/index.mjs'),
  ).href;
  const execArgv = sourceExecArgv(process.execArgv);
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, execArgv });
}

/** The embedded servers' thread stopped (a crash, or closed) while the suite still needed it. */
export class EmbeddedHostError extends Error {}

/**
 * The worker thread the embedded servers run on. `start` gives a fresh server; `close` stops every
 * server and the thread. A crash of the thread rejects what waits on it and every later call, with
 * the cause. An idle host (no server started and unclosed, no call waiting) does not keep the
 * process alive.
 */
export class EmbeddedHost {
  readonly stats: HostStats = { messages: 0, workerMs: 0, roundTripMs: 0 };
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    {
      kind: HostRequest['kind'];
      resolve: (r: HostReply & { ok: true }) => void;
      reject: (e: Error) => void;
      sent: number;
    }
  >();
  private nextId = 1;
  private live = 0;
  private stopped: Error | undefined;
  private closing: Promise<void> | undefined;
  /** Settles when the thread has ended. */
  readonly exited: Promise<void>;

  /** Hosts whose thread has not ended yet, in this process. */
  static running = 0;

  /**
   * `spares`: servers started ahead of the next `start` with the same options (default none).
   * `entry`: the thread's module (default `embedded-worker`; tests give one that crashes).
   */
  constructor(private readonly options: { readonly spares?: number; readonly entry?: URL } = {}) {
    this.worker = newWorker(options.entry ?? WORKER_URL);
    EmbeddedHost.running++;
    this.worker.unref();
    this.worker.on('message', (reply: HostReply) => this.answered(reply));
    this.worker.on('error', (error) =>
      this.stop(new EmbeddedHostError(`the embedded reference server crashed: ${error.message}`)),
    );
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        EmbeddedHost.running--;
        this.stop(new EmbeddedHostError(`the embedded reference server's thread ended (exit code ${code})`));
        resolve();
      }),
    );
  }

  /** A fresh reference server for `options` and its adapter. */
  async start(options: EmbeddedOptions = {}): Promise<Embedded> {
    const { started } = await this.call({
      kind: 'start',
      id: 0,
      options: {
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.faults?.length ? { faults: [...options.faults] } : {}),
        ...(options.variants?.length ? { variants: [...options.variants] } : {}),
        ...(options.vendor ? { vendor: options.vendor } : {}),
      },
      spares: this.options.spares ?? 0,
    });
    const s = started!;
    this.hold(1);
    let closed: Promise<void> | undefined;
    return {
      target: {
        baseUrl: s.baseUrl,
        adminKey: s.adminKey,
        workspace: { id: s.workspaceId, apiKey: s.workspaceKey },
        organizationId: s.organizationId,
      },
      adapter: referenceAdapter(s.baseUrl, {
        testControlToken: s.testControlToken,
        organizationId: s.organizationId,
      }),
      close: () => {
        closed ??= this.call({ kind: 'close', id: 0, server: s.server }).then(
          () => this.hold(-1),
          (error: unknown) => {
            this.hold(-1);
            // The thread's end closed every server: closing one after the host closed is no error.
            if (!this.closing) throw error;
          },
        );
        return closed;
      },
    };
  }

  /** Stops every server and the thread; resolves when the thread has ended. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.stopped)
        await this.call({ kind: 'shutdown', id: 0 }).catch(() => {
          // A thread that crashed or stopped answering is ended below all the same.
        });
      await this.worker.terminate();
      await this.exited;
    })();
    return this.closing;
  }

  /** The error that stopped the thread, if it stopped before `close`. */
  get failure(): Error | undefined {
    return this.closing ? undefined : this.stopped;
  }

  private call(request: HostRequest): Promise<HostReply & { ok: true }> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.settle();
        reject(
          new EmbeddedHostError(
            `the embedded reference server did not answer a ${request.kind} within ${ANSWER_TIMEOUT_MS / 1000} s`,
          ),
        );
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
        kind: request.kind,
        sent: performance.now(),
      });
      this.settle();
      this.worker.postMessage({ ...request, id });
    });
  }

  private answered(reply: HostReply): void {
    const w = this.waiting.get(reply.id);
    if (!w) return;
    this.waiting.delete(reply.id);
    this.settle();
    if (!reply.ok) {
      w.reject(new EmbeddedHostError(`the embedded reference server's ${w.kind} failed: ${reply.message}`));
      return;
    }
    this.stats.messages++;
    this.stats.workerMs += reply.workerMs;
    this.stats.roundTripMs += performance.now() - w.sent;
    w.resolve(reply);
  }

  /** Counts servers started and not yet closed. */
  private hold(delta: number): void {
    this.live += delta;
    this.settle();
  }

  /** The thread keeps the process alive only while a server is live or a call waits. */
  private settle(): void {
    if (this.stopped) return;
    if (this.live > 0 || this.waiting.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const w of this.waiting.values()) w.reject(this.stopped);
    this.waiting.clear();
  }
}

/** The host `startEmbedded` shares across the process (started on first use, idle when unused). */
let shared: EmbeddedHost | undefined;

/** A fresh embedded reference server on the process's shared host. */
export function startEmbedded(options: EmbeddedOptions = {}): Promise<Embedded> {
  if (!shared || shared.failure) shared = new EmbeddedHost();
  return shared.start(options);
}
