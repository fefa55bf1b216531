import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['sim/**/*.test.ts', 'protocols/**/*.test.ts', 'scenarios/**/*.test.ts', 'reports/**/*.test.ts'],
    globalSetup: ['sim/testing/build-dist.ts'],
    reporters: ['default', './sim/testing/closing-line-reporter.ts'],
    testTimeout: 30_000,
  },
});
