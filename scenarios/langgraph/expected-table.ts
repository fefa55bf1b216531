/** An example graph's expected row: emails at each classic cut (effect-applied, writes-put, writes-saved), fault-free, and resumes per cut. */
export interface LangGraphRow {
  emails: readonly [number, number, number];
  faultFree: number;
  resumes: readonly [number, number, number];
}

/**
 * What the examples must measure. notify-then-approve sends once per run of
 * its node: the first, and one per resume of its two interrupts (3 with no
 * crash), one more when a crash right after the email makes LangGraph re-run
 * the node (4); once its interrupt writes are saved, a crash costs no email.
 * tool-node-without-key sends again when the process dies after the API applied
 * the email and before the tools node's writes are committed (2), and not
 * once they are. The repairs send one email at every cut.
 * The functional API's sendEmail task is tool-node-without-key's flaw again:
 * a task's result is saved as its writes, and a crash before they commit
 * runs the task once more when the entrypoint resumes.
 */
export const EXPECTED_LANGGRAPH_TABLE: Readonly<Record<string, LangGraphRow>> = {
  'notify-then-approve': { emails: [4, 4, 3], faultFree: 3, resumes: [2, 2, 2] },
  'approve-then-notify': { emails: [1, 1, 1], faultFree: 1, resumes: [2, 2, 2] },
  'tool-node-without-key': { emails: [2, 2, 1], faultFree: 1, resumes: [0, 0, 0] },
  'tool-node-key-from-task': { emails: [1, 1, 1], faultFree: 1, resumes: [0, 0, 0] },
  'functional-task-async': { emails: [2, 2, 1], faultFree: 1, resumes: [0, 0, 0] },
};

/** The generic table's expectation (`sim table --family langgraph`): emails per cut, the N of each row. */
export const EXPECTED_EMAILS: Readonly<Record<string, readonly number[]>> = Object.fromEntries(
  Object.entries(EXPECTED_LANGGRAPH_TABLE).map(([protocol, row]) => [protocol, row.emails]),
);
