/** Dream polling: dreams run minutes to tens of minutes; poll by id until settled. */
import { dreamRules } from '@vendor-api/spec';
import { operations } from '../generated/operations.js';
import { sleep } from '../internal/retry.js';
import { APIConnectionTimeoutError, APIUserAbortError } from './errors.js';
import type { Core, RequestOptions } from './types.js';

/**
 * Statuses in which a dream is still working (the spec's active statuses); any other status is
 * settled.
 */
export const UNSETTLED_DREAM_STATUSES: readonly string[] = dreamRules.ACTIVE_STATUSES;

export interface WaitForDreamOptions {
  /** Delay between polls (default 5000 ms). */
  readonly intervalMs?: number;
  /** Give up after this long (default: no limit) with `APIConnectionTimeoutError`. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Called with each polled dream. */
  readonly onPoll?: (dream: { readonly status: string }) => void;
  /** Options for each retrieve request. */
  readonly requestOptions?: RequestOptions;
}

/**
 * Polls `GET /v1/dreams/{dream_id}` until the status is neither `pending` nor `running`, and
 * returns that dream (completed, failed or canceled; statuses unknown today count as settled).
 */
export async function waitForDream<D extends { readonly status: string } = { readonly status: string }>(
  client: { readonly core: Core } | Core,
  dreamId: string,
  options: WaitForDreamOptions = {},
): Promise<D> {
  const core = 'core' in client ? client.core : client;
  const interval = options.intervalMs ?? 5000;
  const deadline =
    options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.timeoutMs;
  const op = operations['dreams.retrieve'];
  for (;;) {
    if (options.signal?.aborted) throw new APIUserAbortError(undefined, { cause: options.signal.reason });
    const dream = await core.request<D>(
      op,
      { path: { dream_id: dreamId } },
      { ...options.requestOptions, ...(options.signal ? { signal: options.signal } : {}) },
    );
    options.onPoll?.(dream);
    if (!dreamRules.shouldKeepPolling(dream.status)) return dream;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new APIConnectionTimeoutError(
        `dream ${dreamId} still ${dream.status} after ${options.timeoutMs} ms of polling`,
      );
    }
    try {
      await sleep(Math.min(interval, left), options.signal);
    } catch (error) {
      throw new APIUserAbortError(undefined, { cause: error });
    }
  }
}
