/**
 * The load generator of the benchmarks: autocannon, run as a second process (`fork` with tsx). It
 * receives a job over IPC, sends a fixed number of HTTP/1.1 requests to a 127.0.0.1 URL over a fixed
 * number of keep-alive connections (optionally pipelined), and answers with what it measured. Only
 * loopback URLs are accepted; a time limit bounds every job.
 *
 * Job: {url, method, headers, bodies, count, connections, pipelining, timeLimitMs}. Each request
 * carries the next body of `bodies` (cycled), so when there are at least `count` bodies no two
 * requests are alike.
 * Answer: {completed, errors, statuses, elapsedMs, rps, timedOut, firstError, cpuMs}.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  /** Request bodies, used in turn (one per request, cycled). */
  readonly bodies: readonly string[];
  readonly count: number;
  /** Concurrent keep-alive connections. */
  readonly connections: number;
  /** Requests in flight per connection (HTTP/1.1 pipelining; 1 is none). */
  readonly pipelining: number;
  readonly timeLimitMs: number;
}

export interface LoadResult {
  /** Answers with a 2xx status. */
  readonly completed: number;
  /** Answers with another status, socket errors and timeouts. */
  readonly errors: number;
  readonly statuses: Record<string, number>;
  readonly elapsedMs: number;
  /** Completed requests per second. */
  readonly rps: number;
  readonly timedOut: boolean;
  /** Status and start of the body of the first non-2xx answer, or the first socket error. */
  readonly firstError: string | null;
  /** CPU time the load generator itself used (user + system), in ms. */
  readonly cpuMs: number;
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const target = new URL(job.url);
  if (target.protocol !== 'http:' || target.hostname !== '127.0.0.1') {
    throw new Error(`the load generator only sends to http://127.0.0.1; got ${job.url}`);
  }
  if (job.bodies.length === 0) throw new Error('a load job needs at least one body');
  let next = 0;
  let firstError: string | null = null;
  // Throughput is timed from the first answer to the last: autocannon notices the end of a job only
  // at its next one-second tick.
  let firstAt: number | null = null;
  let lastAt = 0;
  const cpuBefore = process.cpuUsage();
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: job.url,
        method: job.method,
        headers: job.headers,
        connections: job.connections,
        pipelining: job.pipelining,
        amount: job.count,
        requests: [
          {
            // Autocannon builds each request again when a request has a setup step: one body each.
            setupRequest: (request) => ({ ...request, body: job.bodies[next++ % job.bodies.length] }),
            onResponse: (status, body) => {
              const now = performance.now();
              firstAt ??= now;
              lastAt = now;
              if ((status < 200 || status >= 300) && firstError === null) {
                firstError = `${status} ${body.slice(0, 300)}`;
              }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
  });
  instance?.on('reqError', (error: Error) => {
    firstError ??= error.message;
  });
  const limit = setTimeout(() => instance?.stop(), job.timeLimitMs);
  const result = await finished;
  clearTimeout(limit);
  const cpu = process.cpuUsage(cpuBefore);
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
    statuses[status] = count ?? 0;
  const completed = result['2xx'];
  const answered = completed + result.non2xx;
  // n answers span n - 1 intervals between the first and the last.
  const elapsedMs = firstAt === null ? 0 : lastAt - firstAt;
  return {
    completed,
    errors: result.non2xx + result.errors + result.timeouts,
    statuses,
    elapsedMs,
    rps: answered > 1 && elapsedMs > 0 ? ((completed * (answered - 1)) / answered / elapsedMs) * 1000 : 0,
    timedOut: answered < job.count,
    firstError,
    cpuMs: (cpu.user + cpu.system) / 1000,
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
