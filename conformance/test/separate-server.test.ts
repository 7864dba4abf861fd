/**
 * The suite against a separately started reference server, as a team tries it before writing its
 * own adapter: the server runs as its own process with test control on the wall clock (what `pnpm
 * start` runs), and the CLI reaches it through the built-in adapter (`--adapter reference`), which
 * reads the target's keys and ids from test control and freezes its clock. Two runs in a row against the same server both pass,
 * and the seeded organization keeps the workspaces it had. A subset of the families keeps the
 * test short: those that create workspaces, enqueue batches, move the clock, read rate limits and
 * usage.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer, TEST_CONTROL_TOKEN_HEADER } from '@vendor-api/reference-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { referenceTarget } from '../src/adapters/reference.js';
import { main } from '../src/cli.js';
import { Http } from '../src/http.js';
import type { JsonReport } from '../src/report/json.js';
import { Recorder } from '../src/trace.js';

const FAMILIES = 'access,message-batches,rate-limits,usage,workspaces';
const MAIN = fileURLToPath(new URL('../../packages/reference-server/src/main.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Starts the reference server's command as a child process; resolves to it, its base URL and the
 * test-control token its banner prints.
 */
function startServer(args: readonly string[]): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(
    process.execPath,
    ['--import', TSX, '--conditions=@vendor-api/source', MAIN, '--port', '0', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /^base URL:\s+(\S+)$/m.exec(output)?.[1];
      const token = /^control token:\s+(\S+)$/m.exec(output)?.[1];
      if (url && token) resolve({ child, url, token });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the reference server exited (${code}) before printing its base URL:\n${output}`)),
    );
  });
}

/** Stops a child process and waits until it has exited. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Ids of the active workspaces of the server's seeded organization (through the documented list). */
async function activeWorkspaces(url: string, testControlToken: string): Promise<string[]> {
  const http = new Http(await referenceTarget(url, { testControlToken }), new Recorder());
  const res = await http.call('organizations.workspaces.list', { auth: 'admin' }, false);
  expect(res.status).toBe(200);
  return (res.body as { data: { id: string }[] }).data.map((w) => w.id).sort();
}

describe('the suite against a separately started reference server', () => {
  let server: { child: ChildProcess; url: string; token: string };
  let dir: string;
  const seed = Number(process.env.VENDOR_API_SEED ?? 1);

  beforeAll(async () => {
    server = await startServer(['--test-control']);
    dir = await mkdtemp(join(tmpdir(), 'conformance-separate-'));
  }, 60_000);
  afterAll(async () => {
    if (server) await stop(server.child);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes twice in a row through --adapter reference and leaves the seeded organization its workspaces', async () => {
    const before = await activeWorkspaces(server.url, server.token);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      for (const [i, runSeed] of [seed, seed + 1].entries()) {
        const json = join(dir, `run-${i}.json`);
        const code = await main([
          'run',
          '--base-url',
          server.url,
          '--adapter',
          'reference',
          '--test-control-token',
          server.token,
          '--family',
          FAMILIES,
          '--seed',
          String(runSeed),
          '--json',
          json,
          '--trace-dir',
          join(dir, 'traces'),
        ]);
        const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
        const failed = report.results.filter((r) => r.outcome === 'failed');
        expect({ run: i + 1, code, failed: failed.map((r) => `${r.id}: ${r.failure?.message}`) }).toEqual({
          run: i + 1,
          code: 0,
          failed: [],
        });
        expect(report.totals.passed).toBeGreaterThan(0);
        expect(report).toMatchObject({ baseUrl: server.url, adapter: 'reference-server', seed: runSeed });
      }
    } finally {
      log.mockRestore();
    }
    expect(await activeWorkspaces(server.url, server.token)).toEqual(before);
    // The server runs on the wall clock: the suite froze it to keep time itself during each run
    // and let it run on afterwards (a sandbox a team keeps using does not stay stopped).
    const state = await fetch(`${server.url}/_test/state`, {
      headers: { [TEST_CONTROL_TOKEN_HEADER]: server.token },
    });
    expect(await state.json()).toMatchObject({ clock: 'wall' });
  }, 120_000);

  it('is a usage error (exit 2) naming the option when the test-control token is missing or wrong', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const extra of [[], ['--test-control-token', 'not-the-token']]) {
        expect(await main(['run', '--base-url', server.url, '--adapter', 'reference', ...extra])).toBe(2);
        expect(String(error.mock.calls.at(-1)?.[0])).toMatch(/--(test-)?control-token/);
      }
    } finally {
      error.mockRestore();
    }
  });

  it('is a usage error (exit 2) when the server has no test control', async () => {
    const app = createServer();
    const url = await app.reference.listenLocal(0);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await main(['run', '--base-url', url, '--adapter', 'reference'])).toBe(2);
      expect(String(error.mock.calls[0]?.[0])).toContain('--test-control');
    } finally {
      error.mockRestore();
      await app.close();
    }
  });
});
