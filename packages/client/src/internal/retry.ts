/** Retry policy: which outcomes are retried and how long to wait before the next attempt. */

/** Statuses retried: request timeout, conflict (lock), rate limit, and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

const MAX_HONOURED_MS = 60_000;

/**
 * The server's wish from `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP
 * date); undefined when absent, unparsable, negative or over a minute.
 */
export function retryAfterMs(
  headers: Readonly<Record<string, string>>,
  now = Date.now(),
): number | undefined {
  const ms = headers['retry-after-ms'];
  if (ms !== undefined && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0 && n <= MAX_HONOURED_MS) return n;
  }
  const ra = headers['retry-after'];
  if (ra !== undefined && ra.trim() !== '') {
    const seconds = Number(ra);
    if (Number.isFinite(seconds)) {
      return seconds >= 0 && seconds * 1000 <= MAX_HONOURED_MS ? seconds * 1000 : undefined;
    }
    const date = Date.parse(ra);
    if (Number.isFinite(date)) {
      const wait = date - now;
      return wait <= MAX_HONOURED_MS ? Math.max(0, wait) : undefined;
    }
  }
  return undefined;
}

export interface BackoffOptions {
  /** First delay in ms (default 500). */
  readonly initialMs?: number;
  /** Largest delay in ms (default 8000). */
  readonly maxMs?: number;
  readonly random?: () => number;
}

/**
 * Exponential backoff with jitter for retry number `retry` (0 for the first retry):
 * `min(initial * 2^retry, max)` reduced by up to 25 % at random.
 */
export function backoffMs(retry: number, options: BackoffOptions = {}): number {
  const initial = options.initialMs ?? 500;
  const max = options.maxMs ?? 8000;
  const base = Math.min(initial * 2 ** retry, max);
  const jitter = 1 - (options.random ?? Math.random)() * 0.25;
  return Math.round(base * jitter);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
