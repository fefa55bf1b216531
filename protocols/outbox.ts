import { assertNever } from './assert-never.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import { intentionId, type Protocol, type ProtocolContext, type ReserveReply, type WarehouseContract } from './types.js';

interface ClaimedRow {
  id: number;
  tenant: string;
  key: string;
  part: string;
  qty: number;
  issuedAtMs: number;
}

/**
 * The transactional outbox: the intention and a pending outbox row commit in
 * one local transaction, and a relay delivers pending rows and confirms each
 * after the reply. Nothing is lost, but a row whose effect happened and whose
 * confirmation did not is sent again after a crash: whether that resend is a
 * duplicate or a replay is decided by the warehouse contract, not the sender.
 */
export function outboxProtocol(definition: { name: string; summary: string; contract: WarehouseContract }): Protocol {
  return {
    ...definition,
    localSchema: LOCAL_SCHEMA,

    async submit(ctx, intention) {
      await ctx.cut('before-intent');
      await ctx.orchestrator.transaction((db) => {
        const known = db.prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ?').get(intention.tenant, intention.key);
        // A re-presented intention keeps its first record: same key, same outbox row.
        if (known) return;
        db.prepare(
          `INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms)
           VALUES (?, ?, ?, ?, 'pending', ?)`,
        ).run(intention.tenant, intention.key, intention.params.part, intention.params.qty, ctx.nowMs());
        db.prepare(`INSERT INTO outbox (tenant, key, status) VALUES (?, ?, 'pending')`).run(intention.tenant, intention.key);
      });
      await ctx.cut('intent-recorded');
    },

    async relay(ctx) {
      for (;;) {
        // Claim the oldest due row with a lease, so other workers leave it alone until the lease ends.
        const now = ctx.nowMs();
        const row = await ctx.orchestrator.transaction((db) => {
          const due = db
            .prepare(
              `SELECT o.id, o.tenant, o.key, i.part, i.qty, i.issued_at_ms AS issuedAtMs
               FROM outbox o JOIN intentions i ON i.tenant = o.tenant AND i.key = o.key
               WHERE o.status = 'pending' AND o.next_attempt_ms <= ?
                 AND (o.lease_until_ms IS NULL OR o.lease_until_ms <= ?)
               ORDER BY o.id LIMIT 1`,
            )
            .get(now, now) as ClaimedRow | undefined;
          if (due) {
            db.prepare('UPDATE outbox SET lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = ?').run(
              ctx.worker,
              now + ctx.settings.leaseMs,
              due.id,
            );
          }
          return due;
        });
        if (!row) break;

        const reply = await ctx.warehouse.reserve({
          tenant: row.tenant,
          key: row.key,
          params: { part: row.part, qty: row.qty },
          issuedAtMs: row.issuedAtMs,
          intentionId: intentionId(row),
        });
        await ctx.cut('response-observed');

        if (reply.status === 'unavailable') {
          // Nothing happened remotely: release the row and try again after the retry delay.
          await ctx.orchestrator.transaction((db) => {
            db.prepare('UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL, next_attempt_ms = ? WHERE id = ?').run(
              ctx.nowMs() + ctx.settings.retryDelayMs,
              row.id,
            );
          });
          continue;
        }
        const [status, result] = settle(reply);
        await ctx.orchestrator.transaction((db) => {
          db.prepare(`UPDATE intentions SET status = ?, result = ? WHERE tenant = ? AND key = ?`).run(status, result, row.tenant, row.key);
          db.prepare(`UPDATE outbox SET status = 'sent', lease_owner = NULL, lease_until_ms = NULL WHERE id = ?`).run(row.id);
        });
        await ctx.cut('confirmed');
      }

      return nextDue(ctx);
    },
  };

  /** When the earliest still-pending row can be claimed again, if any is left. */
  async function nextDue(ctx: ProtocolContext) {
    const next = await ctx.orchestrator.transaction(
      (db) =>
        db
          .prepare(
            `SELECT min(max(next_attempt_ms, coalesce(lease_until_ms, 0))) AS dueMs
             FROM outbox WHERE status = 'pending'`,
          )
          .get() as { dueMs: number | null },
    );
    return next.dueMs === null ? undefined : { waitUntilMs: next.dueMs };
  }
}

function settle(reply: Exclude<ReserveReply, { status: 'unavailable' }>): [string, string] {
  switch (reply.status) {
    case 'ok':
      return ['done', JSON.stringify({ reservationId: reply.reservationId, replayed: reply.replayed })];
    case 'rejected':
      return ['failed', JSON.stringify({ rejected: reply.reason })];
    case 'stale':
      // Refused by the closed window: the effect may or may not exist from an older attempt, so a person or a lookup must settle it.
      return ['reconcile', JSON.stringify({ refused: 'stale' })];
    default:
      return assertNever(reply, 'warehouse reply');
  }
}
