/**
 * A tiny benchmark harness: each case runs until a time budget is spent (after a warm-up), the
 * median per-iteration time is kept, and results are reported as ratios to a baseline measured in
 * the same run, so machine speed cancels out.
 */

export interface Measurement {
  readonly name: string;
  readonly medianMs: number;
  readonly runs: number;
}

export function measure(
  name: string,
  fn: () => unknown,
  { budgetMs = 1500, warmup = 3, minRuns = 7 } = {},
): Measurement {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  const start = performance.now();
  while (times.length < minRuns || performance.now() - start < budgetMs) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    if (times.length > 10_000) break;
  }
  times.sort((a, b) => a - b);
  return { name, medianMs: times[Math.floor(times.length / 2)]!, runs: times.length };
}

export interface Target {
  /** `max`: the ratio must be at most `value`; `min`: at least. */
  readonly kind: 'max' | 'min';
  readonly value: number;
}

export function report(
  title: string,
  baseline: Measurement,
  others: readonly Measurement[],
  targets: Record<string, Target> = {},
): boolean {
  console.log(`\n${title}`);
  console.log(
    `  ${'case'.padEnd(46)} ${'median ms'.padStart(10)} ${'runs'.padStart(6)} ${'ratio'.padStart(7)}  target`,
  );
  let ok = true;
  for (const m of [baseline, ...others]) {
    const ratio = m.medianMs / baseline.medianMs;
    const t = targets[m.name];
    const verdict = t
      ? (t.kind === 'max' ? ratio <= t.value : ratio >= t.value)
        ? `${t.kind} ${t.value}: met`
        : `${t.kind} ${t.value}: MISSED`
      : m === baseline
        ? 'baseline'
        : '';
    if (t && verdict.endsWith('MISSED')) ok = false;
    console.log(
      `  ${m.name.padEnd(46)} ${m.medianMs.toFixed(3).padStart(10)} ${String(m.runs).padStart(6)} ${ratio.toFixed(3).padStart(7)}  ${verdict}`,
    );
  }
  return ok;
}
