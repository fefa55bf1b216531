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
      'sim/families/reservation/checks.test.ts',
      'sim/families/reservation/outcome-checks.test.ts',
      'sim/families/reservation/refusal-checks.test.ts',
      'sim/families/reservation/stale-checks.test.ts',
      'sim/families/reservation/order-checks.test.ts',
      'sim/families/reservation/line-checks.test.ts',
      'sim/families/reservation/count-effects.test.ts',
      'sim/engine/injector*.test.ts',
      'sim/engine/store-state.test.ts',
      // The plan family's checks on planted runs, its module fixtures and plan file schema, and the loop's tests:
      // real-file cases run in this process (a tenth of a second or so each), the flaws beside the correct loop,
      // where the loop stops, plans beyond the seed's, the command gate and the in-place store on their own.
      'sim/families/plan/checks.test.ts',
      'protocols/plan/*.test.ts',
      // The handover family: its checks and observer on planted outcomes, the triage rules (exhaustive over their
      // domain), the policy answer check, the conversation store and the notice on their own, and the harness run in
      // process (each flaw beside the reference, a crash at every cut, receivers down, the loop's edges; under a second a case).
      'sim/families/handover/checks.test.ts',
      'sim/families/handover/observe.test.ts',
      'sim/families/handover/policy-answer.test.ts',
      'sim/families/handover/rules/*.test.ts',
      'scenarios/handover/rules/rules.test.ts',
      'protocols/handover/*.test.ts',
      // The graph's own tools and the sandbox, run through the harness in process (acting calls, confirmations).
      'protocols/handover/tools/*.test.ts',
    ],
    testTimeout: 30_000,
  },
});
