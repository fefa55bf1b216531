import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'entry/**/*.test.ts',
      'bench/**/*.test.ts',
      'sim/**/*.test.ts',
      'protocols/**/*.test.ts',
      'scenarios/**/*.test.ts',
      'reports/**/*.test.ts',
    ],
    globalSetup: ['sim/testing/build-dist.ts'],
    reporters: ['default', './sim/testing/closing-line-reporter.ts'],
    testTimeout: 30_000,
    // Suites that run the simulator in beforeAll take seconds alone and much longer on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
