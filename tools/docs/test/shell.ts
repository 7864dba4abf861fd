/**
 * Runs a command of the docs as a reader's terminal would: bash, the real `curl`, and only the
 * environment given. The command is unchanged; `curl` is wrapped to write each answer's status
 * after its body, and what the command exports is read back afterwards.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MARK = '@@vendor-docs@@';

export interface ShellAnswer {
  readonly status: number;
  readonly body: string;
}

export interface ShellRun {
  /** Each `curl` answer in order: its status (0: no answer) and body. */
  readonly answers: readonly ShellAnswer[];
  /** The environment after the command (its exports included). */
  readonly env: Record<string, string>;
  readonly stderr: string;
}

/** Whether `curl` is on the PATH. */
export function hasCurl(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v curl'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function runShell(command: string, env: Readonly<Record<string, string>>): Promise<ShellRun> {
  const script = `curl() { command curl --silent --show-error --write-out '\\n${MARK} %{http_code}\\n' "$@"; }
${command}
printf '\\n${MARK} env\\n'; env -0
`;
  // --norc: a bash whose standard input is a socket (node's pipes are) reads ~/.bashrc otherwise
  const { stdout, stderr } = await run('bash', ['--norc', '-c', script], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: Error & { stderr?: string }) => {
    throw new Error(`${command}\n${e.message}\n${e.stderr ?? ''}`);
  });
  const [output = '', environment = ''] = stdout.split(`\n${MARK} env\n`);
  const answers: ShellAnswer[] = [];
  const parts = output.split(new RegExp(`\\n${MARK} (\\d{3})\\n`));
  for (let i = 1; i < parts.length; i += 2)
    answers.push({ status: Number(parts[i]), body: parts[i - 1] ?? '' });
  const after: Record<string, string> = {};
  for (const entry of environment.split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) after[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return { answers, env: after, stderr };
}
