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

/**
 * Text that came from outside (a driver's output, a server's answer) as the console shows it:
 * control characters, which would move the cursor, recolour or rewrite the lines around them, and
 * the characters that reorder a line are written as escapes (`\u001b`); line breaks and tabs stay.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** C0 and C1 controls but line feed and tab, and the characters that reorder a line. */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

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
  const extra =
    r.outcome === 'skipped' || r.outcome === 'expected-failure' ? dim(` (${printable(r.reason ?? '')})`) : '';
  return `${dim(`[${String(index + 1).padStart(String(total).length)}/${total}]`)} ${colored} ${r.id} ${dim(`${Math.round(r.durationMs)} ms, ${r.requests} req`)}${extra}`;
}

export function failureBlock(r: CaseResult, replayCommand: (tracePath: string) => string): string {
  const f = r.failure;
  if (!f) return '';
  const lines = [
    red(`✗ ${r.id}: ${r.title}`),
    `  requirements: ${r.requirements.join(', ')}`,
    `  ${printable(f.message)}`,
    `  seed: ${f.seed}`,
  ];
  if (f.path) lines.push(`  path: ${f.path}`);
  if (f.counterexample) lines.push(`  minimal counterexample: ${printable(f.counterexample)}`);
  const http = f.steps.filter((s) => s.kind === 'http');
  if (http.length) {
    lines.push(`  requests of the failing run (${http.length}):`);
    for (const [i, s] of f.steps.entries()) {
      if (s.kind === 'fixture') {
        lines.push(
          dim(
            `    ${i}. fixture ${printable(s.call)}(${printable(JSON.stringify(s.args).slice(1, -1).slice(0, 120))})`,
          ),
        );
        continue;
      }
      const marker = i === f.step ? red('→') : ' ';
      const body = s.request.body !== undefined ? ` ${JSON.stringify(s.request.body).slice(0, 160)}` : '';
      lines.push(`   ${marker}${i}. ${printable(`${s.request.method} ${s.request.target}${body}`)}`);
      if (s.actual)
        lines.push(
          dim(printable(`        got ${s.actual.status} ${JSON.stringify(s.actual.body).slice(0, 200)}`)),
        );
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
  if (r.tracePath)
    lines.push(`  trace: ${printable(r.tracePath)}`, `  replay: ${printable(replayCommand(r.tracePath))}`);
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

/** Conformant, partial (nothing failed, but part of the contract went unchecked) or not conformant. */
export type Verdict = 'conformant' | 'partial' | 'not conformant';

/** How much of the contract a run checked, and its verdict. */
export interface Coverage {
  readonly verdict: Verdict;
  /** Requirement ids the run's cases cite. */
  readonly cited: number;
  /** Of `cited`: those a passing case checked. */
  readonly checked: number;
  /** Of `cited`: those a failing case cites. */
  readonly failing: readonly string[];
  /** Cases skipped that leave something unchecked (not those left off by --opt-in). */
  readonly skipped: number;
  /** Passing cases that earned less than they cite (what they observed does not back it all). */
  readonly uncredited: number;
}

export function runCoverage(results: readonly CaseResult[]): Coverage {
  const byReq = new Map<string, CaseResult['outcome'][]>();
  for (const r of results)
    for (const id of r.requirements) byReq.set(id, [...(byReq.get(id) ?? []), r.outcome]);
  const failing = [...byReq]
    .filter(([, os]) => os.includes('failed') || os.includes('unexpected-pass'))
    .map(([id]) => id)
    .sort();
  // No credit without observation: a requirement is checked only where a passing case earned it.
  const credited = new Set(results.flatMap((r) => (r.outcome === 'passed' ? r.credited : [])));
  const checked = [...byReq.keys()].filter((id) => credited.has(id)).length;
  const skipped = uncheckedSkips(results).length;
  const uncredited = results.filter((r) => r.outcome === 'passed' && r.uncredited !== undefined).length;
  const failed = results.some((r) => r.outcome === 'failed' || r.outcome === 'unexpected-pass');
  return {
    verdict: failed ? 'not conformant' : skipped || uncredited ? 'partial' : 'conformant',
    uncredited,
    cited: byReq.size,
    checked,
    failing,
    skipped,
  };
}

const percentOf = (n: number, of: number) => (of ? Math.floor((100 * n) / of) : 100);

/**
 * The summary's first line: the verdict and how much of the contract the run checked.
 * `partial — 164 of 459 requirements checked (35 %); 99 of 142 cases skipped (see below)`.
 */
export function verdictLine(results: readonly CaseResult[]): string {
  const c = runCoverage(results);
  const paint = c.verdict === 'conformant' ? green : c.verdict === 'partial' ? yellow : red;
  return `${paint(`Verdict: ${c.verdict}`)} — ${c.checked} of ${c.cited} requirements checked (${percentOf(c.checked, c.cited)} %)${
    c.failing.length ? `, ${c.failing.length} failing` : ''
  }${c.skipped ? `; ${c.skipped} of ${results.length} cases skipped, not checked (reasons below)` : ''}${
    c.uncredited ? `; ${c.uncredited} passing cases observed less than they cite (below)` : ''
  }`;
}

export function summary(
  results: readonly CaseResult[],
  elapsedMs: number,
  options: {
    readonly failOnSkip?: boolean;
    /** What the skipped-for-capabilities line says (`no control API or adapter given`). */
    readonly lackHeadline?: string;
  } = {},
): string {
  const lines = ['', verdictLine(results), '', 'By family:'];
  for (const [family, rs] of byFamily(results)) {
    const t = reportTotals(rs);
    lines.push(
      `  ${family.padEnd(22)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(4)} failed ${String(t.skipped).padStart(4)} skipped`,
    );
  }
  const coverage = runCoverage(results);
  lines.push(
    '',
    `Requirements: ${coverage.cited} cited, ${coverage.checked} checked by a passing case, ${coverage.failing.length} with a failure`,
  );
  if (coverage.failing.length) lines.push(`  failing: ${coverage.failing.join(', ')}`);
  const earnedLess = results.filter((r) => r.outcome === 'passed' && r.uncredited !== undefined);
  if (earnedLess.length) {
    lines.push(
      '',
      yellow(
        `${earnedLess.length} passing cases observed less than they cite (no credit without observation):`,
      ),
      ...earnedLess.map(
        (r) =>
          `  ${r.id}: ${r.credited.length} of ${r.requirements.length} requirements credited; ${r.uncredited}`,
      ),
    );
  }
  const advised = results.filter((r) => r.advisories?.length);
  if (advised.length) {
    lines.push(
      '',
      yellow(
        `Advisories: ${advised.length} cases did not meet the suite's own policy where the documents are silent (never the verdict or the exit code):`,
      ),
      ...advised.flatMap((r) =>
        (r.advisories ?? []).map(
          (a) =>
            `  ${r.id} (${a.unspecified}, ${a.count} ${a.count === 1 ? 'check' : 'checks'}): ${printable(a.message.split('\n')[0] ?? '')}\n      why the suite asks: ${a.reason}`,
        ),
      ),
    );
  }
  const totals = reportTotals(results);
  if (totals.skipped) {
    // Skips for want of a capability are read by capability (what offering it would unlock); the
    // others by their reason.
    const reasons = new Map<string, number>();
    const lacking = new Map<string, number>();
    let forCapabilities = 0;
    for (const r of results) {
      if (r.outcome !== 'skipped') continue;
      if (r.missing?.length) {
        forCapabilities += 1;
        for (const c of r.missing) lacking.set(c, (lacking.get(c) ?? 0) + 1);
      } else reasons.set(r.reason ?? '', (reasons.get(r.reason ?? '') ?? 0) + 1);
    }
    lines.push(
      '',
      (options.failOnSkip && uncheckedSkips(results).length ? red : yellow)(
        `${totals.skipped} of ${totals.cases} cases skipped, not checked${options.failOnSkip ? (uncheckedSkips(results).length ? ' (--fail-on-skip: the run fails)' : ' (only cases the run did not opt in to)') : ' (--fail-on-skip makes that fail the run)'}:`,
      ),
    );
    if (forCapabilities)
      lines.push(
        `  ${String(forCapabilities).padStart(4)} ${options.lackHeadline ?? 'the adapter lacks a capability they need'}; cases each capability would unlock:`,
        ...[...lacking]
          .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
          .map(([c, n]) => `       ${String(n).padStart(4)} ${c}`),
      );
    lines.push(
      ...[...reasons]
        .sort(([, a], [, b]) => b - a)
        .map(([reason, n]) => `  ${String(n).padStart(4)} ${reason}`),
    );
  }
  lines.push('', totalsLine(totals, elapsedMs));
  return lines.join('\n');
}
