/**
 * The suite against the Python example server (examples/python-server, standard library only): a
 * server in another language, reached through its conformance control API. The families it
 * implements pass; with a seeded bug on, the suite fails. Skipped where no python3 is installed.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.js';
import type { JsonReport } from '../src/report/json.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/python-server/', import.meta.url));
const PYTHON = process.env.PYTHON ?? 'python3';
const hasPython = spawnSync(PYTHON, ['--version']).status === 0;

interface Started {
  readonly child: ChildProcess;
  /** The lines the server printed at start, by label (`base URL`, `control token`, ...). */
  readonly printed: Readonly<Record<string, string>>;
}

/** Starts the example server on a free port; resolves once it has printed its last start line. */
function startServer(args: readonly string[] = []): Promise<Started> {
  const child = spawn(PYTHON, [join(EXAMPLE, 'server.py'), '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!/^organization id: /m.test(output)) return;
      const printed = Object.fromEntries(
        [...output.matchAll(/^([a-zA-Z ]+): (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string]),
      );
      resolve({ child, printed });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the example server exited (${code}):\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Runs the suite against a started server through its control API alone; the exit code and report. */
async function runSuite(server: Started, dir: string, select: readonly string[]) {
  const p = server.printed;
  const json = join(dir, `report-${Date.now()}.json`);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await main([
      'run',
      ...['--control-url', p['control URL'] ?? '', '--control-token', p['control token'] ?? ''],
      ...select,
      ...['--seed', process.env.VENDOR_API_SEED ?? '1', '--runs', '10'],
      ...['--json', json, '--trace-dir', join(dir, 'traces')],
    ]);
    return { code, report: JSON.parse(await readFile(json, 'utf8')) as JsonReport };
  } finally {
    log.mockRestore();
  }
}

describe.skipIf(!hasPython)('the suite against the Python example server', () => {
  let dir: string;
  const servers: ChildProcess[] = [];
  const started = async (args: readonly string[] = []) => {
    const s = await startServer(args);
    servers.push(s.child);
    return s;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'conformance-python-example-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map(stop));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes the messages and message-batches families, skipping only what it does not offer', async () => {
    const { code, report } = await runSuite(await started(), dir, ['--family', 'messages,message-batches']);
    const failed = report.results.filter((r) => r.outcome === 'failed');
    expect({ code, failed: failed.map((r) => `${r.id}: ${r.failure?.message}`) }).toEqual({
      code: 0,
      failed: [],
    });
    expect(report.results.filter((r) => r.outcome === 'skipped').map((r) => r.id)).toEqual([
      'message-batches.creation-limits',
      'message-batches.default-workspaces-scoped',
    ]);
  }, 120_000);

  it('fails (exit 1) against the server with its seeded bug expires-at-25h on', async () => {
    const server = await started(['--bug', 'expires-at-25h']);
    const { code, report } = await runSuite(server, dir, ['--case', 'message-batches.expiry-24h']);
    expect({ code, outcome: report.results[0]?.outcome }).toEqual({ code: 1, outcome: 'failed' });
  }, 60_000);

  it('passes (exit 0) with an advisory against its seeded bug duplicate-custom-id, the suite policy', async () => {
    const server = await started(['--bug', 'duplicate-custom-id']);
    const { code, report } = await runSuite(server, dir, ['--case', 'message-batches.custom-id-unique']);
    const [result] = report.results;
    expect({
      code,
      outcome: result?.outcome,
      advisories: result?.advisories?.map((a) => a.unspecified),
    }).toEqual({
      code: 0,
      outcome: 'passed',
      advisories: ['UNSPEC-BATCH-CREATE-ERRORS'],
    });
    expect(result?.credited).not.toContain('BATCH-ITEM-CUSTOM-ID-UNIQUE');
  }, 60_000);
});
