/**
 * Timestamps read on the wall clock: the server's clock and the client's may differ by any
 * offset, so an instant the server wrote is bounded by another instant it wrote and a duration the
 * client measured, never by the client's own time of day.
 */

/** Timestamp precision a server may round to (RFC 3339 allows whole seconds). */
const PRECISION_MS = 1_000;

/**
 * The problem with a record's `ended_at` on the wall clock, or null: the record ended after it was
 * created and before the client saw it ended, so `ended_at` lies between `created_at` and
 * `created_at` plus the time the client measured from before the creation was sent (`sentAt`) to
 * after the ended record was read (`seenAt`; both `performance.now()`).
 */
export function endedAtProblem(
  record: { readonly created_at: string; readonly ended_at: string | null },
  sentAt: number,
  seenAt: number,
): string | null {
  if (record.ended_at === null) return null;
  const created = Date.parse(record.created_at);
  const ended = Date.parse(record.ended_at);
  if (!Number.isFinite(created) || !Number.isFinite(ended)) return null;
  if (ended < created - PRECISION_MS)
    return `ended_at ${record.ended_at} is before created_at ${record.created_at}`;
  if (ended > created + (seenAt - sentAt) + PRECISION_MS)
    return `ended_at ${record.ended_at} is later than the moment it was read ended, ${Math.round(seenAt - sentAt)} ms after its creation was sent (created_at ${record.created_at})`;
  return null;
}
