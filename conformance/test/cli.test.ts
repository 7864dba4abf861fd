/**
 * The command line: per-command help (`COMMAND --help` and `help COMMAND`), --version, usage
 * errors for typos (unknown case and family ids, options of another command, a missing trace),
 * one line for every bad option value, "did you mean" for a mistyped option or command, colour
 * (never with NO_COLOR), skipped cases named in the summary and failing the run with
 * --fail-on-skip.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
    expect(err.join('\n')).toMatch(
      /^error: unknown family "dreamz" \(did you mean dreams\?\); families: .*dreams/,
    );
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

  it('an option of another command, a stray argument or an unknown option is one line pointing at the help', async () => {
    capture();
    expect(await main(['list', '--junit', 'x.xml'])).toBe(2);
    expect(err).toEqual(['error: list takes no --junit; see vendor-conformance list --help']);
    capture();
    expect(await main(['list', 'extra'])).toBe(2);
    expect(err).toEqual(['error: unexpected argument "extra"; see vendor-conformance list --help']);
    capture();
    expect(await main(['run', '--frobnicate'])).toBe(2);
    expect(err).toEqual(['error: unknown option --frobnicate; see vendor-conformance run --help']);
    expect(out).toEqual([]);
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

describe('vendor-conformance usage errors', () => {
  it.each([
    [['run', '--shard', '3/2'], '--shard must be i/n with 1 <= i <= n; got "3/2"'],
    [['run', '--shard', 'x'], '--shard must be i/n with 1 <= i <= n; got "x"'],
    [['run', '--shard', '0/2'], '--shard must be i/n with 1 <= i <= n; got "0/2"'],
    [['run', '--shard='], '--shard must be i/n with 1 <= i <= n; got ""'],
    [['run', '--runs', '0'], '--runs must be a positive integer; got "0"'],
    [['run', '--seed', '1.5'], '--seed must be an integer; got "1.5"'],
    [['run', '--timeout', '0'], '--timeout must be a positive integer; got "0"'],
    [['run', '--timeout=-3'], '--timeout must be a positive integer; got "-3"'],
    [
      ['run', '--base-url', 'localhost:3000'],
      '--base-url must be an absolute http(s) URL; got "localhost:3000"',
    ],
    [['run', '--control-url', 'ftp://x'], '--control-url must be an absolute http(s) URL; got "ftp://x"'],
    [
      ['run', '--opt-in', 'large-request'],
      '--opt-in takes large-requests; not "large-request" (did you mean large-requests?)',
    ],
    [
      ['list', '--case', 'dreams.cancel-runing'],
      'unknown case id "dreams.cancel-runing" (did you mean dreams.cancel-running?) (vendor-conformance list prints them)',
    ],
    [['mutants', '--fault', 'nope'], 'unknown fault "nope" (reference-server --list-faults prints them)'],
    [
      ['variants', '--variant', 'al'],
      'unknown variant "al" (did you mean all?) (reference-server --list-variants prints them)',
    ],
    [['score', '--fault', 'nope'], 'unknown fault "nope" (reference-server --list-faults prints them)'],
    [
      ['client-score', '--variant', 'new-client-per-cal'],
      expect.stringMatching(
        /^unknown client alternative "new-client-per-cal" \(did you mean new-client-per-call\?\) \(client alternatives: .*new-client-per-call/,
      ),
    ],
    [['client', '--driver', 'true', '--timeout', '0'], '--timeout must be a positive integer; got "0"'],
    [
      ['client', '--driver', 'true', '--profile', 'referense'],
      '--profile takes reference, alternatives; got referense (did you mean reference?)',
    ],
    [['init', '--kind', 'adaptor'], '--kind takes control or adapter; got "adaptor" (did you mean adapter?)'],
  ])('%j: one line, exit 2, no stack trace', async (args, message) => {
    capture();
    expect(await main(args)).toBe(2);
    expect(err).toEqual([
      typeof message === 'string' ? `error: ${message}` : expect.stringMatching(/^error: /),
    ]);
    if (typeof message !== 'string') expect(err[0]!.slice('error: '.length)).toEqual(message);
    expect(out).toEqual([]);
  });

  it('a bad VENDOR_API_SEED is named as the variable', async () => {
    vi.stubEnv('VENDOR_API_SEED', 'soon');
    try {
      capture();
      expect(await main(['list', '--family', 'dreams'])).toBe(0);
      capture();
      expect(await main(['coverage', '--proven'])).toBe(2);
      expect(err).toEqual(['error: VENDOR_API_SEED must be an integer; got "soon"']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    [['--shrd', '1/2'], 'unknown option --shrd (did you mean --shard?); see vendor-conformance --help'],
    [
      ['run', '--jnuit', 'x'],
      'unknown option --jnuit (did you mean --junit?); see vendor-conformance run --help',
    ],
    // list takes no --junit: it is not offered there.
    [['list', '--jnuit', 'x'], 'unknown option --jnuit; see vendor-conformance list --help'],
    [
      ['list', '--famly', 'dreams'],
      'unknown option --famly (did you mean --family?); see vendor-conformance list --help',
    ],
    [['rn'], 'unknown command "rn" (did you mean run?); see vendor-conformance --help'],
    [['mutnats'], 'unknown command "mutnats" (did you mean mutants?); see vendor-conformance --help'],
    [['frobnicate'], 'unknown command "frobnicate"; see vendor-conformance --help'],
    [['help', 'rpelay'], 'unknown command "rpelay" (did you mean replay?); see vendor-conformance --help'],
    [['run', '--seed'], '--seed needs a value; see vendor-conformance run --help'],
    [
      ['run', '--timeout', '-3'],
      '--timeout needs a value; to give "-3", write --timeout=-3; see vendor-conformance run --help',
    ],
    [
      ['run', '--fail-on-skip=yes'],
      '--fail-on-skip takes no value; got "yes"; see vendor-conformance run --help',
    ],
  ])('%j: one line with the suggestion and the help to read, no usage', async (args, line) => {
    capture();
    expect(await main(args)).toBe(2);
    expect(err).toEqual([`error: ${line}`]);
    expect(out).toEqual([]);
  });

  it('help COMMAND prints the help of COMMAND --help; help alone the main help', async () => {
    capture();
    expect(await main(['--help'])).toBe(0);
    const mainHelp = out.join('\n');
    expect(mainHelp).toContain('vendor-conformance help <command>');
    capture();
    expect(await main(['help'])).toBe(0);
    expect(out.join('\n')).toBe(mainHelp);
    for (const command of [
      'run',
      'replay',
      'list',
      'coverage',
      'mutants',
      'variants',
      'score',
      'init',
      'client',
      'client-score',
    ]) {
      capture();
      expect(await main([command, '--help'])).toBe(0);
      const own = out.join('\n');
      capture();
      expect(await main(['help', command])).toBe(0);
      expect(out.join('\n')).toBe(own);
      expect(own).toContain(`Usage: vendor-conformance ${command}`);
      expect(mainHelp).toContain(`  ${command}`);
    }
    capture();
    expect(await main(['help', 'run', 'list'])).toBe(2);
    expect(err).toEqual(['error: unexpected argument "list"; see vendor-conformance --help']);
  });
});

describe('vendor-conformance colour', () => {
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
  const cliPath = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  /**
   * The report of a run of one skipped case, printed to a pipe with this colour environment (the
   * child reaches this process's server: spawned, not run synchronously).
   */
  const report = (env: Record<string, string>) => {
    const needy = allCases.find((c) =>
      requiredCapabilities(c.needs).some((n) => !OPT_IN_CAPABILITIES.includes(n)),
    )!;
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...rest } = process.env;
    const child = spawn(
      tsx,
      ['--conditions=@vendor-api/source', cliPath, 'run', '--base-url', url, ...target, '--case', needy.id],
      { env: { ...rest, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    return new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout }));
    });
  };

  // A tsx start and the suite's load per run: seconds here, tens of seconds on a loaded 2-core
  // machine (a bound for a hang, no speed target).
  it('colours with FORCE_COLOR, never with NO_COLOR (even beside FORCE_COLOR), plain on a pipe', async () => {
    const forced = await report({ FORCE_COLOR: '1' });
    expect(forced.status).toBe(0);
    expect(forced.stdout).toContain('\u001b[33m');
    for (const env of [{ NO_COLOR: '1', FORCE_COLOR: '1' }, { NO_COLOR: '1' }, {}]) {
      const plain = await report(env);
      expect(plain.status).toBe(0);
      expect(plain.stdout).toContain('1 of 1 cases skipped, not checked');
      expect(plain.stdout).not.toContain('\u001b[');
    }
  }, 900_000);
});
