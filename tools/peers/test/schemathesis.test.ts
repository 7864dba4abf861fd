import { describe, expect, it } from 'vitest';
import { newFindings, noisyChecks, parseReport, signatures } from '../src/schemathesis.js';

/** The fields of Schemathesis' JSON run report the comparison reads, as 4.32 writes them. */
const report = (failures: { code: string; operations: string[] }[], exitCode = 1) =>
  JSON.stringify({
    schemathesis_version: '4.32.5',
    exit_code: exitCode,
    test_cases: { generated: 2677, with_failures: failures.length, unique_failures: failures.length },
    failures: failures.map((f) => ({
      type: 'x',
      code: f.code,
      title: `title of ${f.code}`,
      count: 1,
      operations: f.operations,
    })),
    errors: [],
  });

describe('parseReport', () => {
  it('reads the exit code, the test cases generated and each failure kind with its operations', () => {
    const parsed = parseReport(
      report([{ code: 'ST202', operations: ['GET /v1/dreams', 'POST /v1/dreams'] }]),
    );
    expect(parsed).toEqual({
      exitCode: 1,
      testCases: 2677,
      errors: 0,
      failures: [
        { code: 'ST202', title: 'title of ST202', operations: ['GET /v1/dreams', 'POST /v1/dreams'] },
      ],
    });
  });

  it('names the field of a report of another shape instead of reading zero', () => {
    const text = JSON.stringify({
      exit_code: 0,
      test_cases: { generated: 1 },
      failures: [{ code: 'ST1', title: 't' }],
      errors: [],
    });
    expect(() => parseReport(text)).toThrow(/failures\[0\]\.operations is not a list/);
    expect(() => parseReport(JSON.stringify({ exit_code: 0, failures: [], errors: [] }))).toThrow(
      /test_cases/,
    );
  });
});

describe('newFindings', () => {
  it('keeps the findings of the checks that found nothing against the clean server, sorted', () => {
    const clean = parseReport(report([{ code: 'ST202', operations: ['GET /v1/dreams'] }]));
    const faulty = parseReport(
      report([
        { code: 'ST202', operations: ['GET /v1/dreams', 'GET /v1/sessions'] },
        { code: 'ST108', operations: ['POST /v1/x', 'GET /v1/dreams'] },
      ]),
    );
    // ST202 failed against the clean server: its new operation (GET /v1/sessions) is not counted.
    expect(newFindings(faulty, clean)).toEqual(['ST108 GET /v1/dreams', 'ST108 POST /v1/x']);
    expect(newFindings(clean, faulty)).toEqual([]);
    expect([...signatures(clean)]).toEqual(['ST202 GET /v1/dreams']);
  });

  it('takes several baselines (the checks that failed in any)', () => {
    const a = parseReport(report([{ code: 'ST204', operations: ['QUERY /v1/dreams'] }]));
    const b = parseReport(report([{ code: 'ST201', operations: ['POST /v1/messages'] }]));
    const run = parseReport(
      report([
        { code: 'ST204', operations: ['TRACE /v1/sessions'] },
        { code: 'ST201', operations: ['POST /v1/dreams'] },
        { code: 'ST001', operations: ['GET /v1/dreams'] },
      ]),
    );
    expect(newFindings(run, a)).toEqual(['ST001 GET /v1/dreams', 'ST201 POST /v1/dreams']);
    expect(newFindings(run, a, b)).toEqual(['ST001 GET /v1/dreams']);
    expect(noisyChecks(a, b)).toEqual(['ST201', 'ST204']);
  });
});
