/**
 * What the generator matrix's tests share: the scenario's operations, a row's verdicts as one
 * comparable value, a toolchain that may be missing here (skipped locally with the reason, a
 * failure in CI), and a kit run's failures.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { type KitRow, type Row, type Sandbox, startSandbox, workFolder } from '../src/index.js';

/** The operations of the scenario, in the order the matrix calls them (`src/scenario.ts`). */
export const SCENARIO = [
  'messages.create',
  'messages.batches.create',
  'messages.batches.retrieve',
  'messages.batches.results',
  'sessions.create',
  'dreams.create',
  'dreams.retrieve',
] as const;

/** Each stage's verdict and why, so a failure prints the generator's or the compiler's words. */
export const verdicts = (row: Row) => ({
  generate: [row.generate.ok, row.generate.problem],
  compile: [row.compile.ok, row.compile.problem],
  calls: row.calls.steps.map((s) => [s.operation, s.ok, s.problem]),
});

/** The verdicts of a row that generated without a warning, compiled and made every call. */
export const PASSED = {
  generate: [true, ''],
  compile: [true, ''],
  calls: SCENARIO.map((id) => [id, true, '']),
};

type ErrorClass = abstract new (...args: any[]) => Error;

/**
 * Whether a toolchain can be had here: undefined when `probe` succeeds; when it fails with one of
 * the `unavailable` errors, the reason, for the test to skip with (locally; in CI, `CI=true`, the
 * error is thrown instead: CI's machines carry every toolchain).
 */
export async function missingToolchain(
  row: string,
  probe: () => Promise<unknown>,
  unavailable: readonly ErrorClass[],
): Promise<string | undefined> {
  try {
    await probe();
    return undefined;
  } catch (e) {
    if (!unavailable.some((u) => e instanceof u) || process.env.CI === 'true') throw e;
    const message = (e as Error).message;
    console.warn(`[generators] ${row} skipped: ${message.split('\n')[0]} (CI fails instead)`);
    return message;
  }
}

/** The kit runs that failed, each with its message (empty when every run passed or was skipped). */
export const kitFailures = (kit: KitRow): string[] =>
  kit.results
    .filter((r) => r.outcome === 'failed' || r.outcome === 'unexpected-pass')
    .map((r) => `${r.id}: ${r.failure?.message ?? r.reason ?? ''}`);

/**
 * The sandbox and a work folder of a test file's tests (inside its `describe`): made before them,
 * closed and removed after. Read `sandbox` and `dir` inside the tests.
 */
export function sandboxAndFolder(): { readonly sandbox: Sandbox; readonly dir: string } {
  const env = {} as { sandbox: Sandbox; dir: string };
  beforeAll(async () => {
    env.dir = workFolder();
    env.sandbox = await startSandbox();
  });
  afterAll(async () => {
    await env.sandbox?.close();
    if (env.dir) rmSync(env.dir, { recursive: true, force: true });
  });
  return env;
}
