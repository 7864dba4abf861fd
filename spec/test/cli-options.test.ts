/**
 * The options every command line shares: "did you mean" for a mistyped name, strict parsing with
 * one-line errors, and the parsers of option values, each error one line naming the option and
 * the value it got.
 */
import { describe, expect, it } from 'vitest';
import {
  checkNames,
  choiceOption,
  closest,
  didYouMean,
  editDistance,
  httpUrlOption,
  integerOption,
  listOption,
  orList,
  parseOptions,
  positionalsOf,
  programOf,
  UsageError,
  unknownNames,
} from '../src/cli/support.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['shard', 'shard', 0],
    ['shrd', 'shard', 1],
    ['shrad', 'shard', 1],
    ['sahrd', 'shard', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['abc', '', 3],
  ])('%j to %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('closest', () => {
  const options = ['shard', 'seed', 'runs', 'expected-failures', 'fail-on-skip', 'json', 'junit'];
  it.each([
    ['shrd', 'shard'],
    ['sahrd', 'shard'],
    ['SHARD', 'shard'],
    ['jsn', 'json'],
    ['jnuit', 'junit'],
    ['expected', 'expected-failures'],
    ['expected-failure', 'expected-failures'],
  ])('%j means %j', (typed, meant) => {
    expect(closest(typed, options)).toBe(meant);
  });

  it.each(['frobnicate', 'x', 'ab', 'verbose'])('%j means nothing', (typed) => {
    expect(closest(typed, options)).toBeUndefined();
  });

  it('a long name is at most three edits from the one meant', () => {
    const ids = ['dreams.cancel-completed-is-400', 'dreams.archive-completed'];
    expect(closest('dreams.cancel-complted-is-400', ids)).toBe('dreams.cancel-completed-is-400');
    expect(closest('dreams.cancel-complted', ids)).toBeUndefined();
  });

  it('an exact name is no suggestion; a prefix of several names is none either', () => {
    expect(closest('seed', ['seed'])).toBeUndefined();
    expect(closest('fai', ['fail-on-skip', 'failures'])).toBeUndefined();
  });

  it('the first listed wins a tie', () => {
    expect(closest('rum', ['run', 'rub'])).toBe('run');
    expect(closest('rum', ['rub', 'run'])).toBe('rub');
  });

  it('didYouMean writes the name as asked, or nothing', () => {
    expect(didYouMean('shrd', options, (n) => `--${n}`)).toBe(' (did you mean --shard?)');
    expect(didYouMean('zzzzzz', options)).toBe('');
  });
});

describe('parseOptions', () => {
  const options = {
    shard: { type: 'string' },
    json: { type: 'boolean' },
    data: { type: 'string', short: 'd' },
  } as const;
  const error = (args: string[], suggest?: string[]) => {
    try {
      parseOptions(options, args, suggest ? { suggest } : {});
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error(`no usage error for ${args.join(' ')}`);
  };

  it('parses values and positionals, drops a `--`, and takes a dash value written inline', () => {
    expect(parseOptions(options, ['run', '--', '--shard', '1/2', '--json', '-d', 'x'])).toEqual({
      values: { shard: '1/2', json: true, data: 'x' },
      positionals: ['run'],
    });
    expect(parseOptions(options, ['--shard=-1']).values).toEqual({ shard: '-1' });
  });

  it.each([
    [['--shrd', '1/2'], 'unknown option --shrd (did you mean --shard?)'],
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['-x'], 'unknown option -x'],
    [['--shard'], '--shard needs a value'],
    [['--json=yes'], '--json takes no value; got "yes"'],
    [['--shard', '-1'], '--shard needs a value; to give "-1", write --shard=-1'],
    [['-d', '--json'], '-d needs a value; to give "--json", write --data=--json'],
  ])('%j: %s', (args, message) => {
    expect(error(args)).toBe(message);
  });

  it('suggests among the names `suggest` gives', () => {
    expect(error(['list', '--jsn'], ['junit'])).toBe('unknown option --jsn');
    expect(error(['list', '--jnit'], ['junit'])).toBe('unknown option --jnit (did you mean --junit?)');
  });

  it('positionalsOf reads the positionals of a command line with a mistake in it', () => {
    expect(positionalsOf(options, ['run', '--shrd', '1/2', '--shard', '1/2'])).toEqual(['run', '1/2']);
    expect(positionalsOf(options, ['--json=x', 'list'])).toEqual(['list']);
  });
});

describe('option values', () => {
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error('no usage error');
  };

  it('integerOption takes decimal integers in range, and names the range otherwise', () => {
    expect(integerOption('runs', '25', { min: 1 })).toBe(25);
    expect(integerOption('seed', '-7')).toBe(-7);
    expect(integerOption('port', ' 8080 ', { min: 0, max: 65535 })).toBe(8080);
    expect(message(() => integerOption('runs', '0', { min: 1 }))).toBe(
      '--runs must be a positive integer; got "0"',
    );
    expect(message(() => integerOption('n', '1.5', { min: 0 }))).toBe(
      '--n must be a non-negative integer; got "1.5"',
    );
    expect(message(() => integerOption('port', '70000', { min: 0, max: 65535 }))).toBe(
      '--port must be an integer from 0 to 65535; got "70000"',
    );
    for (const bad of ['', 'x', '0x10', '1e3', '9007199254740993'])
      expect(message(() => integerOption('seed', bad))).toBe(
        `--seed must be an integer; got ${JSON.stringify(bad)}`,
      );
    expect(message(() => integerOption('n', '9', { min: 10 }))).toBe(
      '--n must be an integer of at least 10; got "9"',
    );
    expect(message(() => integerOption('n', '11', { max: 10 }))).toBe(
      '--n must be an integer of at most 10; got "11"',
    );
  });

  it('httpUrlOption takes absolute http(s) URLs only', () => {
    expect(httpUrlOption('base-url', 'http://127.0.0.1:3000/v')).toBe('http://127.0.0.1:3000/v');
    for (const bad of ['localhost:3000', '/v1', 'ftp://x', ''])
      expect(message(() => httpUrlOption('base-url', bad))).toBe(
        `--base-url must be an absolute http(s) URL; got ${JSON.stringify(bad)}`,
      );
  });

  it('choiceOption takes one of its words and suggests the closest', () => {
    expect(choiceOption('clock', 'manual', ['wall', 'manual'])).toBe('manual');
    expect(message(() => choiceOption('clock', 'wal', ['wall', 'manual']))).toBe(
      '--clock must be wall or manual; got "wal" (did you mean wall?)',
    );
    expect(message(() => choiceOption('kind', 'x', ['a', 'b', 'c']))).toBe(
      '--kind must be a, b or c; got "x"',
    );
  });

  it('checkNames throws the unknownNames error with its hint', () => {
    expect(() =>
      checkNames(['dreams'], ['dreams'], ['family', 'families'], 'list prints them'),
    ).not.toThrow();
    expect(
      message(() => checkNames(['dreamz'], ['dreams'], ['family', 'families'], 'list prints them')),
    ).toBe('unknown family "dreamz" (did you mean dreams?) (list prints them)');
    expect(message(() => checkNames(['x'], ['dreams'], ['family', 'families']))).toBe('unknown family "x"');
  });

  it('listOption, orList and unknownNames', () => {
    expect(listOption(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(orList(['a'])).toBe('a');
    expect(unknownNames(['dreams'], ['dreams', 'sessions'], ['family', 'families'])).toBeUndefined();
    expect(unknownNames(['dreamz', 'x'], ['dreams'], ['family', 'families'])?.message).toBe(
      'unknown families "dreamz" (did you mean dreams?), "x"',
    );
  });

  it('programOf reads the command from a usage line', () => {
    expect(programOf('Usage: pnpm spec:diff [base-ref] [--json]')).toBe('pnpm spec:diff');
    expect(programOf('text\nUsage: vendor-conformance replay TRACE [options]')).toBe(
      'vendor-conformance replay',
    );
    expect(programOf('Usage: pnpm bench [name...] [--large]')).toBe('pnpm bench');
    expect(programOf('Usage: reference-server')).toBe('reference-server');
    expect(programOf('no usage line')).toBe('');
  });
});
