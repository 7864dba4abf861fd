import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One seed for the whole run, chosen here (in the main process) so every test file and worker
// shares it; `VENDOR_API_SEED` replays a run.
const seedFromEnv = process.env.VENDOR_API_SEED;
const seed =
  seedFromEnv !== undefined && seedFromEnv !== ''
    ? seedFromEnv
    : String((Date.now() ^ (Math.random() * 0x7fffffff)) | 0);
process.env.VENDOR_API_SEED = seed;
// Vitest reads this file once for the root and once per project, in the same process: print once.
const printed = Symbol.for('vendor-api.seed-printed');
const seen = globalThis as { [printed]?: true };
if (
  process.env.VENDOR_API_PRINT_SEED !== '0' &&
  !process.env.VITEST_WORKER_ID &&
  !process.env.VITEST_POOL_ID &&
  !seen[printed]
) {
  seen[printed] = true;
  console.log(`[seed] VENDOR_API_SEED=${seed}`);
}

// Workspace packages export a source condition first so tests run on TypeScript sources
// without a build step.
export default defineConfig({
  ssr: { resolve: { conditions: ['@vendor-api/source'] } },
  resolve: { conditions: ['@vendor-api/source'] },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    // No test is judged by the machine's speed. Property tests run a fixed number of cases, not for
    // a fixed time, and what a test waits for is an event, not a delay; on a busy 2-core machine a
    // few seconds' worth of work can take many times longer, so vitest's defaults (5 s a test, 10 s
    // a hook) judged the machine, not the code. A test or hook that hangs still fails, after a
    // minute; a test that legitimately does more says so with its own timeout.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Test files of a worker share its module instances instead of importing every module afresh:
    // the whole run measured 543 s isolated and 352 s shared, most of the difference in imports
    // (165 s against 59 s). So a test file leaves nothing behind: a spy it installs is restored
    // (`mockRestore` in a finally, or `vi.restoreAllMocks()` after each test), a server it starts is
    // closed, and state it changes lives in its own server or store, never in a module.
    isolate: false,
    // A worker for every core: vitest's default leaves one core to its main process, which on a
    // 2-core machine ran every test file in one worker (the whole run measured 331 s in one worker,
    // 253 s in two).
    maxWorkers: availableParallelism(),
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
      {
        extends: true,
        test: {
          name: 'generators',
          include: ['tools/generators/test/**/*.test.ts'],
          exclude: ['tools/generators/test/languages/**'],
        },
      },
      // The generator rows and client-kit runs of the SDKs in Python, Go and Java: each generates,
      // compiles (Maven, go build, mypy) and runs the kit's 72 runs through its driver, minutes of
      // CPU in all. `pnpm test:languages` runs them (CI in a lane of its own); `pnpm test` does not.
      ...(process.env.VENDOR_API_LANGUAGES === '1'
        ? [
            {
              extends: true as const,
              test: { name: 'languages', include: ['tools/generators/test/languages/**/*.test.ts'] },
            },
          ]
        : []),
      { extends: true, test: { name: 'sdk-compat', include: ['tools/sdk-compat/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'peers', include: ['tools/peers/test/**/*.test.ts'] } },
    ],
  },
});
