/**
 * Background happenings by due instant: batches whose processing ends or whose 24-hour deadline
 * comes, dreams whose pipeline starts or succeeds. A binary min-heap, so catching up costs only
 * what is due (nothing when nothing is), never a scan of every stored batch and dream.
 *
 * An entry only says "look at this record at this instant": the lifecycle modules decide from the
 * record what, if anything, happens then. A record whose schedule changed (test control drove
 * it) leaves a stale entry that finds nothing to do.
 */
export type ScheduledKind = 'batch' | 'dream';

export interface ScheduledEntry {
  readonly at: number;
  /** Order of scheduling: entries due at the same instant come out in the order they went in. */
  readonly seq: number;
  readonly kind: ScheduledKind;
  readonly id: string;
}

export class Schedule {
  readonly #heap: ScheduledEntry[] = [];
  #seq = 0;

  get size(): number {
    return this.#heap.length;
  }

  /** Looks at record `id` of `kind` once the clock reaches `at`. */
  add(at: number, kind: ScheduledKind, id: string): void {
    const heap = this.#heap;
    heap.push({ at, seq: this.#seq++, kind, id });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as ScheduledEntry, heap[parent] as ScheduledEntry)) break;
      swap(heap, i, parent);
      i = parent;
    }
  }

  /** Removes and returns the earliest entry due at `now`, or null when none is. */
  takeDue(now: number): ScheduledEntry | null {
    const heap = this.#heap;
    const top = heap[0];
    if (top === undefined || top.at > now) return null;
    const last = heap.pop() as ScheduledEntry;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let least = i;
        if (l < heap.length && before(heap[l] as ScheduledEntry, heap[least] as ScheduledEntry)) least = l;
        if (r < heap.length && before(heap[r] as ScheduledEntry, heap[least] as ScheduledEntry)) least = r;
        if (least === i) break;
        swap(heap, i, least);
        i = least;
      }
    }
    return top;
  }
}

const before = (a: ScheduledEntry, b: ScheduledEntry): boolean =>
  a.at < b.at || (a.at === b.at && a.seq < b.seq);

function swap(heap: ScheduledEntry[], i: number, j: number): void {
  const t = heap[i] as ScheduledEntry;
  heap[i] = heap[j] as ScheduledEntry;
  heap[j] = t;
}
