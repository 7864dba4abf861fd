/** Header helpers: the beta header merge and header normalisation. */

/** Splits a comma-separated beta header value into trimmed, non-empty identifiers. */
export function splitBetas(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * Merges beta identifiers, the operation's required ones first, dropping duplicates and blanks;
 * returns the header value, or undefined when there is none.
 */
export function mergeBetas(...groups: ReadonlyArray<readonly string[] | undefined>): string | undefined {
  const seen = new Set<string>();
  for (const group of groups) {
    for (const raw of group ?? []) for (const b of splitBetas(raw)) seen.add(b);
  }
  return seen.size ? [...seen].join(',') : undefined;
}

/** Lower-cases header names and joins array values with `, `. */
export function normalizeResponseHeaders(
  raw: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
