import type { PropertyDefinition, PropertySuite } from '../../../sim/check/suite.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';
import { DEFAULT_PLAN_BOUNDS, planTrialArbitrary, type PlanTrialBounds } from './arbitraries.js';
import { PLAN_PROPERTIES, type PlanPropertyDefinition } from './definitions.js';
import { PLAN_FAULTS, tallyPlanRun } from './fault-tally.js';
import { faultKindsOf } from '../../../sim/check/fault-words.js';
import { counted as count } from '../../../reports/plural.js';
import { runPlanTrial, type PlanTrial } from './trial.js';

/** A plan property in the runner's shape: its trial shape and bounds made into trials, its checks into one check. */
export function asSuiteProperty(definition: PlanPropertyDefinition): PropertyDefinition<PlanTrial, PlanTrialBounds> {
  return {
    name: definition.name,
    title: definition.title,
    expect: definition.expect,
    protocol: definition.protocol,
    trials: (bounds, protocol) => planTrialArbitrary({ protocol, bounds: { ...bounds, ...definition.bounds }, ...definition.shape }),
    check: (trial, outcome) => {
      for (const check of definition.checks) {
        const violation = check(trial, outcome);
        if (violation) return violation;
      }
      return undefined;
    },
    mustFire: definition.mustFire,
  };
}

/** The plan family's properties for the generic runner (sim/check). */
export const PLAN_SUITE: PropertySuite<PlanTrial, PlanTrialBounds> = {
  family: 'plan',
  properties: PLAN_PROPERTIES.map(asSuiteProperty),
  defaultBounds: DEFAULT_PLAN_BOUNDS,
  withWorkers: () => 'the plan family takes no --workers: each property says how many loops share its plan',
  workersOf: () => undefined,
  // One loop a life, or two processes on one checkpoint whose order the world fixes: no scheduler to consult.
  scheduled: false,
  stores: ['file'],
  run: (trial, options) => {
    const chosen = options.protocol?.protocol.name === trial.protocol ? options.protocol : undefined;
    return runPlanTrial(trial, options.folder, chosen?.protocol as PlanProtocol | undefined, chosen?.file);
  },
  faultKinds: faultKindsOf(PLAN_FAULTS),
  tally: (trial, outcome) => tallyPlanRun(outcome, trial.workers),
  trialText: (trial) => JSON.stringify(trial),
  trialSize: (trial) =>
    [
      count(trial.workload.plan.steps.length, 'step'),
      `budget ${trial.workload.plan.budget_calls}`,
      count(trial.crashes.length, 'crash', 'crashes'),
      count(trial.faults.dropReplies.length, 'lost reply', 'lost replies'),
      count(trial.workers, 'loop'),
    ].join(', '),
  protocolOf: (trial) => trial.protocol,
  // The checkpoint behind a lease is the correct loop's checkpoint for several workers: it keeps every guarantee of one.
  alsoHold: [
    {
      protocol: 'checkpoint-lease',
      properties: PLAN_PROPERTIES.filter((p) => p.expect === 'hold' && p.protocol !== 'checkpoint-lease').map((p) => p.name),
    },
  ],
};
