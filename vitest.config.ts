import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
    // Lets the event loop turn between tests that play whole games synchronously (see the file).
    setupFiles: ['test/yield-between-tests.ts'],
  },
});
