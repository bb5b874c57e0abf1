import { defineConfig } from 'vitest/config';

// `npm run test:windows` only: these tests start Windows node.exe under Wine (scripts/native-wine-test.sh
// prepares the cross build, node.exe and the Wine prefix first).
export default defineConfig({
  test: {
    name: 'native-windows',
    root: import.meta.dirname,
    include: ['test/windows/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
