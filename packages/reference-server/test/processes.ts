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

/** Whether any process of a process group is still there. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** How long a stopped group has to end before it is killed. */
const GROUP_GRACE_MS = 10_000;

/**
 * Stops a process with a signal and waits for it to exit; resolves to its exit code. A process
 * started in a group of its own is stopped with its whole group, and the group is waited for too
 * (the server under pnpm and tsx outlives pnpm): what is left of it after a grace period is killed.
 */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const group = started.find((s) => s.child === child)?.group ?? false;
  const index = started.findIndex((s) => s.child === child);
  if (index >= 0) started.splice(index, 1);
  const pgid = child.pid;
  const running = child.exitCode === null && child.signalCode === null;
  const exited = running
    ? new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    : Promise.resolve(child.exitCode);
  if (!group || pgid === undefined) {
    if (running) child.kill(signal);
    return exited;
  }
  if (groupAlive(pgid)) process.kill(-pgid, signal);
  for (const deadline = Date.now() + GROUP_GRACE_MS; groupAlive(pgid) && Date.now() < deadline; )
    await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  return exited;
}

/** Stops every process started and not stopped yet (an `afterEach`). */
export async function stopStarted(): Promise<void> {
  await Promise.all([...started].map(({ child }) => stop(child)));
}

/** A `label: value` field of the banner. */
export const field = (banner: string, label: string): string => {
  const value = new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(banner)?.[1];
  if (value === undefined) throw new Error(`no ${label} in the banner:\n${banner}`);
  return value;
};
