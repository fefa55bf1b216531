import { assertNever } from './assert-never.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import { intentionId, retryDelayMs, type Protocol, type SettledReply, type WarehouseContract } from './types.js';

interface ClaimedRow {
  id: number;
  intentionId: number;
  tenant: string;
  key: string;
  requestKey: string;
  keyLife: number;
  part: string;
  qty: number;
  issuedAtMs: number;
  attempts: number;
}

export interface OutboxDefinition {
  name: string;
  summary: string;
  contract: WarehouseContract;
  /**
   * The flaw of a sender that re-plans after a restart: a row already tried
   * in an earlier life gets a freshly minted key, so the warehouse's receipt
   * for the old key cannot recognise the resend.
   */
  regenerateKeyOnResume?: boolean;
  /**
   * The flaw of a relay that deletes a published row in a transaction of its
   * own after settling the intention: a crash between the two leaves the row
   * pending, and it is published again.
   */
  deleteAfterPublish?: boolean;
  /**
   * The flaw of a sender that takes an asynchronous warehouse's "accepted" for
   * "done": it never asks again, so an operation whose completion fails is lost.
   * Without it, "accepted" is no answer yet: the row stays pending and the
   * relay asks again by the same key (reconciliation by key).
   */
  acceptedIsDone?: boolean;
}

/**
 * The transactional outbox: the intention and a pending outbox row commit in
 * one local transaction, and a relay delivers pending rows and confirms each
 * after the reply. Nothing is lost, but a row whose effect happened and whose
 * confirmation did not is sent again after a crash: whether that resend is a
 * duplicate or a replay is decided by the warehouse contract, not the sender.
 */
export function outboxProtocol(definition: OutboxDefinition): Protocol {
  const { regenerateKeyOnResume = false, deleteAfterPublish = false, acceptedIsDone = false, ...identity } = definition;
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
        const { lastInsertRowid } = db
          .prepare(`INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms) VALUES (?, ?, ?, ?, 'pending', ?)`)
          .run(intention.tenant, intention.key, intention.params.part, intention.params.qty, ctx.nowMs());
        db.prepare(`INSERT INTO outbox (intention_id, status, request_key, key_life) VALUES (?, 'pending', ?, ?)`).run(
          lastInsertRowid,
          intention.key,
          ctx.life,
        );
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
                      o.key_life AS keyLife, i.part, i.qty, i.issued_at_ms AS issuedAtMs, o.attempts
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
          if (regenerateKeyOnResume && due.attempts > 0 && due.keyLife < ctx.life) {
            due.requestKey = `${due.key}~life${ctx.life}`;
            db.prepare('UPDATE outbox SET request_key = ?, key_life = ? WHERE id = ?').run(due.requestKey, ctx.life, due.id);
          }
          db.prepare('UPDATE outbox SET lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = ?').run(
            ctx.worker,
            now + ctx.settings.leaseMs,
            due.id,
          );
          return { row: { ...due, attempts: due.attempts + 1 } };
        });
        const { row } = claim;
        if (!row) return typeof claim.nextDueMs === 'number' ? { waitUntilMs: claim.nextDueMs } : undefined;

        const reply = await ctx.warehouse.reserve({
          tenant: row.tenant,
          key: row.requestKey,
          params: { part: row.part, qty: row.qty },
          issuedAtMs: row.issuedAtMs,
          intentionId: intentionId(row),
        });
        await ctx.cut('response-observed');

        const unsettled = reply.status === 'unavailable' || reply.status === 'no-reply' || (reply.status === 'accepted' && !acceptedIsDone);
        if (unsettled) {
          // No settling answer: release the row and try again, same key, after the retry delay.
          await ctx.orchestrator.transaction((db) => {
            db.prepare('UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL, next_attempt_ms = ? WHERE id = ?').run(
              ctx.nowMs() + retryDelayMs(ctx.settings, row.attempts),
              row.id,
            );
          });
          continue;
        }
        const [status, result] = reply.status === 'accepted' ? (['done', JSON.stringify({ accepted: true })] as const) : settle(reply);
        if (deleteAfterPublish) {
          await ctx.orchestrator.transaction((db) => {
            db.prepare(`UPDATE intentions SET status = ?, result = ? WHERE id = ? AND status = 'pending'`).run(
              status,
              result,
              row.intentionId,
            );
          });
          await ctx.orchestrator.transaction((db) => {
            db.prepare('DELETE FROM outbox WHERE id = ?').run(row.id);
          });
          await ctx.cut('confirmed');
          continue;
        }
        await ctx.orchestrator.transaction((db) => {
          // The first settling answer wins: a late duplicate send must not overwrite it.
          db.prepare(`UPDATE intentions SET status = ?, result = ? WHERE id = ? AND status = 'pending'`).run(
            status,
            result,
            row.intentionId,
          );
          db.prepare(`UPDATE outbox SET status = 'sent', lease_owner = NULL, lease_until_ms = NULL WHERE id = ?`).run(row.id);
        });
        await ctx.cut('confirmed');
      }
    },
  };
}

function settle(reply: SettledReply): ['done' | 'failed' | 'reconcile', string] {
  switch (reply.status) {
    case 'ok':
      return ['done', JSON.stringify({ reservationId: reply.reservationId, replayed: reply.replayed })];
    case 'rejected':
      return ['failed', JSON.stringify({ rejected: reply.reason })];
    case 'stale':
      // Refused by the closed window: an older attempt may or may not have taken effect, so it must be settled by a lookup.
      return ['reconcile', JSON.stringify({ refused: 'stale' })];
    default:
      return assertNever(reply, 'warehouse reply');
  }
}
