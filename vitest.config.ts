import { defineConfig } from 'vitest/config';

// Workspace packages export a source condition first so tests run on TypeScript sources
// without a build step.
export default defineConfig({
  ssr: { resolve: { conditions: ['@vendor-api/source'] } },
  resolve: { conditions: ['@vendor-api/source'] },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'spec', root: './spec', include: ['test/**/*.test.ts', 'src/**/*.test.ts'] },
      },
    ],
  },
});
