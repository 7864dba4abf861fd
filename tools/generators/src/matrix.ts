/**
 * The generator matrix: for each generator, a client generated from the OpenAPI document into a
 * temporary folder, type-checked with tsc beside its driver, then the scenario's calls made
 * through it against the reference server (in-process, on 127.0.0.1, with test control). Nothing
 * generated here is kept.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer, TEST_CONTROL_PREFIX } from '@vendor-api/reference-server';
import { CONTROL_TOKEN_HEADER, type ControlEndpointId, controlEndpoint, controlPath } from '@vendor-api/spec';
import type { Connect, Connection } from './calls.js';
import { GENERATORS, type Generator, PACKAGE_ROOT, runBin, versionOf } from './generators.js';
import { type Control, runScenario, type Step } from './scenario.js';

/** The document the matrix generates from by default: the published one. */
export const PUBLISHED_DOCUMENT = createRequire(import.meta.url).resolve('@vendor-api/openapi/openapi.json');

/** One stage of a generator's row: passed, failed (with the first lines of why), or not reached. */
export interface Stage {
  readonly ok: boolean | null;
  readonly ms: number;
  readonly problem: string;
}

export interface Row {
  readonly generator: string;
  /** `package version` of each package it consists of. */
  readonly versions: readonly string[];
  readonly generate: Stage;
  readonly compile: Stage;
  readonly calls: Stage & { readonly steps: readonly Step[] };
}

/** The reference server the clients call, and its test control. */
export interface Sandbox {
  readonly connection: Connection;
  readonly control: Control;
  close(): Promise<void>;
}

/** Starts the reference server on 127.0.0.1 with test control; its seeded workspace key is the credential. */
export async function startSandbox(): Promise<Sandbox> {
  const app = createServer({ testControl: true });
  const baseUrl = await app.reference.listenLocal(0);
  const token = app.reference.testControlToken!;
  const call = async (id: ControlEndpointId, params: Record<string, string>, body: object) => {
    const response = await fetch(`${baseUrl}${TEST_CONTROL_PREFIX}${controlPath(id, params)}`, {
      method: controlEndpoint(id).method,
      headers: { [CONTROL_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`test control ${id} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const { demo, vendor } = app.reference.state;
  return {
    connection: { baseUrl, apiKey: demo.workspaceKey, version: vendor.apiVersion },
    control: {
      createMemoryStore: async () => String((await call('memory-stores.create', {}, {})).id),
      completeBatch: async (batchId) => {
        await call('batches.complete', { batch_id: batchId }, {});
      },
    },
    close: () => app.close(),
  };
}

/** A folder under the system's temporary folder, where the generators can find their packages. */
export function workFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vendor-generators-'));
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The compiler options a user of these generators would have: strict, for a bundler or tsx. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['**/*.ts'],
  exclude: ['node_modules'],
};

/** The first lines of a failure, enough to say what broke. */
const firstLines = (e: unknown, lines = 12) =>
  (e instanceof Error ? e.message : String(e)).split('\n').slice(0, lines).join('\n');

async function timed(run: () => Promise<string | undefined>): Promise<Stage> {
  const start = performance.now();
  try {
    const problem = await run();
    return { ok: problem === undefined, ms: Math.round(performance.now() - start), problem: problem ?? '' };
  } catch (e) {
    return { ok: false, ms: Math.round(performance.now() - start), problem: firstLines(e) };
  }
}

const NOT_REACHED: Stage = { ok: null, ms: 0, problem: '' };

/** One generator through the three stages, in `dir` (made and kept by the caller). */
export async function runGenerator(
  generator: Generator,
  sandbox: Sandbox,
  options: { readonly dir: string; readonly document?: string },
): Promise<Row> {
  const dir = join(options.dir, generator.name.replace(/[^a-z0-9-]+/gi, '-'));
  mkdirSync(dir, { recursive: true });
  copyFileSync(options.document ?? PUBLISHED_DOCUMENT, join(dir, 'openapi.json'));
  copyFileSync(join(PACKAGE_ROOT, 'src/calls.ts'), join(dir, 'calls.ts'));
  for (const file of generator.drivers) copyFileSync(join(PACKAGE_ROOT, 'drivers', file), join(dir, file));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));

  const versions = generator.versions?.() ?? generator.packages.map((p) => `${p} ${versionOf(p)}`);
  const row = { generator: generator.name, versions };
  const generate = await timed(async () => {
    await generator.generate(dir);
    return undefined;
  });
  if (!generate.ok) return { ...row, generate, compile: NOT_REACHED, calls: { ...NOT_REACHED, steps: [] } };
  const compile = await timed(async () => {
    if (generator.compile) await generator.compile(dir);
    else await runBin('typescript', 'tsc', ['-p', 'tsconfig.json'], dir);
    return undefined;
  });
  if (!compile.ok) return { ...row, generate, compile, calls: { ...NOT_REACHED, steps: [] } };
  let steps: Step[] = [];
  const calls = await timed(async () => {
    if (generator.connect) {
      const calls = await generator.connect(dir, sandbox.connection);
      try {
        steps = await runScenario(calls, sandbox.control, generator.name);
      } finally {
        calls.close();
      }
    } else {
      const driver = join(dir, generator.drivers[0]!);
      const { connect } = (await import(pathToFileURL(driver).href)) as { connect: Connect };
      steps = await runScenario(connect(sandbox.connection), sandbox.control, generator.name);
    }
    const failed = steps.find((s) => !s.ok);
    return failed ? `${failed.operation}: ${failed.problem}` : undefined;
  });
  return { ...row, generate, compile, calls: { ...calls, steps } };
}

/**
 * Every generator of the matrix (from the published document, or `document`) against one
 * sandbox; the temporary folder is removed after.
 */
export async function runMatrix(
  generators: readonly Generator[] = GENERATORS,
  options: { readonly document?: string } = {},
): Promise<Row[]> {
  const dir = workFolder();
  const sandbox = await startSandbox();
  try {
    const rows: Row[] = [];
    for (const generator of generators)
      rows.push(await runGenerator(generator, sandbox, { ...options, dir }));
    return rows;
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a row passed every stage. */
export const passed = (row: Row) =>
  row.generate.ok === true && row.compile.ok === true && row.calls.ok === true;
