/**
 * What the intake agent gathers before the rules may decide, in the shape of
 * seed 002's triage sketch. Illustrative only: these fields, bands and
 * outcomes are not clinical advice, they are a small domain whose rules a
 * property can check exhaustively.
 */
export const DANGER_SIGNS = ['none', 'chest_pain', 'breathing_difficulty', 'fainting'] as const;
export type DangerSign = (typeof DANGER_SIGNS)[number];

/** Ages the rules accept, in whole years; anything else is asked again. */
export const AGE_YEARS_MAX = 120;
/** How long the complaint has lasted, in whole days; anything longer is asked again. */
export const DURATION_DAYS_MAX = 90;

export interface CompleteFindings {
  dangerSign: DangerSign;
  ageYears: number;
  durationDays: number;
}

/**
 * Findings as the intake agent hands them over: any field may be absent, and
 * since the values come from a model, any field may hold something outside
 * its domain. `note` is free text the rules never read and never require.
 */
export type Findings = { [K in keyof CompleteFindings]?: unknown } & { note?: unknown };

export type RequiredFinding = keyof CompleteFindings;
/** In the order the intake agent asks for them: need-more-info lists the missing ones in this order. */
export const REQUIRED_FINDINGS: readonly RequiredFinding[] = ['dangerSign', 'ageYears', 'durationDays'];

function isWholeNumberUpTo(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

/**
 * Whether a finding holds a value the rules can use. A value outside the
 * domain counts as missing: the question goes back to the user rather than
 * the rules guessing what "about fifty" or -3 means.
 */
export function isKnown(findings: Findings, field: RequiredFinding): boolean {
  const value = findings[field];
  switch (field) {
    case 'dangerSign':
      return typeof value === 'string' && (DANGER_SIGNS as readonly string[]).includes(value);
    case 'ageYears':
      return isWholeNumberUpTo(value, AGE_YEARS_MAX);
    case 'durationDays':
      return isWholeNumberUpTo(value, DURATION_DAYS_MAX);
  }
}
