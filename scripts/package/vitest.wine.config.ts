import { defineConfig } from 'vitest/config';

// `npm run test:windows` only (scripts/native-wine-test.sh): the win-x64 single executable of
// `npm run package` under Wine (Wine, the prefix and the executable are prepared first).
export default defineConfig({
  test: {
    name: 'packaged-wine',
    root: `${import.meta.dirname}/../../agent`,
    include: ['test/**/*.wine.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
  ssr: { resolve: { conditions: ['@custos/source'] } },
});
