/**
 * The injected clock. Every timestamp the server writes and every background step it takes reads
 * this clock, so a manual clock makes the whole server deterministic. A movable clock never
 * stands past the latest instant a timestamp can write (`TIMESTAMP_RANGE_MS`): a move there is
 * refused (`ClockRangeError`), since every later answer would carry a timestamp it cannot write.
 */
import { TIMESTAMP_RANGE_MS } from '@vendor-api/spec';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock. */
export const realClock: Clock = { now: () => Date.now() };

/** A move of a clock refused because it would leave the instants a timestamp can write. */
export class ClockRangeError extends RangeError {
  override name = 'ClockRangeError';
}

/** `to`, when a clock may stand there; else a `ClockRangeError` saying what `move` would do. */
function withinRange(to: number, move: string): number {
  if (to > TIMESTAMP_RANGE_MS.latest || to < TIMESTAMP_RANGE_MS.earliest) {
    throw new ClockRangeError(
      `${move} would put the clock at ${to} ms since the epoch, outside the instants a timestamp can write (${iso(TIMESTAMP_RANGE_MS.earliest)} to ${iso(TIMESTAMP_RANGE_MS.latest)})`,
    );
  }
  return to;
}

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: number | string | Date = '2026-01-01T00:00:00.000Z') {
    this.#now = withinRange(toMs(start), 'starting it there');
  }

  now(): number {
    return this.#now;
  }

  /** Moves the clock forward by `ms` (negative values are refused: time does not go back). */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    this.#now = withinRange(this.#now + ms, `advancing it by ${ms} ms`);
    return this.#now;
  }

  /** Sets the clock to an instant not before the current one. */
  set(to: number | string | Date): number {
    const ms = toMs(to);
    if (ms < this.#now) throw new RangeError('cannot move the clock backwards');
    this.#now = withinRange(ms, 'setting it');
    return this.#now;
  }
}

export function isManualClock(clock: Clock): clock is ManualClock {
  return clock instanceof ManualClock;
}

/**
 * The wall clock as the sandbox runs it: it follows real time, and can be moved forward and
 * frozen (test control), never back. Frozen, it stands at the instant it was frozen at until it is
 * moved or resumed; resumed, it goes on from there at the wall clock's pace.
 */
export class SandboxClock implements Clock {
  readonly #wall: () => number;
  /** What is added to the wall clock (grows with every move forward and every frozen span). */
  #offset = 0;
  /** The instant the clock stands at while frozen. */
  #frozenAt: number | null = null;
  /** The last instant answered: the clock never goes back, even if the wall clock does. */
  #last = Number.NEGATIVE_INFINITY;

  constructor(wall: () => number = Date.now) {
    this.#wall = wall;
  }

  now(): number {
    const now = this.#frozenAt ?? this.#wall() + this.#offset;
    this.#last = Math.max(this.#last, now);
    return this.#last;
  }

  get frozen(): boolean {
    return this.#frozenAt !== null;
  }

  /** Moves the clock forward by `ms` (negative values are refused: time does not go back). */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    withinRange(this.now() + ms, `advancing it by ${ms} ms`);
    if (this.#frozenAt !== null) this.#frozenAt += ms;
    else this.#offset += ms;
    return this.now();
  }

  /** Stops the clock at the current instant. */
  freeze(): number {
    this.#frozenAt ??= this.now();
    return this.#frozenAt;
  }

  /** Lets a frozen clock run again from the instant it stands at. */
  resume(): number {
    if (this.#frozenAt !== null) {
      this.#offset = this.#frozenAt - this.#wall();
      this.#frozenAt = null;
    }
    return this.now();
  }
}

/** A clock test control can move forward. */
export type MovableClock = ManualClock | SandboxClock;

export function isMovableClock(clock: Clock): clock is MovableClock {
  return clock instanceof ManualClock || clock instanceof SandboxClock;
}

/** How a clock runs, as the banner and test control name it. */
export function clockMode(clock: Clock): 'manual' | 'wall (frozen)' | 'wall' {
  if (clock instanceof ManualClock) return 'manual';
  return clock instanceof SandboxClock && clock.frozen ? 'wall (frozen)' : 'wall';
}

function toMs(value: number | string | Date): number {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(value)}`);
  return ms;
}

/** RFC 3339 (UTC, milliseconds) of an instant. */
export const iso = (ms: number): string => new Date(ms).toISOString();
