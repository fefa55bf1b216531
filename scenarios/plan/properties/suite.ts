import type { PropertyDefinition, PropertySuite } from '../../../sim/check/suite.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';
import { DEFAULT_PLAN_BOUNDS, planTrialArbitrary, type PlanTrialBounds } from './arbitraries.js';
import { PLAN_PROPERTIES, type PlanPropertyDefinition } from './definitions.js';
import { emptyPlanTally, tallyPlanRun } from './fault-tally.js';
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

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

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
  faultKinds: [
    { kind: 'crashes', words: 'crashes' },
    { kind: 'rateLimited', words: '429s' },
    { kind: 'timeouts', words: 'timeouts' },
    { kind: 'repliesLost', words: 'lost replies' },
    { kind: 'gateFailures', words: 'failing gates' },
    { kind: 'budgetExhausted', words: 'budgets exhausted' },
    { kind: 'planRefused', words: 'changed plans refused' },
    { kind: 'twoWorkers', words: 'runs with two loops' },
  ],
  tally: (trial, outcome) => {
    const tally = emptyPlanTally();
    tallyPlanRun(tally, outcome, trial.workers);
    const { runs: _runs, ...fired } = tally;
    return fired;
  },
  trialText: (trial) => JSON.stringify(trial),
  trialSize: (trial) =>
    [
      count(trial.workload.plan.steps.length, 'step'),
      `budget ${trial.workload.plan.budget_calls}`,
      count(trial.crashes.length, 'crash'),
      count(trial.faults.dropReplies.length, 'lost reply').replace('replys', 'replies'),
      count(trial.workers, 'loop'),
    ].join(', '),
  protocolOf: (trial) => trial.protocol,
};
