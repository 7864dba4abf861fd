/**
 * OpenAPI Generator (`org.openapitools:openapi-generator-cli`), one pinned jar from Maven Central
 * fetched with Maven (which checks the repository's checksums) into `node_modules/.cache` on first
 * use and run with `java -jar`; and its `python` client as a row of the matrix, type-checked with
 * the Python environment of `python.ts` and driven by `drivers/openapi-generator-python.py`.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Generator } from './generators.js';
import { pinnedVersion, pythonCalls, runPython } from './python.js';

/** The pinned release of OpenAPI Generator, for every row that runs it. */
export const OPENAPI_GENERATOR_VERSION = '7.25.0';

const ARTIFACT = `org.openapitools:openapi-generator-cli:${OPENAPI_GENERATOR_VERSION}`;
const ROOT = new URL('..', import.meta.url).pathname;

/** Java or Maven is missing here, or Maven Central cannot be reached. */
export class JavaUnavailable extends Error {}

const run = async (file: string, args: readonly string[], cwd: string) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return `${stdout}\n${stderr}`.trim();
  } catch (e) {
    const { stdout = '', stderr = '', message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')}: ${`${stdout}\n${stderr}`.trim() || message}`);
  }
};

let fetching: Promise<string> | undefined;

/** The jar's path, fetched first when it is missing (`mvn dependency:copy`, checksums checked). */
export function openApiGeneratorJar(): Promise<string> {
  fetching ??= (async () => {
    const folder = join(ROOT, 'node_modules', '.cache', `openapi-generator-${OPENAPI_GENERATOR_VERSION}`);
    const jar = join(folder, `openapi-generator-cli-${OPENAPI_GENERATOR_VERSION}.jar`);
    if (existsSync(jar)) return jar;
    try {
      await run('java', ['-version'], ROOT);
    } catch (e) {
      throw new JavaUnavailable(`no Java (java -version): ${(e as Error).message}`);
    }
    try {
      // `--strict-checksums`: a download whose checksum does not match Maven Central's fails.
      const copy = ['dependency:copy', `-Dartifact=${ARTIFACT}`, `-DoutputDirectory=${folder}`];
      await run('mvn', ['-q', '-B', '--strict-checksums', ...copy], ROOT);
    } catch (e) {
      rmSync(folder, { recursive: true, force: true });
      throw new JavaUnavailable(`${ARTIFACT} could not be fetched with Maven: ${(e as Error).message}`);
    }
    if (!existsSync(jar)) throw new JavaUnavailable(`Maven copied no ${jar}`);
    return jar;
  })();
  fetching.catch(() => {
    fetching = undefined;
  });
  return fetching;
}

/**
 * What OpenAPI Generator logs that is not about a defect of the document, each with why:
 * - it calls its support of OpenAPI 3.1 a beta on every 3.1 document;
 * - it logs `Failed to get the schema name: null` when it meets a subschema that is not a `$ref`
 *   where it looks for one (the `not` of `MemoryStoreSessionResource` and the `allOf` parts of
 *   three `type` and `source` properties, all valid 3.1), and goes on;
 * - it types a free-form map (`FederationMatch.claims`, any claim value) as `typing.Any` and says
 *   so, which is what the document means.
 */
const NOT_ABOUT_THE_DOCUMENT = [
  /WARN {2}o\.o\.codegen\.DefaultCodegen - OpenAPI 3\.1 support is still in beta\./,
  /WARN {2}o\.o\.codegen\.utils\.ModelUtils - Failed to get the schema name: null$/,
  /WARN {2}o\.o\.c\.l\.AbstractPythonCodegen - Codegen property is null \(e\.g\. map\/dict of undefined type\)\. Default to typing\.Any\.$/,
];

/** The lines of its output that say something about the document: a warning, an error, an exception. */
export function openApiGeneratorProblems(out: string): string[] {
  return out
    .split('\n')
    .filter((line) => /WARN|ERROR|Exception/.test(line))
    .filter((line) => !NOT_ABOUT_THE_DOCUMENT.some((known) => known.test(line)));
}

/** Runs OpenAPI Generator's `generate` in `dir`; a problem it reports about the document fails it. */
export async function runOpenApiGenerator(args: readonly string[], dir: string): Promise<void> {
  const jar = await openApiGeneratorJar();
  const out = await run('java', ['-jar', jar, 'generate', ...args], dir);
  const problems = openApiGeneratorProblems(out);
  if (problems.length) throw new Error(`openapi-generator: ${problems.join('\n')}`);
}

/**
 * The document as OpenAPI Generator's `python` client needs it: a property that is always `null`
 * (`{type: "null"}`, the `models` of a rate-limit entry of another group) stops it with
 * `Codegen Property not yet supported in getPydanticType`; `{const: null}` says the same and
 * passes. Its users make that rewrite before generating (see the README).
 */
export function withNullConst(document: unknown): unknown {
  if (Array.isArray(document)) return document.map(withNullConst);
  if (document === null || typeof document !== 'object') return document;
  const entries = Object.entries(document).map(([k, v]) => [k, withNullConst(v)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if (schema.type === 'null') {
    delete schema.type;
    schema.const = null;
  }
  return schema;
}

export const OPENAPI_GENERATOR_PYTHON: Generator = {
  name: 'openapi-generator-python',
  language: 'python',
  packages: [],
  drivers: ['openapi-generator-python.py'],
  versions: () => [`openapi-generator ${OPENAPI_GENERATOR_VERSION}`, `mypy ${pinnedVersion('mypy')}`],
  async generate(dir) {
    const document = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8')) as unknown;
    writeFileSync(join(dir, 'openapi-python.json'), JSON.stringify(withNullConst(document)));
    // The package beside the driver; its generated tests and documentation left out.
    await runOpenApiGenerator(
      [
        '-i',
        'openapi-python.json',
        '-g',
        'python',
        '-o',
        '.',
        '--package-name',
        'vendor_client',
        '--global-property',
        'apiTests=false,modelTests=false,apiDocs=false,modelDocs=false',
      ],
      dir,
    );
  },
  async compile(dir) {
    // Every file compiles; the driver is strictly typed against the generated package, whose own
    // files do not pass `mypy --strict` (see the README): mypy reads them without reporting on them.
    await runPython(
      'python',
      ['-m', 'compileall', '-q', 'vendor_client', 'openapi-generator-python.py'],
      dir,
    );
    await runPython('mypy', ['--strict', '--follow-imports=silent', 'openapi-generator-python.py'], dir);
  },
  connect: (dir, connection) => pythonCalls(dir, join(dir, 'openapi-generator-python.py'), connection),
};
