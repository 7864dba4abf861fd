/**
 * The command line: per-command help, --version, usage errors for typos (unknown case and family
 * ids, options of another command, a missing trace), skipped cases named in the summary and
 * failing the run with --fail-on-skip.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPT_IN_CAPABILITIES } from '../src/capabilities.js';
import { allCases } from '../src/cases/index.js';
import { main } from '../src/cli.js';
import { requiredCapabilities } from '../src/needs.js';

let out: string[];
let err: string[];
afterEach(() => vi.restoreAllMocks());
const capture = () => {
  out = [];
  err = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
};

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const target = ['--admin-key', 'a', '--workspace-key', 'b', '--workspace-id', 'c', '--organization-id', 'd'];

describe('vendor-conformance', () => {
  it('--version prints the package version', async () => {
    capture();
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(await main(['--version'])).toBe(0);
    expect(out).toEqual([version]);
  });

  it('each command has its own --help', async () => {
    const texts: string[] = [];
    for (const command of ['run', 'replay', 'list', 'coverage', 'mutants', 'variants', 'score']) {
      capture();
      expect(await main([command, '--help'])).toBe(0);
      expect(out.join('\n')).toContain(`Usage: vendor-conformance ${command}`);
      texts.push(out.join('\n'));
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('unknown case or family ids are a usage error, not a run of nothing', async () => {
    capture();
    expect(await main(['run', '--case', 'dreams.no-such-case'])).toBe(2);
    expect(err.join('\n')).toContain('unknown case id "dreams.no-such-case"');
    capture();
    expect(await main(['list', '--family', 'dreamz'])).toBe(2);
    expect(err.join('\n')).toMatch(/unknown family "dreamz"; families: .*dreams/);
    capture();
    expect(await main(['mutants', '--case', 'nope'])).toBe(2);
  });

  it('a second tenant named only in part is a usage error, not silently dropped', async () => {
    capture();
    const args = ['run', '--base-url', 'http://127.0.0.1:9', '--adapter', 'reference'];
    expect(await main([...args, '--other-admin-key', 'k', '--other-workspace-id', 'w'])).toBe(2);
    expect(err.join('\n')).toContain('missing: --other-workspace-key');
  });

  it('takes the old family name exchange (and its case ids) with a one-line notice on stderr', async () => {
    capture();
    const notices: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      notices.push(String(chunk));
      return true;
    });
    expect(await main(['list', '--family', 'exchange'])).toBe(0);
    expect(out.length).toBe(allCases.filter((c) => c.family === 'federation').length);
    expect(out.length).toBeGreaterThan(0);
    expect(notices).toEqual([
      'vendor-conformance: the family "exchange" is deprecated; it is "federation" now\n',
    ]);
    const id = allCases.find((c) => c.family === 'federation')!.id;
    capture();
    notices.length = 0;
    expect(await main(['list', '--case', id.replace(/^federation\./, 'exchange.')])).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain(id);
    expect(notices).toHaveLength(1);
    // An expected-failures file written with the old id is still read.
    const dir = mkdtempSync(join(tmpdir(), 'expected-'));
    const file = join(dir, 'expected.json');
    writeFileSync(
      file,
      JSON.stringify({ expectedFailures: { [id.replace(/^federation\./, 'exchange.')]: 'known' } }),
    );
    capture();
    notices.length = 0;
    try {
      expect(
        await main(['run', '--base-url', url, ...target, '--case', id, '--expected-failures', file]),
      ).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(notices.join('')).toContain(
      `the case id "${id.replace(/^federation\./, 'exchange.')}" is deprecated`,
    );
  });

  it('an option of another command, a stray argument or an unknown option is a usage error', async () => {
    capture();
    expect(await main(['list', '--junit', 'x.xml'])).toBe(2);
    expect(err.join('\n')).toContain('list takes no --junit');
    capture();
    expect(await main(['list', 'extra'])).toBe(2);
    capture();
    expect(await main(['run', '--frobnicate'])).toBe(2);
  });

  it('a missing trace file is a clear usage error', async () => {
    capture();
    expect(await main(['replay', 'no/such/trace.json'])).toBe(2);
    expect(err.join('\n')).toBe('error: cannot read the trace no/such/trace.json: no such file');
  });

  it('passes a `--` from pnpm through', async () => {
    capture();
    const family = allCases[0]!.family;
    expect(await main(['list', '--', '--family', family])).toBe(0);
    expect(out.length).toBe(allCases.filter((c) => c.family === family).length);
  });

  it('names skipped cases in the summary, and --fail-on-skip fails the run for them', async () => {
    const needy = allCases.find((c) =>
      requiredCapabilities(c.needs).some((n) => !OPT_IN_CAPABILITIES.includes(n)),
    )!;
    capture();
    expect(await main(['run', '--base-url', url, ...target, '--case', needy.id])).toBe(0);
    expect(out.join('\n')).toContain('1 of 1 cases skipped, not checked');
    capture();
    expect(await main(['run', '--base-url', url, ...target, '--case', needy.id, '--fail-on-skip'])).toBe(1);
    expect(out.join('\n')).toContain('--fail-on-skip: the run fails');
  });

  it('--fail-on-skip does not fail a run for the cases it did not opt in to', async () => {
    const optIn = allCases.find((c) => {
      const required = requiredCapabilities(c.needs);
      return required.length > 0 && required.every((n) => OPT_IN_CAPABILITIES.includes(n));
    })!;
    capture();
    expect(await main(['run', '--base-url', url, ...target, '--case', optIn.id, '--fail-on-skip'])).toBe(0);
    expect(out.join('\n')).toContain('off unless the run opts in: --opt-in');
  });
});
