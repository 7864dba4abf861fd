/**
 * The injected clock. Every timestamp the server writes and every background step it takes reads
 * this clock, so a manual clock makes the whole server deterministic.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock. */
export const realClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: number | string | Date = '2026-01-01T00:00:00.000Z') {
    this.#now = toMs(start);
  }

  now(): number {
    return this.#now;
  }

  /** Moves the clock forward by `ms` (negative values are refused: time does not go back). */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    this.#now += ms;
    return this.#now;
  }

  /** Sets the clock to an instant not before the current one. */
  set(to: number | string | Date): number {
    const ms = toMs(to);
    if (ms < this.#now) throw new RangeError('cannot move the clock backwards');
    this.#now = ms;
    return this.#now;
  }
}

export function isManualClock(clock: Clock): clock is ManualClock {
  return clock instanceof ManualClock;
}

function toMs(value: number | string | Date): number {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(value)}`);
  return ms;
}

/** RFC 3339 (UTC, milliseconds) of an instant. */
export const iso = (ms: number): string => new Date(ms).toISOString();
