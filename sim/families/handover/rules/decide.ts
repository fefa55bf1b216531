import { isKnown, REQUIRED_FINDINGS, type CompleteFindings, type Findings, type RequiredFinding } from './findings.js';
import { TRIAGE_RULES, type TriageOutcome, type TriageRule, type TriageRuleName } from './triage-rules.js';

/**
 * What the rules answer: either the questions still to ask (exactly the
 * required findings that are missing, in asking order), or an outcome with
 * the rule that gave it. The intake agent receives need-more-info as a tool
 * result, so the rules, not the model, choose the questions.
 */
export type TriageDecision =
  | { kind: 'need-more-info'; missing: RequiredFinding[] }
  | { kind: 'outcome'; outcome: TriageOutcome; rule: TriageRuleName; reason: string };

export type Decide = (findings: Findings) => TriageDecision;

/** The rules engine over an ordered rule list: the first rule that applies decides. */
export function rulesEngine(rules: readonly TriageRule[]): Decide {
  return (findings) => {
    const missing = REQUIRED_FINDINGS.filter((field) => !isKnown(findings, field));
    if (missing.length > 0) return { kind: 'need-more-info', missing };
    // Every required finding is known (checked just above), so the narrowing is sound.
    const complete = findings as CompleteFindings;
    const rule = rules.find((candidate) => candidate.applies(complete));
    // The reference list ends in a rule that always applies; a list without one is a bug in the list, said loudly.
    if (!rule)
      throw new Error(`no triage rule applies to ${JSON.stringify(complete)}: the rule list needs a last rule that always applies`);
    return { kind: 'outcome', outcome: rule.outcome, rule: rule.name, reason: rule.reason(complete) };
  };
}

/** The reference decision: the seed's precedence. */
export const decide: Decide = rulesEngine(TRIAGE_RULES);
