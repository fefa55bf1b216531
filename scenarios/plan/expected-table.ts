/**
 * The plan family's table: N = writes the tool server holds for the edit
 * step's file after a crash at each cut of the edit step and a recovery. The
 * first two rows are issue 12's; the others are the flawed variants as
 * measured. Columns are the family's cuts in order (protocols/plan/cuts.ts):
 * before-step, tool-applied, tool-replied, gate-checked, checkpoint-written,
 * checkpoint-committed. Variants whose bug one crash of the calm seed case
 * cannot show (budget, back-off, gate, summary, two workers) show all ones
 * here and are found by their properties instead.
 */
export const EXPECTED_PLAN_TABLE: Readonly<Record<string, readonly number[]>> = {
  'checkpoint-after-step': [1, 1, 1, 1, 1, 1],
  'tool-without-key': [1, 2, 2, 2, 2, 1],
  'mark-done-first': [1, 1, 1, 1, 1, 0],
  'checkpoint-in-place': [1, 1, 1, 1, 2, 1],
  'budget-in-memory': [1, 1, 1, 1, 1, 1],
  'backoff-in-memory': [1, 1, 1, 1, 1, 1],
  'gate-as-opinion': [1, 1, 1, 1, 1, 1],
  'no-summary': [1, 1, 1, 1, 1, 1],
  'checkpoint-lease': [1, 1, 1, 1, 1, 1],
};
