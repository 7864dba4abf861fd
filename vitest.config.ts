import { defineConfig } from 'vitest/config';

// One seed for the whole run, chosen here (in the main process) so every test file and worker
// shares it; `VENDOR_API_SEED` replays a run.
const seedFromEnv = process.env.VENDOR_API_SEED;
const seed =
  seedFromEnv !== undefined && seedFromEnv !== ''
    ? seedFromEnv
    : String((Date.now() ^ (Math.random() * 0x7fffffff)) | 0);
process.env.VENDOR_API_SEED = seed;
if (process.env.VENDOR_API_PRINT_SEED !== '0' && !process.env.VITEST_WORKER_ID && !process.env.VITEST_POOL_ID)
  console.log(`[seed] VENDOR_API_SEED=${seed}`);

// Workspace packages export a source condition first so tests run on TypeScript sources
// without a build step.
export default defineConfig({
  ssr: { resolve: { conditions: ['@vendor-api/source'] } },
  resolve: { conditions: ['@vendor-api/source'] },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    // Property tests run a fixed number of cases, not for a fixed time: on a busy 2-core machine a
    // few seconds' worth can take much longer, so the default of 5 s judged the machine, not the
    // code. A test that hangs still fails, after a minute.
    testTimeout: 60_000,
    env: { VENDOR_API_SEED: seed },
    projects: [
      {
        extends: true,
        test: { name: 'spec', include: ['spec/test/**/*.test.ts', 'spec/src/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'codegen', include: ['tools/codegen/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'spec-diff', include: ['tools/spec-diff/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'validators', include: ['packages/validators/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'client', include: ['packages/client/test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'reference-server', include: ['packages/reference-server/test/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'conformance', include: ['conformance/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'trace', include: ['tools/trace/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'docs', include: ['tools/docs/test/**/*.test.ts'] } },
    ],
  },
});
