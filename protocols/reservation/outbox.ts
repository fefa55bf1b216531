import { assertNever } from '../assert-never.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import { lineIntentionId, lineKey, lineOutcome, linesOf, linesResult } from './request-lines.js';
import { intentionId, retryDelayMs, type Protocol, type ProtocolContext, type ReserveReply } from './types.js';

export { CORRECT_SEAMS, type ClaimedRow, type OutboxDefinition, type OutboxSeams, type Refusal, type Settlement } from './outbox-seams.js';
import { CORRECT_SEAMS, type ClaimedRow, type OutboxDefinition, type OutboxSeams, type Refusal, type Settlement } from './outbox-seams.js';

/**
 * The transactional outbox: the intention and a pending outbox row commit in
 * one local transaction, and a relay delivers pending rows and confirms each
 * after the reply. Nothing is lost, but a row whose effect happened and whose
 * confirmation did not is sent again after a crash: whether that resend is a
 * duplicate or a replay is decided by the warehouse contract, not the sender.
 */
export function outboxProtocol(definition: OutboxDefinition): Protocol {
  const { seams: changed, ...identity } = definition;
  const seams: OutboxSeams = { ...CORRECT_SEAMS, ...changed };
  return {
    ...identity,
    localSchema: LOCAL_SCHEMA,

    async submit(ctx, intention) {
      await ctx.cut('before-intent');
      await ctx.orchestrator.transaction((db) => {
        const known = db
          .prepare('SELECT id FROM intentions WHERE tenant = ? AND key = ? AND part = ? AND qty = ?')
          .get(intention.tenant, intention.key, intention.params.part, intention.params.qty);
        // A re-presented intention keeps its first record: same key, same outbox row.
        if (known) return;
        const { update } = intention.params;
        // An update's place is one more than the updates to its object recorded before it: the caller's order.
        const objectSeq = update
          ? (
              db.prepare('SELECT count(*) AS n FROM intentions WHERE tenant = ? AND object = ?').get(intention.tenant, update.object) as {
                n: number;
              }
            ).n + 1
          : null;
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms, object, op) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
          )
          .run(
            intention.tenant,
            intention.key,
            intention.params.part,
            intention.params.qty,
            ctx.nowMs(),
            update?.object ?? null,
            update?.op ?? null,
          );
        db.prepare(`INSERT INTO outbox (intention_id, status, request_key, key_life, object_seq) VALUES (?, 'pending', ?, ?, ?)`).run(
          lastInsertRowid,
          intention.key,
          ctx.life,
          objectSeq,
        );
        // Each line's key is fixed here, before the first attempt, and never chosen again.
        for (const [n, line] of (intention.params.lines ?? []).entries())
          db.prepare(
            `INSERT INTO intention_lines (intention_id, line_no, line_key, part, qty, status) VALUES (?, ?, ?, ?, ?, 'pending')`,
          ).run(lastInsertRowid, n + 1, lineKey(intention.key, n + 1), line.part, line.qty);
      });
      await ctx.cut('intent-recorded');
    },

    async relay(ctx) {
      for (;;) {
        // Claim the oldest due row with a lease, so other workers leave it alone until the lease ends.
        const now = ctx.nowMs();
        const claim = await ctx.orchestrator.transaction((db) => {
          const due = db
            .prepare(
              `SELECT o.id, o.intention_id AS intentionId, i.tenant, i.key, o.request_key AS requestKey,
                      o.key_life AS keyLife, i.part, i.qty, i.issued_at_ms AS issuedAtMs, o.attempts,
                      i.object, i.op, o.object_seq AS objectSeq,
                      (SELECT count(*) FROM intention_lines l WHERE l.intention_id = i.id) AS lineCount
               FROM outbox o JOIN intentions i ON i.id = o.intention_id
               WHERE o.status = 'pending' AND o.next_attempt_ms <= ?
                 AND (o.lease_until_ms IS NULL OR o.lease_until_ms <= ?)
               ORDER BY o.id LIMIT 1`,
            )
            .get(now, now) as ClaimedRow | undefined;
          if (!due) {
            // Nothing to claim now: say when the earliest pending row can be claimed again, if one is left.
            const next = db
              .prepare(`SELECT min(max(next_attempt_ms, coalesce(lease_until_ms, 0))) AS dueMs FROM outbox WHERE status = 'pending'`)
              .get() as { dueMs: number | null };
            return { nextDueMs: next.dueMs };
          }
          due.requestKey = seams.requestKey(db, due, ctx.life);
          db.prepare('UPDATE outbox SET lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = ?').run(
            ctx.worker,
            now + ctx.settings.leaseMs,
            due.id,
          );
          return { row: { ...due, attempts: due.attempts + 1 } };
        });
        const { row } = claim;
        if (!row) return typeof claim.nextDueMs === 'number' ? { waitUntilMs: claim.nextDueMs } : undefined;

        if (row.lineCount > 0) {
          // A request of several lines: the lines to send go out one call each, under their own keys.
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
            await releaseForRetry(
              ctx,
              row,
              Math.max(0, ...replies.map((reply) => (reply.status === 'refused' ? (reply.retryAfterMs ?? 0) : 0))),
            );
            continue;
          }
          if (await seams.confirm(ctx, row, settlement)) await ctx.cut('confirmed');
          continue;
        }

        const seq = seams.sequence(row);
        const reply = await ctx.warehouse.reserve({
          tenant: row.tenant,
          key: row.requestKey,
          params: { part: row.part, qty: row.qty, ...(row.object && row.op ? { update: { object: row.object, op: row.op } } : {}) },
          issuedAtMs: row.issuedAtMs,
          intentionId: intentionId(row),
          ...(seq === undefined ? {} : { seq }),
        });
        await ctx.cut('response-observed');

        const settlement =
          reply.status === 'accepted'
            ? seams.onAccepted()
            : reply.status === 'refused'
              ? seams.onRefused(reply, row, ctx.settings)
              : settle(reply);
        if (!settlement) {
          // No settling answer: release the row and try again, same key, after the retry delay,
          // or after the warehouse's own retry-after when it asked for a longer wait (back-off it decides).
          await releaseForRetry(ctx, row, reply.status === 'refused' ? (reply.retryAfterMs ?? 0) : 0);
          continue;
        }
        // A settlement fenced out by the lease writes nothing: the row is another relay's now, or due again.
        if (await seams.confirm(ctx, row, settlement)) await ctx.cut('confirmed');
      }
    },
  };
}

/** Releases a row that got no settling answer, to be claimed again after the retry delay or the warehouse's longer retry-after. */
async function releaseForRetry(ctx: ProtocolContext, row: ClaimedRow, retryAfterMs: number): Promise<void> {
  await ctx.orchestrator.transaction((db) => {
    db.prepare('UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL, next_attempt_ms = ? WHERE id = ?').run(
      ctx.nowMs() + Math.max(retryDelayMs(ctx.settings, row.attempts), retryAfterMs),
      row.id,
    );
  });
}

/** The local ending a reply settles, or undefined when it settles nothing yet (ask again later, same key). */
function settle(reply: Exclude<ReserveReply, Refusal | { status: 'accepted' }>): Settlement | undefined {
  switch (reply.status) {
    case 'ok':
      return { status: 'done', result: JSON.stringify({ reservationId: reply.reservationId, replayed: reply.replayed }) };
    case 'rejected':
      return { status: 'failed', result: JSON.stringify({ rejected: reply.reason }) };
    case 'stale':
      // Refused by the closed window: an older attempt may or may not have taken effect, so it must be settled by a lookup.
      return { status: 'reconcile', result: JSON.stringify({ refused: 'stale' }) };
    case 'unavailable':
    case 'no-reply':
      return undefined;
    default:
      return assertNever(reply, 'warehouse reply');
  }
}
