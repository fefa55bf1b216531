import type { TriageDecision } from './decide.js';
import type { TriageOutcome } from './triage-rules.js';

/** The fixed line the user is told for each outcome: written here, never by a model. */
export const OUTCOME_LINES: Record<TriageOutcome, string> = {
  emergency: 'This may be urgent: call 112 now.',
  nurse_today: 'A nurse should see you today.',
  gp_appointment: 'Please book an appointment with your doctor.',
  self_care: 'This can usually be managed at home; write again if it gets worse.',
};

/** The line for a decision: an outcome's fixed line, or the questions still to ask. */
export function outcomeLineOf(decision: TriageDecision): string {
  if (decision.kind === 'need-more-info') return `Before I can say more I need: ${decision.missing.join(', ')}.`;
  return OUTCOME_LINES[decision.outcome];
}
