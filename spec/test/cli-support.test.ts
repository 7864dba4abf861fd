/**
 * What the command lines share: the entry check through a symlink (an installed bin), the
 * package version, colour through util.styleText honouring NO_COLOR and FORCE_COLOR, and strict
 * argument parsing. Colour and exits are observed in child processes with their own environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { invokedDirectly, packageVersion } from '../src/cli/support.js';

const dir = mkdtempSync(join(tmpdir(), 'vendor-cli-support-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const support = pathToFileURL(fileURLToPath(new URL('../src/cli/support.ts', import.meta.url))).href;
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** Runs a script (TypeScript, through tsx) with exactly this environment besides PATH. */
function script(source: string, env: Record<string, string>, args: string[] = []) {
  const file = join(dir, `s-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, source);
  return spawnSync(tsx, [file, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
    // A tsx start: a second or two here, tens of seconds on a loaded 2-core machine (a bound for a
    // hang, no speed target).
    timeout: 120_000,
  });
}

describe('invokedDirectly', () => {
  it('is true for the program, through a symlink too, and false for another module', () => {
    const file = join(dir, 'entry.mjs');
    writeFileSync(file, '');
    const link = join(dir, 'entry-link');
    symlinkSync(file, link);
    const url = pathToFileURL(file).href;
    expect(invokedDirectly(url, file)).toBe(true);
    expect(invokedDirectly(url, link)).toBe(true);
    expect(invokedDirectly(url, fileURLToPath(import.meta.url))).toBe(false);
    expect(invokedDirectly(url, undefined)).toBe(false);
    expect(invokedDirectly(url, join(dir, 'missing'))).toBe(false);
  });
});

describe('packageVersion', () => {
  it("reads the package's version", () => {
    const url = new URL('../package.json', import.meta.url);
    expect(packageVersion(url)).toBe(JSON.parse(readFileSync(url, 'utf8')).version);
  });
});

describe('paint', () => {
  const source = `import { paint } from ${JSON.stringify(support)};\nprocess.stdout.write(JSON.stringify(paint('red', 'x')));`;
  it('plain text on a pipe, colour with FORCE_COLOR, never with NO_COLOR, even beside FORCE_COLOR', () => {
    expect(script(source, {}).stdout).toBe(JSON.stringify('x'));
    expect(script(source, { FORCE_COLOR: '1' }).stdout).toBe(JSON.stringify('\u001b[31mx\u001b[39m'));
    expect(script(source, { NO_COLOR: '1' }).stdout).toBe(JSON.stringify('x'));
    expect(script(source, { FORCE_COLOR: '0' }).stdout).toBe(JSON.stringify('x'));
    expect(script(source, { NO_COLOR: '1', FORCE_COLOR: '1' }).stdout).toBe(JSON.stringify('x'));
    // An empty NO_COLOR is unset (no-color.org).
    expect(script(source, { NO_COLOR: '', FORCE_COLOR: '1' }).stdout).toBe(
      JSON.stringify('\u001b[31mx\u001b[39m'),
    );
  }, 300_000);
});

describe('parseCommandLine', () => {
  const source = `import { parseCommandLine } from ${JSON.stringify(support)};
const { values, positionals } = parseCommandLine({ json: { type: 'boolean' } }, 'Usage: tool [--json] [REF]', { positionals: 1 });
console.log(JSON.stringify({ values, positionals }));`;
  it('parses, drops a `--` from pnpm, and exits 2 with one line for an unknown option or a stray argument', () => {
    const ok = script(source, {}, ['--', '--json', 'main']);
    expect(JSON.parse(ok.stdout)).toEqual({ values: { json: true }, positionals: ['main'] });
    const unknown = script(source, {}, ['--jsn']);
    expect([unknown.status, unknown.stderr]).toEqual([
      2,
      'error: unknown option --jsn (did you mean --json?); see tool --help\n',
    ]);
    const stray = script(source, {}, ['a', 'b']);
    expect([stray.status, stray.stderr]).toEqual([
      2,
      'error: at most 1 argument; got "a" "b"; see tool --help\n',
    ]);
    const help = script(source, {}, ['--help']);
    expect([help.status, help.stdout.trim()]).toEqual([0, 'Usage: tool [--json] [REF]']);
  }, 300_000);
});
