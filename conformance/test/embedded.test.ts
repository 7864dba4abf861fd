/**
 * The embedded target's servers run on a worker thread (`EmbeddedHost`): the thread ends with the
 * run, whether the run ends well or not, and a crash of the thread is reported, never waited on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spec } from '@vendor-api/spec';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { allCases } from '../src/cases/index.js';
import { main } from '../src/cli.js';
import { EmbeddedHost, EmbeddedHostError, sourceExecArgv } from '../src/embedded.js';
import { runCases } from '../src/runner.js';
import { pinSettings } from './helpers.js';

const traces = mkdtempSync(join(tmpdir(), 'embedded-host-'));
afterAll(() => rmSync(traces, { recursive: true, force: true }));

/** Whether something answers HTTP at `url`. */
const answers = (url: string) =>
  request(url, { method: 'GET', headersTimeout: 5_000 }).then(
    async (r) => {
      await r.body.dump();
      return true;
    },
    () => false,
  );

const SHORT_CASE = 'workspaces.default-workspace-exists-and-stays';

describe('the embedded servers thread', () => {
  it('gives each start a fresh server, and ends with its servers on close', async () => {
    const host = new EmbeddedHost({ spares: 2 });
    const a = await host.start({ seed: 7 });
    const b = await host.start({ seed: 7 });
    expect(a.target.baseUrl).not.toBe(b.target.baseUrl);
    // The same seed: the same seeded organization.
    expect(a.target.organizationId).toBe(b.target.organizationId);
    expect(await answers(a.target.baseUrl)).toBe(true);
    await a.close();
    expect(await answers(a.target.baseUrl)).toBe(false);
    await host.close();
    await host.exited;
    expect(await answers(b.target.baseUrl)).toBe(false);
    await expect(host.start()).rejects.toThrow(EmbeddedHostError);
    // Two start/close round trips and the shutdown crossed the thread boundary.
    expect(host.stats.messages).toBe(4);
  }, 60_000);

  it('ends with the run: after a run that passes and after one that stops early', async () => {
    const before = EmbeddedHost.running;
    expect(await main(['run', '--case', SHORT_CASE, '--trace-dir', traces, '--seed', '7'])).toBe(0);
    expect(EmbeddedHost.running).toBe(before);
    // A capability the reference server does not offer: the run stops before any case (exit 2).
    expect(await main(['run', '--require', 'large-requests', '--trace-dir', traces, '--seed', '7'])).toBe(2);
    expect(EmbeddedHost.running).toBe(before);
  }, 120_000);

  it('reports a crash of the servers thread as the run error, and does not wait on it', async () => {
    const host = new EmbeddedHost({
      entry: new URL('./fixtures/crashing-worker.ts', import.meta.url),
    });
    const first = await host.start({ seed: 7 });
    const ids = allCases.filter((c) => c.family === 'workspaces').map((c) => c.id);
    const run = runCases(allCases, {
      target: first.target,
      adapter: first.adapter,
      spec,
      settings: pinSettings(),
      only: ids,
      perCase: () => host.start({ seed: 7 }),
    });
    await expect(run).rejects.toThrow(
      /the embedded reference server crashed: a handler threw outside any request/,
    );
    await host.exited;
    expect(host.failure?.message).toMatch(/crashed/);
    await host.close();
  }, 120_000);
});

describe('the Node options of a servers thread run from the sources', () => {
  it.each([
    [['--max-old-space-size=4096', '--conditions=@vendor-api/source'], ['--conditions=@vendor-api/source']],
    [
      ['--require', 'x.cjs', '--cpu-prof', '--enable-source-maps'],
      ['--enable-source-maps', '--conditions=@vendor-api/source'],
    ],
    [
      ['-C', 'other', '--single-threaded-gc'],
      ['-C', 'other', '--conditions=@vendor-api/source'],
    ],
  ])('keep only what a worker takes from %j', (parent, kept) => {
    expect(sourceExecArgv(parent)).toEqual(kept);
  });

  it('start when this process was started with V8 options', () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const r = spawnSync(
      process.execPath,
      [
        '--single-threaded-gc',
        '--import',
        'tsx',
        '--conditions=@vendor-api/source',
        cli,
        'run',
        '--case',
        SHORT_CASE,
        '--seed',
        '7',
        '--trace-dir',
        traces,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 150_000);
});
