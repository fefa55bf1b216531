import fc from 'fast-check';
import { PLAN_BOOKKEEPING_CUTS, PLAN_CUTS } from '../../../protocols/plan/cuts.js';
import type { Plan, PlanStep } from '../../../protocols/plan/plan.js';
import { SEED_RATE_LIMITS } from '../../../sim/families/plan/token-bucket.js';
import type { ToolBehaviour } from '../../../sim/families/plan/tool-behaviour.js';
import type { PlanTrial } from './trial.js';

/** Every boundary a crash may fall on, the table's and the loop's bookkeeping ones (inside the checkpoint write included). */
export const ANY_CUT = [...PLAN_CUTS.map((cut) => cut.name), ...PLAN_BOOKKEEPING_CUTS];

export interface PlanTrialBounds {
  stepsMax: number;
  livesMax: number;
  /** The budget a generated plan gets is at most this many calls. */
  budgetMax: number;
}

export const DEFAULT_PLAN_BOUNDS: PlanTrialBounds = { stepsMax: 8, livesMax: 4, budgetMax: 40 };

const readStep = (index: number): PlanStep => ({ id: `s${index}`, action: 'search_components', gate: 'results > 0' });
const writeStep = (index: number): PlanStep => ({ id: `s${index}`, action: 'edit', files: [`src/file${index}.ts`], gate: 'npm run build' });

const stepArbitrary = (index: number, readsOnly: boolean): fc.Arbitrary<PlanStep> =>
  readsOnly ? fc.constant(readStep(index)) : fc.oneof(fc.constant(readStep(index)), fc.constant(writeStep(index)));

/** Plans of 1 to `stepsMax` steps, reads and writes, with a budget that is sometimes too small. */
export function planArbitrary(bounds: PlanTrialBounds, readsOnly = false): fc.Arbitrary<Plan> {
  return fc.integer({ min: 1, max: bounds.stepsMax }).chain((length) =>
    fc.record({
      goal: fc.constant('generated plan'),
      budget_calls: fc.integer({ min: 2, max: bounds.budgetMax }),
      steps: fc.tuple(...Array.from({ length }, (_, index) => stepArbitrary(index + 1, readsOnly))),
    }),
  );
}

/** The seed's lowest rate with a burst of one or two calls: most plans meet a 429 early in their first life. */
const tightRateLimit = fc.record({ requestsPerMinute: fc.constant(SEED_RATE_LIMITS[0]), burst: fc.integer({ min: 1, max: 2 }) });

/** Tools that find nothing, builds that fail k times, 429 bursts at the seed's rate limits (or only tight ones), slow calls. */
export const toolBehaviourArbitrary = (rateLimited = false): fc.Arbitrary<ToolBehaviour> =>
  fc.record({
    searchResults: fc.oneof({ weight: 4, arbitrary: fc.constant(3) }, { weight: 1, arbitrary: fc.constant(0) }),
    outputChars: fc.integer({ min: 50, max: 400 }),
    gateFailures: fc.record({ 'npm run build': fc.integer({ min: 0, max: 3 }) }),
    rateLimit: rateLimited
      ? tightRateLimit
      : fc.record({ requestsPerMinute: fc.constantFrom(...SEED_RATE_LIMITS), burst: fc.integer({ min: 1, max: 10 }) }),
    slowCalls: fc.dictionary(fc.integer({ min: 1, max: 30 }).map(String), fc.constantFrom(5_000, 45_000), { maxKeys: 3 }),
    callDurationMs: fc.constantFrom(50, 500),
  });

export interface TrialShape {
  protocol: string;
  bounds: PlanTrialBounds;
  workers?: fc.Arbitrary<number>;
  /** Whether a restart may find another plan file. */
  changedPlans?: boolean;
  /** Plans of read steps only: every step adds an output to the context. */
  readsOnly?: boolean;
  /** Tight rate limits only (see toolBehaviourArbitrary), for the properties of the back-off. */
  rateLimited?: boolean;
  /** Crashes fall only at these cuts (default: any). */
  crashCuts?: readonly string[];
}

/** A whole trial: workload, crashes at any cut in any life (recovery included), lost replies. */
export function planTrialArbitrary(shape: TrialShape): fc.Arbitrary<PlanTrial> {
  const crash = fc.record({
    life: fc.integer({ min: 0, max: shape.bounds.livesMax - 1 }),
    cut: fc.constantFrom(...(shape.crashCuts ?? ANY_CUT)),
    // Mostly an early hit of the cut, sometimes a late one: most boundaries are reached a few times a life.
    nth: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 4, max: 12 }) }),
  });
  return fc.record({
    protocol: fc.constant(shape.protocol),
    workload: fc
      .record({ plan: planArbitrary(shape.bounds, shape.readsOnly), tools: toolBehaviourArbitrary(shape.rateLimited) })
      .chain((workload) =>
        shape.changedPlans
          ? fc.constant({ ...workload, planAfterRestart: { ...workload.plan, goal: `${workload.plan.goal}, edited` } })
          : fc.constant(workload),
      ),
    crashes: fc.array(crash, { maxLength: shape.bounds.livesMax }),
    faults: fc.record({ unavailable: fc.constant([]), dropReplies: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }) }),
    workers: shape.workers ?? fc.constant(1),
  });
}
