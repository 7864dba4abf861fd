/**
 * `vendor-conformance init`: the control starter lists every endpoint of the protocol table with
 * what its capability unlocks; the adapter starter is a module that loads and declares nothing;
 * an existing file is kept without --force.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTROL_ENDPOINTS, spec } from '@vendor-api/spec';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Adapter, Target } from '../src/adapter.js';
import { ADAPTER_METHODS } from '../src/adapter.js';
import { allCases } from '../src/cases/index.js';
import { main } from '../src/cli.js';
import { startEmbedded } from '../src/embedded.js';
import { runCases } from '../src/runner.js';
import { pinSettings } from './helpers.js';

let dir: string;
afterEach(() => {
  vi.restoreAllMocks();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
const quiet = () => {
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  return err;
};

describe('vendor-conformance init', () => {
  it('writes the control endpoints to implement, every one of the protocol table', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    quiet();
    const out = join(dir, 'control.md');
    expect(await main(['init', '--out', out])).toBe(0);
    const text = readFileSync(out, 'utf8');
    for (const e of CONTROL_ENDPOINTS) expect(text, e.id).toContain(`\`${e.method} ${e.path}\``);
    expect(text).toMatch(/## `sessions`: unlocks \d+ cases, \d+ requirements/);
  });

  it('writes an adapter module that loads, declares no capability and stubs every method', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    quiet();
    const out = join(dir, 'adapter.mjs');
    expect(await main(['init', '--kind', 'adapter', '--out', out])).toBe(0);
    const mod = (await import(pathToFileURL(out).href)) as { default: (t: unknown) => Adapter };
    const adapter = mod.default({});
    expect([...adapter.capabilities]).toEqual([]);
    const methods = new Set(Object.values(ADAPTER_METHODS).flat());
    for (const m of methods)
      expect(typeof (adapter as unknown as Record<string, unknown>)[m], m).toBe('function');
  });

  it('keeps an existing file without --force, and an unknown kind is a usage error', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    const out = join(dir, 'control.md');
    writeFileSync(out, 'mine');
    let err = quiet();
    expect(await main(['init', '--out', out])).toBe(2);
    expect(err.join('\n')).toMatch(/exists; --force overwrites it/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    vi.restoreAllMocks();
    quiet();
    expect(await main(['init', '--out', out, '--force'])).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toBe('mine');
    vi.restoreAllMocks();
    err = quiet();
    expect(await main(['init', '--kind', 'rust'])).toBe(2);
    expect(err.join('\n')).toMatch(/--kind takes control or adapter/);
  });
});

describe("init's counts hold to the code", () => {
  it('the cases it says run with keys only are the cases that run with keys only, one more with another tenant', async () => {
    dir = mkdtempSync(join(tmpdir(), 'init-'));
    const out = join(dir, 'control.md');
    quiet();
    expect(await main(['init', '--out', out])).toBe(0);
    const said = /keys only, (\d+) of (\d+) cases run; (\d+) more with another tenant/.exec(
      readFileSync(out, 'utf8'),
    );
    expect(said, 'the keys-only line').not.toBeNull();
    const embedded = await startEmbedded({ seed: 7 });
    try {
      const keysOnly: Adapter = { name: 'none', capabilities: new Set() } as Adapter;
      const ran = async (target: Target) =>
        (
          await runCases(allCases, {
            target,
            adapter: keysOnly,
            spec,
            // The embedded server moves batches and dreams only when driven: waits end fast, failed or not.
            settings: { ...pinSettings(), numRuns: 2, maxWaitMs: 1_000 },
            concurrency: 4,
          })
        ).filter((r) => r.outcome !== 'skipped').length;
      expect(await ran(embedded.target)).toBe(Number(said![1]));
      const other = await embedded.adapter.createTenant!();
      expect(await ran({ ...embedded.target, otherTenant: other })).toBe(Number(said![1]) + Number(said![3]));
      expect(Number(said![2])).toBe(allCases.length);
    } finally {
      await embedded.close();
    }
  }, 300_000);
});
