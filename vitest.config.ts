import { defineConfig } from 'vitest/config';

// Workspaces are tested from source: the custom export condition points at src/.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'engine', root: 'engine', include: ['test/**/*.test.ts'] } },
      { extends: true, test: { name: 'server', root: 'server', include: ['test/**/*.test.ts'] } },
      { extends: true, test: { name: 'agent', root: 'agent', include: ['test/**/*.test.ts'] } },
      { extends: true, test: { name: 'console', root: 'console', include: ['test/**/*.test.ts'] } },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  ssr: { resolve: { conditions: ['@custos/source'] } },
});
