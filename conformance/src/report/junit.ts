/**
 * JUnit XML: one test suite per family, one test case per conformance case. It validates against
 * the common JUnit schema CI servers read (Jenkins' junit-10.xsd: `errors` on every suite,
 * properties on suites only) and stays well-formed XML 1.0 whatever a message holds.
 */
import type { CaseResult } from '../runner.js';
import { byFamily, reportTotals } from './totals.js';

/** Characters XML 1.0 allows: tab, newline, carriage return and U+0020..U+D7FF, U+E000..U+FFFD, U+10000..U+10FFFF. */
const isXmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * `s` as XML attribute or text content: characters XML cannot hold (control characters, U+FFFE,
 * U+FFFF, lone surrogates) become U+FFFD, markup characters become references.
 */
export function xmlText(s: string): string {
  let out = '';
  // for..of walks code points: a lone surrogate comes out alone, a pair as one character.
  for (const ch of s) out += isXmlChar(ch.codePointAt(0) ?? 0) ? ch : '\uFFFD';
  return out
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** In attributes newlines are written as references (a parser would normalise them to spaces). */
const attr = (s: string) => xmlText(s).replace(/\n/g, '&#10;');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(r: CaseResult, family: string): string {
  const attrs = `name="${attr(r.id)}" classname="${attr(`conformance.${family}`)}" time="${seconds(r.durationMs)}"`;
  if (r.outcome === 'failed' || r.outcome === 'unexpected-pass') {
    const message = r.failure?.message ?? r.reason ?? 'failed';
    const detail = [
      message,
      `requirements: ${r.requirements.join(' ')}`,
      r.failure ? `seed: ${r.failure.seed}` : '',
      r.failure?.path ? `path: ${r.failure.path}` : '',
      r.tracePath ? `trace: ${r.tracePath}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const type = r.outcome === 'unexpected-pass' ? 'unexpected-pass' : 'conformance';
    return `    <testcase ${attrs}><failure type="${type}" message="${attr(message.slice(0, 500))}">${xmlText(detail)}</failure></testcase>`;
  }
  if (r.outcome === 'skipped' || r.outcome === 'expected-failure') {
    const type = r.outcome === 'skipped' ? 'skipped' : 'expected-failure';
    return `    <testcase ${attrs}><skipped type="${type}" message="${attr(r.reason ?? '')}"/></testcase>`;
  }
  return `    <testcase ${attrs}/>`;
}

export function junitXml(results: readonly CaseResult[]): string {
  const suites = byFamily(results).map(([family, rs]) => {
    const t = reportTotals(rs);
    const time = rs.reduce((ms, r) => ms + r.durationMs, 0);
    // JUnit has no expected failure: it counts as skipped, and the suite's properties say how many.
    const props = [
      `      <property name="requirements" value="${attr([...new Set(rs.flatMap((r) => r.requirements))].sort().join(' '))}"/>`,
      `      <property name="expected-failures" value="${t.expectedFailures}"/>`,
      `      <property name="unexpected-passes" value="${t.unexpectedPasses}"/>`,
    ];
    return [
      `  <testsuite name="${attr(family)}" tests="${t.cases}" failures="${t.failed}" errors="0" skipped="${t.skipped + t.expectedFailures}" time="${seconds(time)}">`,
      `    <properties>\n${props.join('\n')}\n    </properties>`,
      ...rs.map((r) => testcase(r, family)),
      '  </testsuite>',
    ].join('\n');
  });
  const t = reportTotals(results);
  const time = results.reduce((ms, r) => ms + r.durationMs, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance" tests="${t.cases}" failures="${t.failed}" errors="0" time="${seconds(time)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
