/**
 * `vendor-conformance client --driver "<command>"`: the client cases through a driver, reported
 * as the server suite reports (progress, failures, verdict, JUnit, JSON). `--case ID` replays one
 * case; `--list` lists them; `--profile` runs against one server profile only.
 */
import { didYouMean, integerOption, UsageError } from '@vendor-api/spec/cli';
import { clientCases } from '../client/cases.js';
import { CALLS_FILE_VARIABLE, SERVER_PROFILES, type ServerProfile } from '../client/protocol.js';
import { foldWireRules, runClientCases } from '../client/run.js';
import { failureBlock, progressLine, summary } from '../report/console.js';
import { jsonReport } from '../report/json.js';
import { junitXml } from '../report/junit.js';
import { type Command, EXIT_HELP, list as ids, type Values, vendorOf, write } from './common.js';

/** A positive integer option, or its default. */
const positive = (value: string | undefined, name: string, fallback: number): number =>
  value === undefined ? fallback : integerOption(name, value, { min: 1 });

async function commandClient(values: Values): Promise<number> {
  const vendor = vendorOf(values);
  if (values.list) {
    for (const c of clientCases(vendor)) console.log(`${c.id.padEnd(56)} ${c.requirements.join(' ')}`);
    return 0;
  }
  if (!values.driver)
    throw new UsageError('client needs --driver "<command>": the program that runs your client');
  const profiles = ids(values.profile);
  const bad = profiles?.filter((p) => !(SERVER_PROFILES as readonly string[]).includes(p)) ?? [];
  if (bad.length)
    throw new UsageError(
      `--profile takes ${SERVER_PROFILES.join(', ')}; got ${bad.map((b) => `${b}${didYouMean(b, SERVER_PROFILES)}`).join(', ')}`,
    );
  const started = performance.now();
  let results: Awaited<ReturnType<typeof runClientCases>>;
  try {
    results = await runClientCases({
      driver: values.driver,
      ...(values.case ? { cases: ids(values.case) ?? [] } : {}),
      ...(profiles ? { profiles: profiles as ServerProfile[] } : {}),
      vendor,
      concurrency: positive(values.concurrency, 'concurrency', 4),
      timeoutMs: positive(values.timeout, 'timeout', 60_000),
      // A run that failed for a rule every request is held to alone is judged on its own here;
      // the rule is reported once at the end.
      onResult: (r, i, n) => console.log(progressLine(r.wireOnly ? { ...r, outcome: 'passed' } : r, i, n)),
    });
  } catch (error) {
    if ((error as Error).message.startsWith('unknown client case'))
      throw new UsageError((error as Error).message);
    throw error;
  }
  const elapsedMs = performance.now() - started;
  // A rule every request is held to, once for the run with the runs it touched; then each case
  // judged on its own.
  const reported = foldWireRules(results);
  const again = `vendor-conformance client --driver '${values.driver}'${values.vendor ? ` --vendor ${values.vendor}` : ''}`;
  for (const r of reported.filter((x) => x.outcome === 'failed'))
    console.log(`\n${failureBlock(r, () => `${again} --case ${r.id}`)}`);
  console.log(summary(reported, elapsedMs, { failOnSkip: values['fail-on-skip'] === true }));
  if (values.junit) await write(values.junit, junitXml(reported));
  if (values.json)
    await write(
      values.json,
      `${JSON.stringify(jsonReport(reported, { baseUrl: '', adapter: `client driver: ${values.driver}`, seed: 0, numRuns: 1, elapsedMs }), null, 2)}\n`,
    );
  // A case the client says it cannot run is skipped, said so above; it fails the run only when asked.
  const failed = reported.some(
    (r) => r.outcome === 'failed' || (values['fail-on-skip'] && r.outcome === 'skipped'),
  );
  return failed ? 1 : 0;
}

export const client: Command = {
  synopsis: 'client',
  summary: ['the client cases through your driver: check an SDK or CLI, in any language'],
  help: `Usage: vendor-conformance client --driver "<command>" [options]

Checks a client (an SDK, a command-line client) against the documents' client requirements:
credential resolution, profile files, the token exchange, batch results, dream polling, paging.
The runner starts one judging reference server on 127.0.0.1 per server profile; for each case
it makes a fresh organization of the case's own there, prepares a temporary home,
configuration directory and environment, and runs the driver: your program, which reads
the calls in the file named by ${CALLS_FILE_VARIABLE}, makes them with your client and prints
one JSON line per outcome (conformance/README.md, "Client conformance"). Each case runs against
the reference server's choices and against every legal alternative at once.

Options:
  --driver COMMAND          the driver, run by the shell from the current directory (required)
  --case ID,...             only these cases (ID or ID@profile: one run, as a report names it)
  --profile P,...           only these server profiles: ${SERVER_PROFILES.join(', ')}
  --list                    list the cases and the requirements each checks
  --vendor NAME             the vendor name variables, headers and models derive from (default
                            vendor); the judging server runs for it too
  --concurrency N           cases run at once (default 4)
  --timeout MS              per case (default 60000)
  --fail-on-skip            cases the driver calls unsupported fail the run (exit 1)
  --junit FILE              write a JUnit XML report
  --json FILE               write a JSON report

${EXIT_HELP}`,
  options: [
    'driver',
    'case',
    'profile',
    'list',
    'vendor',
    'junit',
    'json',
    'concurrency',
    'timeout',
    'fail-on-skip',
  ],
  run: commandClient,
};
