import { defineConfig } from 'vitest/config';

// Workspace packages export a source condition first so tests run on TypeScript sources
// without a build step.
export default defineConfig({
  ssr: { resolve: { conditions: ['@vendor-api/source'] } },
  resolve: { conditions: ['@vendor-api/source'] },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'spec', include: ['spec/test/**/*.test.ts', 'spec/src/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'codegen', include: ['tools/codegen/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'validators', include: ['packages/validators/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'client', include: ['packages/client/test/**/*.test.ts'] } },
    ],
  },
});
