/**
 * OpenAPI Generator's java client (native): generated from the published document through the
 * Maven plugin, compiled with its drivers, making every call of the scenario; then the client
 * kit's cases through its kit driver. Java and Maven missing: skipped locally, failed in CI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATORS, PUBLISHED_DOCUMENT, runGenerator, runKit } from '../../src/index.js';
import {
  documentWarnings,
  JavaUnavailable,
  javaToolchain,
  withoutDefaultsBesideRefs,
} from '../../src/openapi-generator-java.js';
import { kitFailures, missingToolchain, PASSED, sandboxAndFolder, verdicts } from '../support.js';

const NAME = 'openapi-generator-java';
// Maven generating and compiling on a busy 2-core machine: a minute or two warm, more the first
// time (downloads into ~/.m2).
const ROW_TIMEOUT = 600_000;
const KIT_TIMEOUT = 900_000;

/** Java and Maven, or (locally, not in CI) the test skipped with the reason. */
const needJava = async (skip: (note: string) => void) => {
  const missing = await missingToolchain('Java row', javaToolchain, [JavaUnavailable]);
  if (missing !== undefined) skip(missing);
};

describe('openapi-generator-java: what the row filters and changes', () => {
  it('reports a generator warning about the document, and only the three that are not about it are filtered', () => {
    const out = [
      '[INFO] Generating with dryRun=false',
      '[WARNING] OpenAPI 3.1 support is still in beta. To report an issue related to 3.1 spec, please kindly open an issue.',
      '[WARNING] Failed to get the schema name: null',
      '[WARNING] Ignoring complex example on request body',
      '[WARNING] Null (reserved word) cannot be used as model name. Renamed to ModelNull',
    ].join('\n');
    expect(documentWarnings(out)).toEqual([
      '[WARNING] Null (reserved word) cannot be used as model name. Renamed to ModelNull',
    ]);
  });

  it('drops exactly the defaults that stand beside a $ref in the published document', () => {
    const published = JSON.parse(readFileSync(PUBLISHED_DOCUMENT, 'utf8'));
    const { document, dropped } = withoutDefaultsBesideRefs(published);
    expect(dropped).toEqual([
      '#/components/schemas/FederationIssuer/properties/jwks',
      '#/components/schemas/ProfileConfig/properties/version',
      '#/components/schemas/ProfileCredentials/properties/version',
    ]);
    const jwks = (document as typeof published).components.schemas.FederationIssuer.properties.jwks;
    expect(jwks).toEqual({
      ...published.components.schemas.FederationIssuer.properties.jwks,
      default: undefined,
    });
    expect('default' in jwks).toBe(false);
  });
});

describe('openapi-generator-java', () => {
  const java = GENERATORS.find((g) => g.name === NAME)!;
  const env = sandboxAndFolder();

  it(
    'its client of the published document compiles with its driver and makes every call of the scenario',
    async (ctx) => {
      await needJava((note) => ctx.skip(note));
      const row = await runGenerator(java, env.sandbox, { dir: env.dir });
      console.info(
        `[generators] ${NAME}: generate ${row.generate.ms} ms, compile ${row.compile.ms} ms, calls ${row.calls.ms} ms`,
      );
      expect(verdicts(row)).toEqual(PASSED);
    },
    ROW_TIMEOUT,
  );

  it(
    "the client kit through its driver: every case it can run passes, the others skipped with the driver's reason",
    async (ctx) => {
      await needJava((note) => ctx.skip(note));
      const start = performance.now();
      const kit = await runKit(java, join(env.dir, NAME));
      console.info(`[generators] ${NAME} kit: ${Math.round(performance.now() - start)} ms, ${kit.verdict}`);
      expect(kitFailures(kit)).toEqual([]);
      expect(kit.passed).toBeGreaterThan(0);
      expect(kit.verdict).toMatch(/partial/i);
      for (const skip of kit.skipped)
        expect(skip.reason, skip.id).toMatch(
          /the generated SDK (has no credential chain|reads no profile files)/,
        );
    },
    KIT_TIMEOUT,
  );
});
