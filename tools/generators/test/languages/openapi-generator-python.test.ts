/**
 * OpenAPI Generator's `python` client in the matrix: generated from the published document (with
 * the one rewrite its users make), type-checked beside its driver, and making every call of the
 * scenario against the reference server.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_DOCUMENT, runGenerator } from '../../src/index.js';
import {
  JavaUnavailable,
  OPENAPI_GENERATOR_PYTHON,
  openApiGeneratorJar,
  openApiGeneratorProblems,
  runOpenApiGenerator,
  withNullConst,
} from '../../src/openapi-generator.js';
import { PythonUnavailable, pythonBin } from '../../src/python.js';
import { missingToolchain, PASSED, sandboxAndFolder, verdicts } from '../support.js';

// Fetching the jar (first run), generating and type-checking take 10 to 60 s on a busy 2-core machine.
const TIMEOUT = 300_000;

/** Java, Maven's jar and the pinned Python packages, or (locally, not in CI) the test skipped with the reason. */
async function needToolchains(skip: (note: string) => void): Promise<void> {
  const missing = await missingToolchain('OpenAPI Generator row', async () => {
    await openApiGeneratorJar();
    await pythonBin();
  }, [JavaUnavailable, PythonUnavailable]);
  if (missing !== undefined) skip(missing);
}

describe('openapi-generator-python', () => {
  const env = sandboxAndFolder();

  it(
    'its client of the published document type-checks and makes every call of the scenario',
    async (ctx) => {
      await needToolchains((note) => ctx.skip(note));
      const row = await runGenerator(OPENAPI_GENERATOR_PYTHON, env.sandbox, { dir: env.dir });
      expect(verdicts(row)).toEqual(PASSED);
    },
    TIMEOUT,
  );

  it(
    'stops on the published document as it is: a property whose schema is `{type: "null"}` (the rewrite its users make)',
    async (ctx) => {
      await needToolchains((note) => ctx.skip(note));
      const raw = join(env.dir, 'raw');
      mkdirSync(raw, { recursive: true });
      const args = ['-i', PUBLISHED_DOCUMENT, '-g', 'python', '-o', '.', '--package-name', 'vendor_client'];
      await expect(runOpenApiGenerator(args, raw)).rejects.toThrow(
        'Codegen Property not yet supported in getPydanticType',
      );
    },
    TIMEOUT,
  );

  it('rewrites every `{type: "null"}` of the document as `{const: null}`, nothing else', () => {
    const document = JSON.parse(readFileSync(PUBLISHED_DOCUMENT, 'utf8')) as unknown;
    const text = JSON.stringify(document);
    const rewritten = JSON.stringify(withNullConst(document));
    const nulls = text.split('"type":"null"').length - 1;
    expect(nulls).toBeGreaterThan(0);
    expect(rewritten.split('"type":"null"').length - 1).toBe(0);
    expect(rewritten.split('"const":null').length - 1).toBe(nulls + (text.split('"const":null').length - 1));
    expect(rewritten.length).toBe(text.length + nulls * ('"const":null'.length - '"type":"null"'.length));
  });

  it('fails on what the generator says about the document, not on its notes about itself', () => {
    const out = [
      '[main] INFO  o.o.codegen.DefaultGenerator - writing file vendor_client/models/dream.py',
      '[main] WARN  o.o.codegen.DefaultCodegen - OpenAPI 3.1 support is still in beta. To report an issue related to 3.1 spec, please kindly open an issue in the Github repo: https://github.com/openAPITools/openapi-generator.',
      '[main] WARN  o.o.codegen.utils.ModelUtils - Failed to get the schema name: null',
      '[main] WARN  o.o.c.l.AbstractPythonCodegen - Codegen property is null (e.g. map/dict of undefined type). Default to typing.Any.',
      '[main] ERROR o.o.codegen.DefaultCodegen - Error in generating `example` for the property models. Default to ERROR_TO_EXAMPLE_VALUE. Enable debugging for more info.',
      '[main] WARN  o.o.codegen.utils.ModelUtils - Failed to get the schema name: #/components/schemas/Missing',
    ].join('\n');
    expect(openApiGeneratorProblems(out)).toEqual([
      '[main] ERROR o.o.codegen.DefaultCodegen - Error in generating `example` for the property models. Default to ERROR_TO_EXAMPLE_VALUE. Enable debugging for more info.',
      '[main] WARN  o.o.codegen.utils.ModelUtils - Failed to get the schema name: #/components/schemas/Missing',
    ]);
  });
});
