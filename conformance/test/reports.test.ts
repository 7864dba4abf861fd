/**
 * The three reports of a run: the JUnit XML validates against the JUnit schema CI servers read
 * and stays well-formed whatever a message holds; the JSON report validates against the schema
 * the package ships; console, JUnit and JSON print the same totals.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { summary } from '../src/report/console.js';
import { jsonReport, jsonReportSchema } from '../src/report/json.js';
import { junitXml, xmlText } from '../src/report/junit.js';
import { reportTotals } from '../src/report/totals.js';
import type { CaseResult } from '../src/runner.js';

const xsd = readFileSync(new URL('./fixtures/junit.xsd', import.meta.url), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const r = await validateXML({
    xml: { fileName: 'report.xml', contents: xml },
    schema: { fileName: 'junit.xsd', contents: xsd },
  });
  return r.errors.map((e) => e.rawMessage);
}

/** Everything XML 1.0 cannot hold, and markup. */
const HOSTILE = 'a\uFFFEb\uFFFF c\u0000d\u0001e\u001F f\uD800g\uDC00h 😀 <x a="1"> & ]]> \'q\' \r\n\ttab';

const base = {
  family: 'dreams',
  title: 't',
  requirements: ['DREAM-CANCEL-COMPLETED-400'],
  durationMs: 12.5,
  requests: 3,
  credited: [] as string[],
};

const results: CaseResult[] = [
  { ...base, id: 'dreams.passes', outcome: 'passed', credited: base.requirements },
  {
    ...base,
    id: 'dreams.fails',
    outcome: 'failed',
    failure: { message: HOSTILE, step: 0, seed: 7, path: '1:2', steps: [] },
    tracePath: '.conformance/traces/x.json',
  },
  {
    ...base,
    id: 'dreams.skips',
    outcome: 'skipped',
    reason: `the adapter lacks: clock ${HOSTILE}`,
    requests: 0,
  },
  { ...base, family: 'sessions', id: 'sessions.known', outcome: 'expected-failure', reason: 'listed' },
  {
    ...base,
    family: 'sessions',
    id: 'sessions.fixed',
    outcome: 'unexpected-pass',
    reason: 'listed as an expected failure but passed: remove it from the list',
  },
];

const meta = { baseUrl: 'http://127.0.0.1:1', adapter: 'none', seed: 7, numRuns: 25, elapsedMs: 1000 };

describe('the JUnit report', () => {
  it('validates against the JUnit schema, for every outcome and a hostile message', async () => {
    const xml = junitXml(results);
    expect(await schemaErrors(xml)).toEqual([]);
    const forbidden = [...xml].filter((ch) => {
      const c = ch.codePointAt(0)!;
      return (
        (c < 0x20 && c !== 0x9 && c !== 0xa && c !== 0xd) ||
        c === 0xfffe ||
        c === 0xffff ||
        (c >= 0xd800 && c <= 0xdfff)
      );
    });
    expect(forbidden).toEqual([]);
    expect(xml).toContain('😀');
  });

  it('the schema check fails the shape CI servers refuse (the test can fail)', async () => {
    const old =
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="a" tests="1" failures="0"><testcase name="b"><properties/></testcase></testsuite></testsuites>';
    const errors = await schemaErrors(old);
    expect(errors.join('\n')).toMatch(/errors/);
    expect(errors.join('\n')).toMatch(/properties/);
    expect(await schemaErrors(`<testsuites><testsuite name="a${'\uFFFE'}"/></testsuites>`)).not.toEqual([]);
  });

  it('escapes markup and replaces characters XML cannot hold, leaving pairs whole', () => {
    expect(xmlText('<&>"')).toBe('&lt;&amp;&gt;&quot;');
    expect(xmlText('\uFFFE\u0000\uD800x\uDC00')).toBe('\uFFFD\uFFFD\uFFFDx\uFFFD');
    expect(xmlText('😀')).toBe('😀');
  });
});

describe('the JSON report', () => {
  it('validates against the schema the package ships', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(jsonReportSchema);
    const report = JSON.parse(JSON.stringify(jsonReport(results, meta)));
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...report, totals: { ...report.totals, failed: -1 } })).toBe(false);
  });
});

describe('the totals', () => {
  it('console, JUnit and JSON agree, expected failures that pass counted as failures in each', () => {
    const t = reportTotals(results);
    expect(t).toEqual({
      cases: 5,
      passed: 1,
      failed: 2,
      unexpectedPasses: 1,
      expectedFailures: 1,
      skipped: 1,
      requests: 12,
    });
    expect(jsonReport(results, meta).totals).toEqual(t);
    const xml = junitXml(results);
    expect(xml).toContain(
      `<testsuites name="conformance" tests="${t.cases}" failures="${t.failed}" errors="0"`,
    );
    // JUnit has no expected failure: it is a skipped test case, and the suites' properties count it.
    const sum = (attr: string) =>
      [...xml.matchAll(new RegExp(`<testsuite name="[^"]*" [^>]*${attr}="(\\d+)"`, 'g'))].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
    expect(sum('skipped')).toBe(t.skipped + t.expectedFailures);
    expect(sum('failures')).toBe(t.failed);
    expect(sum('tests')).toBe(t.cases);
    const text = summary(results, meta.elapsedMs);
    expect(text).toContain(
      `${t.passed} passed, ${t.failed} failed (${t.unexpectedPasses} listed expected failures that passed), ${t.skipped} skipped, ${t.expectedFailures} expected failures — ${t.cases} cases, ${t.requests} requests`,
    );
  });

  it('the console says how many cases were skipped and why', () => {
    expect(summary(results, 1)).toMatch(
      /1 of 5 cases skipped, not checked \(--fail-on-skip makes that fail the run\)/,
    );
    expect(summary(results, 1, { failOnSkip: true })).toMatch(/--fail-on-skip: the run fails/);
    expect(summary(results.slice(0, 2), 1)).not.toMatch(/skipped, not checked/);
  });
});
