/** JUnit XML: one test suite per family, one test case per conformance case. */
import type { CaseResult } from '../runner.js';

/** XML 1.0 cannot hold most control characters: they are dropped. */
const isXmlChar = (c: number) => c === 0x9 || c === 0xa || c === 0xd || c >= 0x20;

const esc = (s: string) =>
  [...s]
    .filter((ch) => isXmlChar(ch.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function junitXml(results: readonly CaseResult[]): string {
  const families = new Map<string, CaseResult[]>();
  for (const r of results) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  const suites = [...families].map(([family, rs]) => {
    const failures = rs.filter((r) => r.outcome === 'failed' || r.outcome === 'unexpected-pass').length;
    const skipped = rs.filter((r) => r.outcome === 'skipped' || r.outcome === 'expected-failure').length;
    const time = rs.reduce((t, r) => t + r.durationMs, 0) / 1000;
    const cases = rs.map((r) => {
      const attrs = `name="${esc(r.id)}" classname="${esc(`conformance.${family}`)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
      const props = `<properties><property name="requirements" value="${esc(r.requirements.join(' '))}"/></properties>`;
      if (r.outcome === 'failed' || r.outcome === 'unexpected-pass') {
        const message = r.failure?.message ?? r.reason ?? 'failed';
        const detail = [
          message,
          r.failure ? `seed: ${r.failure.seed}` : '',
          r.failure?.path ? `path: ${r.failure.path}` : '',
          r.tracePath ? `trace: ${r.tracePath}` : '',
        ]
          .filter(Boolean)
          .join('\n');
        return `    <testcase ${attrs}>${props}<failure message="${esc(message.slice(0, 500))}">${esc(detail)}</failure></testcase>`;
      }
      if (r.outcome === 'skipped' || r.outcome === 'expected-failure') {
        return `    <testcase ${attrs}>${props}<skipped message="${esc(r.reason ?? '')}"/></testcase>`;
      }
      return `    <testcase ${attrs}>${props}</testcase>`;
    });
    return `  <testsuite name="${esc(family)}" tests="${rs.length}" failures="${failures}" skipped="${skipped}" time="${time.toFixed(3)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance">\n${suites.join('\n')}\n</testsuites>\n`;
}
