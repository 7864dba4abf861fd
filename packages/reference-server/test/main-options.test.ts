/**
 * `reference-server`'s options: every mistake is one line on stderr (a mistyped option or name
 * with the closest one, a bad value naming the option and the value) and exit code 2, before
 * the server starts; `--help` prints the usage.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The server's command line with these arguments (each case exits before it listens). */
const server = (args: readonly string[]) =>
  spawnSync(process.execPath, ['--import', TSX, '--conditions=@vendor-api/source', MAIN, ...args], {
    encoding: 'utf8',
    // A tsx start: a second or two here, tens of seconds on a loaded 2-core machine (a bound for
    // a hang, no speed target).
    timeout: 120_000,
  });

describe('reference-server options', () => {
  it.each([
    [['--prot', '3000'], 'unknown option --prot (did you mean --port?); see reference-server --help'],
    [
      ['--tset-control'],
      'unknown option --tset-control (did you mean --test-control?); see reference-server --help',
    ],
    [['extra'], 'unexpected argument "extra"; see reference-server --help'],
    [['--port'], '--port needs a value; see reference-server --help'],
    [['--port='], '--port must be an integer from 0 to 65535; got ""'],
    [['--port', '70000'], '--port must be an integer from 0 to 65535; got "70000"'],
    [['--port', '1.5'], '--port must be an integer from 0 to 65535; got "1.5"'],
    [['--clock', 'wal'], '--clock must be wall or manual; got "wal" (did you mean wall?)'],
    [['--clock', 'manual'], '--clock manual needs --test-control: only test control moves a manual clock'],
    [['--faults', 'nope'], 'unknown fault "nope" (--list-faults prints them)'],
    [
      ['--variants', 'additional-field'],
      'unknown variant "additional-field" (did you mean additional-fields?) (--list-variants prints them)',
    ],
    [
      ['--public-url', 'localhost:3000'],
      '--public-url must be an absolute http(s) URL; got "localhost:3000"',
    ],
    [
      ['--batch-seconds', 'soon'],
      `--batch-seconds must be a non-negative number of seconds or 'never'; got "soon"`,
    ],
  ])(
    '%j: one line, exit 2',
    (args, line) => {
      const r = server(args);
      expect([r.status, r.stderr, r.stdout]).toEqual([2, `error: ${line}\n`, '']);
    },
    180_000,
  );

  it('--help prints the usage and exits 0', () => {
    const r = server(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: reference-server \[options\]/);
  }, 180_000);
});
