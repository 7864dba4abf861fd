/**
 * The generator matrix as CI runs it: each generator's client is generated from the published
 * OpenAPI document, compiles beside its driver, and makes every call of the scenario against the
 * reference server. A change of the document that breaks one of them fails here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATORS, PUBLISHED_DOCUMENT, runGenerator } from '../src/index.js';
import { PythonUnavailable, pythonBin } from '../src/python.js';
import { missingToolchain, PASSED, sandboxAndFolder, verdicts } from './support.js';

// Generating and type-checking a client takes 5 to 20 s on a busy 2-core machine.
const GENERATOR_TIMEOUT = 180_000;

describe('generator matrix', () => {
  const env = sandboxAndFolder();

  for (const generator of GENERATORS.filter((g) => g.language === 'typescript')) {
    it(
      `${generator.name}: its client compiles and makes every call of the scenario`,
      async () => {
        const row = await runGenerator(generator, env.sandbox, { dir: env.dir });
        expect(verdicts(row)).toEqual(PASSED);
      },
      GENERATOR_TIMEOUT,
    );
  }

  it(
    'fails a document whose error responses use a status range: orval writes `status: 4XX`, which does not compile',
    async () => {
      const document = JSON.parse(readFileSync(PUBLISHED_DOCUMENT, 'utf8'));
      const responses = document.paths['/v1/dreams'].post.responses;
      responses['4XX'] = responses.default;
      const path = join(env.dir, 'with-range.json');
      writeFileSync(path, JSON.stringify(document));
      const orval = GENERATORS.find((g) => g.name === 'orval')!;
      const row = await runGenerator(orval, env.sandbox, {
        dir: join(env.dir, 'with-range'),
        document: path,
      });
      expect(row.generate.ok).toBe(true);
      expect(row.compile.ok).toBe(false);
      expect(row.compile.problem).toContain('TS1351');
      expect(row.calls.ok).toBeNull();
    },
    GENERATOR_TIMEOUT,
  );

  describe('openapi-python-client', () => {
    const python = GENERATORS.find((g) => g.name === PYTHON)!;
    /** Python and its pinned packages, or (locally, not in CI) the test skipped with the reason. */
    const needPython = async (skip: (note: string) => void) => {
      const missing = await missingToolchain('Python row', pythonBin, [PythonUnavailable]);
      if (missing !== undefined) skip(missing);
    };

    it(
      'its client of the published document type-checks and makes every call of the scenario',
      async (ctx) => {
        await needPython((note) => ctx.skip(note));
        const row = await runGenerator(python, env.sandbox, { dir: env.dir });
        expect(verdicts(row)).toEqual(PASSED);
      },
      GENERATOR_TIMEOUT,
    );

    it(
      'warns on a document whose version header is a `const` (the published one was, until it became an `enum`)',
      async (ctx) => {
        await needPython((note) => ctx.skip(note));
        const path = join(env.dir, 'const-header.json');
        writeFileSync(
          path,
          JSON.stringify(withConstHeader(JSON.parse(readFileSync(PUBLISHED_DOCUMENT, 'utf8')))),
        );
        const row = await runGenerator(python, env.sandbox, {
          dir: join(env.dir, 'const-header'),
          document: path,
        });
        expect(row.generate.ok).toBe(false);
        expect(row.generate.problem).toContain("Literal['2023-06-01'] is not allowed in header");
      },
      GENERATOR_TIMEOUT,
    );
  });
});

const PYTHON = 'openapi-python-client';

/** The published document with its version header a `const` again (what it was). */
function withConstHeader(document: Record<string, any>): Record<string, any> {
  const header = document.components.parameters.VersionHeader.schema;
  header.const = header.enum[0];
  delete header.enum;
  return document;
}
