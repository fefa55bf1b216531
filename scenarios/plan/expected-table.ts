/**
 * The plan family's table as issue 12 states it, and the rows measured for the
 * flawed variants: N = writes the tool server holds for the edit step's file
 * after a crash at each cut of the edit step and a recovery. The columns are
 * the family's cuts in order (protocols/plan/cuts.ts).
 */
export const EXPECTED_PLAN_TABLE: Readonly<Record<string, readonly number[]>> = {
  'checkpoint-after-step': [1, 1, 1, 1, 1, 1],
  'tool-without-key': [1, 2, 2, 2, 2, 1],
};
