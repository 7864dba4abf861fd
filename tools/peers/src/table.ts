/**
 * The two tables of the comparison, as plain text (Markdown tables, so README takes them as they
 * are printed): the suite and Schemathesis on the same targets, and the sandbox and the mocks on
 * the same scenario.
 */

/** One tool's verdict on one target. */
export interface ToolVerdict {
  /** Found something on this target: a failed case, or a Schemathesis finding the clean run lacks. */
  readonly found: boolean;
  /** Ran out of budget before a verdict (the suite only). */
  readonly unfinished?: boolean;
  /** What found it (a case id, or Schemathesis' new findings). */
  readonly by: string;
  readonly requests: number;
  readonly seconds: number;
}

export interface TargetRow {
  /** `clean`, a fault's name, or a variant's. */
  readonly name: string;
  readonly kind: 'clean' | 'fault' | 'variant';
  readonly suite: ToolVerdict;
  readonly schemathesis: ToolVerdict;
}

export const TOOLS = ['suite', 'schemathesis'] as const;
type Tool = (typeof TOOLS)[number];

const TOOL_NAMES: Record<Tool, string> = { suite: 'our suite', schemathesis: 'Schemathesis' };

const sum = (rows: readonly TargetRow[], tool: Tool, f: (v: ToolVerdict) => number) =>
  rows.reduce((n, r) => n + f(r[tool]), 0);

/** What each tool scored: faults killed, variants passed (nothing found), requests and seconds. */
export function scores(rows: readonly TargetRow[], tool: Tool) {
  const faults = rows.filter((r) => r.kind === 'fault');
  const variants = rows.filter((r) => r.kind === 'variant');
  return {
    killed: faults.filter((r) => r[tool].found).length,
    faults: faults.length,
    passed: variants.filter((r) => !r[tool].found && !r[tool].unfinished).length,
    variants: variants.length,
    requests: sum(rows, tool, (v) => v.requests),
    seconds: sum(rows, tool, (v) => v.seconds),
  };
}

/** Faults one tool kills and the other misses, by name. */
export function differences(rows: readonly TargetRow[]): Record<Tool, string[]> {
  const faults = rows.filter((r) => r.kind === 'fault');
  return {
    suite: faults.filter((r) => r.suite.found && !r.schemathesis.found).map((r) => r.name),
    schemathesis: faults.filter((r) => r.schemathesis.found && !r.suite.found).map((r) => r.name),
  };
}

const cell = (v: ToolVerdict, kind: TargetRow['kind']) => {
  if (v.unfinished) return 'no verdict (budget spent)';
  if (kind === 'fault') return v.found ? `killed (${v.by})` : 'missed';
  if (kind === 'variant') return v.found ? `FALSE FAILURE (${v.by})` : 'passed';
  return v.found ? `failed (${v.by})` : 'passed';
};

/** The fault and variant table: a summary line per tool, then each target's verdicts. */
export function targetTable(rows: readonly TargetRow[]): string {
  const lines = [
    '| tool | faults killed | variants passed (no false failure) | requests sent | wall time |',
    '|---|---|---|---|---|',
  ];
  for (const tool of TOOLS) {
    const s = scores(rows, tool);
    lines.push(
      `| ${TOOL_NAMES[tool]} | ${s.killed} / ${s.faults} | ${s.passed} / ${s.variants} | ${s.requests.toLocaleString('en-US')} | ${Math.round(s.seconds)} s |`,
    );
  }
  const d = differences(rows);
  lines.push('');
  lines.push(`Killed by our suite only: ${d.suite.length ? d.suite.join(', ') : 'none'}.`);
  lines.push(`Killed by Schemathesis only: ${d.schemathesis.length ? d.schemathesis.join(', ') : 'none'}.`);
  lines.push('');
  lines.push('| target | our suite | Schemathesis |');
  lines.push('|---|---|---|');
  for (const r of rows)
    lines.push(
      `| ${r.kind === 'clean' ? 'clean' : `${r.kind} ${r.name}`} | ${cell(r.suite, r.kind)} | ${cell(r.schemathesis, r.kind)} |`,
    );
  return lines.join('\n');
}

/** One server's run of the scenario, or why it did not start. */
export interface MockRow {
  readonly name: string;
  readonly version: string;
  /** Set when it did not start or could not serve the document: its own words. */
  readonly unavailable?: string;
  readonly steps: readonly { readonly operation: string; readonly ok: boolean; readonly problem: string }[];
  readonly state: { readonly ok: boolean; readonly problem: string };
  /** Requests per second of each round. */
  readonly rounds: readonly number[];
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The scenario's table: calls answered within the contract, state carried over, throughput ratio. */
export function mockTable(rows: readonly MockRow[], baseline = 'sandbox'): string {
  const base = median(rows.find((r) => r.name === baseline)?.rounds ?? []);
  const lines = [
    '| server | calls answered within the contract | state carries over | requests/s vs the sandbox |',
    '|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const r of rows) {
    const label = `${r.name} ${r.version}`;
    if (r.unavailable !== undefined) {
      lines.push(`| ${label} | did not start | – | – |`);
      notes.push(`${r.name}: ${r.unavailable.split('\n').slice(0, 6).join(' / ')}`);
      continue;
    }
    const ok = r.steps.filter((s) => s.ok).length;
    const ratio = median(r.rounds) / base;
    lines.push(
      `| ${label} | ${ok} / ${r.steps.length} | ${r.state.ok ? 'yes' : 'no'} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '–'} |`,
    );
    for (const s of r.steps.filter((s) => !s.ok))
      notes.push(`${r.name} ${s.operation}: ${s.problem.slice(0, 240)}`);
    if (!r.state.ok) notes.push(`${r.name} state: ${r.state.problem.slice(0, 400)}`);
  }
  return [...lines, ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : [])].join('\n');
}
