/**
 * Options of the toolchain's command lines: strict parsing through `util.parseArgs` with one-line
 * errors ("did you mean" for a mistyped option), and the parsers of option values every command
 * line shares (integers in a range, http(s) URLs, one of a few words, comma lists). Each throws a
 * `UsageError` whose message is one line naming the option and the value it got.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean } from './suggest.js';

/** A mistake in how a command line was called: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options of a command line, as `util.parseArgs` takes them. */
export type CommandLineOptions = NonNullable<ParseArgsConfig['options']>;

/** The values `util.parseArgs` gives for `O`. */
export type OptionValues<O extends CommandLineOptions> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
>['values'];

/** `util.parseArgs`, lenient: `args` read as far as they can be (a `--` dropped), never an error. */
const lenient = (options: CommandLineOptions, args: readonly string[]) =>
  parseArgs({
    args: args.filter((a) => a !== '--'),
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });

/**
 * The positional arguments of `args`, even when an option is wrong (an unknown option is read
 * as a flag): which command a mistaken command line names, to suggest its options.
 */
export const positionalsOf = (options: CommandLineOptions, args: readonly string[]): string[] =>
  lenient(options, args).positionals;

/**
 * `args` against `options`, as strict as `util.parseArgs` with `strict: true` but with one-line
 * messages: an unknown option (with the closest known one; `suggest` narrows the names offered,
 * e.g. to the options of the command named), a missing value, a value given to a flag, and a
 * value that looks like an option (`--timeout -3`; written `--timeout=-3` it is taken). A `--`
 * (which `pnpm run` passes through) is dropped: no command of the toolchain takes an argument
 * that begins with a dash.
 */
export function parseOptions<const O extends CommandLineOptions>(
  options: O,
  args: readonly string[],
  { suggest }: { suggest?: Iterable<string> } = {},
): { values: OptionValues<O>; positionals: string[] } {
  const { values, positionals, tokens } = lenient(options, args);
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (!option) {
      const long = token.rawName.startsWith('--');
      const names = suggest ?? Object.keys(options);
      throw new UsageError(
        `unknown option ${token.rawName}${long ? didYouMean(token.name, names, (n) => `--${n}`) : ''}`,
      );
    }
    if (option.type === 'boolean' && token.value !== undefined)
      throw new UsageError(`${token.rawName} takes no value; got ${JSON.stringify(token.value)}`);
    if (option.type === 'string' && token.value === undefined)
      throw new UsageError(`${token.rawName} needs a value`);
    if (option.type === 'string' && !token.inlineValue && token.value?.startsWith('-'))
      throw new UsageError(
        `${token.rawName} needs a value; to give ${JSON.stringify(token.value)}, write --${token.name}=${token.value}`,
      );
  }
  return { values: values as OptionValues<O>, positionals };
}

/** `a`, `a or b`, `a, b or c`. */
export const orList = (words: readonly string[]): string =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/** What an integer option takes, in words. */
function integerRange(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `an integer from ${min} to ${max}`;
  if (min === 1) return 'a positive integer';
  if (min === 0) return 'a non-negative integer';
  if (min !== undefined) return `an integer of at least ${min}`;
  if (max !== undefined) return `an integer of at most ${max}`;
  return 'an integer';
}

/** The range of an integer value; either end may be open. */
export interface IntegerRange {
  readonly min?: number;
  readonly max?: number;
}

/**
 * `text` as an integer within `min`..`max` (decimal digits, an optional sign); the usage error
 * names it by `label` (`--port`, `VENDOR_API_SEED`).
 */
export function integerValue(label: string, text: string, { min, max }: IntegerRange = {}): number {
  const n = Number(text.trim());
  if (
    /^[+-]?\d+$/.test(text.trim()) &&
    Number.isSafeInteger(n) &&
    (min === undefined || n >= min) &&
    (max === undefined || n <= max)
  )
    return n;
  throw new UsageError(`${label} must be ${integerRange(min, max)}; got ${JSON.stringify(text)}`);
}

/** `--name`'s value as an integer within `min`..`max`. */
export const integerOption = (name: string, text: string, range: IntegerRange = {}): number =>
  integerValue(`--${name}`, text, range);

/** `--name`'s value as an absolute http or https URL. */
export function httpUrlOption(name: string, text: string): string {
  if (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)) return text;
  throw new UsageError(`--${name} must be an absolute http(s) URL; got ${JSON.stringify(text)}`);
}

/** `--name`'s value as one of `choices` (the closest one suggested when it is none). */
export function choiceOption<const C extends string>(name: string, text: string, choices: readonly C[]): C {
  if ((choices as readonly string[]).includes(text)) return text as C;
  throw new UsageError(
    `--${name} must be ${orList(choices)}; got ${JSON.stringify(text)}${didYouMean(text, choices)}`,
  );
}

/** A comma-separated list, its items trimmed, empty ones dropped. */
export const listOption = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The error for names an option lists that are not known (`unknown family "dreamz" (did you mean
 * dreams?)`), or undefined when every name is known. `what` is the singular and plural noun.
 */
export function unknownNames(
  given: readonly string[],
  known: readonly string[],
  [one, many]: readonly [string, string],
): UsageError | undefined {
  const unknown = given.filter((g) => !known.includes(g));
  if (!unknown.length) return undefined;
  const shown = unknown.map((u) => `${JSON.stringify(u)}${didYouMean(u, known)}`).join(', ');
  return new UsageError(`unknown ${unknown.length > 1 ? many : one} ${shown}`);
}

/**
 * Throws the error of `unknownNames`, followed by `hint` (where the names are listed, e.g.
 * `--list-faults prints them`), when a name of `given` is not `known`.
 */
export function checkNames(
  given: readonly string[],
  known: readonly string[],
  nouns: readonly [string, string],
  hint?: string,
): void {
  const unknown = unknownNames(given, known, nouns);
  if (unknown) throw new UsageError(hint === undefined ? unknown.message : `${unknown.message} (${hint})`);
}
