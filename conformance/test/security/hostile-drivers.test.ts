/**
 * The client kit against drivers that misbehave: output without end, a child in a session of its
 * own holding the output open, children left running after a normal exit, control characters in
 * what they print. The runner reports each as a failed case, within its bounds, and leaves no
 * process of the driver behind.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientCases } from '../../src/client/cases.js';
import { MAX_DRIVER_STDOUT_BYTES, runClientCases } from '../../src/client/run.js';
import { failureBlock, progressLine } from '../../src/report/console.js';

const dir = mkdtempSync(join(tmpdir(), 'hostile-drivers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const node = JSON.stringify(process.execPath);
/** A case to run (any: the runner's handling of the driver is under test, not the client). */
const caseId = clientCases()[0]!.id;
const one = (driver: string, timeoutMs = 30_000) =>
  runClientCases({ driver, cases: [caseId], profiles: ['reference'], concurrency: 1, timeoutMs });

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Pids a driver wrote to its file, one a line. */
const pidsIn = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);

describe('the client kit against hostile drivers', () => {
  it('output without end is cut at the cap and reported, not a crash', async () => {
    const [r] = await one(`yes '{"id":"construct","ok":true}'`);
    expect(r?.outcome).toBe('failed');
    expect(r?.failure?.message).toContain(
      `the driver printed more than ${MAX_DRIVER_STDOUT_BYTES} bytes on its standard output and was stopped`,
    );
  });

  it('a child in a session of its own holding the output open is killed at the deadline', async () => {
    const pids = join(dir, 'session.pids');
    // The child makes a new session (setsid), keeps stdout and lives ten minutes; the shell waits for it.
    const spawnChild = `const c = require('node:child_process').spawn('sleep', ['600'], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] }); require('node:fs').writeFileSync(${JSON.stringify(pids)}, c.pid + '\\n'); c.unref()`;
    const started = performance.now();
    const [r] = await one(`${node} -e ${JSON.stringify(spawnChild)}; sleep 600`, 2_000);
    // A bound for "it ended" (the child would hold the output for ten minutes), no speed target.
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(r?.outcome).toBe('failed');
    expect(r?.failure?.message).toContain('the driver did not finish within 2 s');
    for (const pid of pidsIn(pids)) expect(alive(pid)).toBe(false);
  });

  it('children left running after a normal exit are killed, in the group and out of it', async () => {
    const pids = join(dir, 'left.pids');
    const escapee = `const c = require('node:child_process').spawn('sleep', ['600'], { detached: true, stdio: 'ignore' }); require('node:fs').appendFileSync(${JSON.stringify(pids)}, c.pid + '\\n'); c.unref()`;
    const [r] = await one(
      `sleep 600 >/dev/null 2>&1 & echo $! >> ${JSON.stringify(pids)}; ${node} -e ${JSON.stringify(escapee)}; exit 0`,
    );
    expect(r?.outcome).toBe('failed');
    const left = pidsIn(pids);
    expect(left).toHaveLength(2);
    for (const pid of left) expect(alive(pid)).toBe(false);
  });

  it('control characters of driver output are escaped in the report', async () => {
    const [r] = await one(
      `printf '\\033[2J\\033]0;owned\\007{"id":"construct","ok":false,"error":{"kind":"other","message":"\\033[31m"}}\\n' ; printf 'stderr \\033[1A\\r\\n' >&2; exit 3`,
    );
    expect(r?.outcome).toBe('failed');
    const shown = `${progressLine(r!, 0, 1)}\n${failureBlock(r!, () => '')}`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(shown).toContain('\\u001b[1A');
  });
});
