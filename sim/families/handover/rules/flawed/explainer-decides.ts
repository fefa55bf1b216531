import { decide, type TriageDecision } from '../decide.js';
import { outcomeLineOf } from '../outcome-lines.js';
import { presenter, type PresentDecision } from '../present-decision.js';
import { TRIAGE_OUTCOMES } from '../triage-rules.js';

const presentByRules = presenter(decide);

/**
 * The negative control for the explainer: the reference presenter, then one
 * difference, it lets the explanation "correct" the rules. When the text
 * names an outcome ("the outcome is self_care"), that outcome replaces the
 * rules' one: the model has decided after all.
 */
export const presentTrustingExplainer: PresentDecision = (findings, explainer) => {
  const presented = presentByRules(findings, explainer);
  const ruled = presented.decision;
  const named = TRIAGE_OUTCOMES.find((outcome) => presented.explanation?.includes(`outcome is ${outcome}`));
  if (named === undefined || ruled.kind !== 'outcome') return presented;
  const decision: TriageDecision = { ...ruled, outcome: named };
  return { ...presented, decision, outcomeLine: outcomeLineOf(decision) };
};
