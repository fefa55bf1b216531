import fc from 'fast-check';
import type { PlanTrialBounds, TrialShape } from './arbitraries.js';
import {
  backoffHonoured,
  committedNotRedone,
  contextBounded,
  gatesPassed,
  neverTorn,
  planFrozen,
  ranToEnd,
  slowCallAbandoned,
  withinBudget,
  writesOnce,
  type PlanCheck,
} from './checks.js';
import type { PlanFault } from './fault-tally.js';

/**
 * A named property of the plan family. `hold`: every generated run of its
 * protocol satisfies every check. `find`: a negative control on a flawed
 * protocol; fast-check must find (and shrink) a counterexample.
 */
export interface PlanPropertyDefinition {
  name: string;
  title: string;
  expect: 'hold' | 'find';
  protocol: string;
  shape: Omit<TrialShape, 'protocol' | 'bounds'>;
  /** Bounds of its own, over the run's: the context properties need long plans. */
  bounds?: Partial<PlanTrialBounds>;
  checks: readonly PlanCheck[];
  /** The faults this property must see fire across its runs, or its passing proves nothing. */
  mustFire: readonly PlanFault[];
}

const CORRECT = 'checkpoint-after-step';
/** Plans long enough that outputs kept without a summary outgrow the bound a summary keeps. */
const LONG_PLANS: Partial<PlanTrialBounds> = { stepsMax: 30, budgetMax: 120 };
const oneWorker = {};
const twoWorkers = { workers: fc.constant(2) };
/**
 * Calls that meet 429s, and crashes at the boundaries of a call: where a
 * restart inside a Retry-After window happens. The back-off's property and
 * its negative control share it, so the correct loop holds under the very
 * faults that catch the flawed one (at any cut, the control missed one seed in three at 200 runs).
 */
const backoffWindow = { rateLimited: true, crashCuts: ['call-counted', 'tool-replied', 'backoff-recorded'] };

/** The seed's guarantees, each as a property of the correct loop. */
const HOLD: PlanPropertyDefinition[] = [
  {
    expect: 'hold',
    name: 'writes-once',
    title: 'every completed write step has N=1 and none has N>1',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, writesOnce],
    mustFire: ['crashes', 'repliesLost'],
  },
  {
    expect: 'hold',
    name: 'budget-bound',
    title: 'calls <= budget_calls across all lives, and the loop ends within its bound',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, withinBudget],
    mustFire: ['crashes', 'budgetExhausted'],
  },
  {
    expect: 'hold',
    name: 'committed-not-redone',
    title: 'a step whose checkpoint committed is never executed again',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, committedNotRedone],
    mustFire: ['crashes'],
  },
  {
    expect: 'hold',
    name: 'checkpoint-never-torn',
    title: 'a checkpoint read after any crash is the previous one or the new one, never torn',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, neverTorn],
    mustFire: ['crashes'],
  },
  {
    expect: 'hold',
    name: 'back-off-honoured',
    title: 'no call inside a Retry-After window, before or after a restart',
    protocol: CORRECT,
    shape: backoffWindow,
    checks: [ranToEnd, backoffHonoured],
    mustFire: ['crashes', 'rateLimited'],
  },
  {
    expect: 'hold',
    name: 'slow-call-abandoned',
    title: 'a slow call is abandoned at its timeout and its step does not advance on it',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, slowCallAbandoned],
    mustFire: ['timeouts'],
  },
  {
    expect: 'hold',
    name: 'gates-executable',
    title: 'no step advances with a failing gate',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, gatesPassed],
    mustFire: ['gateFailures'],
  },
  {
    expect: 'hold',
    name: 'plan-frozen',
    title: 'a changed plan file is refused on restart',
    protocol: CORRECT,
    shape: { changedPlans: true },
    checks: [ranToEnd, planFrozen],
    mustFire: ['crashes', 'planRefused'],
  },
  {
    expect: 'hold',
    name: 'context-bounded',
    title: 'the context stays within its bound for plans of any length',
    protocol: CORRECT,
    shape: oneWorker,
    checks: [ranToEnd, contextBounded],
    bounds: LONG_PLANS,
    mustFire: [],
  },
  {
    expect: 'hold',
    name: 'one-runner-per-plan',
    title: 'two workers on one plan with the SQLite lease write each step once',
    protocol: 'checkpoint-lease',
    shape: twoWorkers,
    checks: [ranToEnd, writesOnce],
    mustFire: ['twoWorkers', 'crashes'],
  },
];

/** Each flawed variant, caught by the property its flaw breaks. */
const FIND: PlanPropertyDefinition[] = [
  {
    expect: 'find',
    name: 'finds-unkeyed-duplicate',
    title: 'a write tool without a key writes twice',
    protocol: 'tool-without-key',
    shape: oneWorker,
    checks: [writesOnce],
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-mark-first',
    title: 'a step marked done before its call is lost',
    protocol: 'mark-done-first',
    shape: oneWorker,
    checks: [writesOnce],
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-torn-checkpoint',
    title: 'an in-place checkpoint write is found torn after a crash',
    protocol: 'checkpoint-in-place',
    shape: oneWorker,
    checks: [neverTorn],
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-budget-in-memory',
    title: 'a budget kept in memory is overspent by a crash loop',
    protocol: 'budget-in-memory',
    shape: oneWorker,
    checks: [withinBudget],
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-backoff-in-memory',
    title: 'a back-off kept in memory is forgotten by a restart inside the window',
    protocol: 'backoff-in-memory',
    shape: backoffWindow,
    checks: [backoffHonoured],
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-gate-opinion',
    title: 'a gate that always passes lets a failing step advance',
    protocol: 'gate-as-opinion',
    shape: oneWorker,
    checks: [gatesPassed],
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-context-growth',
    title: 'without a summary the context outgrows its bound',
    protocol: 'no-summary',
    shape: { readsOnly: true },
    checks: [contextBounded],
    bounds: LONG_PLANS,
    mustFire: [],
  },
  {
    expect: 'find',
    name: 'finds-shared-json',
    title: 'two workers sharing a JSON checkpoint both run the same step',
    protocol: CORRECT,
    shape: twoWorkers,
    checks: [writesOnce],
    mustFire: [],
  },
];

export const PLAN_PROPERTIES: readonly PlanPropertyDefinition[] = [...HOLD, ...FIND];
