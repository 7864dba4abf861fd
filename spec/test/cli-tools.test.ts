/**
 * The repository's tool command lines, each built on `@vendor-api/spec/cli`: a mistake is one line
 * on stderr (a mistyped option with the closest one and the help to read, a bad value naming the
 * option and the value) and exit code 2, before the tool does any work.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** A tool's script, run from the repository root as its pnpm script runs it. */
const tool = (script: string, args: readonly string[], env: Record<string, string> = {}) =>
  spawnSync(TSX, ['--conditions=@vendor-api/source', script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    // A tsx start: a second or two here, tens of seconds on a loaded 2-core machine (a bound for
    // a hang, no speed target).
    timeout: 120_000,
  });

describe('the tool command lines', () => {
  it.each([
    [
      'tools/codegen/src/cli.ts',
      ['--chek'],
      'unknown option --chek (did you mean --check?); see pnpm generate --help',
    ],
    ['tools/codegen/src/cli.ts', ['--vendor='], '--vendor needs a value; see pnpm generate --help'],
    ['tools/codegen/src/cli.ts', ['--out', ''], '--out needs a value; see pnpm generate --help'],
    [
      'tools/spec-diff/src/cli.ts',
      ['--jsn'],
      'unknown option --jsn (did you mean --json?); see pnpm spec:diff --help',
    ],
    ['tools/spec-diff/src/cli.ts', ['a', 'b'], 'at most 1 argument; got "a" "b"; see pnpm spec:diff --help'],
    ['tools/spec-diff/src/check.ts', ['no-such-ref-here'], 'unknown git ref "no-such-ref-here"'],
    [
      'tools/spec-diff/src/release-dry-run.ts',
      ['--kep'],
      'unknown option --kep (did you mean --keep?); see pnpm release:dry-run --help',
    ],
    [
      'tools/trace/src/cli.ts',
      ['--mising'],
      'unknown option --mising (did you mean --missing?); see pnpm requirements:trace --help',
    ],
    [
      'tools/bench/src/run.ts',
      ['valdiate'],
      'unknown benchmark "valdiate" (did you mean validate?) (known: validate, generate, jsonl, exchange, messages, tenants, suite, kit, peers)',
    ],
    [
      'spec/src/cli/summary.ts',
      ['--vndor', 'acme'],
      'unknown option --vndor (did you mean --vendor?); see pnpm spec:summary --help',
    ],
    [
      'conformance/src/stability.ts',
      ['--runs-of-suite', '0'],
      '--runs-of-suite must be a positive integer; got "0"',
    ],
  ])(
    '%s %j: one line, exit 2',
    (script, args, line) => {
      const r = tool(script, args);
      expect([r.status, r.stderr, r.stdout]).toEqual([2, `error: ${line}\n`, '']);
    },
    180_000,
  );

  it('a bad VENDOR_API_SEED is named as the variable', () => {
    const r = tool('conformance/src/stability.ts', [], { VENDOR_API_SEED: 'soon' });
    expect([r.status, r.stderr]).toEqual([2, 'error: VENDOR_API_SEED must be an integer; got "soon"\n']);
  }, 180_000);
});
