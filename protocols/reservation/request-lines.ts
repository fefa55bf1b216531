import type Database from 'better-sqlite3';
import type { Intention, ReservationLine, ReserveReply } from './types.js';

/**
 * An intention whose one request carries several lines. Its `part` spells
 * the lines out (`bolt x1 + gear x2`) and its `qty` counts them, so that the
 * intention's identity (tenant, key, part, qty) covers every line.
 */
export function linesRequest(tenant: string, key: string, lines: readonly ReservationLine[]): Intention {
  return {
    tenant,
    key,
    params: {
      part: lines.map((line) => `${line.part} x${line.qty}`).join(' + '),
      qty: lines.length,
      lines: lines.map((line) => ({ ...line })),
    },
  };
}

/** A line's key, fixed when the intention is recorded: the intention's key and the line's number. */
export function lineKey(key: string, lineNo: number): string {
  return `${key}#${lineNo}`;
}

/** A line's oracle tag for counting its effects: the intention's `tenant:key` and the line's number. */
export function lineIntentionId(intentionId: string, lineNo: number): string {
  return `${intentionId}#${lineNo}`;
}

/** A line as the relay reads it from intention_lines. */
export interface LineRow {
  lineNo: number;
  lineKey: string;
  part: string;
  qty: number;
  status: 'pending' | 'applied' | 'refused';
}

/** A line going out in one attempt, under the key it is sent with. */
export interface LineSend {
  line: LineRow;
  key: string;
}

export function linesOf(db: Database.Database, intentionId: number): LineRow[] {
  return db
    .prepare(
      `SELECT line_no AS lineNo, line_key AS lineKey, part, qty, status FROM intention_lines WHERE intention_id = ? ORDER BY line_no`,
    )
    .all(intentionId) as LineRow[];
}

/**
 * A line's outcome from its reply, or undefined while it is still unknown
 * (no reply, unavailable, refused for now): such a line is asked again, and
 * only such a line. A line refused for now is asked again until it is
 * applied or refused for good, without a cap: giving it up cannot be made
 * safe here, since an attempt of another worker whose lease was taken over
 * may still be on its way and be applied after the restock (the
 * partial-replies property finds exactly that with a cap).
 */
export function lineOutcome(reply: ReserveReply): { status: 'applied' | 'refused'; result: string } | undefined {
  switch (reply.status) {
    case 'ok':
      return { status: 'applied', result: JSON.stringify({ reservationId: reply.reservationId }) };
    case 'refused':
      return reply.definitive ? { status: 'refused', result: JSON.stringify({ refused: reply.reason }) } : undefined;
    case 'rejected':
      return { status: 'refused', result: JSON.stringify({ rejected: reply.reason }) };
    case 'stale':
      return { status: 'refused', result: JSON.stringify({ refused: 'stale' }) };
    default:
      return undefined;
  }
}

/** The intention's result once every line is settled: each line's outcome, by number. */
export function linesResult(db: Database.Database, intentionId: number): string {
  const rows = db
    .prepare('SELECT line_no AS line, status, result FROM intention_lines WHERE intention_id = ? ORDER BY line_no')
    .all(intentionId) as { line: number; status: string; result: string | null }[];
  return JSON.stringify({
    lines: rows.map((row) => ({ line: row.line, status: row.status, ...(JSON.parse(row.result ?? '{}') as object) })),
  });
}
