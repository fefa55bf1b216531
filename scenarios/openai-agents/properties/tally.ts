import { noFaults } from '../../../sim/check/fault-words.js';
import { repeatedCalls } from '../../../sim/check/fault-free-oracle.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { UNLISTED_HANDOFF } from './generated-calls.js';
import { handoversOf, intentionCounts } from './counts.js';
import type { OpenAIAgentsTrial } from './trial.js';

/** What the adversary and the nemesis did in a run, and the words a summary prints for each. */
export const OPENAI_AGENTS_FAULTS = {
  crashes: 'crashes',
  crashesInRecovery: 'in recovery',
  repeatedCalls: 'repeated tool calls',
  handovers: 'handovers to a person',
  announcedHandovers: 'handovers announced, never called',
  handoversAmidCalls: 'handovers amid tool calls',
  unlistedHandoffs: 'handoffs to an agent not listed',
  approvals: 'approvals granted',
  rejections: 'approvals rejected',
  unanswered: 'approvals never given',
} as const;

export type OpenAIAgentsFault = keyof typeof OPENAI_AGENTS_FAULTS;

/** How often each fired in one run, from the trial, the run's crashes and what its stores hold. */
export function tallyOpenAIAgentsRun(trial: OpenAIAgentsTrial, outcome: FamilyOutcome): Record<OpenAIAgentsFault, number> {
  const tally = noFaults(OPENAI_AGENTS_FAULTS);
  tally.crashes += outcome.crashes.length;
  tally.crashesInRecovery += outcome.crashes.filter((crash) => crash.life > 0).length;
  tally.repeatedCalls += repeatedCalls(outcome, intentionCounts(outcome));
  const handovers = handoversOf(outcome);
  tally.announcedHandovers += handovers.filter((handover) => handover.announced).length;
  // A handover called, whose ticket the queue holds.
  if (handovers.some((handover) => !handover.announced)) tally.handovers += outcome.metrics['tickets'] ?? 0;
  tally.handoversAmidCalls += trial.script.filter((turn) => turn.handoff?.toPerson && (turn.calls?.length ?? 0) > 0).length;
  if (outcome.end.kind === 'error' && outcome.end.message.includes(UNLISTED_HANDOFF.to)) tally.unlistedHandoffs++;
  const answered = outcome.metrics['approvals'] ?? 0;
  if (trial.approval === 'granted') tally.approvals += answered;
  if (trial.approval === 'rejected') tally.rejections += answered;
  // An approval the run stopped for and nobody answered: the conversation ended its lives with its last saved state waiting.
  const waiting = Number(outcome.state.orchestrator?.run_states?.at(-1)?.interruptions ?? 0) > 0;
  if (trial.approval === 'never given' && outcome.end.kind === 'completed' && waiting) tally.unanswered++;
  return tally;
}
