import { noFaults } from '../../../sim/check/fault-words.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { callsOf, repeatedCalls } from '../../../sim/check/fault-free-oracle.js';
import type { LangGraphTrial } from './trial.js';

/** What the adversary and the nemesis did in a run, and the words a summary prints for each. */
export const LANGGRAPH_FAULTS = {
  crashes: 'crashes',
  crashesInRecovery: 'in recovery',
  earlyStops: 'models that stopped at once',
  repeatedCalls: 'repeated tool calls',
  callsAfterInterrupt: 'tool calls after an interrupt',
  approvals: 'approved resumes',
  rejections: 'rejected resumes',
} as const;

export type LangGraphFault = keyof typeof LANGGRAPH_FAULTS;

/** How often each fired in one run, from the trial, the run's crashes and the counts it left. */
export function tallyLangGraphRun(trial: LangGraphTrial, outcome: FamilyOutcome): Record<LangGraphFault, number> {
  const tally = noFaults(LANGGRAPH_FAULTS);
  tally.crashes += outcome.crashes.length;
  tally.crashesInRecovery += outcome.crashes.filter((crash) => crash.life > 0).length;
  const calls = callsOf(outcome);
  if (calls.length === 0) tally.earlyStops++;
  // A call the model made before, which the graph carried out more than once as it was asked to.
  tally.repeatedCalls += repeatedCalls(outcome);
  const resumes = outcome.metrics['resumes'] ?? 0;
  tally[trial.answer === 'approve' ? 'approvals' : 'rejections'] += resumes;
  // A later turn's call carried out in a thread that was resumed after an interrupt.
  const firstToolTurn = Math.min(...calls.map((call) => call.turn));
  const later = new Set(calls.filter((call) => call.turn > firstToolTurn).map((call) => call.intention));
  if (resumes > 0) tally.callsAfterInterrupt += [...later].filter((intention) => (outcome.effects[intention] ?? 0) > 0).length;
  return tally;
}
