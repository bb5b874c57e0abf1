import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { POSTGRES_ONLY, postgresTestFiles } from './server/test/dialects/selection.js';

const serverRoot = fileURLToPath(new URL('./server', import.meta.url));

// Workspaces are tested from source: the custom export condition points at src/.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          root: 'engine',
          include: ['test/**/*.test.ts'],
          // One fixed fast-check seed (engine/test/fast-check-seed.ts).
          setupFiles: ['test/fast-check-seed.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'server',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY],
        },
      },
      // The server's SQL test files again on PostgreSQL (server/test/dialects/selection.ts).
      {
        extends: true,
        test: {
          name: 'server-pg',
          root: 'server',
          include: postgresTestFiles(serverRoot),
          env: { CUSTOS_TEST_DB: 'postgres' },
          globalSetup: ['test/helpers/postgres-global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'agent', root: 'agent', include: ['test/**/*.test.ts'] } },
      { extends: true, test: { name: 'console', root: 'console', include: ['test/**/*.test.ts'] } },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  ssr: { resolve: { conditions: ['@custos/source'] } },
});
