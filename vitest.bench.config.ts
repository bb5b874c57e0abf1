import { defineConfig } from 'vitest/config';

// `npm run bench`: each *.bench.ts prints its figures; none asserts a timing. Run one file at a time.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'engine-bench', root: 'engine', include: ['bench/**/*.bench.ts'] } },
      { extends: true, test: { name: 'server-bench', root: 'server', include: ['bench/**/*.bench.ts'] } },
      { extends: true, test: { name: 'agent-bench', root: 'agent', include: ['bench/**/*.bench.ts'] } },
      { extends: true, test: { name: 'console-bench', root: 'console', include: ['bench/**/*.bench.ts'] } },
    ],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
    passWithNoTests: true,
  },
  ssr: { resolve: { conditions: ['@custos/source'] } },
});
