import {
  AGE_YEARS_MAX,
  DANGER_SIGNS,
  DURATION_DAYS_MAX,
  type Findings,
  type RequiredFinding,
} from '../../../sim/families/handover/rules/findings.js';
import type { LabelledFindings } from './arbitraries.js';

/**
 * Every findings value of the whole valid domain with each field known or
 * absent: (4 + 1) danger signs × (121 + 1) ages × (91 + 1) durations =
 * 56,120 cases, small enough to check all of them instead of sampling.
 */
export function* everyFindings(): Generator<LabelledFindings> {
  const range = (max: number) => Array.from({ length: max + 1 }, (_, value) => value);
  const absent = Symbol('absent');
  for (const dangerSign of [...DANGER_SIGNS, absent])
    for (const ageYears of [...range(AGE_YEARS_MAX), absent])
      for (const durationDays of [...range(DURATION_DAYS_MAX), absent]) {
        const findings: Findings = {};
        const missing: RequiredFinding[] = [];
        if (dangerSign === absent) missing.push('dangerSign');
        else findings.dangerSign = dangerSign;
        if (ageYears === absent) missing.push('ageYears');
        else findings.ageYears = ageYears;
        if (durationDays === absent) missing.push('durationDays');
        else findings.durationDays = durationDays;
        yield { findings, missing };
      }
}

export const EVERY_FINDINGS_COUNT = (DANGER_SIGNS.length + 1) * (AGE_YEARS_MAX + 2) * (DURATION_DAYS_MAX + 2);

/** Every violation of a check over the whole domain, counted, with the first few kept for the report. */
export function sweep(check: (labelled: LabelledFindings) => string | undefined): { cases: number; violations: number; first: string[] } {
  let cases = 0;
  let violations = 0;
  const first: string[] = [];
  for (const labelled of everyFindings()) {
    cases += 1;
    const violation = check(labelled);
    if (violation === undefined) continue;
    violations += 1;
    if (first.length < 3) first.push(violation);
  }
  return { cases, violations, first };
}
