import type Database from 'better-sqlite3';
import type { ClaimedRow, OutboxExtension, Settlement } from './outbox-seams.js';
import { lineIntentionId, lineKey, lineOutcome, linesOf, linesResult, type LineRow, type LineSend } from './request-lines.js';
import { intentionId, retryDelayMs, type ReserveReply } from './types.js';

/** What a variant of the line-by-line delivery may change, with the correct behaviour as its default. */
export interface LineSeams {
  /**
   * Which lines of a request of several lines go out in this attempt, and
   * under which keys. Correct: only the lines whose outcome is still unknown,
   * each under its own key, recorded with the intention.
   */
  linesToSend(lines: readonly LineRow[], row: ClaimedRow): LineSend[];
  /**
   * What a reply settles when it leaves some lines unknown. Correct: nothing
   * yet; the intention stays pending and the unknown lines are asked again.
   */
  onPartial(db: Database.Database, row: ClaimedRow): Settlement | undefined;
}

export const CORRECT_LINE_SEAMS: LineSeams = {
  linesToSend: (lines) => lines.filter((line) => line.status === 'pending').map((line) => ({ line, key: line.lineKey })),
  onPartial: () => undefined,
};

/**
 * The outbox extended to requests of several lines (linesRequest): each line
 * is recorded with the intention, its key fixed before the first attempt, and
 * the relay sends a claimed request line by line, one call each under the
 * line's own key. Each reply settles its own line, and the intention is
 * settled once no line is unknown, in the outbox's one confirming transaction.
 */
export function requestLines(changed: Partial<LineSeams> = {}): OutboxExtension {
  const seams: LineSeams = { ...CORRECT_LINE_SEAMS, ...changed };
  return {
    record(db, intention, intentionRowId) {
      // Each line's key is fixed here, before the first attempt, and never chosen again.
      for (const [n, line] of (intention.params.lines ?? []).entries())
        db.prepare(
          `INSERT INTO intention_lines (intention_id, line_no, line_key, part, qty, status) VALUES (?, ?, ?, ?, ?, 'pending')`,
        ).run(intentionRowId, n + 1, lineKey(intention.key, n + 1), line.part, line.qty);
    },

    delivers: (db, row) => db.prepare('SELECT 1 FROM intention_lines WHERE intention_id = ?').get(row.intentionId) !== undefined,

    async deliver(ctx, row, outbox) {
      // The lines to send go out one call each, under their own keys.
      const sends = await ctx.orchestrator.transaction((db) => seams.linesToSend(linesOf(db, row.intentionId), row));
      const replies: ReserveReply[] = [];
      for (const { line, key } of sends)
        replies.push(
          await ctx.warehouse.reserve({
            tenant: row.tenant,
            key,
            params: { part: line.part, qty: line.qty },
            issuedAtMs: row.issuedAtMs,
            intentionId: lineIntentionId(intentionId(row), line.lineNo),
          }),
        );
      await ctx.cut('response-observed');

      // Each reply settles its own line; the intention is settled once no line is unknown.
      const settlement = await ctx.orchestrator.transaction((db): Settlement | undefined => {
        for (const [n, { line }] of sends.entries()) {
          const outcome = lineOutcome(replies[n] as ReserveReply);
          // A line's first settling answer wins, as an intention's does.
          if (outcome)
            db.prepare(
              `UPDATE intention_lines SET status = ?, result = ? WHERE intention_id = ? AND line_no = ? AND status = 'pending'`,
            ).run(outcome.status, outcome.result, row.intentionId, line.lineNo);
        }
        const unknown = linesOf(db, row.intentionId).some((line) => line.status === 'pending');
        return unknown ? seams.onPartial(db, row) : { status: 'done', result: linesResult(db, row.intentionId) };
      });
      if (!settlement) {
        // Lines still unknown: release the row and ask them again, same keys, after the retry delay,
        // or after the longest retry-after a line's refusal asked for.
        const retryAfterMs = Math.max(0, ...replies.map((reply) => (reply.status === 'refused' ? (reply.retryAfterMs ?? 0) : 0)));
        await ctx.orchestrator.transaction((db) => {
          db.prepare('UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL, next_attempt_ms = ? WHERE id = ?').run(
            ctx.nowMs() + Math.max(retryDelayMs(ctx.settings, row.attempts), retryAfterMs),
            row.id,
          );
        });
        return;
      }
      if (await outbox.confirm(ctx, row, settlement)) await ctx.cut('confirmed');
    },
  };
}
