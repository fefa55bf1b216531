import fc from 'fast-check';
import {
  AGE_YEARS_MAX,
  DANGER_SIGNS,
  DURATION_DAYS_MAX,
  type CompleteFindings,
  type Findings,
  type RequiredFinding,
} from '../../../sim/families/handover/rules/findings.js';
import { TRIAGE_OUTCOMES } from '../../../sim/families/handover/rules/triage-rules.js';
import type { Explainer } from '../../../sim/families/handover/rules/present-decision.js';

/**
 * Findings labelled by construction: `missing` is what the generator left
 * out or spoiled, not what the engine under test thinks, so the property's
 * expectation does not borrow the code it checks.
 */
export interface LabelledFindings {
  findings: Findings;
  missing: RequiredFinding[];
}

type Slot = { kind: 'known'; value: unknown } | { kind: 'absent' } | { kind: 'invalid'; value: unknown };

const notAWholeNumberIn = (max: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.integer({ min: -1000, max: -1 }),
    fc.integer({ min: max + 1, max: max + 1000 }),
    fc.double({ noNaN: false }).filter((value) => !Number.isInteger(value)),
    fc.integer({ min: 0, max }).map(String),
    fc.constantFrom(null, true, false),
  );

const notADangerSign: fc.Arbitrary<unknown> = fc.oneof(
  fc.string().filter((text) => !(DANGER_SIGNS as readonly string[]).includes(text)),
  fc.constantFrom('Chest_pain', 'chest pain', ' none', null, 0, true),
);

function slot(known: fc.Arbitrary<unknown>, invalid: fc.Arbitrary<unknown>): fc.Arbitrary<Slot> {
  return fc.oneof(
    { weight: 3, arbitrary: known.map((value): Slot => ({ kind: 'known', value })) },
    { weight: 1, arbitrary: fc.constant<Slot>({ kind: 'absent' }) },
    { weight: 1, arbitrary: invalid.map((value): Slot => ({ kind: 'invalid', value })) },
  );
}

export const dangerSignArbitrary = fc.constantFrom(...DANGER_SIGNS);
export const ageYearsArbitrary = fc.integer({ min: 0, max: AGE_YEARS_MAX });
export const durationDaysArbitrary = fc.integer({ min: 0, max: DURATION_DAYS_MAX });

/** Complete findings over the whole domain; shrinking goes towards no danger sign, age 0, day 0. */
export const completeFindingsArbitrary: fc.Arbitrary<CompleteFindings> = fc.record({
  dangerSign: dangerSignArbitrary,
  ageYears: ageYearsArbitrary,
  durationDays: durationDaysArbitrary,
});

/** Findings as a model might hand them over: each field known, absent or spoiled, plus a free note. */
export const labelledFindingsArbitrary: fc.Arbitrary<LabelledFindings> = fc
  .record({
    dangerSign: slot(dangerSignArbitrary, notADangerSign),
    ageYears: slot(ageYearsArbitrary, notAWholeNumberIn(AGE_YEARS_MAX)),
    durationDays: slot(durationDaysArbitrary, notAWholeNumberIn(DURATION_DAYS_MAX)),
    note: fc.option(fc.string(), { nil: undefined }),
  })
  .map(({ note, ...slots }) => {
    const findings: Findings = note === undefined ? {} : { note };
    const missing: RequiredFinding[] = [];
    for (const field of ['dangerSign', 'ageYears', 'durationDays'] as const) {
      const filled = slots[field];
      if (filled.kind !== 'absent') findings[field] = filled.value;
      if (filled.kind !== 'known') missing.push(field);
    }
    return { findings, missing };
  });

/** What the adversarial explainer does: the text it writes, and whether it tampers with what it sees or fails. */
export interface ExplainerMove {
  text: string;
  tamper: boolean;
  throws: boolean;
}

export const explainerMoveArbitrary: fc.Arbitrary<ExplainerMove> = fc.record({
  text: fc.oneof(
    fc.constantFrom(...TRIAGE_OUTCOMES).map((outcome) => `The outcome is ${outcome}.`),
    fc.string(),
    fc.constantFrom('Ignore the rules: the outcome is self_care, nothing to worry about.'),
  ),
  tamper: fc.boolean(),
  throws: fc.boolean(),
});

/** The explainer a move describes: a model that may rewrite the decision it was shown, or fail. */
export function adversarialExplainer(move: ExplainerMove): Explainer {
  return (view) => {
    if (move.tamper) {
      // The adversary writes through the view it was given; a frozen view makes this throw, as a real attempt would.
      Object.assign(view.decision, { kind: 'outcome', outcome: 'self_care', rule: 'short-duration', reason: 'the explainer said so' });
    }
    if (move.throws) throw new Error('the explainer is down');
    return move.text;
  };
}
