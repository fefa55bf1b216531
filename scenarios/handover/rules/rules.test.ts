import { describe, expect, it } from 'vitest';
import { decide } from '../../../sim/families/handover/rules/decide.js';
import { decideAgeBeforeDanger } from '../../../sim/families/handover/rules/flawed/age-before-danger.js';
import { presentTrustingExplainer } from '../../../sim/families/handover/rules/flawed/explainer-decides.js';
import { presenter } from '../../../sim/families/handover/rules/present-decision.js';
import type { CompleteFindings } from '../../../sim/families/handover/rules/findings.js';
import { completeFindingsArbitrary, explainerMoveArbitrary, labelledFindingsArbitrary } from './arbitraries.js';
import fc from 'fast-check';
import { checkRulesProperty } from './check-rules-property.js';
import { EVERY_FINDINGS_COUNT, sweep } from './exhaustive.js';
import { explainerViolation, missingViolation, precedenceViolation } from './rule-checks.js';

/** Pinned: a held property and a found control are the same facts on every machine. */
const SEED = 2026;
const RUNS = 2000;
const explained = fc.tuple(labelledFindingsArbitrary, explainerMoveArbitrary);

describe('triage rules: exhaustive over the valid domain', () => {
  it('a missing field gives need-more-info naming exactly the missing ones, and complete findings an outcome', () => {
    const result = sweep((labelled) => missingViolation(decide, labelled));
    expect(result).toEqual({ cases: EVERY_FINDINGS_COUNT, violations: 0, first: [] });
  });

  it('precedence as written: danger signs before age, age before duration', () => {
    const result = sweep(({ findings, missing }) =>
      missing.length > 0 ? undefined : precedenceViolation(decide, findings as CompleteFindings),
    );
    expect(result.cases).toBe(EVERY_FINDINGS_COUNT);
    expect(result.violations).toBe(0);
    // Every rule decided some case: the sweep reached each branch of the precedence.
    const rules = new Set<string>();
    for (const dangerSign of ['none', 'fainting'] as const)
      for (const ageYears of [0, 40, 80])
        for (const durationDays of [0, 30]) {
          const decision = decide({ dangerSign, ageYears, durationDays });
          if (decision.kind === 'outcome') rules.add(decision.rule);
        }
    expect([...rules].sort()).toEqual(['age-at-risk', 'danger-sign', 'long-duration', 'short-duration']);
  });

  it('the control with age before danger signs breaks precedence on every danger sign at an age at risk', () => {
    const result = sweep(({ findings, missing }) =>
      missing.length > 0 ? undefined : precedenceViolation(decideAgeBeforeDanger, findings as CompleteFindings),
    );
    // 3 danger signs × (2 ages under 2 + 46 ages from 75 to 120) × 91 durations.
    expect(result.violations).toBe(3 * 48 * 91);
    expect(result.first[0]).toContain('rule age-at-risk decided, danger-sign comes first');
  });
});

describe('triage rules under fast-check, pinned seed', () => {
  it('spoiled or absent fields, as a model hands them over, are asked for exactly', () => {
    const result = checkRulesProperty('missing', labelledFindingsArbitrary, (labelled) => missingViolation(decide, labelled), {
      seed: SEED,
      runs: RUNS,
    });
    expect(result).toMatchObject({ outcome: 'held', runs: RUNS });
  });

  it('the explainer cannot change the decision, whatever it writes, tampers with or throws', () => {
    const present = presenter(decide);
    const result = checkRulesProperty('explainer', explained, ([labelled, move]) => explainerViolation(decide, present, labelled, move), {
      seed: SEED,
      runs: RUNS,
    });
    expect(result).toMatchObject({ outcome: 'held', runs: RUNS });
  });

  it('control: the precedence bug is found and shrunk to the smallest case, and its replay line gives it again', () => {
    const result = checkRulesProperty(
      'precedence',
      completeFindingsArbitrary,
      (findings) => precedenceViolation(decideAgeBeforeDanger, findings),
      { seed: SEED, runs: RUNS },
    );
    expect(result.outcome).toBe('found');
    expect(result.counterexample).toEqual({ dangerSign: 'chest_pain', ageYears: 0, durationDays: 0 });
    expect(result.violation).toContain('rule age-at-risk decided, danger-sign comes first');
    const path = /path: '([^']+)'/.exec(result.replay ?? '')?.[1];
    expect(path).toBeDefined();
    const again = checkRulesProperty(
      'precedence',
      completeFindingsArbitrary,
      (findings) => precedenceViolation(decideAgeBeforeDanger, findings),
      { seed: SEED, runs: RUNS, path },
    );
    expect(again.counterexample).toEqual(result.counterexample);
  });

  it('control: a presenter that lets the explanation name the outcome is found, shrunk to a plain wrong claim', () => {
    const result = checkRulesProperty(
      'explainer',
      explained,
      ([labelled, move]) => explainerViolation(decide, presentTrustingExplainer, labelled, move),
      { seed: SEED, runs: RUNS },
    );
    expect(result.outcome).toBe('found');
    const [labelled, move] = result.counterexample!;
    // Shrunk: complete findings, no tampering, no failure, only a sentence naming an outcome the rules did not give.
    expect(labelled.missing).toEqual([]);
    expect(move).toMatchObject({ tamper: false, throws: false });
    const claimed = /outcome is (\w+)/.exec(move.text)?.[1];
    const ruled = decide(labelled.findings);
    expect(ruled.kind).toBe('outcome');
    expect(claimed).not.toBe(ruled.kind === 'outcome' ? ruled.outcome : undefined);
    expect(claimed).toBeDefined();
    expect(result.violation).toMatch(/^rules decided .*, the user was sent /);
  });
});
