/**
 * Console output: a line per case as it finishes (live progress), then failures with everything
 * needed to reproduce them, and summaries by family and by requirement. Colour only where stdout
 * shows it (`util.styleText`: a terminal or FORCE_COLOR, never with NO_COLOR).
 */
import { paint } from '@vendor-api/spec/cli';
import { type CaseResult, uncheckedSkips } from '../runner.js';
import { byFamily, type ReportTotals, reportTotals } from './totals.js';

const green = (s: string) => paint('green', s);
const red = (s: string) => paint('red', s);
const yellow = (s: string) => paint('yellow', s);
const dim = (s: string) => paint('dim', s);

const MARK: Record<CaseResult['outcome'], string> = {
  passed: 'ok  ',
  failed: 'FAIL',
  skipped: 'skip',
  'expected-failure': 'xfail',
  'unexpected-pass': 'XPASS',
};

export function progressLine(r: CaseResult, index: number, total: number): string {
  const mark = MARK[r.outcome];
  const colored =
    r.outcome === 'passed'
      ? green(mark)
      : r.outcome === 'skipped' || r.outcome === 'expected-failure'
        ? yellow(mark)
        : red(mark);
  const extra = r.outcome === 'skipped' || r.outcome === 'expected-failure' ? dim(` (${r.reason})`) : '';
  return `${dim(`[${String(index + 1).padStart(String(total).length)}/${total}]`)} ${colored} ${r.id} ${dim(`${Math.round(r.durationMs)} ms, ${r.requests} req`)}${extra}`;
}

export function failureBlock(r: CaseResult, replayCommand: (tracePath: string) => string): string {
  const f = r.failure;
  if (!f) return '';
  const lines = [
    red(`✗ ${r.id}: ${r.title}`),
    `  requirements: ${r.requirements.join(', ')}`,
    `  ${f.message}`,
    `  seed: ${f.seed}`,
  ];
  if (f.path) lines.push(`  path: ${f.path}`);
  if (f.counterexample) lines.push(`  minimal counterexample: ${f.counterexample}`);
  const http = f.steps.filter((s) => s.kind === 'http');
  if (http.length) {
    lines.push(`  requests of the failing run (${http.length}):`);
    for (const [i, s] of f.steps.entries()) {
      if (s.kind === 'fixture') {
        lines.push(dim(`    ${i}. fixture ${s.call}(${JSON.stringify(s.args).slice(1, -1).slice(0, 120)})`));
        continue;
      }
      const marker = i === f.step ? red('→') : ' ';
      const body = s.request.body !== undefined ? ` ${JSON.stringify(s.request.body).slice(0, 160)}` : '';
      lines.push(`   ${marker}${i}. ${s.request.method} ${s.request.target}${body}`);
      if (s.actual)
        lines.push(dim(`        got ${s.actual.status} ${JSON.stringify(s.actual.body).slice(0, 200)}`));
      if (s.expect.length)
        lines.push(
          dim(
            `        expected ${s.expect
              .map((e) => JSON.stringify(e))
              .join(', ')
              .slice(0, 200)}`,
          ),
        );
    }
  }
  if (r.tracePath) lines.push(`  trace: ${r.tracePath}`, `  replay: ${replayCommand(r.tracePath)}`);
  return lines.join('\n');
}

/** The totals line of the console, the same numbers as the JUnit and JSON reports. */
export function totalsLine(t: ReportTotals, elapsedMs: number): string {
  return (
    `${t.passed} passed, ${t.failed} failed` +
    (t.unexpectedPasses ? ` (${t.unexpectedPasses} listed expected failures that passed)` : '') +
    `, ${t.skipped} skipped` +
    (t.expectedFailures ? `, ${t.expectedFailures} expected failures` : '') +
    ` — ${t.cases} cases, ${t.requests} requests, ${(elapsedMs / 1000).toFixed(1)} s`
  );
}

export function summary(
  results: readonly CaseResult[],
  elapsedMs: number,
  options: { readonly failOnSkip?: boolean } = {},
): string {
  const lines = ['', 'By family:'];
  for (const [family, rs] of byFamily(results)) {
    const t = reportTotals(rs);
    lines.push(
      `  ${family.padEnd(22)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(4)} failed ${String(t.skipped).padStart(4)} skipped`,
    );
  }
  const byReq = new Map<string, CaseResult['outcome'][]>();
  for (const r of results)
    for (const id of r.requirements) byReq.set(id, [...(byReq.get(id) ?? []), r.outcome]);
  const failedReqs = [...byReq]
    .filter(([, os]) => os.includes('failed') || os.includes('unexpected-pass'))
    .map(([id]) => id);
  const checked = [...byReq].filter(([, os]) => os.includes('passed')).length;
  lines.push(
    '',
    `Requirements: ${byReq.size} cited, ${checked} checked by a passing case, ${failedReqs.length} with a failure`,
  );
  if (failedReqs.length) lines.push(`  failing: ${failedReqs.sort().join(', ')}`);
  const totals = reportTotals(results);
  if (totals.skipped) {
    const reasons = new Map<string, number>();
    for (const r of results)
      if (r.outcome === 'skipped') reasons.set(r.reason ?? '', (reasons.get(r.reason ?? '') ?? 0) + 1);
    lines.push(
      '',
      (options.failOnSkip && uncheckedSkips(results).length ? red : yellow)(
        `${totals.skipped} of ${totals.cases} cases skipped, not checked${options.failOnSkip ? (uncheckedSkips(results).length ? ' (--fail-on-skip: the run fails)' : ' (only cases the run did not opt in to)') : ' (--fail-on-skip makes that fail the run)'}:`,
      ),
      ...[...reasons]
        .sort(([, a], [, b]) => b - a)
        .map(([reason, n]) => `  ${String(n).padStart(4)} ${reason}`),
    );
  }
  lines.push('', totalsLine(totals, elapsedMs));
  return lines.join('\n');
}
