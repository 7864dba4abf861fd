/**
 * What every command line of the toolchain shares: whether a module is the program being run
 * (through an installed bin's symlink too), the version of the package a module belongs to, and
 * colour through node's `util.styleText` (which honours NO_COLOR, FORCE_COLOR and the stream's
 * terminal). Published as `@vendor-api/spec/cli`.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs, styleText } from 'node:util';

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
 * `text` in `style` when `stream` shows colour (a terminal, or FORCE_COLOR; never with NO_COLOR),
 * else `text` unchanged. Node 20.19 and later decide that from `{ stream }`; a runtime without
 * `styleText` gets plain text.
 */
export function paint(style: TextStyle, text: string, stream: StyledStream = process.stdout): string {
  if (typeof styleText !== 'function') return text;
  return styleText(style, text, { stream });
}

/** `paint` bound to one stream: `const c = painter(process.stderr); c('red', 'failed')`. */
export const painter =
  (stream: StyledStream = process.stdout) =>
  (style: TextStyle, text: string): string =>
    paint(style, text, stream);

/** The options of a command line, as `util.parseArgs` takes them. */
export type CommandLineOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * A tool's command line through `util.parseArgs`, strict: an unknown option, a missing value or
 * a stray argument prints the message and `help` on stderr and exits 2; `--help` prints `help`
 * and exits 0. A `--` that `pnpm run` passes through is dropped.
 */
export function parseCommandLine<const O extends CommandLineOptions>(
  options: O,
  help: string,
  { args = process.argv.slice(2), positionals = 0 }: { args?: readonly string[]; positionals?: number } = {},
): {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>['values'];
  positionals: string[];
} {
  const withHelp = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: args.filter((a) => a !== '--'),
      options: withHelp,
      allowPositionals: true,
      strict: true,
    });
    if (parsed.positionals.length > positionals)
      throw new Error(
        positionals
          ? `at most ${positionals} argument${positionals > 1 ? 's' : ''}; got ${parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}`
          : `unexpected argument ${JSON.stringify(parsed.positionals[0])}`,
      );
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${help}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(help);
    process.exit(0);
  }
  return parsed as never;
}
