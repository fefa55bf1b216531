import { noFaults } from '../../../sim/check/fault-words.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';

/**
 * The plan family's faults, and the words a summary prints for each: a
 * property that never saw its fault proves nothing.
 */
export const PLAN_FAULTS = {
  crashes: 'crashes',
  rateLimited: '429s',
  timeouts: 'timeouts',
  repliesLost: 'lost replies',
  gateFailures: 'failing gates',
  budgetExhausted: 'budgets exhausted',
  planRefused: 'changed plans refused',
  twoWorkers: 'runs with two loops',
} as const;

export type PlanFault = keyof typeof PLAN_FAULTS;

/** How often each fault fired in one run, read from its history and its files. */
export function tallyPlanRun(outcome: FamilyOutcome, workers: number): Record<PlanFault, number> {
  const { metrics, state } = outcome;
  const events = outcome.history.all();
  const tally = noFaults(PLAN_FAULTS);
  tally.crashes += outcome.crashes.length;
  tally.rateLimited += metrics['rate_limited'] ?? 0;
  tally.timeouts += metrics['timeouts'] ?? 0;
  tally.repliesLost += events.filter(
    (event) => event.type === 'info' && (event.value === 'reply lost in crash' || JSON.stringify(event.value).includes('dropped')),
  ).length;
  tally.gateFailures += (state['tool-server']?.['gate_runs'] ?? []).filter((row) => row['passed'] === 0).length;
  tally.budgetExhausted += events.filter((event) => event.op === 'loop-ended' && event.value === 'budget-exhausted').length;
  tally.planRefused += events.filter((event) => event.op === 'loop-ended' && event.value === 'plan-changed').length;
  if (workers > 1) tally.twoWorkers++;
  return tally;
}
