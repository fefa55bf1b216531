import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run mutate`). Only tests
 * that run the sources in-process and finish in seconds: a test that spawns
 * dist/ never sees a source mutant (dist/ is not rebuilt per mutant), and the
 * suites that run the simulator in beforeAll or explore for tens of seconds
 * (explore, properties, catalogue, stress, the CLI commands) would make one
 * mutant cost minutes on a shared 2-core machine. What those suites kill is
 * not counted here; the score is what these focused tests catch.
 */
export default defineConfig({
  test: {
    include: [
      // Focused tests written to kill mutants: planted violations, contract boundaries, outbox seams, module fixtures.
      'protocols/receivers/*.test.ts',
      'protocols/reservation/*.test.ts',
      'sim/reservation/checks.test.ts',
      'sim/reservation/outcome-checks.test.ts',
      'sim/reservation/refusal-checks.test.ts',
      'sim/reservation/stale-checks.test.ts',
      'sim/reservation/order-checks.test.ts',
      'sim/reservation/line-checks.test.ts',
      'sim/reservation/count-effects.test.ts',
      'sim/engine/injector*.test.ts',
      'sim/engine/store-state.test.ts',
      // The plan family's checks on planted runs, its module fixtures and plan file schema. Its loop's tests
      // (protocols/plan/plan-loop.test.ts, flaws.test.ts) run real-file cases and join with plan-loop.ts (README).
      'sim/plan/checks.test.ts',
      'protocols/plan/plan-schema.test.ts',
      'protocols/plan/module-shape.test.ts',
      'protocols/plan/plan-loop.test.ts',
      'protocols/plan/flaws.test.ts',
      'protocols/plan/loop-stops.test.ts',
      'protocols/plan/plan-steps.test.ts',
      'protocols/plan/correct-seams.test.ts',
      'protocols/plan/in-place-checkpoint.test.ts',
    ],
    testTimeout: 30_000,
  },
});
