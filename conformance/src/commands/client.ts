/**
 * `vendor-conformance client --driver "<command>"`: the client cases through a driver, reported
 * as the server suite reports (progress, failures, verdict, JUnit, JSON). `--case ID` replays one
 * case; `--list` lists them; `--profile` runs against one server profile only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { failureBlock, progressLine, summary } from '../report/console.js';
import { jsonReport } from '../report/json.js';
import { junitXml } from '../report/junit.js';
import { clientCases } from './cases.js';
import { SERVER_PROFILES, type ServerProfile } from './protocol.js';
import { runClientCases } from './run.js';

export interface ClientCommandValues {
  readonly driver?: string | undefined;
  readonly case?: string | undefined;
  readonly profile?: string | undefined;
  readonly list?: boolean | undefined;
  readonly junit?: string | undefined;
  readonly json?: string | undefined;
  readonly concurrency?: string | undefined;
  readonly timeout?: string | undefined;
  readonly 'fail-on-skip'?: boolean | undefined;
}

export class ClientUsageError extends Error {}

const ids = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new ClientUsageError(`--${name} must be a positive integer; got ${JSON.stringify(value)}`);
  return n;
}

export async function commandClient(values: ClientCommandValues): Promise<number> {
  if (values.list) {
    for (const c of clientCases()) console.log(`${c.id.padEnd(56)} ${c.requirements.join(' ')}`);
    return 0;
  }
  if (!values.driver)
    throw new ClientUsageError('client needs --driver "<command>": the program that runs your client');
  const profiles = ids(values.profile);
  const bad = profiles?.filter((p) => !(SERVER_PROFILES as readonly string[]).includes(p)) ?? [];
  if (bad.length)
    throw new ClientUsageError(`--profile takes ${SERVER_PROFILES.join(', ')}; got ${bad.join(', ')}`);
  const started = performance.now();
  let results: Awaited<ReturnType<typeof runClientCases>>;
  try {
    results = await runClientCases({
      driver: values.driver,
      ...(values.case ? { cases: ids(values.case) ?? [] } : {}),
      ...(profiles ? { profiles: profiles as ServerProfile[] } : {}),
      concurrency: positive(values.concurrency, 'concurrency', 4),
      timeoutMs: positive(values.timeout, 'timeout', 60_000),
      onResult: (r, i, n) => console.log(progressLine(r, i, n)),
    });
  } catch (error) {
    if ((error as Error).message.startsWith('unknown client case'))
      throw new ClientUsageError((error as Error).message);
    throw error;
  }
  const elapsedMs = performance.now() - started;
  for (const r of results.filter((x) => x.outcome === 'failed'))
    console.log(
      `\n${failureBlock(r, () => `vendor-conformance client --driver '${values.driver}' --case ${r.id}`)}`,
    );
  console.log(summary(results, elapsedMs, { failOnSkip: values['fail-on-skip'] === true }));
  const write = async (path: string, text: string) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  };
  if (values.junit) await write(values.junit, junitXml(results));
  if (values.json)
    await write(
      values.json,
      `${JSON.stringify(jsonReport(results, { baseUrl: '', adapter: `client driver: ${values.driver}`, seed: 0, numRuns: 1, elapsedMs }), null, 2)}\n`,
    );
  // A case the client says it cannot run is skipped, said so above; it fails the run only when asked.
  const failed = results.some(
    (r) => r.outcome === 'failed' || (values['fail-on-skip'] && r.outcome === 'skipped'),
  );
  return failed ? 1 : 0;
}
