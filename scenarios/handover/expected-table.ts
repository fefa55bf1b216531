/** A protocol's expected row: tickets and notices of the nurse's handover at each of the five cuts, then the invariants. */
export interface HandoverRow {
  tickets: readonly number[];
  notices: readonly number[];
  /** The second column group, each the worst over the five cases of the row. */
  transfers: number;
  repliesWhileWithHuman: number;
  noticesBeforeTicket: number;
  unansweredAfterReturn: number;
}

const ONES = [1, 1, 1, 1, 1] as const;
const CLEAN = { transfers: 1, repliesWhileWithHuman: 0, noticesBeforeTicket: 0, unansweredAfterReturn: 0 } as const;

/**
 * What the table must measure, per protocol. The reference row is the
 * seed's: one ticket, one notice at every cut, one transfer (within the cap
 * of 3), nobody answering over the nurse, the user promised a person only
 * once the ticket exists, and answered again after the return. Each flaw
 * shows where it differs; the two kept in memory need restarts the table's
 * single crash does not reach and are found by `sim check` instead.
 */
export const EXPECTED_HANDOVER_TABLE: Readonly<Record<string, HandoverRow>> = {
  'reference-harness': { tickets: ONES, notices: ONES, ...CLEAN },
  'enqueue-without-key': { tickets: [1, 1, 2, 1, 1], notices: ONES, ...CLEAN },
  'notify-before-ticket': { tickets: ONES, notices: ONES, ...CLEAN, noticesBeforeTicket: 1 },
  'count-in-memory': { tickets: ONES, notices: ONES, ...CLEAN },
  'active-agent-in-memory': { tickets: ONES, notices: ONES, ...CLEAN },
  'answers-after-handover': { tickets: ONES, notices: ONES, ...CLEAN, transfers: 2, repliesWhileWithHuman: 1 },
  'reset-forgotten': { tickets: ONES, notices: ONES, ...CLEAN, transfers: 0, unansweredAfterReturn: 1 },
};

/** The generic table's expectation (`sim table --family handover`): tickets per cut, the N of each row. */
export const EXPECTED_TICKETS: Readonly<Record<string, readonly number[]>> = Object.fromEntries(
  Object.entries(EXPECTED_HANDOVER_TABLE).map(([protocol, row]) => [protocol, row.tickets]),
);

/**
 * The generic table's expectation of the family's other columns, by their
 * headers in sim/families/handover/family.ts: notices per cut, then the invariants
 * as the worst of each row. `sim table --family handover` exits 1 when one
 * differs, as it does for a ticket.
 */
export const EXPECTED_HANDOVER_COLUMNS: Readonly<Record<string, Readonly<Record<string, number | readonly number[]>>>> = Object.fromEntries(
  Object.entries(EXPECTED_HANDOVER_TABLE).map(([protocol, row]) => [
    protocol,
    {
      n: row.notices,
      transfers: row.transfers,
      replies: row.repliesWhileWithHuman,
      early: row.noticesBeforeTicket,
      unanswered: row.unansweredAfterReturn,
    },
  ]),
);
