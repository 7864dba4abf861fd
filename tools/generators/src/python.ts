/**
 * The Python generator of the matrix, openapi-python-client: its packages (and mypy, which
 * type-checks the driver) come from `requirements-python.txt`, every one pinned with `==`, into a
 * virtual environment this package owns under `node_modules/.cache`, keyed by that file and made
 * on first use. Its driver (`drivers/openapi-python-client.py`) runs as a child process and
 * answers the scenario's calls in JSON lines.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operation, spec } from '@vendor-api/spec';
import type { Calls, Connection } from './calls.js';
import { childCalls } from './child.js';

const ROOT = new URL('..', import.meta.url).pathname;
export const REQUIREMENTS = join(ROOT, 'requirements-python.txt');

/** The Python the virtual environment is made from. */
const PYTHON = process.env.VENDOR_API_PYTHON ?? 'python3';

/** Python or its packages cannot be had here (no `python3`, no venv module, no registry). */
export class PythonUnavailable extends Error {}

const run = async (file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      cwd,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return `${stdout}\n${stderr}`.trim();
  } catch (e) {
    const { stdout = '', stderr = '', message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')}: ${`${stdout}\n${stderr}`.trim() || message}`);
  }
};

/** A pinned package's version, as the requirements file says it. */
export function pinnedVersion(name: string): string {
  const line = readFileSync(REQUIREMENTS, 'utf8')
    .split('\n')
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}==`));
  if (line === undefined) throw new Error(`${name} is not pinned in requirements-python.txt`);
  return line.split('==')[1]!.trim();
}

/** The virtual environment's folder: one per content of the requirements file. */
export function venvFolder(): string {
  const key = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex').slice(0, 12);
  return join(ROOT, 'node_modules', '.cache', `generators-venv-${key}`);
}

const COMPLETE = '.complete';
let making: Promise<string> | undefined;

/**
 * The virtual environment's `bin` folder, the environment made first when it is missing or was
 * left unfinished: `python3 -m venv`, then `pip install` of the pinned requirements.
 */
export function pythonBin(): Promise<string> {
  making ??= (async () => {
    const venv = venvFolder();
    const bin = join(venv, 'bin');
    if (existsSync(join(venv, COMPLETE))) return bin;
    rmSync(venv, { recursive: true, force: true });
    try {
      await run(PYTHON, ['-m', 'venv', venv], ROOT);
    } catch (e) {
      throw new PythonUnavailable(
        `no Python virtual environment (${PYTHON} -m venv): ${(e as Error).message}`,
      );
    }
    try {
      await run(
        join(bin, 'python'),
        ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS],
        ROOT,
      );
    } catch (e) {
      rmSync(venv, { recursive: true, force: true });
      throw new PythonUnavailable(`the pinned Python packages did not install: ${(e as Error).message}`);
    }
    writeFileSync(join(venv, COMPLETE), `${new Date().toISOString()}\n`);
    return bin;
  })();
  making.catch(() => {
    making = undefined;
  });
  return making;
}

/** Runs a command of the virtual environment in `cwd`, its `bin` first on the PATH (the generator runs ruff). */
export async function runPython(command: string, args: readonly string[], cwd: string): Promise<string> {
  const bin = await pythonBin();
  return run(join(bin, command), args, cwd, { PATH: `${bin}:${process.env.PATH ?? ''}` });
}

/** The scenario's calls through a Python driver (`child.ts`), run by the virtual environment's Python. */
export async function pythonCalls(
  dir: string,
  driver: string,
  connection: Connection,
): Promise<Calls & { close(): void }> {
  const bin = await pythonBin();
  return childCalls(join(bin, 'python'), [driver], dir, connection);
}

/**
 * A Python kit driver (`kit/<file>`) beside the generated package in `dir`, type-checked strictly
 * like the scenario's driver, and its command: the virtual environment's Python, the driver, and
 * the dreams' beta header value (the spec's, which a user's program writes as a constant).
 */
export async function pythonKitDriver(dir: string, file: string): Promise<string> {
  const driver = join(dir, `kit-${file}`);
  copyFileSync(join(ROOT, 'kit', file), driver);
  await runPython('mypy', ['--strict', '--follow-imports=silent', driver], dir);
  const bin = await pythonBin();
  const betas = operation(spec, 'dreams.retrieve').betas.join(',');
  return [join(bin, 'python'), driver, betas].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
}
