/**
 * Console output: a line per case as it finishes (live progress), then failures with everything
 * needed to reproduce them, and summaries by family and by requirement. `NO_COLOR` is respected.
 */
import type { CaseResult } from '../runner.js';

const useColor = () => !process.env.NO_COLOR && process.stdout.isTTY === true;
const paint = (code: number) => (s: string) => (useColor() ? `\x1b[${code}m${s}\x1b[0m` : s);
const green = paint(32);
const red = paint(31);
const yellow = paint(33);
const dim = paint(2);

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

export function summary(results: readonly CaseResult[], elapsedMs: number): string {
  const count = (o: CaseResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const families = new Map<string, CaseResult[]>();
  for (const r of results) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  const lines = ['', 'By family:'];
  for (const [family, rs] of [...families].sort(([a], [b]) => a.localeCompare(b))) {
    const p = rs.filter((r) => r.outcome === 'passed').length;
    const f = rs.filter((r) => r.outcome === 'failed' || r.outcome === 'unexpected-pass').length;
    const s = rs.filter((r) => r.outcome === 'skipped').length;
    lines.push(
      `  ${family.padEnd(22)} ${String(p).padStart(4)} passed ${String(f).padStart(4)} failed ${String(s).padStart(4)} skipped`,
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
  lines.push(
    '',
    `${count('passed')} passed, ${count('failed') + count('unexpected-pass')} failed, ${count('skipped')} skipped` +
      (count('expected-failure') ? `, ${count('expected-failure')} expected failures` : '') +
      ` — ${results.length} cases, ${requests} requests, ${(elapsedMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
