import { availableParallelism } from 'node:os';
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
    // vitest's own default is one file per core less one: a single file at a time on a 2-core machine, the
    // second core idle whenever a test runs in-process. Two files at once keep both cores busy; vitest starts
    // the files that took longest last time first (its results cache), so both end near the same moment.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two files share the cores, so a test's wall time under load grows: a hang still fails, later.
    testTimeout: 60_000,
    // Suites that run the simulator in beforeAll take seconds alone and much longer on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
