import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATORS, runGenerator } from '../../src/index.js';
import { runKit } from '../../src/kit.js';
import { PythonUnavailable, pythonBin } from '../../src/python.js';
import { kitFailures, missingToolchain, sandboxAndFolder } from '../support.js';

const GENERATOR = GENERATORS.find((g) => g.name === 'openapi-python-client')!;

/** The cases the SDK runs, each against both server profiles; every other case is skipped. */
const RUN = [
  'credentials.constructor-key-first',
  'credentials.constructor-auth-token-first',
  'batches.results-matched-by-custom-id',
  'dreams.poll-until-settled',
  'dreams.poll-until-canceled',
  'dreams.unknown-error-type-accepted',
  'rate-limits.loop-on-next-page',
];
const NO_CHAIN = 'the generated SDK has no credential chain, profile files or token exchange';
const NO_EXCHANGE = 'the generated SDK has no token exchange';

// The generation takes 5 to 20 s; the kit's 72 runs 65 to 200 s on a busy 2-core machine.
const TIMEOUT = 600_000;

describe('client kit on the openapi-python-client SDK', () => {
  const env = sandboxAndFolder();

  it(
    'passes every case it can run; the rest skipped with the reason, the verdict partial',
    async (ctx) => {
      const missing = await missingToolchain('openapi-python-client kit', pythonBin, [PythonUnavailable]);
      if (missing !== undefined) ctx.skip(missing);
      const row = await runGenerator(GENERATOR, env.sandbox, { dir: env.dir });
      expect([row.generate.problem, row.compile.problem]).toEqual(['', '']);
      const kit = await runKit(GENERATOR, join(env.dir, 'openapi-python-client'));
      expect(kitFailures(kit)).toEqual([]);
      const passed = kit.results.filter((r) => r.outcome === 'passed').map((r) => r.id);
      expect(passed.sort()).toEqual(RUN.flatMap((id) => [`${id}@alternatives`, `${id}@reference`]).sort());
      expect(kit.skipped.length).toBe(kit.results.length - passed.length);
      for (const skip of kit.skipped) {
        const reason = skip.id.startsWith('credentials.constructor-federation') ? NO_EXCHANGE : NO_CHAIN;
        expect([skip.id, skip.reason]).toEqual([skip.id, expect.stringContaining(reason)]);
      }
      expect(kit.verdict).toMatch(/^Verdict: partial/);
    },
    TIMEOUT,
  );
});
