import type { CompleteFindings } from './findings.js';

export const TRIAGE_OUTCOMES = ['emergency', 'nurse_today', 'gp_appointment', 'self_care'] as const;
export type TriageOutcome = (typeof TRIAGE_OUTCOMES)[number];

export type TriageRuleName = 'danger-sign' | 'age-at-risk' | 'long-duration' | 'short-duration';

/** One rule: when it applies, and the outcome it gives. The first rule that applies decides. */
export interface TriageRule {
  name: TriageRuleName;
  outcome: TriageOutcome;
  applies(findings: CompleteFindings): boolean;
  /** Why, in words the explainer and the log can quote. */
  reason(findings: CompleteFindings): string;
}

/** Under this age, or at and over the next one, age alone sends the case to a nurse today. */
export const AGE_AT_RISK_UNDER_YEARS = 2;
export const AGE_AT_RISK_FROM_YEARS = 75;
/** From this many days the complaint needs an appointment rather than self-care. */
export const LONG_DURATION_FROM_DAYS = 14;

export const DANGER_SIGN_RULE: TriageRule = {
  name: 'danger-sign',
  outcome: 'emergency',
  applies: (findings) => findings.dangerSign !== 'none',
  reason: (findings) => `danger sign: ${findings.dangerSign}`,
};

export const AGE_AT_RISK_RULE: TriageRule = {
  name: 'age-at-risk',
  outcome: 'nurse_today',
  applies: (findings) => findings.ageYears < AGE_AT_RISK_UNDER_YEARS || findings.ageYears >= AGE_AT_RISK_FROM_YEARS,
  reason: (findings) => `age ${findings.ageYears} is under ${AGE_AT_RISK_UNDER_YEARS} or ${AGE_AT_RISK_FROM_YEARS} and over`,
};

export const LONG_DURATION_RULE: TriageRule = {
  name: 'long-duration',
  outcome: 'gp_appointment',
  applies: (findings) => findings.durationDays >= LONG_DURATION_FROM_DAYS,
  reason: (findings) => `${findings.durationDays} days is ${LONG_DURATION_FROM_DAYS} days or more`,
};

/** The last rule always applies, so complete findings always reach an outcome. */
export const SHORT_DURATION_RULE: TriageRule = {
  name: 'short-duration',
  outcome: 'self_care',
  applies: () => true,
  reason: (findings) => `${findings.durationDays} days, no danger sign, age not at risk`,
};

/** The precedence the seed writes: danger signs before age, age before duration. */
export const TRIAGE_RULES: readonly TriageRule[] = [DANGER_SIGN_RULE, AGE_AT_RISK_RULE, LONG_DURATION_RULE, SHORT_DURATION_RULE];
