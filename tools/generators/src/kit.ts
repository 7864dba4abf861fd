/**
 * The client kit for generated SDKs: a generator's kit driver (`kit/<generator>.<ext>`, written
 * the way a user of that SDK writes one) runs the client cases of `vendor-conformance client`
 * against the SDK just generated and compiled in `dir`. A generated SDK has no credential chain
 * and no profile files: its driver answers those calls `unsupported`, so the verdict is partial;
 * every case it runs must pass.
 */
import { stripVTControlCharacters } from 'node:util';
import { type ClientCaseResult, foldWireRules, runClientCases, verdictLine } from '@vendor-api/conformance';
import type { Generator } from './generators.js';

export interface KitRow {
  readonly generator: string;
  readonly results: readonly ClientCaseResult[];
  /** The kit's verdict line, as `vendor-conformance client` prints it. */
  readonly verdict: string;
  readonly passed: number;
  readonly failed: number;
  /** Skipped cases, each with the driver's reason. */
  readonly skipped: readonly { readonly id: string; readonly reason: string }[];
}

/** Runs the client cases through the generator's kit driver on the SDK in `dir` (generated and compiled). */
export async function runKit(
  generator: Generator,
  dir: string,
  options: { readonly cases?: readonly string[] } = {},
): Promise<KitRow> {
  if (generator.kitDriver === undefined) throw new Error(`${generator.name} has no kit driver`);
  const driver = await generator.kitDriver(dir);
  const results = foldWireRules(
    await runClientCases({ driver, ...(options.cases ? { cases: options.cases } : {}), concurrency: 2 }),
  );
  return {
    generator: generator.name,
    results,
    verdict: stripVTControlCharacters(verdictLine(results)),
    passed: results.filter((r) => r.outcome === 'passed').length,
    failed: results.filter((r) => r.outcome === 'failed' || r.outcome === 'unexpected-pass').length,
    skipped: results
      .filter((r) => r.outcome === 'skipped')
      .map((r) => ({ id: r.id, reason: r.reason ?? '' })),
  };
}
