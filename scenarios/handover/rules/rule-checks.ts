import { isDeepStrictEqual } from 'node:util';
import type { Decide } from '../../../sim/families/handover/rules/decide.js';
import type { CompleteFindings } from '../../../sim/families/handover/rules/findings.js';
import { outcomeLineOf } from '../../../sim/families/handover/rules/outcome-lines.js';
import type { PresentDecision } from '../../../sim/families/handover/rules/present-decision.js';
import {
  AGE_AT_RISK_FROM_YEARS,
  AGE_AT_RISK_UNDER_YEARS,
  LONG_DURATION_FROM_DAYS,
  type TriageRuleName,
} from '../../../sim/families/handover/rules/triage-rules.js';
import { adversarialExplainer, type ExplainerMove, type LabelledFindings } from './arbitraries.js';

/**
 * Each check returns what went wrong, in words, or undefined: results as
 * values, so the exhaustive sweep and fast-check share one check.
 */
export type RulesViolation = string | undefined;

/** A missing required field gives need-more-info naming exactly the missing ones; complete findings give an outcome. */
export function missingViolation(decide: Decide, { findings, missing }: LabelledFindings): RulesViolation {
  const decision = decide(findings);
  if (missing.length === 0) return decision.kind === 'outcome' ? undefined : `complete findings gave ${JSON.stringify(decision)}`;
  if (decision.kind !== 'need-more-info') return `missing ${missing.join(', ')} but the rules gave ${decision.outcome} (${decision.rule})`;
  if (!isDeepStrictEqual(decision.missing, missing)) return `missing ${missing.join(', ')} but asked for ${decision.missing.join(', ')}`;
  return undefined;
}

/**
 * The precedence as the seed writes it, restated from the thresholds rather
 * than from the rule list under test: a danger sign decides first, then age,
 * then duration, and only then the default.
 */
export function expectedRule(findings: CompleteFindings): TriageRuleName {
  if (findings.dangerSign !== 'none') return 'danger-sign';
  if (findings.ageYears < AGE_AT_RISK_UNDER_YEARS || findings.ageYears >= AGE_AT_RISK_FROM_YEARS) return 'age-at-risk';
  if (findings.durationDays >= LONG_DURATION_FROM_DAYS) return 'long-duration';
  return 'short-duration';
}

export function precedenceViolation(decide: Decide, findings: CompleteFindings): RulesViolation {
  const decision = decide(findings);
  const expected = expectedRule(findings);
  if (decision.kind !== 'outcome') return `complete findings gave need-more-info for ${decision.missing.join(', ')}`;
  return decision.rule === expected ? undefined : `${JSON.stringify(findings)}: rule ${decision.rule} decided, ${expected} comes first`;
}

/**
 * Whatever the explainer writes or attempts, the user is sent the rules'
 * decision and its fixed line; the findings are left as they were; a failed
 * explanation is recorded, never silent.
 */
export function explainerViolation(
  decide: Decide,
  present: PresentDecision,
  labelled: LabelledFindings,
  move: ExplainerMove,
): RulesViolation {
  const before = structuredClone(labelled.findings);
  const ruled = decide(structuredClone(labelled.findings));
  let presented;
  try {
    presented = present(labelled.findings, adversarialExplainer(move));
  } catch (error) {
    return `presenting the decision threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!isDeepStrictEqual(presented.decision, ruled))
    return `rules decided ${JSON.stringify(ruled)}, the user was sent ${JSON.stringify(presented.decision)}`;
  if (presented.outcomeLine !== outcomeLineOf(ruled)) return `the outcome line "${presented.outcomeLine}" is not the rules' line`;
  if (!isDeepStrictEqual(labelled.findings, before)) return 'the explainer changed the findings';
  if (presented.explanation === undefined && presented.explainerError === undefined)
    return 'the explanation is missing and no error says why';
  return undefined;
}
