import type { FamilyOutcome } from '../../../sim/engine/run-family.js';

/** How often each fault a property depends on fired across its runs: a property that never saw its fault proves nothing. */
export interface PlanFaultTally {
  runs: number;
  crashes: number;
  rateLimited: number;
  timeouts: number;
  repliesLost: number;
  gateFailures: number;
  budgetExhausted: number;
  planRefused: number;
  twoWorkers: number;
}

export type PlanFault = keyof Omit<PlanFaultTally, 'runs'>;

export function emptyPlanTally(): PlanFaultTally {
  return {
    runs: 0,
    crashes: 0,
    rateLimited: 0,
    timeouts: 0,
    repliesLost: 0,
    gateFailures: 0,
    budgetExhausted: 0,
    planRefused: 0,
    twoWorkers: 0,
  };
}

/** Adds one run's faults, read from its history and its files. */
export function tallyPlanRun(tally: PlanFaultTally, outcome: FamilyOutcome, workers: number): void {
  const { metrics, state } = outcome;
  const events = outcome.history.all();
  tally.runs++;
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
}
