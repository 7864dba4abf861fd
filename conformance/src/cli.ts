#!/usr/bin/env node
/**
 * vendor-conformance: the conformance suite's command line. See `--help`; each command is a
 * file of `commands/`, this is its dispatcher.
 * Exit codes: 0 conformant (or replay fixed), 1 failures (or replay still failing), 2 usage,
 * configuration or connection error.
 */
import {
  didYouMean,
  invokedDirectly,
  packageVersion,
  parseOptions,
  positionalsOf,
  settleColour,
  UsageError,
  usageLine,
} from '@vendor-api/spec/cli';
import { ControlError } from './adapters/control.js';
import { client } from './commands/client.js';
import { clientScore } from './commands/client-score.js';
import { COMMON_OPTIONS, type Command, EXIT_HELP, OPTIONS, type Values } from './commands/common.js';
import { coverage } from './commands/coverage.js';
import { init } from './commands/init.js';
import { list } from './commands/list.js';
import { mutants } from './commands/mutants.js';
import { replay } from './commands/replay.js';
import { RequirementError, RunDeadlineError, run } from './commands/run.js';
import { score } from './commands/score.js';
import { ConnectionError } from './commands/target.js';
import { variants } from './commands/variants.js';
import { ConfigurationError } from './expected.js';

/** The commands, in the order the main help lists them. */
const COMMANDS: Readonly<Record<string, Command>> = {
  run,
  replay,
  list,
  coverage,
  mutants,
  variants,
  score,
  init,
  client,
  'client-score': clientScore,
};

/** The command run when none is named. */
const DEFAULT_COMMAND = 'run';

const PROGRAM = 'vendor-conformance';

const MAIN_HELP = `Usage: ${PROGRAM} <command> [options]

Commands:
${Object.values(COMMANDS)
  .map((c) => `  ${c.synopsis.padEnd(20)}${c.summary.join(`\n${' '.repeat(22)}`)}`)
  .join('\n')}

  ${PROGRAM} <command> --help   the options of a command
  ${PROGRAM} help <command>     the same
  --version                             the version of the suite

${EXIT_HELP}`;

/** The suite's version: its package's. */
export const VERSION = packageVersion(new URL('../package.json', import.meta.url));

const commandOf = (name: string | undefined): Command | undefined =>
  name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;

/** Where a usage error points: the help of the command named, else the main help. */
const helpOf = (name: string | undefined) => `${PROGRAM}${commandOf(name) ? ` ${name}` : ''} --help`;

/** An unknown command, with the closest one. */
const unknownCommand = (name: string) =>
  new UsageError(
    `unknown command ${JSON.stringify(name)}${didYouMean(name, [...Object.keys(COMMANDS), 'help'])}`,
  );

/** Errors that are the caller's to fix: one line, exit 2, no stack trace. */
const ONE_LINE_ERRORS = [
  UsageError,
  ConnectionError,
  ConfigurationError,
  RequirementError,
  RunDeadlineError,
  ControlError,
];

/**
 * The command line's options and command, checked: a mistake is a usage error (one line with
 * "did you mean" where a name is close, pointing at the help to read), `--help` and `help
 * COMMAND` print a help. The command's own errors are the caller's.
 */
function dispatch(
  argv: readonly string[],
): { help: string } | { command: Command; values: Values; args: string[] } {
  // Options are checked first: in `--shrd 1/2`, `1/2` is no mistyped command. A mistyped option
  // is offered the options of the command named.
  const named = commandOf(positionalsOf(OPTIONS, argv)[0]);
  const { values, positionals } = parseOptions(OPTIONS, argv, {
    suggest: named ? [...named.options, ...COMMON_OPTIONS] : Object.keys(OPTIONS),
  });
  if (values.version) return { help: VERSION };
  const [name = DEFAULT_COMMAND, ...args] = positionals;
  if (name === 'help') {
    if (args.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(args[1])}`);
    if (args[0] === undefined) return { help: MAIN_HELP };
    const asked = commandOf(args[0]);
    if (!asked) throw unknownCommand(args[0]);
    return { help: asked.help };
  }
  const command = commandOf(name);
  if (!command) throw unknownCommand(name);
  if (values.help) return { help: positionals.length ? command.help : MAIN_HELP };
  // An option another command takes is a mistake here.
  const foreign = (Object.keys(values) as (keyof Values)[]).filter(
    (k) => !command.options.includes(k) && !COMMON_OPTIONS.includes(k),
  );
  if (foreign.length) throw new UsageError(`${name} takes no ${foreign.map((k) => `--${k}`).join(', ')}`);
  if (args.length > (command.args ?? 0))
    throw new UsageError(`unexpected argument ${JSON.stringify(args.at(-1))}`);
  return { command, values, args };
}

export async function main(argv: readonly string[]): Promise<number> {
  let dispatched: ReturnType<typeof dispatch>;
  try {
    dispatched = dispatch(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(usageLine(error.message, helpOf(positionalsOf(OPTIONS, argv)[0])));
    return 2;
  }
  if ('help' in dispatched) {
    console.log(dispatched.help);
    return 0;
  }
  try {
    return await dispatched.command.run(dispatched.values, dispatched.args);
  } catch (error) {
    if (ONE_LINE_ERRORS.some((kind) => error instanceof kind)) {
      console.error(`error: ${(error as Error).message}`);
      return 2;
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 2;
  }
}

/**
 * Ends the process with `code` once what it printed is written: after its verdict a run has nothing
 * left to do, and sockets a server holds open (an answer still dripping) or cases left running at
 * `--max-time` must not keep it alive.
 */
function exit(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/** Runs the command line of this process, then ends it with its exit code (the bin calls it). */
export function runCli(): void {
  settleColour();
  main(process.argv.slice(2)).then(exit, (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    exit(2);
  });
}

if (invokedDirectly(import.meta.url)) runCli();
