/**
 * Waiting for the server's own progress (a batch processing, a dream pipeline) where the adapter
 * cannot drive it: the case polls the documented API, as a client would, until what it waits for
 * is observed, within the run's `--max-wait`. With the adapter's clock the suite moves the
 * server's time instead of sleeping (up to `--max-wait` of server time); without it, real time
 * passes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CaseContext } from './case.js';
import { CheckFailure } from './http.js';

/** Default of `--max-wait`: how long one wait for a batch or a dream may take. */
export const DEFAULT_MAX_WAIT_MS = 120_000;

/** First pause between two polls, and the longest one (waits for an end back off to it). */
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 1_000;
/** A wait for a state that passes polls briskly at first (a dream runs for a while, then ends). */
const BRISK_FOR_MS = 5_000;
const BRISK_PAUSE_MS = 50;
const CALM_PAUSE_MS = 250;

export interface WaitOptions<T> {
  /** What is waited for, for the message when the wait runs out: `batch msgbatch_1 to end`. */
  readonly what: string;
  /** One read of the documented API (recorded like every call of the case). */
  readonly poll: () => Promise<T>;
  readonly done: (value: T) => boolean;
  /** What was last observed, for the message when the wait runs out: `in_progress`. */
  readonly describe: (value: T) => string;
  /**
   * `end` (default): a state that lasts (an ended batch or dream), polled with a backoff;
   * `passing`: a state that passes (a running dream), polled briskly so it is seen.
   */
  readonly kind?: 'end' | 'passing';
}

export interface Waited<T> {
  /** The last value polled: the one `done` accepted. */
  readonly value: T;
  /** Server time the suite moved through the adapter's clock while waiting (0 on the wall clock). */
  readonly movedMs: number;
}

/** `90s`, `5m`, `1500ms`, `1h`, or a bare number of seconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!m) return null;
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = Math.round(Number(m[1]) * unit);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

/** A duration as the run's header and messages print it: `120 s`, `5 min`, `250 ms`. */
export function durationText(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} min`;
  return `${Number((ms / 1_000).toFixed(3))} s`;
}

/**
 * Polls until `done` accepts what the server answers, within the run's maximum wait; a wait that
 * runs out fails the case with what was last observed. The time spent here does not count toward
 * the case's own timeout (it is bounded by the maximum wait instead).
 */
export async function waitUntil<T>(ctx: CaseContext, options: WaitOptions<T>): Promise<Waited<T>> {
  const maxWaitMs = ctx.settings.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const clock = ctx.adapter.capabilities.has('clock') && typeof ctx.adapter.advanceClock === 'function';
  return ctx.waiting(async () => {
    const started = performance.now();
    let movedMs = 0;
    let pause = clock ? 1_000 : FIRST_PAUSE_MS;
    for (let polls = 1; ; polls++) {
      const value = await options.poll();
      if (options.done(value)) return { value, movedMs };
      const waited = clock ? movedMs : performance.now() - started;
      if (waited >= maxWaitMs || (clock && performance.now() - started >= maxWaitMs))
        throw new CheckFailure(
          `waited for ${options.what}: still ${options.describe(value)} after ${polls} polls over ${durationText(Math.round(waited))} of ${clock ? 'server time moved through the clock' : 'real time'} (--max-wait ${durationText(maxWaitMs)}); a slower server needs a longer --max-wait`,
          null,
        );
      if (clock) {
        // Server time moves by growing steps, never past the maximum wait in all.
        const step = Math.min(pause, maxWaitMs - movedMs);
        await ctx.fixture('clock', 'advanceClock', step);
        movedMs += step;
        pause *= 2;
      } else {
        const elapsed = performance.now() - started;
        const next =
          options.kind === 'passing'
            ? elapsed < BRISK_FOR_MS
              ? BRISK_PAUSE_MS
              : CALM_PAUSE_MS
            : Math.min(LONGEST_PAUSE_MS, pause);
        await sleep(Math.max(0, Math.min(next, maxWaitMs - elapsed)));
        pause = Math.ceil(pause * 1.5);
      }
    }
  });
}
