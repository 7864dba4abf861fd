/**
 * Schemathesis, run as a team would: `schemathesis run` on the published OpenAPI document, with the
 * base URL and a workspace key's header, its default checks and every phase (the stateful one
 * follows the document's links), bounded by `--max-examples` and `--max-time`. It comes from
 * `requirements-schemathesis.txt`, pinned with `==`, into a virtual environment this package owns
 * under `node_modules/.cache`, keyed by that file and made on first use.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
export const REQUIREMENTS = join(ROOT, 'requirements-schemathesis.txt');

/** The Python the virtual environment is made from. */
const PYTHON = process.env.VENDOR_API_PYTHON ?? 'python3';

/** Python or Schemathesis cannot be had here (no `python3`, no venv module, no registry). */
export class SchemathesisUnavailable extends Error {}

interface Ran {
  readonly code: number;
  readonly output: string;
}

const run = async (file: string, args: readonly string[], timeoutMs = 0, cwd = ROOT): Promise<Ran> => {
  const running = promisify(execFile)(file, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 256 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  // Never left running when this process ends.
  const stop = () => running.child.kill('SIGKILL');
  process.once('exit', stop);
  try {
    const { stdout, stderr } = await running;
    return { code: 0, output: `${stdout}\n${stderr}`.trim() };
  } catch (e) {
    const {
      stdout = '',
      stderr = '',
      code,
      message,
    } = e as {
      stdout?: string;
      stderr?: string;
      code?: number | string;
      message: string;
    };
    return { code: typeof code === 'number' ? code : -1, output: `${stdout}\n${stderr}`.trim() || message };
  } finally {
    process.off('exit', stop);
  }
};

/** The pinned version, as the requirements file says it. */
export function pinnedVersion(): string {
  const line = readFileSync(REQUIREMENTS, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('schemathesis=='));
  if (line === undefined) throw new Error('schemathesis is not pinned in requirements-schemathesis.txt');
  return line.split('==')[1]!.trim();
}

/** The virtual environment's folder: one per content of the requirements file. */
export function venvFolder(): string {
  const key = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex').slice(0, 12);
  return join(ROOT, 'node_modules', '.cache', `peers-venv-${key}`);
}

const COMPLETE = '.complete';
let making: Promise<string> | undefined;

/** The `schemathesis` command, its virtual environment made first when missing or unfinished. */
export function schemathesisBin(): Promise<string> {
  making ??= (async () => {
    const venv = venvFolder();
    const bin = join(venv, 'bin', 'schemathesis');
    if (existsSync(join(venv, COMPLETE))) return bin;
    rmSync(venv, { recursive: true, force: true });
    const made = await run(PYTHON, ['-m', 'venv', venv]);
    if (made.code !== 0)
      throw new SchemathesisUnavailable(`no Python virtual environment (${PYTHON} -m venv): ${made.output}`);
    const installed = await run(join(venv, 'bin', 'python'), [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '-r',
      REQUIREMENTS,
    ]);
    if (installed.code !== 0) {
      rmSync(venv, { recursive: true, force: true });
      throw new SchemathesisUnavailable(`Schemathesis did not install: ${installed.output}`);
    }
    writeFileSync(join(venv, COMPLETE), `${new Date().toISOString()}\n`);
    return bin;
  })();
  making.catch(() => {
    making = undefined;
  });
  return making;
}

/** One kind of failure Schemathesis reported: its check's code and title, and the operations. */
export interface FailureKind {
  readonly code: string;
  readonly title: string;
  readonly operations: readonly string[];
}

/** What a run of Schemathesis reported (its JSON run report), reduced to what the table needs. */
export interface SchemathesisReport {
  readonly exitCode: number;
  readonly testCases: number;
  readonly failures: readonly FailureKind[];
  readonly errors: number;
}

/**
 * The JSON run report's failures and counts. Every field read is checked, so a report of another
 * shape is an error that names the field rather than a silent zero.
 */
export function parseReport(text: string): SchemathesisReport {
  const report = JSON.parse(text) as Record<string, unknown>;
  const object = (v: unknown, where: string) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new Error(`the Schemathesis report's ${where} is not an object`);
    return v as Record<string, unknown>;
  };
  const array = (v: unknown, where: string) => {
    if (!Array.isArray(v)) throw new Error(`the Schemathesis report's ${where} is not a list`);
    return v as unknown[];
  };
  const number = (v: unknown, where: string) => {
    if (typeof v !== 'number') throw new Error(`the Schemathesis report's ${where} is not a number`);
    return v;
  };
  const string = (v: unknown, where: string) => {
    if (typeof v !== 'string') throw new Error(`the Schemathesis report's ${where} is not a string`);
    return v;
  };
  const cases = object(report.test_cases, 'test_cases');
  return {
    exitCode: number(report.exit_code, 'exit_code'),
    testCases: number(cases.generated, 'test_cases.generated'),
    errors: array(report.errors, 'errors').length,
    failures: array(report.failures, 'failures').map((f, i) => {
      const failure = object(f, `failures[${i}]`);
      return {
        code: string(failure.code, `failures[${i}].code`),
        title: string(failure.title, `failures[${i}].title`),
        operations: array(failure.operations, `failures[${i}].operations`).map((o, j) =>
          string(o, `failures[${i}].operations[${j}]`),
        ),
      };
    }),
  };
}

/** Each failure as `CODE METHOD /path` (one per operation): what tells one run's findings from another's. */
export function signatures(report: SchemathesisReport): Set<string> {
  return new Set(report.failures.flatMap((f) => f.operations.map((o) => `${f.code} ${o}`)));
}

/**
 * What a run found that counts against its target: its findings of the checks that found nothing
 * against the clean server (every baseline). A check that fails against the clean server fails on
 * what the documents allow (an unknown field ignored, 404 for an undeclared method): a team would
 * exclude it after its first run, and a new operation it flags elsewhere cannot be told from where
 * a time-bounded random run happened to go.
 */
export function newFindings(run: SchemathesisReport, ...baselines: readonly SchemathesisReport[]): string[] {
  const noisy = new Set(baselines.flatMap((b) => b.failures.map((f) => f.code)));
  return [...signatures(run)].filter((s) => !noisy.has(s.split(' ')[0] ?? '')).sort();
}

/** The checks (codes) that failed against the clean server, in any baseline. */
export function noisyChecks(...baselines: readonly SchemathesisReport[]): string[] {
  return [...new Set(baselines.flatMap((b) => b.failures.map((f) => f.code)))].sort();
}

export interface SchemathesisRun {
  readonly document: string;
  readonly baseUrl: string;
  /** The header every request carries: a workspace key's. */
  readonly apiKey: string;
  readonly maxExamples: number;
  readonly maxTimeSeconds: number;
  readonly seed: number;
}

/** Runs Schemathesis once and reads its JSON report (an error when it wrote none: its output says why). */
export async function runSchemathesis(options: SchemathesisRun): Promise<SchemathesisReport> {
  const bin = await schemathesisBin();
  const dir = mkdtempSync(join(tmpdir(), 'vendor-peers-schemathesis-'));
  try {
    const ran = await run(
      bin,
      [
        'run',
        options.document,
        '--url',
        options.baseUrl,
        '--header',
        `x-api-key: ${options.apiKey}`,
        '--max-examples',
        String(options.maxExamples),
        '--max-time',
        String(options.maxTimeSeconds),
        '--seed',
        String(options.seed),
        '--report',
        'json',
        '--report-dir',
        dir,
      ],
      // Its own budget, plus time to start and to write its report.
      (options.maxTimeSeconds + 120) * 1000,
      // In a folder of its own: Schemathesis keeps the failures it found in `.schemathesis/` of its
      // working folder and replays them first on the next run, which would carry one target's
      // findings into the next.
      dir,
    );
    const file = readdirSync(dir).find((f) => f.endsWith('.json'));
    if (file === undefined)
      throw new Error(`Schemathesis wrote no report (exit ${ran.code}): ${ran.output.slice(-2000)}`);
    return parseReport(readFileSync(join(dir, file), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
