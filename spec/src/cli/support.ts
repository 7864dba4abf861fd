/**
 * What every command line of the toolchain shares: whether a module is the program being run
 * (through an installed bin's symlink too), the version of the package a module belongs to,
 * colour through node's `util.styleText` (NO_COLOR wins over FORCE_COLOR), strict options with
 * one-line usage errors and "did you mean" (`options.ts`, `suggest.ts`). Published as
 * `@vendor-api/spec/cli`.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { styleText } from 'node:util';
import { type CommandLineOptions, type OptionValues, parseOptions, UsageError } from './options.js';

export {
  type CommandLineOptions,
  checkNames,
  choiceOption,
  httpUrlOption,
  type IntegerRange,
  integerOption,
  integerValue,
  listOption,
  type OptionValues,
  orList,
  parseOptions,
  positionalsOf,
  UsageError,
  unknownNames,
} from './options.js';
export { closest, didYouMean, editDistance } from './suggest.js';

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the program node was started
 * with. An installed bin is a symlink (npm and pnpm link `node_modules/.bin/NAME` to the
 * package's file), so real paths are compared, not the link.
 */
export function invokedDirectly(moduleUrl: string, entry: string | undefined = process.argv[1]): boolean {
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * The `version` of the package.json at `packageJsonUrl` (resolved against the calling module,
 * e.g. `new URL('../package.json', import.meta.url)`: the same relative path from `src/` and
 * from `dist/`).
 */
export function packageVersion(packageJsonUrl: URL): string {
  const manifest = JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string')
    throw new Error(`${fileURLToPath(packageJsonUrl)} has no version`);
  return manifest.version;
}

/** A text format of `util.styleText`: a colour or modifier, or several. */
export type TextStyle = Parameters<typeof styleText>[0];

/** Where styled text goes: a stream node can ask whether it shows colour. */
export type StyledStream = NodeJS.WritableStream & { readonly isTTY?: boolean };

/**
 * Whether the environment turns colour off: NO_COLOR set to anything but the empty string
 * (no-color.org). It wins over FORCE_COLOR, which node's own check lets win.
 */
export const noColor = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NO_COLOR !== undefined && env.NO_COLOR !== '';

/**
 * Makes NO_COLOR win in the whole process and its children: a command line calls it first, so
 * that node's console (which colours values it inspects, and warns that NO_COLOR is ignored,
 * when FORCE_COLOR is set) and the programs it starts see no FORCE_COLOR either.
 */
export function settleColour(env: NodeJS.ProcessEnv = process.env): void {
  if (noColor(env)) delete env.FORCE_COLOR;
}

/**
 * `text` in `style` when `stream` shows colour (a terminal, or FORCE_COLOR; never with NO_COLOR,
 * even beside FORCE_COLOR), else `text` unchanged. Node 20.19 and later decide the terminal and
 * FORCE_COLOR from `{ stream }`; a runtime without `styleText` gets plain text.
 */
export function paint(style: TextStyle, text: string, stream: StyledStream = process.stdout): string {
  if (typeof styleText !== 'function' || noColor()) return text;
  return styleText(style, text, { stream });
}

/** `paint` bound to one stream: `const c = painter(process.stderr); c('red', 'failed')`. */
export const painter =
  (stream: StyledStream = process.stdout) =>
  (style: TextStyle, text: string): string =>
    paint(style, text, stream);

/** The one line a usage error prints: the message and the help to read. */
export const usageLine = (message: string, help: string): string => `error: ${message}; see ${help}`;

/**
 * The command a usage text is about: the words after `Usage: ` before the first placeholder
 * (`[`, `<`, an option or an upper-case name), e.g. `pnpm spec:diff`.
 */
export function programOf(help: string): string {
  const words = /^Usage: (.*)$/m.exec(help)?.[1]?.split(/\s+/) ?? [];
  const end = words.findIndex((w) => /^[[<|-]/.test(w) || /^[A-Z][A-Z_]*$/.test(w));
  return words.slice(0, end < 0 ? undefined : end).join(' ');
}

/**
 * A tool's command line, strict (`parseOptions`), NO_COLOR settled (`settleColour`): an unknown option (with "did you mean"), a
 * missing value or a stray argument prints one line on stderr, pointing at `--help`, and exits
 * 2; `--help` prints `help` and exits 0. A `--` that `pnpm run` passes through is dropped.
 */
export function parseCommandLine<const O extends CommandLineOptions>(
  options: O,
  help: string,
  { args = process.argv.slice(2), positionals = 0 }: { args?: readonly string[]; positionals?: number } = {},
): { values: OptionValues<O>; positionals: string[] } {
  settleColour();
  const withHelp = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  try {
    const parsed = parseOptions(withHelp, args);
    if ((parsed.values as { help?: boolean }).help) {
      console.log(help);
      process.exit(0);
    }
    if (parsed.positionals.length > positionals)
      throw new UsageError(
        positionals
          ? `at most ${positionals} argument${positionals > 1 ? 's' : ''}; got ${parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}`
          : `unexpected argument ${JSON.stringify(parsed.positionals[0])}`,
      );
    return parsed as never;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(usageLine(error.message, `${programOf(help) || 'the program'} --help`));
    process.exit(2);
  }
}
