/**
 * The generators of the matrix: how each writes a client from the OpenAPI document (its own
 * command line, as its documentation shows it) and which driver calls that client. Versions are
 * the catalog's; the packages are this package's dependencies.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Calls, Connection } from './calls.js';
import {
  buildKitDriver,
  goCalls,
  goModule,
  goModuleVersion,
  runGo,
  runOapiCodegen,
  SCENARIO_BINARY,
} from './go.js';
import { OPENAPI_GENERATOR_PYTHON } from './openapi-generator.js';
import {
  compileJava,
  generateJava,
  JAVA_DRIVER,
  JAVA_KIT_DRIVER,
  javaCalls,
  javaCommand,
  OPENAPI_GENERATOR_VERSION,
} from './openapi-generator-java.js';
import { pinnedVersion, pythonCalls, pythonKitDriver, runPython } from './python.js';

/** This package's folder: its `node_modules` holds the generators, its `drivers/` the drivers. */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The languages of the matrix: `pnpm generators python` runs the Python generators. */
export const LANGUAGES = ['typescript', 'python', 'go', 'java'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Generator {
  /** The name the matrix reports (`openapi-fetch`). */
  readonly name: string;
  /** The language of the client it writes. */
  readonly language: Language;
  /** The npm packages it consists of, reported with their versions. */
  readonly packages: readonly string[];
  /** Files of `drivers/` the driver needs beside the generated client; the first is the driver. */
  readonly drivers: readonly string[];
  /** Writes the client into `dir/client` from `dir/openapi.json`. */
  generate(dir: string): Promise<void>;
  /** The versions it reports, when its packages are not npm packages of this package. */
  versions?(): readonly string[];
  /** Type-checks the client beside its driver; tsc by default. */
  compile?(dir: string): Promise<void>;
  /**
   * The `--driver` command of its kit driver (`kit/`), run in `dir` after generate and compile,
   * with whatever the driver needs there copied or built first (`kit.ts`). Absent: no kit driver.
   */
  kitDriver?(dir: string): Promise<string>;
  /** The driver's calls; by default the `connect` of the driver module. */
  connect?(dir: string, connection: Connection): Promise<Calls & { close(): void }>;
}

interface PackageJson {
  readonly version: string;
  readonly bin?: string | Readonly<Record<string, string>>;
}

const packageJson = (name: string): PackageJson =>
  JSON.parse(readFileSync(join(PACKAGE_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as PackageJson;

/** The installed version of a package. */
export const versionOf = (name: string) => packageJson(name).version;

/**
 * Runs a package's command with this Node, in `cwd`: its output (standard output and error), or
 * an error carrying that output when it fails.
 */
export async function runBin(
  name: string,
  bin: string,
  args: readonly string[],
  cwd: string,
): Promise<string> {
  const { bin: bins } = packageJson(name);
  const file = typeof bins === 'string' ? bins : bins?.[bin];
  if (file === undefined) throw new Error(`${name} has no command ${bin}`);
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(PACKAGE_ROOT, 'node_modules', name, file), ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
    );
    return `${stdout}\n${stderr}`.trim();
  } catch (e) {
    const { stdout = '', stderr = '', message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')}: ${`${stdout}\n${stderr}`.trim() || message}`);
  }
}

/**
 * Runs a generator's command. What it says about the document beyond its progress (a warning, an
 * error it goes on after: orval's validation of the document, for one) fails the generation, as
 * it would catch a user's eye.
 */
async function generateWith(name: string, bin: string, args: readonly string[], dir: string): Promise<void> {
  noWarning(bin, await runBin(name, bin, args, dir));
}

function noWarning(bin: string, out: string): void {
  if (out.split('\n').some((line) => /⚠|❗|warn|error|fail/i.test(line))) throw new Error(`${bin}: ${out}`);
}

export const GENERATORS: readonly Generator[] = [
  {
    name: 'openapi-fetch',
    language: 'typescript',
    packages: ['openapi-typescript', 'openapi-fetch'],
    drivers: ['openapi-fetch.ts', 'bodies.ts'],
    async generate(dir) {
      await generateWith(
        'openapi-typescript',
        'openapi-typescript',
        ['openapi.json', '-o', 'client/schema.ts'],
        dir,
      );
    },
  },
  {
    name: '@hey-api/openapi-ts',
    language: 'typescript',
    packages: ['@hey-api/openapi-ts'],
    drivers: ['hey-api.ts', 'bodies.ts'],
    async generate(dir) {
      await generateWith(
        '@hey-api/openapi-ts',
        'openapi-ts',
        ['-i', 'openapi.json', '-o', 'client', '-p', '@hey-api/client-fetch'],
        dir,
      );
    },
  },
  {
    name: 'orval',
    language: 'typescript',
    packages: ['orval'],
    drivers: ['orval.ts', 'bodies.ts', 'orval-fetch.ts'],
    async generate(dir) {
      // The fetch client, header parameters as arguments, and the driver's fetch function (base
      // URL and credential) as its mutator, as orval's documentation configures them.
      const config = {
        vendor: {
          input: { target: './openapi.json' },
          output: {
            target: './client/client.ts',
            client: 'fetch',
            mode: 'single',
            headers: true,
            override: { mutator: { path: './orval-fetch.ts', name: 'orvalFetch' } },
          },
        },
      };
      writeFileSync(join(dir, 'orval.config.ts'), `export default ${JSON.stringify(config, null, 2)};\n`);
      await generateWith('orval', 'orval', ['--config', 'orval.config.ts'], dir);
    },
  },
  {
    name: 'openapi-python-client',
    language: 'python',
    packages: ['openapi-python-client', 'mypy'],
    drivers: ['openapi-python-client.py'],
    versions: () => ['openapi-python-client', 'mypy'].map((p) => `${p} ${pinnedVersion(p)}`),
    async generate(dir) {
      // The results operation answers JSON lines, a content type the generator does not know:
      // its documented `content_type_overrides` reads it as bytes (see the README).
      writeFileSync(join(dir, 'openapi-python-client.yaml'), PYTHON_CONFIG);
      const args = ['generate', '--path', 'openapi.json', '--output-path', 'vendor_client'];
      const out = await runPython(
        'openapi-python-client',
        [...args, '--meta', 'none', '--config', 'openapi-python-client.yaml'],
        dir,
      );
      noWarning('openapi-python-client', out);
    },
    async compile(dir) {
      // Every file compiles; the driver is strictly typed against the generated package (whose own
      // files mypy reads without reporting on them: see the README).
      await runPython('python', ['-m', 'compileall', '-q', 'vendor_client', 'openapi-python-client.py'], dir);
      await runPython('mypy', ['--strict', '--follow-imports=silent', 'openapi-python-client.py'], dir);
    },
    connect: (dir, connection) => pythonCalls(dir, join(dir, 'openapi-python-client.py'), connection),
    kitDriver: (dir) => pythonKitDriver(dir, 'openapi-python-client.py'),
  },
  OPENAPI_GENERATOR_PYTHON,
  {
    name: 'openapi-generator-java',
    language: 'java',
    packages: ['openapi-generator-maven-plugin'],
    drivers: [JAVA_DRIVER],
    versions: () => [`openapi-generator-maven-plugin ${OPENAPI_GENERATOR_VERSION} (java, native)`],
    generate: generateJava,
    compile: compileJava,
    connect: async (dir, connection) => javaCalls(dir, connection),
    kitDriver: async (dir) => ['java', ...javaCommand(dir, JAVA_KIT_DRIVER.replace('.java', ''))].join(' '),
  },
  {
    name: 'oapi-codegen',
    language: 'go',
    packages: [],
    drivers: ['oapi-codegen.go'],
    versions: () =>
      ['github.com/oapi-codegen/oapi-codegen/v2', 'github.com/oapi-codegen/runtime'].map(
        (m) => `${m.replace('github.com/', '')} ${goModuleVersion(m)}`,
      ),
    async generate(dir) {
      // Types and client into the package `client` of a module pinned like the generator's (see
      // the README for what it makes of the document's OpenAPI 3.1).
      goModule(dir);
      const args = [
        '-generate',
        'types,client',
        '-package',
        'client',
        '-o',
        'client/client.go',
        'openapi.json',
      ];
      noWarning('oapi-codegen', await runOapiCodegen(args, dir));
    },
    async compile(dir) {
      await runGo(['vet', './...'], dir);
      await runGo(['build', '-o', SCENARIO_BINARY, '.'], dir);
    },
    kitDriver: buildKitDriver,
    connect: async (dir, connection) => goCalls(dir, connection),
  },
];

const PYTHON_CONFIG = 'content_type_overrides:\n  application/x-ndjson: application/octet-stream\n';
