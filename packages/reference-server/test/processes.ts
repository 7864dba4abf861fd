/**
 * The server started as a user starts it, in a process of its own: a command whose output ends
 * with the banner (its curl command after "A first message:"), the banner's fields, and the
 * processes stopped when the test is done. A command started in its own process group (`pnpm`,
 * with `tsx` and the server under it) is stopped as a group; a single process by itself, so a
 * signal reaches the server through the `tsx` that relays it and the test can wait for its exit.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The package's start script without pnpm (`tsx` on the server's source) with options: a command and its arguments. */
export const server = (...options: string[]): [string, string[]] => [
  `${ROOT}node_modules/.bin/tsx`,
  ['--conditions=@vendor-api/source', `${ROOT}packages/reference-server/src/main.ts`, ...options],
];
const ENV = { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: '0' };
const started: { child: ChildProcess; group: boolean }[] = [];

/** Runs a command to its end: its exit code and output (a non-zero exit is not thrown). */
export async function runToEnd(command: string, args: readonly string[]) {
  return promisify(execFile)(command, args, { cwd: ROOT, env: ENV }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/** Starts a command; resolves to its banner and the process. `group`: in a process group of its own. */
export function startWithBanner(
  command: string,
  args: readonly string[],
  { group = true }: { readonly group?: boolean } = {},
): Promise<{ banner: string; child: ChildProcess }> {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: group,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: ENV,
  });
  started.push({ child, group });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/A first message:\n.*\n.*curl .*\n/.test(output)) resolve({ banner: output, child });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before its banner:\n${output}`)));
  });
}

/** `pnpm ARGS` through corepack, in its own process group; resolves to its banner. */
export const start = async (args: readonly string[]): Promise<string> =>
  (await startWithBanner('corepack', ['pnpm', ...args])).banner;

/** Stops a process with a signal and waits for it to exit; resolves to its exit code. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const entry = started.find((s) => s.child === child);
  if (entry?.group && child.pid !== undefined) process.kill(-child.pid, signal);
  else child.kill(signal);
  return exited;
}

/** Stops every process started and not stopped yet (an `afterEach`). */
export async function stopStarted(): Promise<void> {
  await Promise.all(started.splice(0).map(({ child }) => stop(child)));
}

/** A `label: value` field of the banner. */
export const field = (banner: string, label: string): string => {
  const value = new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(banner)?.[1];
  if (value === undefined) throw new Error(`no ${label} in the banner:\n${banner}`);
  return value;
};
