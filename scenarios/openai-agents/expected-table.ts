import type { ExpectedColumns } from '../../sim/engine/family.js';

/**
 * An example's expected row on the story of order 42 (a refund behind
 * approval, then a handoff to a person): refunds (act-1) and tickets at each
 * classic cut (approval-decided, effect-applied, state-save, state-saved), and
 * both without a crash.
 */
export interface OpenAIAgentsRow {
  refunds: readonly [number, number, number, number];
  tickets: readonly [number, number, number, number];
  faultFree: { refunds: number; tickets: number };
}

/**
 * What the examples must measure. refund-on-approval refunds again when the
 * process dies after the refund and before the state is saved after it: the
 * resumed run asks for the approval again and runs the tool again (2); an
 * approval lost before the tool ran is asked again and costs nothing, and a
 * save after the refund keeps it. refund-keyed-by-call sends the same key on
 * that re-run (the call id the saved state keeps), so the API replays it.
 * handoff-announced never opens a ticket: the model only says it hands over.
 * ticket-without-key opens a second ticket when the process dies after the
 * handoff's ticket and before the final save.
 */
export const EXPECTED_OPENAI_AGENTS_TABLE: Readonly<Record<string, OpenAIAgentsRow>> = {
  'refund-on-approval': { refunds: [1, 2, 2, 1], tickets: [1, 1, 1, 1], faultFree: { refunds: 1, tickets: 1 } },
  'refund-keyed-by-call': { refunds: [1, 1, 1, 1], tickets: [1, 1, 1, 1], faultFree: { refunds: 1, tickets: 1 } },
  'handoff-announced': { refunds: [1, 1, 1, 1], tickets: [0, 0, 0, 0], faultFree: { refunds: 1, tickets: 0 } },
  'ticket-without-key': { refunds: [1, 1, 1, 1], tickets: [1, 1, 2, 1], faultFree: { refunds: 1, tickets: 1 } },
};

/** The generic table's expectation (`sim table --family openai-agents`): refunds per cut, the N of each row. */
export const EXPECTED_REFUNDS: Readonly<Record<string, readonly number[]>> = Object.fromEntries(
  Object.entries(EXPECTED_OPENAI_AGENTS_TABLE).map(([protocol, row]) => [protocol, row.refunds]),
);

/** The tickets column each example must show, per cut. */
export const EXPECTED_TICKET_COLUMNS: ExpectedColumns = Object.fromEntries(
  Object.entries(EXPECTED_OPENAI_AGENTS_TABLE).map(([protocol, row]) => [protocol, { tickets: row.tickets }]),
);
