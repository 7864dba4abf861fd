/**
 * "Did you mean": the known name closest to a mistyped one (an option, a command, a family, a
 * case id), for the one-line usage errors of every command line of the toolchain.
 */

/**
 * Edits between two strings: insertions, deletions, substitutions and swaps of two neighbours
 * (the optimal string alignment distance), so `--shrad` is one edit from `--shard`.
 */
export function editDistance(a: string, b: string): number {
  // Three rows: the one two back (for swaps), the previous and the current.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, twoBack[j - 2]! + 1);
      current.push(d);
    }
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate `word` most likely means, or undefined when none is close: the nearest within
 * a third of the word's length in edits (at least one, at most three: a long id is one or two
 * typos from the one meant, not seven; and fewer than the candidate's own length: `x` means no
 * `a`; case ignored; the first listed wins a tie), else the only candidate the word begins (three characters at least: `--expected` for
 * `--expected-failures`). An exact match is not a suggestion.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const typed = word.toLowerCase();
  const names = [...new Set(candidates)].filter((c) => c !== word);
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of names) {
    const d = editDistance(typed, name.toLowerCase());
    if (d < bestDistance && d < name.length) [best, bestDistance] = [name, d];
  }
  if (best !== undefined) return best;
  const extending = typed.length >= 3 ? names.filter((n) => n.toLowerCase().startsWith(typed)) : [];
  return extending.length === 1 ? extending[0] : undefined;
}

/**
 * ` (did you mean X?)` for the candidate closest to `word`, or '' when none is close; `show`
 * writes the name as the message does (`--shard`, `"dreams"`).
 */
export function didYouMean(
  word: string,
  candidates: Iterable<string>,
  show: (name: string) => string = (name) => name,
): string {
  const near = closest(word, candidates);
  return near === undefined ? '' : ` (did you mean ${show(near)}?)`;
}
