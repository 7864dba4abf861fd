/**
 * The load generator of the benchmarks, run as a second process (`fork` with tsx): it receives a
 * job over IPC, sends a fixed number of HTTP/1.1 requests over keep-alive `node:net` sockets to a 127.0.0.1 URL with a fixed concurrency
 * and a time limit, and answers with what it measured. Only loopback URLs are accepted.
 *
 * Job: {url, method, headers, bodies (cycled), count, concurrency, timeLimitMs}.
 * Answer: {completed, errors, statuses, elapsedMs, rps, timedOut, firstError}.
 */
import { connect, type Socket } from 'node:net';

export interface LoadJob {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  /** Request bodies, used in turn (one per request, cycled). */
  readonly bodies: readonly string[];
  readonly count: number;
  readonly concurrency: number;
  readonly timeLimitMs: number;
}

export interface LoadResult {
  readonly completed: number;
  readonly errors: number;
  readonly statuses: Record<string, number>;
  readonly elapsedMs: number;
  /** Completed requests per second. */
  readonly rps: number;
  readonly timedOut: boolean;
  /** Status and start of the body of the first non-2xx answer, or the first socket error. */
  readonly firstError: string | null;
}

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its whole response before
 * the next (no pipelining). A raw socket rather than `http.request`: the client's own cost per
 * request is then small next to the server's, which is what is measured.
 */
class Connection {
  readonly #socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: ((r: { status: number; body: string } | Error) => void) | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#drain();
    });
    const fail = (error: Error) => {
      const pending = this.#pending;
      this.#pending = null;
      pending?.(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** Resolves once a complete response is buffered (content-length or chunked bodies). */
  #drain(): void {
    if (this.#pending === null) return;
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.#buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let total: number;
    let body: Buffer;
    if (length) {
      total = end + 4 + Number(length[1]);
      if (this.#buffer.length < total) return;
      body = this.#buffer.subarray(end + 4, total);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const last = this.#buffer.indexOf('\r\n0\r\n\r\n', end);
      if (last < 0) return;
      total = last + 7;
      body = this.#buffer.subarray(end + 4, last);
    } else {
      total = end + 4;
      body = Buffer.alloc(0);
    }
    this.#buffer = this.#buffer.subarray(total);
    const pending = this.#pending;
    this.#pending = null;
    pending({ status, body: body.toString('utf8', 0, Math.min(body.length, 300)) });
  }

  send(request: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      this.#pending = (r) => (r instanceof Error ? reject(r) : resolve(r));
      this.#socket.write(request);
    });
  }

  close(): void {
    this.#socket.destroy();
  }
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const target = new URL(job.url);
  if (target.protocol !== 'http:' || target.hostname !== '127.0.0.1') {
    throw new Error(`the load generator only sends to http://127.0.0.1; got ${job.url}`);
  }
  const port = Number(target.port || 80);
  const head = [
    `${job.method} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    'connection: keep-alive',
    ...Object.entries(job.headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  const requests = job.bodies.map((body) =>
    Buffer.from(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, 'utf8'),
  );
  const statuses: Record<string, number> = {};
  let next = 0;
  let completed = 0;
  let errors = 0;
  let firstError: string | null = null;
  let timedOut = false;
  const connections = await Promise.all(
    Array.from({ length: job.concurrency }, () => Connection.open(target.hostname, port)),
  );
  const started = performance.now();
  const deadline = started + job.timeLimitMs;

  async function worker(connection: Connection) {
    while (next < job.count) {
      if (performance.now() > deadline) {
        timedOut = true;
        return;
      }
      const i = next++;
      try {
        const { status, body } = await connection.send(requests[i % requests.length] as Buffer);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) completed++;
        else {
          errors++;
          firstError ??= `${status} ${body}`;
        }
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
        return;
      }
    }
  }
  await Promise.all(connections.map(worker));
  const elapsedMs = performance.now() - started;
  for (const c of connections) c.close();
  return {
    completed,
    errors,
    statuses,
    elapsedMs,
    rps: (completed / elapsedMs) * 1000,
    timedOut,
    firstError,
  };
}

// As a child process: one job per message, answered on the same channel.
if (process.send !== undefined) {
  process.on('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send?.({ ok: true, result }),
      (error: unknown) => process.send?.({ ok: false, error: String(error) }),
    );
  });
}
