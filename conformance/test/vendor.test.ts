/**
 * One vendor name, everywhere: the suite instantiated for `acme` passes against a reference
 * server started for `acme` (headers, key and token prefixes, model ids in the validators and in
 * the rate-limit groups), and the suite for the published name does not (it sends headers and
 * model ids the `acme` server does not know). Few runs per property keep it short; every family
 * runs.
 */
import { createSpec, defineVendor, spec, type VendorSpec } from '@vendor-api/spec';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allCases } from '../src/cases/index.js';
import { main } from '../src/cli.js';
import { startEmbedded } from '../src/embedded.js';
import { runCases } from '../src/runner.js';

const ACME = createSpec(defineVendor('acme'));
const settings = { seed: 7, numRuns: 5, timeoutMs: 10_000 };

/** Runs the suite instantiated for `suiteSpec` against a fresh embedded server for vendor acme. */
async function againstAcme(suiteSpec: VendorSpec, families?: readonly string[]) {
  const embedded = await startEmbedded({ seed: 7, vendor: 'acme' });
  try {
    return await runCases(allCases, {
      target: embedded.target,
      adapter: embedded.adapter,
      spec: suiteSpec,
      settings,
      ...(families ? { families } : {}),
    });
  } finally {
    await embedded.close();
  }
}

describe('the suite for vendor acme against a server for vendor acme', () => {
  it('passes every case (or skips it for a capability the adapter lacks)', async () => {
    const results = await againstAcme(ACME);
    const failed = results
      .filter((r) => r.outcome === 'failed')
      .map((r) => ({ id: r.id, message: r.failure?.message }));
    expect(failed).toEqual([]);
    expect(results.filter((r) => r.outcome === 'passed').length).toBeGreaterThan(100);
  }, 300_000);

  it('the suite for the published name fails there', async () => {
    const results = await againstAcme(spec, ['access']);
    expect(results.filter((r) => r.outcome === 'failed').length).toBeGreaterThan(0);
  }, 60_000);
});

describe('vendor-conformance run --vendor NAME', () => {
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    return out;
  };

  it('runs the suite and the embedded server in that name (the version header is acme-version)', async () => {
    const out = quiet();
    const code = await main([
      'run',
      '--vendor',
      'acme',
      '--case',
      'access.version-header',
      '--seed',
      '7',
      '--runs',
      '2',
    ]);
    expect(out.join('\n')).toMatch(/1 passed, 0 failed/);
    expect(code).toBe(0);
  }, 60_000);

  it('refuses a name that cannot be one', async () => {
    const out = quiet();
    expect(await main(['run', '--vendor', 'Acme!'])).toBe(2);
    expect(out.join('\n')).toMatch(/--vendor: vendor name must match/);
  });
});
